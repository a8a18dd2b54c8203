"""A file holding several documents cut into them (intake/page/segments.py): PDFs built here with
reportlab, pages of short documents one after another as a carrier merges or scans a packet,
read through their text layer; and the evidence weighed on hand-built pages."""

from __future__ import annotations

import io

import pytest

import ocr
from intake import pipeline
from intake.page import segments
from intake.classify import heading_row
from intake.page.layout import Layout
from ocr.model import Extraction
from tests.intake.test_reading_toolkit import ext, row
from validators import engine, rulebooks

pytest.importorskip("reportlab")

# one page: (x, y from the top, in points; text; font size, bold)
Item = tuple[float, float, str, float, bool]


def _pdf(*pages: list[Item]) -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=A4, invariant=1)
    for items in pages:
        for x, y, text, size, bold in items:
            c.setFont("Helvetica-Bold" if bold else "Helvetica", size)
            c.drawString(x, A4[1] - y, text)
        c.showPage()
    c.save()
    return out.getvalue()


def _centred(y: float, text: str, size: float = 12, bold: bool = True) -> Item:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    width = stringWidth(text, "Helvetica-Bold" if bold else "Helvetica", size)
    return (595.27 - width) / 2, y, text, size, bold


def _form(y: float, pairs: list[tuple[str, str]], value_x: float = 210) -> list[Item]:
    """Label and value rows of a two-column form, from y down."""
    out: list[Item] = []
    for i, (label, value) in enumerate(pairs):
        out += [(60, y + 16 * i, label, 9, True), (value_x, y + 16 * i, value, 9, False)]
    return out


def _prose(y: float, lines: list[str]) -> list[Item]:
    return [(60, y + 14 * i, text, 10, False) for i, text in enumerate(lines)]


def _parts(data: bytes) -> list[tuple[str, int]]:
    extraction = ocr.read(data)
    assert all(p.source == "pdf_text" for p in extraction.pages), "the text layer is read"
    return [(d.type, d.pages) for d in pipeline.read_file(data, "pacote.pdf")]


# ---------------------------------------------------------------------------- documents

def _policy() -> list[list[Item]]:
    """An insurer's policy over two pages: the second goes on with its conditions, untitled."""
    first = [(60, 50, "Aurora Companhia de Seguros", 11, True), (330, 50, "APÓLICE DE SEGURO", 13, True),
             (60, 64, "CNPJ 61.198.164/0001-60 - Código SUSEP 05312", 8, False),
             _centred(100, "Seguro de Responsabilidade Civil Facultativa de Veículos - RCF-V / APP", 10, False)]
    first += _form(130, [("Apólice nº", "1031.44.000871"), ("Segurado", "Transportes Coxilha Ltda"),
                         ("CNPJ do segurado", "52.378.121/0001-44"),
                         ("Vigência", "das 24h de 01/02/2026 às 24h de 01/02/2027"),
                         ("Veículo", "Ônibus placa IYQ4F21 - chassi 9BM384078KB112233")])
    first += [(60, 240, "COBERTURAS", 10, True), (300, 240, "IMPORTÂNCIA SEGURADA", 10, True)]
    first += _form(258, [("RCF-V Danos corporais", "R$ 1.000.000,00"), ("RCF-V Danos materiais", "R$ 500.000,00"),
                         ("APP Morte por passageiro", "R$ 100.000,00"), ("Prêmio total", "R$ 9.870,00")], 300)
    second = [(60, 50, "CONDIÇÕES PARTICULARES", 10, True)]
    second += _prose(70, ["1. A franquia das coberturas de danos materiais é de R$ 2.000,00 por sinistro.",
                          "2. O segurado obriga-se a manter o veículo em bom estado de conservação.",
                          "3. Ficam ratificadas as demais condições gerais desta apólice."])
    second += [(60, 760, "Aurora Companhia de Seguros - Diretoria de Automóveis", 8, False)]
    return [first, second]


def _premium_receipt() -> list[Item]:
    """A bank's payment proof of the premium: its title under the bank's name and the kind of
    transaction, the policy named only lower down."""
    return [_centred(50, "BANCO DO SUL", 10), _centred(64, "Comprovante de pagamento de boleto", 9, False),
            _centred(90, "COMPROVANTE DE PAGAMENTO", 12)] + _form(120, [
                ("Beneficiário", "Aurora Companhia de Seguros"), ("CNPJ do beneficiário", "61.198.164/0001-60"),
                ("Pagador", "Transportes Coxilha Ltda"), ("Referência", "Apólice nº 1031.44.000871 - prêmio parcela 1/4"),
                ("Data do pagamento", "05/02/2026"), ("Valor pago", "R$ 2.467,50"),
                ("Autenticação bancária", "9F1C2A77B0D34E5A8C61")])


def _fee_receipt(fee: str, amount: str, code: str) -> list[Item]:
    """A fee's payment proof: the title under the bank's letterhead, the fee named below."""
    return [_centred(50, "BANCO DO SUL S.A.", 10), _centred(64, "Internet Banking - Empresas", 9, False),
            _centred(90, "COMPROVANTE DE PAGAMENTO DE GUIA DE ARRECADAÇÃO", 12)] + _form(120, [
                ("Beneficiário", "Fundação Metropolitana de Transportes"), ("Receita", fee),
                ("Contribuinte", "Transportes Coxilha Ltda"), ("Data do pagamento", "03/02/2026"),
                ("Valor pago", amount), ("Autenticação", code)]) + [
            (60, 240, "Pagamento efetuado com débito em conta corrente. Guarde este comprovante.", 9, False)]


def _state_registration() -> list[Item]:
    """A state tax registration: its title wraps over two rows, a form in the same columns as
    a payment proof's."""
    return [_centred(50, "ESTADO DO RIO GRANDE DO SUL", 10), _centred(64, "SECRETARIA DA FAZENDA - RECEITA ESTADUAL", 9, False),
            _centred(92, "COMPROVANTE DE INSCRIÇÃO ESTADUAL", 12)] + _form(120, [
                ("Inscrição estadual", "096/3381145"), ("CNPJ", "52.378.121/0001-44"),
                ("Razão social", "Transportes Coxilha Ltda"), ("Situação", "ATIVO"),
                ("Regime de apuração", "Simples Nacional"), ("Atividade econômica", "4929-9/02")])


PEOPLE = [("Ana Paula Moretti", "CPF", "529.982.247-25"), ("Bruno Dall Agnol", "RG", "1098765432"),
          ("Caio Fontana Reis", "Certidão de Nascimento", "1234560155 2014 1 00123 045 0012345-67"),
          ("Diana Lopes Prates", "Matrícula", "2024.5531")]
_COLS = (60, 90, 290, 420)


def _list_rows(y: float, first: int, count: int, birth_first: bool = False) -> list[Item]:
    out: list[Item] = []
    for i in range(count):
        name, kind, number = PEOPLE[2] if birth_first and i == 0 else PEOPLE[(first + i) % len(PEOPLE)]
        cells = (f"{first + i:02d}", name + (" Souza" if i % 2 else ""), kind, number)
        out += [(x, y + 15 * i, text, 9, False) for x, text in zip(_COLS, cells)]
    return out


def _passenger_list(header_again: bool) -> list[list[Item]]:
    """A passenger list over two pages; the second opens with its header printed again, or
    straight with rows, a child's 'Certidão de Nascimento' in its first row's cell."""
    header = [(x, 0, text, 9, True) for x, text in zip(_COLS, ("Nº", "Nome completo", "Documento", "Número"))]
    first = [_centred(50, "LISTA DE PASSAGEIROS", 13)] + _form(80, [
        ("Contrato nº", "CT-031/2026"), ("Contratante", "Colégio Coxilha Rica")], 160)
    first += [(x, 130, t, s, b) for x, _, t, s, b in header] + _list_rows(148, 1, 36)
    second = [(x, 50, t, s, b) for x, _, t, s, b in header] if header_again else []
    second += _list_rows(68 if header_again else 50, 37, 6, birth_first=not header_again)
    second += [(60, 180, "Total de passageiros: 42", 9, True), (60, 240, "Assinatura do responsável", 9, False)]
    return [first, second]


def _contract() -> list[list[Item]]:
    """A charter contract over two pages: the last one clauses and signatures."""
    first = [_centred(50, "CONTRATO DE PRESTAÇÃO DE SERVIÇOS DE TRANSPORTE", 12),
             _centred(66, "DE PASSAGEIROS SOB REGIME DE FRETAMENTO CONTÍNUO", 12)]
    first += _prose(100, ["CONTRATANTE: COLÉGIO COXILHA RICA, inscrito no CNPJ sob o nº 11.444.777/0001-61.",
                          "CONTRATADA: TRANSPORTES COXILHA LTDA, inscrita no CNPJ sob o nº 52.378.121/0001-44.",
                          "CLÁUSULA PRIMEIRA - DO OBJETO: transporte de passageiros em regime de fretamento contínuo,",
                          "com origem em Gravataí/RS e destino em Porto Alegre/RS.",
                          "CLÁUSULA SEGUNDA - DA VIGÊNCIA: de 01/02/2026 a 31/12/2026."])
    second = _prose(50, ["CLÁUSULA TERCEIRA - DAS OBRIGAÇÕES DA CONTRATANTE: a) efetuar os pagamentos; b) manter",
                         "atualizada a Lista de Passageiros junto à CONTRATADA.",
                         "CLÁUSULA QUARTA - DO FORO: fica eleito o foro da comarca de Gravataí/RS."])
    second += [(60, 200, "Gravataí/RS, 20 de janeiro de 2026.", 10, False),
               (60, 260, "________________________", 10, False), (320, 260, "________________________", 10, False),
               (60, 274, "CONTRATANTE", 9, False), (320, 274, "CONTRATADA", 9, False),
               (60, 320, "Testemunhas:", 9, False)]
    return [first, second]


# ---------------------------------------------------------------------------- packets in one PDF

def test_short_documents_one_after_another_are_each_a_document_of_their_own():
    """A one-page premium receipt after a two-page policy, fee receipts, a state registration
    whose form lines up with the receipt's, a list going on over a page and a contract whose
    last page is clauses and signatures: each its own document, classified on its own."""
    data = _pdf(*_policy(), _premium_receipt(), _fee_receipt("Taxa de requerimento", "R$ 96,42", "A71C0E55"),
                _state_registration(), *_passenger_list(header_again=True), *_contract(),
                _fee_receipt("Taxa de autorização", "R$ 321,40", "5D02B9F1"))
    assert _parts(data) == [("apolice_seguro", 2), ("comprovante_pagamento_seguro", 1), ("comprovante_taxa", 1),
                            ("inscricao_estadual", 1), ("lista_passageiros", 2), ("contrato_fretamento", 2),
                            ("comprovante_taxa", 1)]


def test_a_lists_page_opening_with_a_childs_birth_certificate_goes_on_with_the_list():
    # rows in the list's columns, no header printed again: 'Certidão de Nascimento' is a cell
    data = _pdf(_premium_receipt(), *_passenger_list(header_again=False), _state_registration())
    assert _parts(data) == [("comprovante_pagamento_seguro", 1), ("lista_passageiros", 2), ("inscricao_estadual", 1)]
    [lista] = [d for d in pipeline.read_file(data, "pacote.pdf") if d.type == "lista_passageiros"]
    assert len(lista.fields["passageiros"].value) == 42


def test_two_fee_receipts_of_one_form_in_a_row_are_two_documents():
    """The same form filled in with other values is another document of the same type; the same
    page scanned twice is not."""
    a = _fee_receipt("Taxa de requerimento", "R$ 96,42", "A71C0E55")
    b = _fee_receipt("Taxa de autorização", "R$ 321,40", "5D02B9F1")
    assert _parts(_pdf(a, b)) == [("comprovante_taxa", 1), ("comprovante_taxa", 1)]
    assert _parts(_pdf(a, a)) == [("comprovante_taxa", 2)]


def test_a_page_number_going_on_keeps_a_page_headed_like_another_document():
    """'Página 2 de 2' after 'Página 1 de 2' (not the file's own count: the document is the
    file's second) goes on with its document though a list's title heads it: the contract's
    annex. Numbered '1 de 1' anew, the list is a document of its own."""
    contract = _contract()
    annex = [_centred(50, "LISTA DE PASSAGEIROS", 13)] + _list_rows(80, 1, 4) + [
        (60, 180, "Total de passageiros: 4", 9, True)]
    footer = [(480, 800, "Página 1 de 2", 8, False)], [(480, 800, "Página 2 de 2", 8, False)]
    data = _pdf(_premium_receipt(), contract[0] + footer[0], annex + footer[1])
    assert _parts(data) == [("comprovante_pagamento_seguro", 1), ("contrato_fretamento", 2)]
    alone = [(480, 800, "Página 1 de 1", 8, False)]
    data = _pdf(_premium_receipt(), contract[0] + footer[0], annex + alone)
    assert _parts(data) == [("comprovante_pagamento_seguro", 1), ("contrato_fretamento", 1), ("lista_passageiros", 1)]


def test_a_packet_numbered_page_by_page_as_one_file_is_still_cut_at_its_documents():
    """'Página n de 5' stamped on every page of a merged packet counts the file's pages: it says
    nothing of where a document of another type begins."""
    pages = [*_policy(), _premium_receipt(), _state_registration(), _fee_receipt("Taxa de vistoria", "R$ 57,10", "0C4D")]
    data = _pdf(*[p + [(480, 800, f"Página {n} de 5", 8, False)] for n, p in enumerate(pages, start=1)])
    assert _parts(data) == [("apolice_seguro", 2), ("comprovante_pagamento_seguro", 1), ("inscricao_estadual", 1),
                            ("comprovante_taxa", 1)]


def test_a_file_numbered_in_full_with_a_running_footer_is_one_document():
    """A policy whose own pages are the file's ('Página 2 de 2' of a 2-page file) and whose second
    page opens with a section titled like another type ('RELAÇÃO DE VEÍCULOS'): the same running
    footer beside the numbers ('Impresso em ...') says one print of one document. A merged packet's
    stamped numbers with no such footer still cut it (the test above)."""
    fleet = [(60, 50, "RELAÇÃO DE VEÍCULOS E COBERTURAS", 11, True)] + _form(80, [
        ("Item 1", "Ônibus placa IYQ4F21 - 44 lugares"), ("Item 2", "Ônibus placa IYQ4F22 - 46 lugares")])
    footer = [(60, 790, "Impresso em 01/02/2026 10:15", 8, False)]
    pages = [_policy()[0], fleet]
    data = _pdf(*[p + footer + [(480, 805, f"Página {n} de 2", 8, False)] for n, p in enumerate(pages, start=1)])
    assert _parts(data) == [("apolice_seguro", 2)]
    data = _pdf(*[p + [(480, 805, f"Página {n} de 2", 8, False)] for n, p in enumerate(pages, start=1)])
    assert _parts(data) == [("apolice_seguro", 1), ("relacao_veiculos", 1)]


def _certidao(issuer: list[str], title: str, code: str) -> list[Item]:
    return [_centred(50 + 14 * i, t, 10, False) for i, t in enumerate(issuer)] + [
        _centred(60 + 14 * len(issuer), title, 12)] + _form(100 + 14 * len(issuer), [
            ("Nome/Razão social", "Transportes Coxilha Ltda"), ("CNPJ", "52.378.121/0001-44"),
            ("Código de controle", code), ("Válida até", "30/06/2026")]) + _prose(220 + 14 * len(issuer), [
                "Certifica-se que não constam pendências em nome do contribuinte acima identificado."])


def test_certificates_of_two_issuers_in_a_row_are_two_documents():
    # one type, each headed as a document and opening otherwise: the federal one, then the state's
    federal = _certidao(["MINISTÉRIO DA FAZENDA", "Secretaria da Receita Federal do Brasil"],
                        "CERTIDÃO NEGATIVA DE DÉBITOS RELATIVOS AOS TRIBUTOS FEDERAIS", "A1B2.C3D4.E5F6.0718")
    state = _certidao(["ESTADO DO RIO GRANDE DO SUL", "SECRETARIA DA FAZENDA", "RECEITA ESTADUAL"],
                      "CERTIDÃO DE SITUAÇÃO FISCAL - NEGATIVA DE DÉBITOS", "0093.5521.7781")
    assert _parts(_pdf(federal, state)) == [("certidao", 1), ("certidao", 1)]


@pytest.mark.parametrize("heading", ["APÓLICE DE SEGURO - CONDIÇÕES GERAIS (continuação)",
                                     "APÓLICE Nº 1031.44.000871 - CONDIÇÕES PARTICULARES"])
def test_a_page_headed_as_its_documents_own_goes_on_with_it(heading):
    # '(continuação)', or the policy's own number in its heading: the policy's second page,
    # though headed otherwise than its first
    first, _ = _policy()
    second = [(60, 50, heading, 11, True)] + _prose(70, [
        "1. A franquia das coberturas de danos materiais é de R$ 2.000,00 por sinistro.",
        "2. O segurado obriga-se a comunicar à seguradora qualquer sinistro em até 7 dias."])
    assert _parts(_pdf(first, second, _premium_receipt())) == [("apolice_seguro", 2), ("comprovante_pagamento_seguro", 1)]


def _merged(paths: list) -> bytes:
    """The files' pages one after another in one PDF, as a carrier merges a packet."""
    import pypdfium2 as pdfium

    out, sources = pdfium.PdfDocument.new(), []
    try:
        for path in paths:
            sources.append(pdfium.PdfDocument(path.read_bytes()))
            out.import_pages(sources[-1])
        buf = io.BytesIO()
        out.save(buf)
        return buf.getvalue()
    finally:
        out.close()
        for src in sources:
            src.close()


@pytest.mark.parametrize("order", ["packet", "reversed"])
def test_a_sample_packet_merged_into_one_pdf_is_judged_as_its_separate_files(order):
    """Every document of a sample packet (two vehicles: two fee receipts, two partners' identity
    cards, two policies in a row) merged into one file comes out as the same documents, and the
    packet is judged as its separate files are."""
    import json
    from datetime import date

    from tests.intake.helpers import ROOT

    folder = ROOT / "samples/packets/rs-metroplan-escolar/dois-veiculos-segunda-apolice-curta"
    spec = json.loads((folder / "packet.json").read_text(encoding="utf-8"))
    paths = [folder / "digital" / f"{name}.pdf" for name in spec["documents"]]
    paths = paths if order == "packet" else paths[::-1]
    separate = [d for path in paths for d in pipeline.read_file(path.read_bytes(), path.name)]
    merged = pipeline.read_file(_merged(paths), "pacote.pdf")
    assert [(d.type, d.pages) for d in merged] == [(d.type, d.pages) for d in separate]
    assert [{k: f.value for k, f in d.fields.items()} for d in merged] == \
        [{k: f.value for k, f in d.fields.items()} for d in separate]

    def judged(docs):
        book = rulebooks.load(spec["rulebook"])
        got = engine.judge_packet(pipeline.number_documents([docs]), book,
                                  date.fromisoformat(spec["reference_date"]), book.parse_facts(spec["facts"]))
        return got.verdict, [(i.id, i.status) for i in got.checklist]

    assert judged(merged) == judged(separate)
    assert judged(merged)[0] == spec["expected"]["verdict"]


# ---------------------------------------------------------------------------- the evidence

def _one(*word_lists, source="pdf_text") -> Extraction:
    return ext(*word_lists, source=source, shuffle=False)


def test_a_title_heads_a_page_on_a_row_of_its_own_opening_its_row_or_beside_a_letterhead():
    alone = row("BANCO DO SUL", 0.40, 0.05) + row("COMPROVANTE DE PAGAMENTO", 0.33, 0.09) \
        + row("Referência: Apólice nº 1031 prêmio", 0.10, 0.13) + row("Seguradora: Aurora Seguros", 0.10, 0.15)
    assert heading_row(_one(alone), "comprovante_pagamento_seguro") == (1, 0)
    opening = row("CONTRATO DE FRETAMENTO", 0.10, 0.05) + row("Nº 027/2026", 0.70, 0.05) \
        + row("CONTRATANTE: ESCOLA X", 0.10, 0.09) + row("transporte de passageiros", 0.10, 0.11)
    assert heading_row(_one(opening), "contrato_fretamento") == (0, 0)
    beside = row("Aurora Seguros S.A.", 0.10, 0.05) + row("ESPECIFICAÇÃO DA APÓLICE", 0.55, 0.05) \
        + row("Segurado: Transportes X Ltda", 0.10, 0.09)
    assert heading_row(_one(beside), "apolice_seguro") == (0, 1)


def test_a_title_in_a_table_cell_or_in_a_sentence_heads_nothing():
    cell = row("Ana Souza", 0.16, 0.05) + row("1234 5678", 0.63, 0.05) \
        + row("23", 0.11, 0.07) + row("Certidão de Nascimento", 0.38, 0.07) \
        + row("24", 0.11, 0.09) + row("Certidão de Nascimento", 0.38, 0.09) + row("Bia Reis", 0.63, 0.09)
    assert heading_row(_one(cell), "certidao") is None
    sentence = row("São obrigações da CONTRATANTE: manter a Lista de Passageiros; c) zelar para que", 0.10, 0.05)
    assert heading_row(_one(sentence), "lista_passageiros") is None


@pytest.mark.parametrize("printed, expected", [
    ("Página 2 de 3", (2, 3)), ("Pág. 2/3", (2, 3)), ("Folha 2", (2, None)), ("fls. 4", (4, None)),
    ("2/3", (2, 3)), ("- 1 de 4 -", (1, 4)), ("Página 4 de 3", None),
])
def test_a_page_number_printed_in_the_margin(printed, expected):
    words = row("TEXTO DO DOCUMENTO", 0.10, 0.40) + row(printed, 0.80, 0.95)
    assert segments.page_number(Layout(_one(words)).rows[1]) == expected


def test_a_number_in_the_body_numbers_no_page():
    words = row("conforme a folha 2 do processo", 0.10, 0.40) + row("1/3", 0.40, 0.50)
    assert segments.page_number(Layout(_one(words)).rows[1]) is None


def _rows(words) -> list:
    return Layout(_one(words)).rows[1]


def _table(y: float, n: int, xs=(0.10, 0.16, 0.50, 0.75)) -> list:
    out = []
    for i in range(n):
        for x, text in zip(xs, (f"{i + 1:02d}", "Nome Sobrenome", "CPF", "529.982.247-25")):
            out += row(text, x, y + 0.02 * i)
    return out


def test_a_table_goes_on_where_its_rows_keep_the_columns_or_its_header_is_printed_again():
    before = _rows(row("LISTA", 0.4, 0.05) + _table(0.10, 20))
    assert segments.continues(before, _rows(_table(0.05, 5)))
    header = [w for x, t in zip((0.10, 0.16, 0.50, 0.75), ("Nº", "Nome completo", "Tipo do documento", "Número"))
              for w in row(t, x, 0.08)]
    assert segments.continues(_rows(header + _table(0.10, 20)), _rows([w for w in header] + _table(0.12, 3)))
    # rows in other columns, or a title of one column above them: no table goes on
    assert not segments.continues(before, _rows(_table(0.05, 5, xs=(0.08, 0.30, 0.55, 0.70))))
    assert not segments.continues(before, _rows(row("COMPROVANTE DE INSCRIÇÃO", 0.3, 0.05) + _table(0.10, 5)), 0)


def test_a_letterhead_printed_again_is_no_table_header():
    # two documents of one issuer open with the same rows: the same words in one column are no
    # header of a table going on
    letterhead = row("REPÚBLICA FEDERATIVA DO BRASIL", 0.35, 0.05) + row("SECRETARIA DA SEGURANÇA PÚBLICA", 0.33, 0.07)
    assert not segments.continues(_rows(letterhead + row("CARTÃO", 0.4, 0.10)), _rows(letterhead + row("RG", 0.4, 0.10)))


def test_a_lists_rows_numbered_on_from_the_page_before_go_on_with_it():
    # rows set as running text (no columns), no header printed again: the numbers go on (22 after 21)
    def flowing(first: int, n: int, y: float) -> list:
        out = []
        for i in range(n):
            out += row(f"{first + i} RG {4473363 + 7 * i} 26/09/2008 8º ANO A MÁRCIA CUNHA MIRANDA"[: 40 + i % 9],
                       0.05, y + 0.02 * i)
        return out
    before = _rows(row("RELAÇÃO NOMINAL DE PASSAGEIROS", 0.3, 0.05) + flowing(1, 21, 0.10))
    assert segments.numbering_goes_on(before, _rows(flowing(22, 5, 0.05)))
    # numbered anew, or elsewhere on the page, it is no going on
    assert not segments.numbering_goes_on(before, _rows(flowing(1, 5, 0.05)))
    moved = [w.model_copy(update={"bbox": (w.bbox[0] + 0.3, w.bbox[1], w.bbox[2] + 0.3, w.bbox[3])})
             for w in flowing(22, 5, 0.05)]
    assert not segments.numbering_goes_on(before, _rows(moved))


def test_a_lists_entries_in_running_text_going_on_at_the_top_of_the_next_page_go_on_with_it():
    # no header again, no numbers, no columns: a kind, a number and a name per row, as the page
    # before ends; a passenger's 'CERTIDÃO 148289 ...' opening the page is no certidão's title
    def entries(first: int, n: int, y: float) -> list:
        out = []
        for i in range(n):
            kind, number = (("CERTIDÃO", f"1482{first + i:02d} 01 55 2011 1 00223 210 0050107-42") if i % 2
                            else ("CPF", f"343.025.0{first + i:02d}-60"))
            out += row(f"{kind} {number} ÉRICO FREITAS TOLEDO", 0.09, y + 0.02 * i)
        return out
    before = _rows(row("LISTA DE ESTUDANTES TRANSPORTADOS", 0.3, 0.05) + entries(1, 20, 0.10))
    assert segments.entries_go_on(before, _rows(entries(21, 5, 0.05)))
    # a page opening with its title, or with entries elsewhere on the page: no going on
    assert not segments.entries_go_on(before, _rows(row("CERTIDÃO DE NASCIMENTO", 0.3, 0.05) + entries(21, 5, 0.08)))
    moved = [w.model_copy(update={"bbox": (w.bbox[0] + 0.2, w.bbox[1], w.bbox[2] + 0.2, w.bbox[3])})
             for w in entries(21, 5, 0.05)]
    assert not segments.entries_go_on(before, _rows(moved))
