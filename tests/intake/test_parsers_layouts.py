"""The non-core parsers on layouts the samples do not use: PDFs built here with reportlab and read
through their text layer. A two-column key-value table (the label in the left column, its value
far right in a column the values share), labels above values in grid boxes (one box left
empty), label spellings the samples do not print, and a plate named only in prose ('... -
VEÍCULO IWE8828'). Each field is read where the document prints it, and no field's value is a
label of the document."""

from __future__ import annotations

import io

import pytest

import ocr
from domain.documents import CONFIDENT
from intake import normalize as nz
from intake import doctypes as parsers
from intake.reading.vocabulary import vocabulary

pytest.importorskip("reportlab")

# a value found without a label of its own is never surer than this
UNLABELLED = 0.9


def _pdf(items: list[tuple[float, float, str, bool]]) -> bytes:
    """A one-page A4 PDF: (x, y from the top, in points; text; bold) per string drawn."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=A4, invariant=1)
    for x, y, text, bold in items:
        c.setFont("Helvetica-Bold" if bold else "Helvetica", 9 if bold else 10)
        c.drawString(x, A4[1] - y, text)
    c.showPage()
    c.save()
    return out.getvalue()


def _read(doc_type: str, items) -> dict:
    ext = ocr.read(_pdf(items))
    assert ext.pages and ext.pages[0].source != "ocr", "the text layer is read"
    return parsers.parse(doc_type, ext)


def _no_label_is_a_value(doc_type: str, fields: dict, printed: list[str]) -> None:
    """No field holds a label: neither one the document prints nor one of its type's vocabulary,
    nor a value that starts with one."""
    labels = {nz.key(lab) for lab in printed} | set(vocabulary(doc_type).spellings())
    labels.discard("")
    for name, f in fields.items():
        if not isinstance(f.value, str):
            continue
        k = nz.key(f.value)
        assert k not in labels, (name, f.value)
        assert not any(k.startswith(lab + " ") for lab in labels if len(lab.split()) > 1), (name, f.value)


# ---------------------------------------------------------------- comprovante_taxa

TAXA_LABELS = ["Pagador", "CPF/CNPJ do pagador", "Descrição", "Data de vencimento", "Data do pagamento",
               "Valor do documento", "Juros / multa", "Valor pago", "Autenticação", "Código de barras",
               "Beneficiário", "Nosso número"]


def _taxa_key_value() -> list:
    """A municipal guia's bank receipt: a key-value table, labels in the left column and values
    far right in one column; the plate only in the description's prose."""
    rows = [("Beneficiário", "PREFEITURA MUNICIPAL DE CANOAS"),
            ("Pagador", "Nome da Empresa Transportes Ltda"),
            ("CPF/CNPJ do pagador", "41.318.410/0001-62"),
            ("Descrição", "TAXA DE VISTORIA VEICULAR - VEÍCULO IWE8828"),
            ("Nosso número", "24000012345"),
            ("Data de vencimento", "10/03/2026"),
            ("Data do pagamento", "09/03/2026"),
            ("Valor do documento", "R$ 150,00"),
            ("Juros / multa", "R$ 2,30"),
            ("Valor pago", "R$ 152,30"),
            ("Autenticação", "A1B2.C3D4.E5F6.0789"),
            ("Código de barras", "85890000001 5 52300024000 1 12345678901 2")]
    items = [(60, 60, "BANCO DO BRASIL S.A.", True), (60, 78, "COMPROVANTE DE PAGAMENTO DE TÍTULOS E GUIAS", True)]
    y = 120
    for label, value in rows:
        items += [(60, y, label, False), (300, y, value, False)]
        y += 20
    items.append((60, y + 20, "Transação efetuada com sucesso.", False))
    return items


def test_taxa_from_a_key_value_table_with_the_plate_in_prose():
    f = _read("comprovante_taxa", _taxa_key_value())
    assert nz.key(f["titular_nome"].value) == nz.key("Nome da Empresa Transportes Ltda")
    assert f["titular_nome"].confidence >= CONFIDENT
    assert f["titular_documento"].value == "41318410000162"
    assert f["data_pagamento"].value == "2026-03-09"  # not the due date printed above it
    assert f["valor"].value == pytest.approx(152.30)  # the amount paid, not the document's
    assert f["valor"].confidence >= CONFIDENT
    assert f["taxa"].value == "vistoria"
    # the plate printed only in the description: found there, never as sure as a labelled one
    assert f["placa"].value == "IWE8828"
    assert 0 < f["placa"].confidence <= UNLABELLED
    _no_label_is_a_value("comprovante_taxa", f, TAXA_LABELS)


def test_taxa_without_a_plate_reads_none():
    items = [it for it in _taxa_key_value() if "VEÍCULO" not in it[2]]
    items.append((300, 180, "TAXA DE REQUERIMENTO - FRETAMENTO", False))
    f = _read("comprovante_taxa", items)
    assert f["placa"].value is None
    assert f["taxa"].value == "requerimento"


# ---------------------------------------------------------------- laudo_inspecao

LAUDO_LABELS = ["Nº DO CERTIFICADO", "DATA DA INSPEÇÃO", "VALIDADE", "PROPRIETÁRIO", "CPF/CNPJ",
                "CHASSI", "RENAVAM", "LOTAÇÃO", "MARCA / MODELO", "ANO FAB/MOD", "OBSERVAÇÕES",
                "RESULTADO"]


def _laudo_boxes(owner: str | None) -> list:
    """An inspection body's certificate: grid boxes, labels above values; the plate named only in
    the certificate's sentence; the owner's box left empty when owner is None."""
    items = [(60, 50, "ORGANISMO DE INSPEÇÃO ACREDITADO PELO INMETRO", True),
             (60, 66, "CERTIFICADO DE INSPEÇÃO VEICULAR", True)]

    def boxes(y, cells):
        out = []
        for x, label, value in cells:
            out.append((x, y, label, True))
            if value:
                out.append((x, y + 13, value, False))
        return out

    items += boxes(100, [(60, "Nº DO CERTIFICADO", "OIA-2026/00123"), (240, "DATA DA INSPEÇÃO", "15/01/2026"),
                         (420, "VALIDADE", "15/01/2027")])
    items += boxes(135, [(60, "PROPRIETÁRIO", owner), (420, "CPF/CNPJ", "41.318.410/0001-62")])
    items += boxes(170, [(60, "CHASSI", "9BM384078KS990915"), (240, "RENAVAM", "38469115367"),
                         (420, "LOTAÇÃO", "44 lugares")])
    items += boxes(205, [(60, "MARCA / MODELO", "M.BENZ/OF 1721 MPOLO TORINO"), (240, "ANO FAB/MOD", "2019/2019"),
                         (420, "OBSERVAÇÕES", None)])
    items += boxes(240, [(60, "RESULTADO", "APROVADO")])
    items += [(60, 290, "Certificamos que o veículo de placa ABC1D23 foi inspecionado nesta data e atende", False),
              (60, 303, "aos requisitos de segurança para o transporte coletivo de passageiros.", False)]
    return items


def test_laudo_from_grid_boxes_with_the_plate_in_prose():
    f = _read("laudo_inspecao", _laudo_boxes("TRANSPORTES EXEMPLO LTDA"))
    assert f["titular_nome"].value == "TRANSPORTES EXEMPLO LTDA"
    assert f["titular_documento"].value == "41318410000162"
    assert f["numero"].value == "OIA-2026/00123"
    assert f["data_emissao"].value == "2026-01-15"
    assert f["validade"].value == "2027-01-15"
    assert f["chassi"].value == "9BM384078KS990915"
    assert f["renavam"].value == "38469115367"
    assert f["lotacao"].value == 44
    assert f["resultado"].value == "aprovado"
    assert f["emissor"].value == "inmetro"
    for name in ("titular_nome", "titular_documento", "numero", "data_emissao", "validade", "chassi"):
        assert f[name].confidence >= CONFIDENT, name
    assert f["placa"].value == "ABC1D23"
    assert 0 < f["placa"].confidence <= UNLABELLED
    _no_label_is_a_value("laudo_inspecao", f, LAUDO_LABELS)


def test_laudo_empty_box_is_not_read_as_the_label_below_it():
    f = _read("laudo_inspecao", _laudo_boxes(None))
    # the owner's box is empty: the next row's label ('CHASSI') is no name
    assert f["titular_nome"].value is None
    assert f["titular_documento"].value == "41318410000162"
    _no_label_is_a_value("laudo_inspecao", f, LAUDO_LABELS)


# ---------------------------------------------------------------- requerimento

REQ_LABELS = ["INTERESSADO", "CNPJ/CPF DO REQUERENTE", "ENDEREÇO", "TELEFONE / E-MAIL", "ASSUNTO",
              "REPRESENTANTE LEGAL"]


def test_requerimento_from_boxes_with_other_spellings():
    items = [(60, 50, "PREFEITURA MUNICIPAL DE CANOAS", True),
             (60, 66, "REQUERIMENTO DE AUTORIZAÇÃO DE TRANSPORTE ESCOLAR", True),
             (60, 100, "INTERESSADO", True), (360, 100, "CNPJ/CPF DO REQUERENTE", True),
             (60, 113, "TRANSPORTES EXEMPLO LTDA", False), (360, 113, "41.318.410/0001-62", False),
             (60, 140, "ENDEREÇO", True), (360, 140, "TELEFONE / E-MAIL", True),
             (60, 153, "Rua das Flores, 100, Centro, Canoas/RS", False),
             (60, 180, "REPRESENTANTE LEGAL", True),
             (60, 210, "ASSUNTO", True),
             (60, 223, "Renovação da autorização de transporte escolar para o ano letivo de 2026", False),
             (60, 260, "Nestes termos, pede deferimento.", False),
             (60, 290, "Canoas, 5 de março de 2026.", False)]
    f = _read("requerimento", items)
    assert f["titular_nome"].value == "TRANSPORTES EXEMPLO LTDA"
    assert f["titular_documento"].value == "41318410000162"
    assert f["objeto"].value == "Renovação da autorização de transporte escolar para o ano letivo de 2026"
    assert f["data_emissao"].value == "2026-03-05"
    for name in ("titular_nome", "titular_documento", "objeto", "data_emissao"):
        assert f[name].confidence >= CONFIDENT, name
    _no_label_is_a_value("requerimento", f, REQ_LABELS)
