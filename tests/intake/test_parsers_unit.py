"""Parser building blocks on hand-built pages: the registry, the confidence policy for
identifiers, derived CRLV fields, the passenger-list total."""

from __future__ import annotations

import logging

from intake import parsers
from intake.parsers import _common as common
from intake.parsers.crlv import tipo_veiculo
from intake.layout import Span
from ocr.model import Extraction, Line, Page, Word
from validators import doctypes
from validators.documents import CONFIDENT, DOC_TYPES


def _ext(lines: list[str], source: str = "pdf_text", conf: float = 1.0) -> Extraction:
    out, y = [], 0.05
    for text in lines:
        x, words = 0.06, []
        for t in text.split():
            words.append(Word(text=t, bbox=(x, y, x + 0.011 * len(t), y + 0.012), conf=conf))
            x += 0.011 * len(t) + 0.008
        out.append(Line(words=tuple(words)))
        y += 0.025
    page = Page(number=1, source=source, width=595, height=842, lines=tuple(out))
    return Extraction(media_type="application/pdf", sha256="0" * 64, page_count=1, pages=(page,))


def test_registry_covers_every_type():
    for t in DOC_TYPES:
        if t == "unknown":
            continue
        fn = parsers.parser_for(t)
        assert callable(fn)
    assert {"crlv", "apolice_seguro", "contrato_fretamento", "lista_passageiros"} <= set(parsers.registry())


def test_parse_fills_exactly_the_type_fields():
    ext = _ext(["CERTIDÃO NEGATIVA DE DÉBITOS", "Nome: ANA LIMA", "CPF: 529.982.247-25",
                "Válida até 30/06/2026"])
    fields = parsers.parse("certidao", ext)
    assert set(fields) == set(doctypes.fields("certidao"))
    assert fields["titular_documento"].value == "52998224725"
    assert fields["validade"].value == "2026-06-30"


def test_a_failing_parser_gives_nulls_and_logs_no_content(monkeypatch, caplog):
    def boom(ext, doc_type):
        raise ValueError("ANA LIMA 529.982.247-25")

    monkeypatch.setitem(parsers.registry(), "crlv", boom)
    with caplog.at_level(logging.ERROR):
        fields = parsers.parse("crlv", _ext(["CRLV"]))
    assert set(fields) == set(doctypes.fields("crlv"))
    assert all(f.value is None for f in fields.values())
    assert "ValueError" in caplog.text and "529.982" not in caplog.text and "ANA" not in caplog.text


def _span(text: str, conf: float) -> Span:
    return Span(1, tuple(Word(text=t, bbox=(0.1, 0.1, 0.2, 0.12), conf=conf) for t in text.split()))


def test_bad_check_digit_digital_keeps_confidence_ocr_does_not():
    bad = "529.982.247-26"  # last digit wrong
    digital = common.ident("doc", bad, _span(bad, 1.0), ocr=False)
    assert digital.value == "52998224726" and digital.confidence == 1.0  # a real wrong digit: rules fail it
    ocr = common.ident("doc", bad, _span(bad, 0.95), ocr=True)
    assert ocr.confidence < CONFIDENT  # probably a misread: review


def test_one_ocr_confusion_is_repaired_but_stays_unsure():
    # an alphanumeric CNPJ whose J was read as I
    good = "LJUZ2ZTV000115"
    from validators.ids import cnpj

    assert cnpj.is_valid(good)
    f = common.ident("doc", "LIUZ2ZTV000115", _span("LIUZ2ZTV000115", 0.93), ocr=True)
    assert f.value == good and f.confidence < CONFIDENT


def test_ocr_plate_needs_a_sure_read():
    assert common.ident("placa", "IWS4A85", _span("IWS4A85", 0.80), ocr=True).confidence < CONFIDENT
    assert common.ident("placa", "IWS4A85", _span("IWS4A85", 0.95), ocr=True).confidence >= CONFIDENT


def test_tipo_veiculo_from_especie():
    assert tipo_veiculo("PASSAGEIRO ONIBUS") == "onibus"
    assert tipo_veiculo("PASSAGEIRO/ÔNIBUS") == "onibus"
    assert tipo_veiculo("PASSAG/MICROONIBUS") == "microonibus"
    assert tipo_veiculo("PASSAGEIRO MICRO-ÔNIBUS") == "microonibus"
    assert tipo_veiculo("PASSAGEIRO AUTOMOVEL") == "outro"
    assert tipo_veiculo(None) is None


def test_crlv_paper_layout_and_lien():
    ext = _ext(["CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO", "COD. RENAVAM: 00197073212",
                "EXERCICIO: 2025", "NOME: TRANSPORTES X LTDA", "CPF/CNPJ: 11.222.333/0001-81",
                "PLACA: ABC-1234 UF: RS", "CHASSI: 9BM384067BB123456", "ESPECIE/TIPO: PASSAGEIRO ONIBUS",
                "CATEGORIA: ALUGUEL", "LOTACAO: 44P", "OBSERVACOES: ALF: BANCO X S.A.",
                "LOCAL: CANOAS RS", "DATA: 10/03/2025"])
    f = parsers.parse("crlv", ext)
    assert f["placa"].value == "ABC1234" and f["renavam"].value == "00197073212"
    assert f["lotacao"].value == 44 and f["tipo_veiculo"].value == "onibus"
    assert f["alienacao"].value is True and f["observacoes"].value == "ALF: BANCO X S.A."
    assert f["municipio"].value == "CANOAS" and f["data_emissao"].value == "2025-03-10"
    assert f["qr_code"].value is False


def _table_ext(rows: list[list[tuple[float, str]]]) -> Extraction:
    lines, y = [], 0.05
    for cells in rows:
        words = []
        for x, text in cells:
            for t in text.split():
                words.append(Word(text=t, bbox=(x, y, x + 0.011 * len(t), y + 0.012), conf=1.0))
                x += 0.011 * len(t) + 0.008
        lines.append(Line(words=tuple(words)))
        y += 0.025
    page = Page(number=1, source="pdf_text", width=595, height=842, lines=tuple(lines))
    return Extraction(media_type="application/pdf", sha256="0" * 64, page_count=1, pages=(page,))


def test_lista_total_disagreeing_with_print_lowers_confidence():
    rows = [[(0.3, "LISTA DE PASSAGEIROS")], [(0.06, "CONTRATO Nº: 12/2026")],
            [(0.06, "Nº"), (0.12, "NOME COMPLETO"), (0.6, "CPF")],
            [(0.06, "1"), (0.12, "ANA LIMA"), (0.6, "529.982.247-25")],
            [(0.06, "2"), (0.12, "JOAO SOUZA"), (0.6, "111.444.777-35")]]
    f = parsers.parse("lista_passageiros", _table_ext(rows + [[(0.06, "TOTAL DE PASSAGEIROS: 3")]]))
    assert [p["nome"] for p in f["passageiros"].value] == ["ANA LIMA", "JOAO SOUZA"]
    assert [p["documento_tipo"] for p in f["passageiros"].value] == ["cpf", "cpf"]
    assert f["contrato_numero"].value == "12/2026"
    assert f["total_passageiros"].value == 2
    assert f["total_passageiros"].confidence < CONFIDENT  # the printed total disagrees: review
    ok = parsers.parse("lista_passageiros", _table_ext(rows + [[(0.06, "TOTAL DE PASSAGEIROS: 2")]]))
    assert ok["total_passageiros"].value == 2 and ok["total_passageiros"].confidence >= CONFIDENT


def test_laudo_states_the_lotacao_of_its_vehicle():
    ext = _ext(["LAUDO DE INSPEÇÃO VEICULAR", "Placa: IDA1B31", "Lotação: 44 passageiros",
                "Data da inspeção: 10/02/2026", "Válido até: 10/02/2027", "Resultado: APROVADO"])
    fields = parsers.parse("laudo_inspecao", ext)
    assert fields["lotacao"].value == 44
    assert fields["placa"].value == "IDA1B31"


def test_contrato_social_registration_past_a_speck_of_the_stamp():
    # a dot of the Junta's stamp beside the 'o' reads 'sob Oo Nº'; a CPF's 'sob o nº' is never it
    base = ["CONTRATO SOCIAL", "JOÃO SILVA, inscrito no CPF sob o nº 529.982.247-25"]
    for stamp in ("Certifico o registro em 20/03/2019 sob o nº 95780128557.",
                  "Certifico o registro em 20/03/2019 sob Oo Nº 95780128557."):
        fields = parsers.parse("contrato_social", _ext(base + [stamp]))
        assert fields["registro_junta"].value == "95780128557", stamp
    fields = parsers.parse("contrato_social", _ext(base))
    assert fields["registro_junta"].value is None
