"""Reading order on pages set in columns: prose in two columns is read column by column, while a
form's label column beside its values and a table of figures stay rows across the page."""

from __future__ import annotations

from intake.page import columns
from intake.page.layout import Layout
from tests.intake.test_layout import ext, page, w

LEFT = [
    "O contratante declara que o veículo",
    "está licenciado na categoria aluguel",
    "e que o motorista possui habilitação",
    "adequada ao transporte de passageiros",
    "conforme as normas do órgão gestor",
    "durante toda a vigência deste contrato",
    "sem qualquer ônus adicional às partes",
    "ficando eleito o foro desta comarca",
]
RIGHT = [
    "A contratada executará o serviço de",
    "fretamento entre a origem Porto Alegre",
    "e o destino indicado no quadro acima",
    "nos horários combinados entre partes",
    "respeitando a lotação do veículo e",
    "as paradas previstas no itinerário",
    "com seguro de responsabilidade civil",
    "vigente por todo o período contratado",
]


def _column(lines: list[str], x0: float, y0: float = 0.2) -> list:
    out = []
    for n, text in enumerate(lines):
        x = x0
        for word in text.split():
            out.append(w(word, x, y0 + n * 0.02))
            x += 0.0095 * len(word) + 0.008
    return out


def _two_columns() -> list:
    return _column(LEFT, 0.06) + _column(RIGHT, 0.45)


def test_prose_in_two_columns_has_its_gutter_and_is_read_one_column_after_the_other():
    words = _two_columns()
    found = columns.gutters(words)
    assert len(found) == 1
    assert 0.41 < found[0].x < 0.45
    text = Layout(ext(page(words, shuffle=True))).text.splitlines()
    # each row holds one column's line, never the two joined; the left column comes first
    assert text == LEFT + RIGHT


def test_a_value_never_runs_on_from_one_column_into_the_other():
    layout = Layout(ext(page(_two_columns())))
    joined = [r.text for r in layout.all_rows() if "aluguel" in r.text]
    assert joined == ["está licenciado na categoria aluguel"]


def test_a_forms_labels_beside_their_values_are_no_columns():
    labels = ["Contratante:", "CNPJ:", "Endereço:", "Origem:", "Destino:", "Data:", "Placa:", "Lotação:"]
    words = []
    for n, label in enumerate(labels * 2):
        y = 0.1 + n * 0.03
        words.append(w(label, 0.06, y))
        x = 0.55
        for word in "Viação Serra Gaúcha Turismo Ltda e outras palavras".split():
            words.append(w(word, x, y))
            x += 0.0095 * len(word) + 0.008
    assert columns.gutters(words) == []
    rows = Layout(ext(page(words))).all_rows()
    assert rows[0].text.startswith("Contratante: Viação")


def test_a_table_of_figures_is_no_columns():
    words = []
    for n in range(16):
        y = 0.1 + n * 0.025
        for k, cell in enumerate(("Cobertura", "morte", "acidental", "por", "passageiro")):
            words.append(w(cell, 0.06 + k * 0.075, y))
        for k, cell in enumerate((f"R$ {n + 1}00.000,00", "por", "evento", "2024")):
            words.append(w(cell, 0.55 + k * 0.1, y))
    assert columns.gutters(words) == []


def test_a_page_with_few_words_has_no_columns():
    assert columns.gutters(_column(LEFT[:3], 0.06) + _column(RIGHT[:3], 0.53)) == []
