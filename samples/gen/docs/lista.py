"""Lista de passageiros: the METROPLAN model (Anexo II) and an institution's own list."""

from __future__ import annotations

from datetime import date

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table, TableStyle

from samples.gen import pdf, text
from samples.gen.world import Contrato, Instituicao, Passageiro, Pessoa

LAYOUTS = ("metroplan", "instituicao")
TIPO_IMPRESSO = {"cpf": "CPF", "rg": "RG", "matricula": "MATRÍCULA", "certidao": "CERTIDÃO NASC.",
                 "inscricao": "INSCRIÇÃO"}


def expected(k: Contrato, instituicao: Instituicao, passageiros: list[Passageiro]) -> dict:
    ct = k.contratante
    return {
        "contrato_numero": k.numero,
        "contratante_nome": ct.nome if isinstance(ct, Pessoa) else ct.razao,
        "instituicao": instituicao.fantasia,
        "passageiros": [{"nome": p.nome, "documento_tipo": p.documento_tipo, "documento": p.documento}
                        for p in passageiros],
        "total_passageiros": len(passageiros),
    }


def render(k: Contrato, instituicao: Instituicao, passageiros: list[Passageiro], layout: str, *,
           data: date, repeat_header: bool = True) -> tuple[bytes, dict]:
    fn = _metroplan if layout == "metroplan" else _instituicao
    return fn(k, instituicao, passageiros, data, repeat_header), expected(k, instituicao, passageiros)


def _sign_block(inst: Instituicao, data: date, cidade: str, key: str):
    def draw(c, w, h):
        c.setFont("Helvetica", 9)
        c.drawString(0, h - 12, f"{cidade}, {text.dmy(data)}.")
        pdf.signature_line(c, 250, 28, 220, [inst.representante.nome, f"{inst.cargo} - {inst.fantasia}"],
                           key, size=7.5)
        pdf.stamp(c, 20, 8, [inst.fantasia, f"CNPJ {text.cnpj(inst.cnpj)}", "CONFERE - SECRETARIA"],
                  angle=5, size=7)
    return pdf.Drawn(480, 80, draw)


def _metroplan(k: Contrato, inst: Instituicao, pax: list[Passageiro], data: date, repeat: bool) -> bytes:
    ct = k.contratante
    nome_ct = ct.nome if isinstance(ct, Pessoa) else ct.razao
    lab = ParagraphStyle("l", fontName="Helvetica", fontSize=9, leading=12)
    title = ParagraphStyle("t", fontName="Helvetica-Bold", fontSize=10, leading=13, alignment=1)
    head = [
        Paragraph("FUNDAÇÃO ESTADUAL DE PLANEJAMENTO METROPOLITANO E REGIONAL - METROPLAN", title),
        Paragraph("ANEXO II - LISTA DE PASSAGEIROS - FRETAMENTO CONTÍNUO ESCOLAR", title), Spacer(1, 8)]
    info = [[Paragraph(f"<b>TRANSPORTADORA:</b> {k.contratado.razao}", lab),
             Paragraph(f"<b>CNPJ:</b> {text.cnpj(k.contratado.cnpj)}", lab)],
            [Paragraph(f"<b>CONTRATO Nº:</b> {k.numero}", lab),
             Paragraph(f"<b>ORIGEM/DESTINO:</b> {k.origem.split('/')[0]} - {k.destino.split('/')[0]}", lab)],
            [Paragraph(f"<b>CONTRATANTE:</b> {nome_ct}", lab), ""],
            [Paragraph(f"<b>INSTITUIÇÃO:</b> {inst.fantasia}", lab), ""]]
    t = Table(info, colWidths=[300, 205])
    t.setStyle(TableStyle([("BOX", (0, 0), (-1, -1), 0.8, colors.black), ("SPAN", (0, 2), (1, 2)),
                           ("SPAN", (0, 3), (1, 3)), ("INNERGRID", (0, 0), (-1, -1), 0.3, colors.grey)]))
    rows = [["Nº", "NOME COMPLETO", "DOCUMENTO TIPO", "NÚMERO"]]
    rows += [[str(i), p.nome, TIPO_IMPRESSO[p.documento_tipo], p.impresso] for i, p in enumerate(pax, 1)]
    tab = Table(rows, colWidths=[24, 200, 83, 198], rowHeights=19, repeatRows=1 if repeat else 0)
    tab.setStyle(TableStyle([("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 8.5),
                             ("FONT", (0, 1), (-1, -1), "Helvetica", 8.5),
                             ("GRID", (0, 0), (-1, -1), 0.4, colors.black),
                             ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#dddddd")),
                             ("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("ALIGN", (0, 0), (0, -1), "CENTER")]))
    story = head + [t, Spacer(1, 10), tab, Spacer(1, 8), KeepTogether([
                    Paragraph(f"<b>TOTAL DE PASSAGEIROS: {len(pax)}</b>", lab), Spacer(1, 6),
                    Paragraph("Declaramos que os passageiros acima relacionados estão vinculados a esta "
                              "instituição.", lab), Spacer(1, 4),
                    _sign_block(inst, data, inst.endereco.municipio, "lista:" + k.numero)])]

    def footer(c, doc):
        c.setFont("Helvetica", 7.5)
        c.drawString(40, 24, f"METROPLAN - Lista de Passageiros - Contrato nº {k.numero}")
        c.drawRightString(pdf.W - 40, 24, f"Folha {doc.page}")

    return pdf.build_story(story, f"Lista de passageiros {k.numero}", "METROPLAN", on_page=footer,
                           margins=(18, 18, 16, 16))


def _instituicao(k: Contrato, inst: Instituicao, pax: list[Passageiro], data: date, repeat: bool) -> bytes:
    ct = k.contratante
    nome_ct = ct.nome if isinstance(ct, Pessoa) else ct.razao
    doc_ct = f"CPF {text.cpf(ct.cpf)}" if isinstance(ct, Pessoa) else f"CNPJ {text.cnpj(ct.cnpj)}"
    st = ParagraphStyle("s", fontName="Times-Roman", fontSize=10.5, leading=14)
    big = ParagraphStyle("g", fontName="Times-Bold", fontSize=15, leading=19, alignment=1)
    mid = ParagraphStyle("m", fontName="Times-Bold", fontSize=11, leading=14, alignment=1)
    story = [Paragraph(inst.fantasia, big),
             Paragraph(f"Mantida por {inst.razao} - CNPJ {text.cnpj(inst.cnpj)}",
                       ParagraphStyle("x", parent=st, alignment=1, fontSize=9)),
             Paragraph("SECRETARIA ACADÊMICA", mid), Spacer(1, 8),
             Paragraph("RELAÇÃO DE PASSAGEIROS - TRANSPORTE FRETADO CONTÍNUO", mid), Spacer(1, 8),
             Paragraph(f"Contrato de fretamento nº {k.numero} - Transportadora: {k.contratado.razao}", st),
             Paragraph(f"Contratante (representante do grupo): {nome_ct} - {doc_ct}", st), Spacer(1, 8)]
    rows = [["Nº", "NOME DO(A) ESTUDANTE", "CURSO", "CPF", "RG"]]
    for i, p in enumerate(pax, 1):
        rows.append([f"{i:02d}", p.nome, p.turma, p.impresso if p.documento_tipo == "cpf" else "-",
                     p.impresso if p.documento_tipo == "rg" else "-"])
    tab = Table(rows, colWidths=[26, 205, 100, 95, 80], rowHeights=18, repeatRows=1 if repeat else 0)
    tab.setStyle(TableStyle([("FONT", (0, 0), (-1, 0), "Times-Bold", 9),
                             ("FONT", (0, 1), (-1, -1), "Times-Roman", 9),
                             ("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.grey),
                             ("LINEABOVE", (0, 0), (-1, 0), 1, colors.black),
                             ("LINEBELOW", (0, 0), (-1, 0), 1, colors.black),
                             ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
    story += [tab, Spacer(1, 8), KeepTogether([
              Paragraph(f"Total: {len(pax)} passageiros.", st), Spacer(1, 4),
              Paragraph(f"Certificamos que os estudantes acima estão regularmente matriculados nesta "
                        f"instituição no ano letivo de {data.year}.", st), Spacer(1, 4),
              _sign_block(inst, data, inst.endereco.municipio, "lista:" + k.numero)])]

    def footer(c, doc):
        c.setFont("Times-Italic", 8)
        c.drawCentredString(pdf.W / 2, 22, f"{inst.fantasia} - {inst.endereco.linha()} - pág. {doc.page}")

    return pdf.build_story(story, f"Relação de passageiros {k.numero}", inst.fantasia, on_page=footer,
                           margins=(18, 18, 16, 16))


def render_empresa(k: Contrato, pax: list[Passageiro], data: date, key: str) -> tuple[bytes, dict]:
    """The contractor's own list of the employees it charters the bus for (name and RG or CPF)."""
    ct = k.contratante
    nome_ct = ct.nome if isinstance(ct, Pessoa) else ct.razao
    doc_ct = f"CPF {text.cpf(ct.cpf)}" if isinstance(ct, Pessoa) else f"CNPJ {text.cnpj(ct.cnpj)}"
    st = ParagraphStyle("s", fontName="Helvetica", fontSize=9.5, leading=13)
    big = ParagraphStyle("g", fontName="Helvetica-Bold", fontSize=13, leading=17, alignment=1)
    story = [Paragraph(nome_ct, big), Paragraph(doc_ct, ParagraphStyle("x", parent=st, alignment=1)), Spacer(1, 10),
             Paragraph("<b>RELAÇÃO DE PASSAGEIROS - FRETAMENTO CONTÍNUO</b>", ParagraphStyle("m", parent=big, fontSize=11)),
             Spacer(1, 8),
             Paragraph(f"<b>Contrato nº:</b> {k.numero} &nbsp;&nbsp; <b>Transportadora:</b> {k.contratado.razao}", st),
             Paragraph(f"<b>Contratante:</b> {nome_ct}", st), Spacer(1, 8)]
    kinds = {p.documento_tipo for p in pax}
    col = "RG" if kinds == {"rg"} else ("CPF" if kinds == {"cpf"} else "DOCUMENTO")
    rows = [["Nº", "NOME COMPLETO", col]]
    for i, p in enumerate(pax, 1):
        val = p.impresso if col != "DOCUMENTO" else f"{TIPO_IMPRESSO[p.documento_tipo]} {p.impresso}"
        rows.append([f"{i:02d}", p.nome, val])
    tab = Table(rows, colWidths=[30, 300, 150], rowHeights=15.5, repeatRows=1)
    tab.setStyle(TableStyle([("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 8.5),
                             ("FONT", (0, 1), (-1, -1), "Helvetica", 8.5),
                             ("GRID", (0, 0), (-1, -1), 0.4, colors.black),
                             ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#dddddd")),
                             ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))

    def sign(c, w, h):
        c.setFont("Helvetica", 9)
        c.drawString(0, h - 12, f"{k.cidade}, {text.dmy(data)}.")
        if isinstance(ct, Pessoa):
            pdf.signature_line(c, 250, 24, 220, [ct.nome, "Contratante"], key, size=7.5)
        else:
            pdf.signature_line(c, 250, 24, 220, [ct.representante.nome, f"{ct.cargo} - {ct.fantasia}"], key, size=7.5)

    story += [tab, Spacer(1, 8), KeepTogether([Paragraph(f"<b>TOTAL DE PASSAGEIROS: {len(pax)}</b>", st), Spacer(1, 6),
                                                pdf.Drawn(480, 60, sign)])]
    out = pdf.build_story(story, f"Relação de passageiros {k.numero}", nome_ct, margins=(20, 20, 16, 14))
    return out, {"contrato_numero": k.numero, "contratante_nome": nome_ct, "instituicao": None,
                 "passageiros": [{"nome": p.nome, "documento_tipo": p.documento_tipo, "documento": p.documento}
                                 for p in pax],
                 "total_passageiros": len(pax)}
