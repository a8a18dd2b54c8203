"""A contract's key/value summary table read as a table (intake/reading/grid.py, the parties'
rows in intake/reading/parties.py), on hand-built pages: a text layer and OCR-like boxes.
Coordinates are fractions of the page."""

from __future__ import annotations

import pytest

from domain.documents import CONFIDENT
from intake.page.layout import Layout
from intake.doctypes import contrato_fretamento as contrato
from intake.reading.flow import Flow
from intake.reading.values import UNSURE
from intake.reading.extract import Extractor
from intake.reading.grid import grids
from intake.reading.parties import captions, parties
from intake.reading.vocabulary import vocabulary
from ocr.model import Extraction, Line, Page, Word
from tests.intake.test_reading_toolkit import ROLES, ext, row

CNPJ_A, CNPJ_B = "48.392.017/0001-68", "91.560.438/0001-80"
CPF_A = "482.915.736-46"
NAME_1 = "Associação de Pais e Mestres do Colégio Estadual Professora Irene"  # full: 'Bastos' had no room
ROUTE_1 = "Saída do Centro de Canoas pela Avenida Guilherme Schell e pela BR-116"  # the table's widest line


def lines(texts, x, y, pitch=0.014, conf=1.0):
    return [w for k, t in enumerate(texts) for w in row(t, x, y + k * pitch, conf)]


def quadro(conf=1.0, *, name=(NAME_1, "Bastos")):
    """A ruled summary table whose cells are centred: a value's first line stands above its
    label's line; a second label and its value halfway along some rows."""
    L, V, L2, V2 = 0.10, 0.30, 0.55, 0.70
    return (row("CONTRATO DE FRETAMENTO Nº 77/2025", 0.30, 0.05, conf)
            + row("QUADRO RESUMO", L, 0.100, conf)
            + lines(name, V, 0.130, conf=conf) + row("CONTRATANTE", L, 0.137, conf)
            + row("CNPJ", L, 0.172, conf) + row(CNPJ_A, V, 0.172, conf) + row("REPRESENTANTE", L2, 0.172, conf)
            + lines(["Marta Gouveia", "Sales - diretora"], V2, 0.165, conf=conf)
            + row("ENDEREÇO", L, 0.201, conf) + row("Rua das Acácias, nº 90, Centro, Canoas/RS", V, 0.201, conf)
            + row("CONTRATADA", L, 0.225, conf) + row("Viação Cerro Azul Ltda", V, 0.225, conf)
            + row("CNPJ", L, 0.249, conf) + row(CNPJ_B, V, 0.249, conf) + row("REPRESENTANTE", L2, 0.249, conf)
            + row("Otávio Prates", V2, 0.249, conf)
            + row("ORIGEM", L, 0.280, conf) + row("Canoas/RS", V, 0.280, conf) + row("DESTINO", L2, 0.280, conf)
            + row("Esteio/RS", V2, 0.280, conf)
            + row("INSTITUIÇÃO DE", L, 0.304, conf) + row("ENSINO", L, 0.317, conf)
            + row("Colégio Estadual Irene Bastos", V, 0.3105, conf)
            + lines([ROUTE_1, "até Esteio, com desembarque no Colégio Estadual Irene Bastos;",
                     "retorno pelo mesmo trajeto."], V, 0.341, conf=conf) + row("ITINERÁRIO", L, 0.355, conf)
            + row("VIGÊNCIA", L, 0.395, conf) + row("01/03/2025 a 15/12/2025", V, 0.395, conf)
            + row("VALOR MENSAL", L2, 0.395, conf) + row("R$ 9.800,00", V2, 0.395, conf))


def test_a_summary_table_is_read_as_rows_of_cells():
    g, = grids(Layout(ext(quadro())), vocabulary("contrato_fretamento"), ("REPRESENTANTE",))
    got = [[("L " if c.label else "") + " / ".join(ln.text for ln in c.lines) for c in r.cells] for r in g.rows]
    assert got == [
        ["L QUADRO RESUMO"],
        ["L CONTRATANTE", f"{NAME_1} / Bastos"],  # the value's first line above the label's
        ["L CNPJ", CNPJ_A, "L REPRESENTANTE", "Marta Gouveia / Sales - diretora"],
        ["L ENDEREÇO", "Rua das Acácias, nº 90, Centro, Canoas/RS"],
        ["L CONTRATADA", "Viação Cerro Azul Ltda"],
        ["L CNPJ", CNPJ_B, "L REPRESENTANTE", "Otávio Prates"],
        ["L ORIGEM", "Canoas/RS", "L DESTINO", "Esteio/RS"],
        ["L INSTITUIÇÃO DE / ENSINO", "Colégio Estadual Irene Bastos"],  # a label wrapped in its column
        ["L ITINERÁRIO", f"{ROUTE_1} / até Esteio, com desembarque no Colégio Estadual Irene Bastos; / "
                         "retorno pelo mesmo trajeto."],
        ["L VIGÊNCIA", "01/03/2025 a 15/12/2025", "L VALOR MENSAL", "R$ 9.800,00"],
    ]


def test_labels_set_tight_are_two_rows_and_prose_ends_the_table():
    # a table without rules, its lines evenly spaced: 'CONTRATANTE' over 'CNPJ' are two labels,
    # a value wrapped under its label stays with it; the clauses after the table are no row
    words = (row("CONTRATANTE", 0.10, 0.100) + row("Escola Técnica Vale Verde", 0.30, 0.100)
             + row("CNPJ", 0.10, 0.114) + row(CNPJ_A, 0.30, 0.114)
             + row("ORIGEM", 0.10, 0.128) + row("Rua Sete, 10, Centro de Canoas, junto à", 0.30, 0.128)
             + row("praça", 0.30, 0.142) + row("DESTINO", 0.10, 0.156) + row("Esteio/RS", 0.30, 0.156)
             + row("1. OBJETO. A CONTRATADA prestará o serviço de transporte dos alunos.", 0.10, 0.190))
    g, = grids(Layout(ext(words)), vocabulary("contrato_fretamento"))
    assert [[c.text for c in r.cells] for r in g.rows] == [
        ["CONTRATANTE", "Escola Técnica Vale Verde"], ["CNPJ", CNPJ_A],
        ["ORIGEM", "Rua Sete, 10, Centro de Canoas, junto à praça"], ["DESTINO", "Esteio/RS"]]


def test_a_page_of_prose_has_no_summary_table():
    words = (row("CLÁUSULA PRIMEIRA - A CONTRATADA prestará o serviço de transporte.", 0.10, 0.10)
             + row("CONTRATANTE: Escola Técnica Vale Verde, CNPJ 48.392.017/0001-68.", 0.10, 0.12)
             + row("ORIGEM: Canoas/RS. DESTINO: Esteio/RS.", 0.10, 0.14))
    assert grids(Layout(ext(words)), vocabulary("contrato_fretamento")) == []


@pytest.mark.parametrize("source", ["pdf_text", "ocr"])
def test_a_contract_read_from_its_summary_table(source):
    conf = 1.0 if source == "pdf_text" else 0.95
    out = contrato.parse(ext(quadro(conf), source=source), "contrato_fretamento")
    want = {"contratante_nome": NAME_1 + " Bastos", "contratante_documento": "48392017000168",
            "contratante_tipo": "pj", "contratado_nome": "Viação Cerro Azul Ltda",
            "contratado_documento": "91560438000180", "origem": "Canoas/RS", "destino": "Esteio/RS",
            "instituicao_destino": "Colégio Estadual Irene Bastos",
            "itinerario": f"{ROUTE_1} até Esteio, com desembarque no Colégio Estadual Irene Bastos; retorno pelo "
                          "mesmo trajeto", "vigencia_inicio": "2025-03-01", "vigencia_fim": "2025-12-15",
            "valor": 9800.0}
    assert {k: out[k].value for k in want} == want
    # every value as sure as its words were read: the representative's name is nobody's party,
    # the next label's cell no part of the place before it
    assert {k: out[k].confidence for k in want} == {k: conf for k in want}


def test_a_table_of_one_row_per_party_gives_name_and_identifier():
    words = (row("PARTE", 0.10, 0.100) + row("NOME / RAZÃO SOCIAL", 0.30, 0.100) + row("CPF/CNPJ", 0.70, 0.100)
             + row("CONTRATANTE", 0.10, 0.120) + row("Lúcia Helena Prates Dornelles", 0.30, 0.120)
             + row(CPF_A, 0.70, 0.120)
             + row("CONTRATADA", 0.10, 0.140) + row("Viação Cerro Azul Ltda", 0.30, 0.140) + row(CNPJ_B, 0.70, 0.140))
    out = contrato.parse(ext(words), "contrato_fretamento")
    got = {k: (out[k].value, out[k].confidence) for k in
           ("contratante_nome", "contratante_documento", "contratante_tipo", "contratado_nome", "contratado_documento")}
    assert got == {"contratante_nome": ("Lúcia Helena Prates Dornelles", 1.0),
                   "contratante_documento": ("48291573646", 1.0), "contratante_tipo": ("pf", 1.0),
                   "contratado_nome": ("Viação Cerro Azul Ltda", 1.0), "contratado_documento": ("91560438000180", 1.0)}


def test_an_identity_row_after_another_kind_of_row_is_no_partys():
    # 'MODALIDADE' ends the contractor's rows: the CNPJ under it is not the contractor's
    words = (row("CONTRATANTE", 0.10, 0.100) + row("Escola Técnica Vale Verde", 0.30, 0.100)
             + row("MODALIDADE", 0.10, 0.120) + row("Fretamento contínuo", 0.30, 0.120)
             + row("CNPJ", 0.10, 0.140) + row(CNPJ_A, 0.30, 0.140)
             + row("ORIGEM", 0.10, 0.160) + row("Canoas/RS", 0.30, 0.160))
    r = contrato._Table(contrato.Reader(ext(words), "contrato_fretamento"))
    nome, doc, _ = r.party("contratante")
    assert (nome.value, nome.confidence, doc.value) == ("Escola Técnica Vale Verde", 1.0, None)


def test_a_name_whose_next_line_had_room_is_unsure():
    # 'Bastos' would have fitted after 'Irene': the line under it may be the name's rest or
    # another thing printed under it
    words = quadro(name=("Associação de Pais do Colégio Irene", "Bastos"))
    r = contrato._Table(contrato.Reader(ext(words), "contrato_fretamento"))
    nome, doc, _ = r.party("contratante")
    assert (nome.value, nome.confidence, doc.value) == ("Associação de Pais do Colégio Irene", UNSURE, "48392017000168")


# ---------------------------------------------------------------------------- a label on the value's line


@pytest.mark.parametrize("source", ["pdf_text", "ocr"])
def test_a_value_ends_before_the_next_label_in_capitals_on_its_line(source):
    words = (row("CONTRATO DE FRETAMENTO Nº 12/2024", 0.10, 0.05)
             + row("ORIGEM Gravataí/RS DESTINO São Leopoldo/RS", 0.10, 0.30))
    x = Extractor(ext(words, source=source), "contrato_fretamento")
    assert (x.field("origem").value, x.field("origem").confidence) == ("Gravataí/RS", 1.0)
    assert (x.field("destino").value, x.field("destino").confidence) == ("São Leopoldo/RS", 1.0)


def test_a_line_all_in_capitals_gives_no_sure_place():
    # 'DESTINO' among capitals may be a label or a word of a name: the origin is unsure
    words = (row("CONTRATO DE FRETAMENTO Nº 12/2024", 0.10, 0.05)
             + row("ORIGEM GRAVATAÍ/RS DESTINO SÃO LEOPOLDO/RS", 0.10, 0.30))
    out = contrato.parse(ext(words), "contrato_fretamento")
    assert out["origem"].value == "GRAVATAÍ/RS" and out["origem"].confidence < CONFIDENT


def test_a_value_holding_another_fields_label_is_unsure():
    assert contrato._holds_label("Gravataí/RS DESTINO São Leopoldo/RS", "origem")
    assert contrato._holds_label("Escola ITINERÁRIO Municipal de Ensino", "instituicao_destino")
    assert contrato._holds_label("GRAVATAÍ/RS DESTINO SÃO LEOPOLDO/RS", "origem")
    # a word of a name that is no label in capitals, or a name in capitals with one such word
    assert not contrato._holds_label("Escola de Ensino Fundamental Destino Certo", "instituicao_destino")
    assert not contrato._holds_label("TRANSPORTES ORIGEM LTDA", "contratado_nome")
    assert not contrato._holds_label("Gravataí/RS", "origem")


# ---------------------------------------------------------------------------- signatures


def test_a_role_labelling_a_tables_row_captions_no_signature():
    # under the row label 'CONTRATANTE' stand the next rows' cells, of two columns: no name
    words = quadro()
    r = contrato.Reader(ext(words), "contrato_fretamento")
    table = contrato._Table(r)
    fl = r.flow()
    assert [p.how for p in parties(fl, ROLES, False, tables=table.label_words())["contratante"]] == []


def test_a_captions_lines_from_two_columns_are_no_name():
    def w(t, x, y):
        return Word(text=t, bbox=(x, y, x + 0.0095 * len(t), y + 0.012), conf=1.0)

    # 'CONTRATANTE' alone on its line, then 'Irene' (a cell's last line) and a representative's
    # name in the next column, read one after the other
    flow = Flow([(1, w("CONTRATANTE", 0.10, 0.10)), (1, w("Irene", 0.30, 0.112)),
                 (1, w("Marta", 0.70, 0.126)), (1, w("Gouveia", 0.76, 0.126))], [0, 1, 2, 2])
    assert parties(flow, ROLES, False)["contratante"] == []
    flow = Flow([(1, w("CONTRATANTE", 0.10, 0.10)), (1, w("Marta", 0.10, 0.114)), (1, w("Gouveia", 0.16, 0.114))],
                [0, 1, 1])
    got = parties(flow, ROLES, False)["contratante"]
    assert [(p.nome.value, p.nome.confidence, p.how) for p in got] == [("Marta Gouveia", 0.9, "signature")]


def test_captions_side_by_side_are_read_in_columns():
    words = (row("_______________", 0.10, 0.50) + row("_______________", 0.55, 0.50)
             + row("CONTRATANTE", 0.10, 0.52) + row("CONTRATADA", 0.55, 0.52)
             + row("Associação de Pais e Mestres do Colégio", 0.10, 0.534) + row("Viação Cerro Azul Ltda", 0.55, 0.534)
             + row("Estadual Irene Bastos", 0.10, 0.548)
             + row("Testemunhas:", 0.10, 0.58))
    got = captions(Layout(ext(words)), ROLES, False)
    assert [(p.nome.value, p.nome.confidence) for p in got["contratante"]] == [
        ("Associação de Pais e Mestres do Colégio Estadual Irene Bastos", 1.0)]
    assert [(p.nome.value, p.nome.confidence) for p in got["contratado"]] == [("Viação Cerro Azul Ltda", 1.0)]


def test_a_name_only_a_caption_gives_is_unsure_and_two_places_alike_are_sure():
    sig = (row("_______________", 0.10, 0.50) + row("_______________", 0.55, 0.50)
           + row("CONTRATANTE", 0.10, 0.52) + row("CONTRATADA", 0.55, 0.52)
           + row("Escola Técnica Vale Verde", 0.10, 0.534) + row("Viação Cerro Azul Ltda", 0.55, 0.534))
    out = contrato.parse(ext(row("CONTRATO DE FRETAMENTO Nº 12/2024", 0.10, 0.05) + sig), "contrato_fretamento")
    assert (out["contratante_nome"].value, out["contratante_nome"].confidence) == ("Escola Técnica Vale Verde", 0.75)
    # the same name in the summary table, read unsure by OCR, and under the signature: sure
    table = (row("CONTRATANTE", 0.10, 0.10, 0.95) + row("Escola Técnica Vale Verde", 0.30, 0.10, 0.6)
             + row("CONTRATADA", 0.10, 0.12, 0.95) + row("Viação Cerro Azul Ltda", 0.30, 0.12, 0.95))
    out = contrato.parse(ext(table, source="ocr"), "contrato_fretamento")
    assert (out["contratante_nome"].value, out["contratante_nome"].confidence) == ("Escola Técnica Vale Verde", 0.6)
    out = contrato.parse(ext(table + [w.model_copy(update={"conf": 0.95}) for w in sig], source="ocr"),
                         "contrato_fretamento")
    assert (out["contratante_nome"].value, out["contratante_nome"].confidence) == ("Escola Técnica Vale Verde", 0.95)
    # two reads alike, each fair (0.6 and 0.7): sure
    out = contrato.parse(ext(table + [w.model_copy(update={"conf": 0.7}) for w in sig], source="ocr"),
                         "contrato_fretamento")
    assert (out["contratante_nome"].value, out["contratante_nome"].confidence) == ("Escola Técnica Vale Verde",
                                                                                   contrato.AGREED)


def test_a_summary_table_read_askew_keeps_its_rows():
    # an OCR'd page held askew (its lines drop 0.05 per page width): the rows are told with the
    # tilt undone, so a value far right stays in its label's row
    by_y: dict[float, list[Word]] = {}
    for w in quadro(0.95):
        by_y.setdefault(w.bbox[1], []).append(
            w.model_copy(update={"bbox": (w.bbox[0], w.bbox[1] + 0.05 * w.bbox[0], w.bbox[2], w.bbox[3] + 0.05 * w.bbox[0])}))
    lines_ = []
    for ws in by_y.values():  # one line per run of words, as Tesseract gives them
        ws.sort(key=lambda w: w.bbox[0])
        cur = [ws[0]]
        for w in ws[1:]:
            if w.bbox[0] - cur[-1].bbox[2] > 0.02:
                lines_.append(Line(words=tuple(cur)))
                cur = []
            cur.append(w)
        lines_.append(Line(words=tuple(cur)))
    e = Extraction(media_type="image/png", sha256="0" * 64, page_count=1,
                   pages=(Page(number=1, source="ocr", width=595, height=842, lines=tuple(lines_)),))
    g, = grids(Layout(e), vocabulary("contrato_fretamento"), ("REPRESENTANTE",))
    assert [[c.text for c in r.cells] for r in g.rows][5:7] == [
        ["CNPJ", CNPJ_B, "REPRESENTANTE", "Otávio Prates"], ["ORIGEM", "Canoas/RS", "DESTINO", "Esteio/RS"]]


def test_a_table_row_without_a_table_around_it_ends_at_the_next_label_on_its_line():
    # one row label only (no table to read): its line holds two cells, and the line under it
    # belongs to either
    words = (row("CONTRATO DE FRETAMENTO Nº 12/2024", 0.10, 0.05) + row("ORIGEM", 0.10, 0.30)
             + row("Gravataí/RS DESTINO São Leopoldo/RS", 0.30, 0.30) + row("Saída pela RS-030 até a escola.", 0.30, 0.314))
    r = contrato.Reader(ext(words), "contrato_fretamento")
    table = contrato._Table(r, None, r.x)
    assert table.grids == []
    got = table.text(["ORIGEM"])
    assert got is not None and (got.value, got.confidence) == ("Gravataí/RS", 1.0)


def test_a_name_or_place_read_from_two_texts_is_unsure():
    # a number, a word in small letters among capitals, a lone article closing it, a clause's
    # heading: two texts read as one (two columns of prose taken line by line)
    assert contrato._spliced_name("ASSOCIAÇÃO DOS de 45")
    assert contrato._spliced_name("FUNDAÇÃO DE ENSINO VALE DO O")
    assert contrato._holds_label("PRIMAVERA LOCAÇÃO DE VEÍCULOS CLÁUSULA 4ª", "contratado_nome")
    assert contrato._prose_words("Município contrato mediante notificação por escrito")
    # names and places as printed
    assert not contrato._spliced_name("ASSOCIAÇÃO DE PAIS E MESTRES DA ESCOLA")
    assert not contrato._spliced_name("Círculo de Pais e Mestres da Escola Municipal")
    assert not contrato._spliced_name("MARIA DA GLÓRIA E SILVA")
    assert not contrato._prose_words("Osasco/SP (portaria da usina, Avenida dos Autonomistas)")
    assert not contrato._prose_words("Vitória da Conquista/BA")
    words = (row("CONTRATO DE FRETAMENTO Nº 12/2024", 0.10, 0.05)
             + row("CONTRATADA: PRIMAVERA LOCAÇÃO DE VEÍCULOS CLÁUSULA 4ª, CNPJ 91.560.438/0001-80.", 0.10, 0.10))
    out = contrato.parse(ext(words), "contrato_fretamento")
    assert (out["contratado_nome"].value, out["contratado_nome"].confidence) == (
        "PRIMAVERA LOCAÇÃO DE VEÍCULOS CLÁUSULA 4ª", UNSURE)


def test_a_misread_label_over_a_long_label_is_two_rows():
    # after OCR 'CNP)' (CNPJ misread) set close over 'NESTE ATO REPRESENTADA POR': one slip per
    # eight letters would let the two read as the longer label; a label of its own under a line
    # no label begins with is the next row
    words = (row("CONTRATANTE", 0.10, 0.100, 0.95) + row("Escola Técnica Vale Verde", 0.40, 0.100, 0.95)
             + row("CNP)", 0.10, 0.114, 0.95) + row(CNPJ_A, 0.40, 0.114, 0.95)
             + row("NESTE ATO REPRESENTADA POR", 0.10, 0.1285, 0.95) + row("Marta Gouveia Sales", 0.40, 0.1285, 0.95)
             + row("CONTRATADA", 0.10, 0.150, 0.95) + row("Viação Cerro Azul Ltda", 0.40, 0.150, 0.95))
    g, = grids(Layout(ext(words, source="ocr")), vocabulary("contrato_fretamento"),
               tuple(vocabulary("contrato_fretamento").values["identificacao"]))
    assert [[c.text for c in r.cells] for r in g.rows] == [
        ["CONTRATANTE", "Escola Técnica Vale Verde"], ["CNP)", CNPJ_A],
        ["NESTE ATO REPRESENTADA POR", "Marta Gouveia Sales"], ["CONTRATADA", "Viação Cerro Azul Ltda"]]
    out = contrato.parse(ext(words, source="ocr"), "contrato_fretamento")
    assert (out["contratante_nome"].value, out["contratante_documento"].value, out["contratante_tipo"].value) == (
        "Escola Técnica Vale Verde", "48392017000168", "pj")
