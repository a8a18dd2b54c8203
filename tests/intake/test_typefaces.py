"""Labels told from values by their typeface (intake/reading/faces.py, finish._by_face): a text
layer says which words are bold; a page that prints its labels in one face and its values in
the other, row after row, tells an unknown label from the value it was read with. And a school's
name in the prose ends where its row stops short, never runs into the next labelled line, and
is never the name of another body that closes with it. Hand-built pages, and one real PDF."""

from __future__ import annotations

import io

from reportlab.pdfgen import canvas

from domain.documents import CONFIDENT, Field
from intake.doctypes.contrato_fretamento import _prose_instituicao
from intake.page.layout import Layout
from intake.reading import faces
from intake.reading.finish import finished
from intake.reading.flow import Flow
from ocr import read as ocr_read
from tests.intake.test_reading_toolkit import ext, row


def _bold(words):
    return [w.model_copy(update={"bold": True}) for w in words]


def _form(extra: list, regular_labels: bool = False):
    """A register's page: three rows of a bold label and its value, then `extra` words."""
    label = (lambda ws: ws) if regular_labels else _bold
    words = []
    for i, (lab, val) in enumerate((("Placa", "IDB4G72"), ("Renavam", "00822482207"), ("Categoria", "ALUGUEL"))):
        words += label(row(lab, 0.06, 0.10 + 0.03 * i)) + row(val, 0.40, 0.10 + 0.03 * i)
    return ext(words + extra)


def _field(words) -> Field:
    return Field(value=" ".join(w.text for w in words), confidence=1.0, page=1,
                 bbox=[min(w.bbox[0] for w in words), min(w.bbox[1] for w in words),
                       max(w.bbox[2] for w in words), max(w.bbox[3] for w in words)])


def test_a_text_layers_words_say_whether_their_face_is_bold():
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("Helvetica-Bold", 10)
    c.drawString(60, 760, "Titular do registro")
    c.setFont("Helvetica", 10)
    c.drawString(200, 760, "VIACAO BOM FIM LTDA")
    c.save()
    [page] = ocr_read(buf.getvalue()).pages
    assert [(w.text, w.bold) for ln in page.lines for w in ln.words] == [
        ("Titular", True), ("do", True), ("registro", True), ("VIACAO", False), ("BOM", False), ("FIM", False),
        ("LTDA", False)]


def test_the_labels_face_is_measured_on_the_page_never_assumed():
    assert faces.label_face(Layout(_form([])), 1) is True
    assert faces.label_face(Layout(_form([], regular_labels=True)), 1) is None  # one face: nothing said


def test_an_unknown_label_in_the_labels_face_is_cut_from_the_value_read_with_it():
    owner = _bold(row("DETENTOR DO VEÍCULO", 0.06, 0.25)) + row("VIAÇÃO BOM FIM LTDA", 0.40, 0.25)
    e = _form(owner)
    out = finished("crlv", e, {"proprietario_nome": _field(owner)})
    assert (out["proprietario_nome"].value, out["proprietario_nome"].confidence) == ("VIAÇÃO BOM FIM LTDA", 1.0)
    # the same page in one face: the face says nothing, the value is left to the other checks
    plain = [w.model_copy(update={"bold": False}) for w in owner]
    out = finished("crlv", _form(plain, regular_labels=True), {"proprietario_nome": _field(plain)})
    assert out["proprietario_nome"].value != "VIAÇÃO BOM FIM LTDA" or out["proprietario_nome"].confidence < CONFIDENT


def test_a_value_running_on_into_the_next_label_ends_there():
    line = row("VIAÇÃO BOM FIM LTDA", 0.06, 0.25) + _bold(row("Município", 0.50, 0.25)) + row("CANOAS", 0.65, 0.25)
    out = finished("crlv", _form(line), {"proprietario_nome": _field(line[:5])})
    assert out["proprietario_nome"].value == "VIAÇÃO BOM FIM LTDA"


def test_a_label_read_alone_gives_the_value_beside_it_unsure():
    line = _bold(row("Escola atendida", 0.06, 0.25)) + row("COLÉGIO CERRO LARGO", 0.40, 0.25)
    out = finished("contrato_fretamento", _form(line), {"instituicao_destino": _field(line[:2])})
    f = out["instituicao_destino"]
    assert f.value == "COLÉGIO CERRO LARGO" and f.confidence < CONFIDENT


def _flow(lines: list[tuple[str, float, float]]) -> Flow:
    words, rows = [], []
    for n, (text, x, y) in enumerate(lines):
        for w in row(text, x, y):
            words.append((1, w))
            rows.append(n)
    return Flow(words, rows)


_PROSE = ("O presente contrato tem por objeto o transporte dos alunos matriculados com destino a", 0.06, 0.40)


def test_a_schools_name_in_the_prose_ends_with_its_row_where_the_row_stops_short():
    fl = _flow([_PROSE, ("ESCOLA TÉCNICA SETE QUEDAS", 0.06, 0.42), ("VEÍCULO (PLACA): MYT2F60", 0.06, 0.44)])
    assert _prose_instituicao(fl).value == "ESCOLA TÉCNICA SETE QUEDAS"
    # a full row wraps: the name goes on
    fl = _flow([("O presente contrato tem por objeto o transporte diário dos estudantes", 0.06, 0.38),
                ("matriculados nesta cidade, com desembarque no INSTITUTO DE EDUCAÇÃO VALE", 0.06, 0.40),
                ("DO TAQUARI, situado na Rua X.", 0.06, 0.42)])
    assert _prose_instituicao(fl).value == "INSTITUTO DE EDUCAÇÃO VALE DO TAQUARI"


def test_a_label_over_a_schools_name_and_another_bodys_name_are_not_the_school():
    fl = _flow([("SOCIEDADE MANTENEDORA DO INSTITUTO VALE DO TAQUARI", 0.06, 0.10),
                ("ESCOLA ATENDIDA", 0.06, 0.40), ("UNIVERSIDADE REGIONAL SERRA AZUL", 0.06, 0.42),
                ("DISPOSIÇÕES FINAIS", 0.06, 0.46), ("As partes elegem o foro da comarca para dirimir dúvidas", 0.06, 0.48)])
    assert _prose_instituicao(fl).value == "UNIVERSIDADE REGIONAL SERRA AZUL"
