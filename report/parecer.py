"""The parecer: a packet's result as the printable PDF an authority files (in Portuguese).

The act, the carrier, the reference date and the verdict; every item with its status, findings
and the manual checks a clerk still makes; the corrections; and for each `fail` and `review` a
crop of the page around its evidence, the field's box framed in red. Drawn with reportlab from
the contract's result alone: pages come from a callable (the CLI reads the local files, the
service its stored ones), so this module knows neither files nor HTTP.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from datetime import datetime
from xml.sax.saxutils import escape

from PIL import Image, ImageDraw
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import cm
from reportlab.platypus import Image as Picture
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from domain import doctypes, wording
from domain.ids import cnpj as cnpj_id
from domain.documents import Document, Finding
from domain.signatures import headline
from domain.result import Item, Result

# (document id, 1-based page of that document) -> the page upright, or None when not at hand
PageSource = Callable[[str, int], "Image.Image | None"]

STATUS = {"ok": "OK", "fail": "FALHA", "review": "REVISAR", "missing": "AUSENTE", "not_applicable": "N/A"}
STATUS_COLOR = {"ok": colors.HexColor("#1b7f3b"), "fail": colors.HexColor("#b3261e"),
                "review": colors.HexColor("#a36a00"), "missing": colors.HexColor("#7b1fa2"),
                "not_applicable": colors.grey}
VERDICT = {"ok": "APTO", "fail": "REPROVADO", "review": "REVISAR (conferência manual necessária)",
           "incomplete": "INCOMPLETO (documentos ausentes)"}
AUTHOR = {"clerk": "servidor do órgão", "carrier": "transportador (declaração)"}
# where the carrier's name is read, in order of preference
CARRIER_FIELDS = (("requerimento", "titular_nome"), ("cartao_cnpj", "titular_nome"),
                  ("contrato_fretamento", "contratado_nome"), ("apolice_seguro", "segurado_nome"),
                  ("crlv", "proprietario_nome"))
# where the carrier's CNPJ is read, in order of preference
CNPJ_FIELDS = (("cartao_cnpj", "titular_documento"), ("requerimento", "titular_documento"),
               ("contrato_fretamento", "contratado_documento"), ("crlv", "proprietario_documento"))
MONTHS = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
          "novembro", "dezembro")
MAX_SHOTS = 3  # evidence crops per item
MARGIN = 0.06  # around the evidence box, as a share of the page


@dataclass(frozen=True)
class Signatory:
    """Who signs the parecer for the authority: name, cargo and matrícula as they sign papers,
    the authority's name, and the place written beside the date."""

    name: str
    cargo: str
    matricula: str
    authority: str | None = None
    place: str | None = None


@dataclass(frozen=True)
class Shot:
    document: str
    page: int
    bbox: tuple[float, float, float, float]
    caption: str


def carrier(result: Result) -> str:
    for doc_type, field in CARRIER_FIELDS:
        for d in result.documents:
            f = d.fields.get(field) if d.type == doc_type else None
            if f is not None and f.value:
                return str(f.value)
    return "não identificado nos documentos"


def _first(result: Result, pairs: tuple[tuple[str, str], ...]) -> tuple[str, float] | None:
    for doc_type, field in pairs:
        for d in result.documents:
            f = d.fields.get(field) if d.type == doc_type else None
            if f is not None and f.value:
                return str(f.value), f.confidence
    return None


def carrier_cnpj(result: Result) -> str:
    for doc_type, field in CNPJ_FIELDS:
        for d in result.documents:
            f = d.fields.get(field) if d.type == doc_type else None
            if f is not None and f.value and len(cnpj_id.normalize(f.value)) == 14:
                return cnpj_id.mask(cnpj_id.normalize(f.value))
    return "não identificado nos documentos"


def plates(result: Result) -> str:
    seen = [str(d.fields["placa"].value) for d in result.documents
            if d.type == "crlv" and d.fields.get("placa") is not None and d.fields["placa"].value]
    return ", ".join(dict.fromkeys(seen)) or "nenhum CRLV no pacote"


def contract(result: Result) -> str:
    for d in result.documents:
        if d.type != "contrato_fretamento":
            continue
        number = d.fields.get("numero_contrato")
        who = d.fields.get("contratante_nome")
        parts = [f"nº {number.value}" if number is not None and number.value else "número não lido",
                 f"contratante {who.value}" if who is not None and who.value else None]
        return ", ".join(p for p in parts if p)
    return "sem contrato de fretamento no pacote"


def long_date(when: datetime) -> str:
    return f"{when.day} de {MONTHS[when.month - 1]} de {when.year}"


def _numbered(packet_id: str) -> type[Canvas]:
    """A canvas that writes 'Página n de N' and the packet on every page (N known at the end)."""

    class Numbered(Canvas):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._pages: list[dict] = []

        def showPage(self) -> None:  # noqa: N802 (reportlab's name)
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._pages)
            for state in self._pages:
                self.__dict__.update(state)
                self.setFont("Helvetica", 7.5)
                self.setFillColor(colors.grey)
                self.drawString(1.8 * cm, 0.9 * cm, f"Parecer do pacote {packet_id}")
                self.drawRightString(A4[0] - 1.8 * cm, 0.9 * cm, f"Página {self._pageNumber} de {total}")
                super().showPage()
            super().save()

    return Numbered


Place = tuple[int, tuple[float, float, float, float]]


def _places(doc: Document, f: Finding) -> list[Place]:
    """Where the evidence is printed: one row of a list, a whole list on every page it spans
    (the box of its rows on each), or the field's box."""
    field = doc.fields.get(f.field or "")
    if field is None:
        return []
    if f.row and field.rows and f.row <= len(field.rows):
        row = field.rows[f.row - 1]
        if row.page and row.bbox:
            return [(row.page, tuple(row.bbox))]  # type: ignore[list-item]
    pages = sorted({r.page for r in field.rows or [] if r.page and r.bbox})
    if len(pages) > 1:
        out: list[Place] = []
        for n in pages:
            boxes = [r.bbox for r in field.rows or [] if r.page == n and r.bbox]
            out.append((n, (min(b[0] for b in boxes), min(b[1] for b in boxes),
                            max(b[2] for b in boxes), max(b[3] for b in boxes))))
        return out
    if field.page and field.bbox:
        return [(field.page, tuple(field.bbox))]  # type: ignore[list-item]
    return []


def shots(result: Result, item: Item) -> list[Shot]:
    """The evidence of a `fail` or `review` item that has a place on a page."""
    docs = {d.id: d for d in result.documents}
    out: list[Shot] = []
    for f in item.findings:
        doc = docs.get(f.document or "")
        if doc is None:
            continue
        label = wording.field_label(doc.type, f.field)
        shown = f.shown.value if f.shown and f.shown.value else wording.value(f.value, doc.type, f.field)
        for page, bbox in _places(doc, f):
            if len(out) == MAX_SHOTS:
                return out
            if not any(s.document == doc.id and s.page == page and s.bbox == bbox for s in out):
                out.append(Shot(doc.id, page, bbox, f"{doc.id} ({doc.filename}), página {page}, {label}: {_short(shown)}"))
    return out


def _short(text: str) -> str:
    return text if len(text) <= 80 else text[:77] + "..."


def crop(page: Image.Image, bbox: tuple[float, float, float, float]) -> Image.Image:
    """The page around the box (MARGIN on each side, full width for a narrow box), box in red."""
    w, h = page.size
    x0, y0, x1, y1 = bbox
    left, right = max(0.0, x0 - MARGIN), min(1.0, x1 + MARGIN)
    if right - left < 0.5:  # a narrow field: show its row's neighbours (the label beside it)
        centre = (x0 + x1) / 2
        left, right = max(0.0, centre - 0.25), min(1.0, centre + 0.25)
    top, bottom = max(0.0, y0 - MARGIN / 2), min(1.0, y1 + MARGIN / 2)
    shown = page.convert("RGB").crop((round(left * w), round(top * h), round(right * w), round(bottom * h)))
    draw = ImageDraw.Draw(shown)
    draw.rectangle(((x0 - left) * w - 3, (y0 - top) * h - 3, (x1 - left) * w + 3, (y1 - top) * h + 3),
                   outline=(200, 20, 20), width=3)
    return shown


def _styles() -> dict[str, ParagraphStyle]:
    base = getSampleStyleSheet()
    return {
        "title": ParagraphStyle("t", parent=base["Title"], fontSize=16, leading=20),
        "h2": ParagraphStyle("h2", parent=base["Heading2"], fontSize=12, leading=15, spaceBefore=10),
        "body": ParagraphStyle("b", parent=base["BodyText"], fontSize=9, leading=11.5),
        "small": ParagraphStyle("s", parent=base["BodyText"], fontSize=7.5, leading=9.5, textColor=colors.grey),
        "value": ParagraphStyle("val", parent=base["BodyText"], fontSize=7.5, leading=9.5),
        "status": ParagraphStyle("st", parent=base["BodyText"], fontSize=8.5, leading=11, alignment=TA_CENTER),
        "verdict": ParagraphStyle("v", parent=base["BodyText"], fontSize=13, leading=17, spaceBefore=4),
    }


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(escape(text).replace("\n", "<br/>"), style)


def _item_lines(item: Item, decided: dict[str, str], types: dict[str, str]) -> list[str]:
    """An item's findings as the parecer prints them: a warning the authority's decision settled
    is shown as settled (what was looked at, by whom, when), never as a doubt still open."""
    lines = [item.requirement]
    settled = decided.get(item.id) if any(f.code == "decisao.orgao" for f in item.findings) else None
    for f in item.findings:
        if f.code == "decisao.orgao":
            continue
        if settled and f.severity == "warning":
            t = types.get(f.document or "")
            what = (f"{wording.field_label(t, f.field)} em {doctypes.label(t)} ({f.document}) conferido"
                    if t and f.field else "conferido")
            lines.append(f"• Resolvido: {what} ({settled}).")
        else:
            lines.append(f"• {f.message}")
    lines += [f"• {f.message}" for f in item.findings if f.code == "decisao.orgao"]
    if item.manual_checks:
        lines.append("Conferências manuais (a cargo do signatário): " + "; ".join(item.manual_checks))
    return lines


def build(result: Result, page: PageSource, *, issued_at: datetime, signatory: Signatory | None = None) -> bytes:
    """The parecer of the result as PDF bytes; signed (the block with the signatory's name,
    cargo and matrícula, place and date, and the line to sign on) when a signatory is given."""
    st = _styles()
    out = io.BytesIO()
    pdf = SimpleDocTemplate(out, pagesize=A4, leftMargin=1.8 * cm, rightMargin=1.8 * cm, topMargin=1.6 * cm,
                            bottomMargin=1.6 * cm, title=f"Parecer {result.packet_id}",
                            author="FretaDoc", subject=result.rulebook.title)
    width = A4[0] - 3.6 * cm
    story: list = [
        _p("Parecer de pré-análise documental", st["title"]),
        _p(f"{result.rulebook.title} — {result.rulebook.jurisdiction}", st["body"]),
        _p(result.rulebook.norm, st["small"]),
        Spacer(1, 6),
    ]
    facts = [("Transportador", carrier(result)), ("CNPJ", carrier_cnpj(result)), ("Placas", plates(result)),
             ("Contrato", contract(result)), ("Pacote", result.packet_id),
             ("Data de referência", wording.value(result.reference_date)),
             ("Emitido em", issued_at.strftime("%d/%m/%Y %H:%M")), ("Documentos", str(len(result.documents)))]
    head = Table([[_p(k, st["body"]), _p(v, st["body"])] for k, v in facts], colWidths=[4 * cm, width - 4 * cm])
    head.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.3, colors.lightgrey),
                              ("BACKGROUND", (0, 0), (0, -1), colors.whitesmoke)]))
    counts = {s: sum(1 for i in result.checklist if i.status == s) for s in STATUS}
    summary = ", ".join(f"{STATUS[s]} {n}" for s, n in counts.items() if n)
    story += [head, Spacer(1, 6),
              Paragraph(f"<b>Resultado: {escape(VERDICT[result.verdict])}</b>", st["verdict"]),
              _p(f"Itens: {summary}.", st["body"])]

    signed = [(d, line) for d in result.documents if (line := headline(d))]
    if signed:  # what the issuers' digital signatures say of the documents (revocation not checked)
        story.append(_p("Assinaturas digitais dos documentos", st["h2"]))
        story += [_p(f"{d.id} ({d.filename}): {line}.", st["body"]) for d, line in signed]

    story.append(_p("Itens do regulamento", st["h2"]))
    rows = [[_p("Situação", st["status"]), _p("Item", st["body"]), _p("Exigência, constatações e conferências", st["body"])]]
    styles = [("GRID", (0, 0), (-1, -1), 0.3, colors.lightgrey), ("VALIGN", (0, 0), (-1, -1), "TOP"),
              ("BACKGROUND", (0, 0), (-1, 0), colors.whitesmoke)]
    who = f"servidor do órgão{f' ({signatory.authority})' if signatory and signatory.authority else ''}"
    decided = {d.item: f"decisão do {who} em {wording.when(d.at)}" for d in result.decisions or []}
    for n, item in enumerate(result.checklist, 1):
        lines = _item_lines(item, decided, {d.id: d.type for d in result.documents})
        rows.append([_p(STATUS[item.status], st["status"]), _p(item.article, st["body"]),
                     _p("\n".join(lines), st["body"])])
        styles.append(("TEXTCOLOR", (0, n), (0, n), STATUS_COLOR[item.status]))
    table = Table(rows, colWidths=[2.0 * cm, 3.6 * cm, width - 5.6 * cm], repeatRows=1)
    table.setStyle(TableStyle(styles))
    story.append(table)

    if result.corrections:
        story.append(_p("Correções", st["h2"]))
        types = {d.id: d.type for d in result.documents}
        crows = [[_p(t, st["body"]) for t in ("Documento e campo", "Lido", "Informado", "Por", "Quando")]]
        for c in result.corrections:
            t = types.get(c.document)
            what = f"{doctypes.label(t or 'unknown')} ({c.document}): {wording.field_label(t, c.field)}"
            if c.field == "tipo":
                what = f"{c.document}: tipo do documento"
                crows.append([_p(x, st["body"]) for x in (
                    what, doctypes.label(str(c.read_value or "unknown")), doctypes.label(str(c.value)),
                    who if c.by == "clerk" else AUTHOR[c.by], wording.when(c.at))])
                continue
            said = f"\n{c.note}" if c.note else ""
            # the values in a smaller face: a chassis' 17 characters fit their column whole
            crows.append([_p(what, st["body"]), _p(_short(wording.value(c.read_value, t, c.field)), st["value"]),
                          _p(_short(wording.value(c.value, t, c.field)) + said, st["value"]),
                          _p(who if c.by == "clerk" else AUTHOR[c.by], st["body"]), _p(wording.when(c.at), st["body"])])
        ct = Table(crows, colWidths=[4.4 * cm, 3.4 * cm, 3.4 * cm, 2.8 * cm, width - 14.0 * cm], repeatRows=1)
        ct.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.3, colors.lightgrey),
                                ("BACKGROUND", (0, 0), (-1, 0), colors.whitesmoke)]))
        story.append(ct)

    if result.decisions:
        articles = {i.id: i.article for i in result.checklist}
        story.append(_p("Decisões do órgão", st["h2"]))
        drows = [[_p(t, st["body"]) for t in ("Item", "Decisão", "Observação", "Por", "Quando")]]
        for d in result.decisions:
            drows.append([_p(x, st["body"]) for x in (
                articles.get(d.item, d.item), {"ok": "conforme", "fail": "não conforme"}[d.status], d.note,
                who, wording.when(d.at))])
        dt = Table(drows, colWidths=[3.0 * cm, 2.4 * cm, width - 11.4 * cm, 3.0 * cm, 3.0 * cm], repeatRows=1)
        dt.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.3, colors.lightgrey),
                                ("BACKGROUND", (0, 0), (-1, 0), colors.whitesmoke)]))
        story.append(dt)

    flagged = [i for i in result.checklist if i.status in ("fail", "review")]
    if flagged:
        story.append(_p("Evidências dos itens com falha ou em revisão", st["h2"]))
    for item in flagged:
        block: list = [_p(f"{STATUS[item.status]} — {item.article}", st["body"])]
        for shot in shots(result, item):
            image = page(shot.document, shot.page)
            if image is None:
                block.append(_p(f"{shot.caption} (página indisponível)", st["small"]))
                continue
            piece = crop(image, shot.bbox)
            buf = io.BytesIO()
            piece.save(buf, format="PNG")
            scale = min(width / piece.width, 6 * cm / piece.height)
            buf.seek(0)
            framed = Table([[Picture(buf, width=piece.width * scale, height=piece.height * scale)],
                            [_p(shot.caption, st["small"])]], colWidths=[width])
            framed.setStyle(TableStyle([("BOX", (0, 0), (-1, 0), 0.3, colors.lightgrey),
                                        ("LEFTPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 1), (-1, 1), 8)]))
            block.append(framed)
        if len(block) == 1:
            block.append(_p("Sem local de página para mostrar: ver as constatações acima.", st["small"]))
        story.append(KeepTogether(block + [Spacer(1, 6)]))

    story += [Spacer(1, 10), _p("Pré-análise automática feita pelo FretaDoc a partir dos documentos enviados. "
                                "Não substitui a análise do servidor: os itens em revisão e as conferências "
                                "manuais listadas dependem dele.", st["small"])]
    story.append(_signature_block(signatory, issued_at, result, st, width))
    pdf.build(story, canvasmaker=_numbered(result.packet_id))
    return out.getvalue()


def _signature_block(signatory: Signatory | None, issued_at: datetime, result: Result,
                     st: dict[str, ParagraphStyle], width: float) -> KeepTogether:
    """Place and date, the line to sign on, and who signs (name, cargo, matrícula, authority)."""
    if signatory is None:
        return KeepTogether([Spacer(1, 18), _p(
            "Parecer sem signatário: informe nome, cargo e matrícula de quem assina para emiti-lo como "
            "documento do órgão.", st["small"])])
    place = signatory.place or result.rulebook.jurisdiction
    lines = [signatory.name, signatory.cargo, f"Matrícula {signatory.matricula}"]
    if signatory.authority:
        lines.append(signatory.authority)
    centred = ParagraphStyle("c", parent=st["body"], alignment=TA_CENTER)
    return KeepTogether([
        Spacer(1, 16),
        _p("O signatário declara ter conferido os itens e feito as conferências manuais listadas neste parecer.",
           st["body"]),
        Spacer(1, 8),
        _p(f"{place}, {long_date(issued_at)}.", st["body"]),
        Spacer(1, 34),
        _p("_" * 48, centred),
        _p("\n".join(lines), centred),
    ])
