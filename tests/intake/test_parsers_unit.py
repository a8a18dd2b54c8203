"""Parser building blocks on hand-built pages: the registry, the confidence policy for
identifiers, derived CRLV fields, the passenger-list total."""

from __future__ import annotations

import logging

from intake import doctypes as parsers
from intake.reading import identifiers as common
from intake.doctypes.crlv import tipo_veiculo
from intake.page.layout import Span
from ocr.model import Extraction, Line, Page, Word
from domain import doctypes
from domain.documents import CONFIDENT, DOC_TYPES


def _page_of(rows: list[list[tuple[float | None, str, float]]], source: str = "pdf_text") -> Extraction:
    """A one-page extraction from rows of cells: (x, or None to follow the previous word; the
    cell's text; its words' confidence)."""
    out, y = [], 0.05
    for cells in rows:
        x, words = 0.06, []
        for at, text, conf in cells:
            x = at if at is not None else x
            for t in text.split():
                words.append(Word(text=t, bbox=(x, y, x + 0.011 * len(t), y + 0.012), conf=conf))
                x += 0.011 * len(t) + 0.008
        out.append(Line(words=tuple(words)))
        y += 0.025
    page = Page(number=1, source=source, width=595, height=842, lines=tuple(out))
    return Extraction(media_type="application/pdf", sha256="0" * 64, page_count=1, pages=(page,))


def _ext(lines: list[str], source: str = "pdf_text", conf: float = 1.0) -> Extraction:
    return _page_of([[(None, text, conf)] for text in lines], source)


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
    from domain.ids import cnpj

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
    assert tipo_veiculo("PASSAGEIRO") is None  # an espécie cut short names no tipo: not "outro"
    assert tipo_veiculo("CARGA REBOQUE") == "outro"


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
    return _page_of([[(x, text, 1.0) for x, text in cells] for cells in rows])


def test_lista_total_disagreeing_with_print_lowers_confidence():
    rows = [[(0.3, "LISTA DE PASSAGEIROS")], [(0.06, "CONTRATO Nº: 12/2026")],
            [(0.06, "Nº"), (0.12, "NOME COMPLETO"), (0.6, "CPF")],
            [(0.06, "1"), (0.12, "ANA LIMA"), (0.6, "529.982.247-25")],
            [(0.06, "2"), (0.12, "JOAO SOUZA"), (0.6, "111.444.777-35")]]
    f = parsers.parse("lista_passageiros", _table_ext(rows + [[(0.06, "TOTAL DE PASSAGEIROS: 3")]]))
    assert [p["nome"] for p in f["passageiros"].value] == ["ANA LIMA", "JOAO SOUZA"]
    assert [p["documento_tipo"] for p in f["passageiros"].value] == ["cpf", "cpf"]
    assert f["contrato_numero"].value == "12/2026"
    # the printed total disagrees with the rows read: the total printed, for review
    assert f["total_passageiros"].value == 3 and f["total_passageiros"].confidence < CONFIDENT
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


def _ocr_lines(lines: list[list[tuple[str, float]]]) -> Extraction:
    """An OCR'd page from words with their own confidences, one list per line."""
    return _page_of([[(None, t, c) for t, c in words] for words in lines], "ocr")


def test_cnae_codes_keep_their_own_certainty_beside_an_illegible_one():
    sure = 0.93
    ext = _ocr_lines([
        [(w, sure) for w in "COMPROVANTE DE INSCRIÇÃO ESTADUAL".split()],
        [(w, sure) for w in "CNAE FISCAL PRINCIPAL".split()],
        [("4929-9/02", 0.92)] + [(w, sure) for w in "- Transporte rodoviário coletivo de passageiros".split()],
        [(w, sure) for w in "CNAE FISCAL SECUNDÁRIA".split()],
        [("4929-9/01", 0.85)] + [(w, sure) for w in "- Transporte rodoviário coletivo municipal".split()],
        [("[rata", 0.51)] + [(w, sure) for w in "- Serviço de transporte de passageiros".split()],
    ])
    f = parsers.parse("inscricao_estadual", ext)["cnae"]
    assert f.value == ["4929-9/02", "4929-9/01"]
    assert f.confidence == 0.5  # a code line is illegible: the list may miss a code
    assert [r.confidence for r in f.rows] == [0.92, 0.85]


def _contract_prints(first: float, second: float | None, number: str = "41.318.410/0001-65") -> Extraction:
    lines = [[(w, 0.95) for w in "inscrita no CNPJ sob o nº".split()] + [(number + ",", first)]]
    if second is not None:
        lines.append([("CONTRATADA", 0.93), ("-", 0.91), ("CNPJ", 0.87), (number, second)])
    return _ocr_lines(lines)


def _lifted(ext: Extraction, value: str = "41318410000165", conf: float = common.MISREAD) -> float:
    from intake.doctypes._repeated import repeated
    from domain.documents import Field

    fields = {"contratado_documento": Field(value=value, confidence=conf, page=1)}
    return repeated(fields, ext, "contrato_fretamento")["contratado_documento"].confidence


def test_a_wrong_check_digit_printed_twice_and_read_alike_is_what_the_document_prints():
    assert _lifted(_contract_prints(0.92, 0.74)) == CONFIDENT


def test_a_wrong_check_digit_stays_a_probable_misread_without_a_second_sure_print():
    assert _lifted(_contract_prints(0.92, None)) == common.MISREAD  # printed once
    assert _lifted(_contract_prints(0.92, 0.40)) == common.MISREAD  # the other print near-illegible
    assert _lifted(_contract_prints(0.80, 0.78)) == common.MISREAD  # neither read sure
    # the other print reads another number: no echo
    assert _lifted(_contract_prints(0.92, 0.92, "41.318.410/0001-62")) < CONFIDENT


def test_only_failing_check_digits_are_lifted_by_a_repeat():
    # a valid number read unsure is check digits' business (verified()), not the repeat's
    assert _lifted(_contract_prints(0.92, 0.74, "41.318.410/0001-62"), "41318410000162", 0.6) == 0.6


def _itinerary_clause(route: list[tuple[str, float]]) -> Extraction:
    head = [(w, 0.95) for w in "CONTRATO DE PRESTAÇÃO DE SERVIÇOS DE TRANSPORTE".split()]
    clause = [("Parágrafo", 0.96), ("primeiro", 0.93), ("–", 0.89), ("Itinerário:", 0.94)] + route
    return _ocr_lines([head, clause, [("Parágrafo", 0.95), ("segundo", 0.95), ("–", 0.9), ("Horários:", 0.95),
                                      ("ida", 0.95), ("06h20", 0.95)]])


def _route(*stops: tuple[str, float]) -> list[tuple[str, float]]:
    out: list[tuple[str, float]] = []
    for k, (text, c) in enumerate(stops):
        out += ([("-", 0.92)] if k else []) + [(w, c) for w in text.split()]
    return out


def test_an_itinerary_with_one_unsure_stop_is_still_described():
    ext = _itinerary_clause(_route(("Guaíba", 0.95), ("BR-116", 0.20), ("Ponte do Guaíba", 0.94),
                                   ("Porto Alegre", 0.95)))
    fields = parsers.parse("contrato_fretamento", ext)
    assert fields["itinerario"].value.startswith("Guaíba - BR-116")
    assert fields["itinerario"].confidence < CONFIDENT  # the text itself is unsure
    assert (fields["itinerario_descrito"].value, fields["itinerario_descrito"].confidence >= CONFIDENT) == (True, True)


def test_a_short_or_mostly_unsure_route_is_not_surely_described():
    for route in (_route(("Guaíba", 0.95), ("BR-116", 0.20)),  # two stops: nothing to outvote the unsure one
                  _route(("Guaíba", 0.95), ("BR-116", 0.20), ("Pont3 do Guaiba", 0.4), ("Porto Alegre", 0.95))):
        f = parsers.parse("contrato_fretamento", _itinerary_clause(route))["itinerario_descrito"]
        assert f.value is True and f.confidence < CONFIDENT


def test_an_itinerary_referred_to_an_annex_is_not_described():
    ext = _itinerary_clause([(w, 0.95) for w in "Conforme Grade de Itinerário anexa".split()])
    fields = parsers.parse("contrato_fretamento", ext)
    assert fields["itinerario"].value is None and fields["itinerario_descrito"].value is None


def test_a_failing_check_digit_the_renderings_agreed_on_keeps_its_read():
    def span(votes: int) -> Span:
        return Span(1, (Word(text="509.823.681-97", bbox=(0.1, 0.1, 0.3, 0.12), conf=0.91, votes=votes),))

    assert common.ident("cpf", "509.823.681-97", span(0), ocr=True).confidence == common.MISREAD
    assert common.ident("cpf", "509.823.681-97", span(4), ocr=True).confidence == 0.91
    # from a text layer a wrong digit is printed anyway
    assert common.ident("cpf", "509.823.681-97", span(0), ocr=False).value == "50982368197"


def test_a_passenger_cpf_the_renderings_agreed_on_is_judged_as_printed():
    def lista(votes: int):
        ext = _page_of([[(0.3, "LISTA DE PASSAGEIROS", 0.95)], [(0.06, "CONTRATO Nº: 12/2026", 0.95)],
                        [(0.06, "Nº", 0.95), (0.12, "NOME COMPLETO", 0.95), (0.6, "CPF", 0.95)],
                        [(0.06, "1", 0.95), (0.12, "ANA LIMA", 0.95), (0.6, "529.982.247-25", 0.92)],
                        [(0.06, "2", 0.95), (0.12, "JOAO SOUZA", 0.95), (0.6, "509.823.681-97", 0.92)]], "ocr")
        page = ext.pages[0]
        last = page.lines[-1]
        words = last.words[:-1] + (last.words[-1].model_copy(update={"votes": votes}),)
        page = page.model_copy(update={"lines": page.lines[:-1] + (Line(words=words),)})
        return parsers.parse("lista_passageiros", ext.model_copy(update={"pages": (page,)}))["passageiros"]

    assert lista(0).rows[1].document_confidence < CONFIDENT  # a misread digit, probably
    assert lista(4).rows[1].document_confidence >= CONFIDENT  # printed so: the rules may fail it


def test_a_coverage_amount_picked_from_several_with_no_limit_column_is_unsure():
    # no header names the limits' column: of 'R$ 80.000,00' and 'R$ 312,40' on the row, which is
    # the limit is a guess (a scan read the premium's column as the limit at 0.96)
    from intake.doctypes.apolice_seguro import GUESSED_COLUMN, _scan_limits
    from intake.doctypes._common import Reader

    ext = _page_of([[(0.06, "APÓLICE DE SEGURO RCF-V", 1.0)],
                    [(0.06, "Acidentes Pessoais por Passageiro - Morte", 1.0), (0.55, "R$ 80.000,00", 1.0),
                     (0.78, "R$ 312,40", 1.0)],
                    [(0.06, "RC Passageiros", 1.0), (0.55, "R$ 1.500.000,00", 1.0)]])
    found, caps = _scan_limits(Reader(ext, "apolice_seguro"))
    assert found["ap_morte"][0][0] == 80000.0 and caps["ap_morte"] == GUESSED_COLUMN < CONFIDENT
    assert found["rc_passageiros"][0][0] == 1500000.0 and "rc_passageiros" not in caps  # one amount: no guess


def test_a_coverage_row_printing_an_amount_and_that_amount_times_the_seats_names_both_bases():
    # the header read only in part ('LMI'), two limits under it: 50.000,00 per passenger beside
    # 2.250.000,00 for the 45 seats (a scan once read the total as AP at 0.94)
    from intake.doctypes.apolice_seguro import GUESSED_COLUMN, _scan_limits
    from intake.doctypes._common import Reader

    ext = _page_of([[(0.06, "Coberturas", 1.0), (0.40, "Prêmio", 1.0), (0.66, "LMI", 1.0)],
                    [(0.06, "APP - Invalidez", 1.0), (0.40, "R$ 4.104,83", 1.0), (0.58, "R$ 2.250.000,00", 1.0),
                     (0.76, "R$ 50.000,00", 1.0)]])
    found, caps = _scan_limits(Reader(ext, "apolice_seguro"), 45)
    assert [(v, b) for v, _, b in found["ap_invalidez"]] == [(50000.0, "passageiro"), (2250000.0, "veiculo")]
    assert "ap_invalidez" not in caps
    found, caps = _scan_limits(Reader(ext, "apolice_seguro"))  # seats unknown: which of the two is a guess
    assert caps["ap_invalidez"] == GUESSED_COLUMN < CONFIDENT


def test_a_passage_read_by_ocr_is_for_review_as_a_value_a_text_layers_is_not():
    from intake.doctypes._passage import passages
    from domain.documents import STATED, Field

    spec = doctypes.fields("contrato_fretamento")
    times = "saída de Juiz de Fora às 07h10, de segunda a sexta-feira; retorno às 17h00"
    found = {"horarios": Field(value=times, confidence=0.93, page=1),
             "origem": Field(value="Juiz de Fora/MG", confidence=0.93, page=1)}  # short: as read
    for source, want in (("ocr", (STATED, CONFIDENT)), ("pdf_text", (0.93, 0.93))):
        ext = Extraction(media_type="application/pdf", sha256="0" * 64, page_count=1,
                         pages=(Page(number=1, source=source, width=1, height=1),))
        out = passages(found, ext, spec)
        assert out["origem"].confidence == 0.93
        assert want[0] <= out["horarios"].confidence <= want[1]
        assert (out["horarios"].confidence < CONFIDENT) == (source == "ocr")


def test_lista_kinds_whose_header_was_lost_are_read_from_the_names_or_the_cells_beside_them():
    head = [[(0.3, "LISTA DE PASSAGEIROS")], [(0.06, "Nº"), (0.12, "NOME COMPLETO"), (0.6, "DOCUMENTO")]]
    run_on = [[(0.06, "1"), (0.12, "ANA LIMA SOUZA CPF"), (0.6, "529.982.247-25")],
              [(0.06, "2"), (0.12, "JOÃO DE SOUZA MAT"), (0.6, "20254727")],
              [(0.06, "3"), (0.12, "RITA NASCIMENTO"), (0.6, "1784060")]]  # a surname is no kind
    f = parsers.parse("lista_passageiros", _table_ext(head + run_on))["passageiros"].value
    assert [(p["nome"], p["documento_tipo"]) for p in f] == [
        ("ANA LIMA SOUZA", "cpf"), ("JOÃO DE SOUZA", "matricula"), ("RITA NASCIMENTO", None)]
    beside = [[(0.3, "LISTA DE PASSAGEIROS")], [(0.06, "ASSINATURA"), (0.3, "NOME"), (0.6, "DOCUMENTO")],
              [(0.06, "RG"), (0.3, "ANA LIMA"), (0.6, "7167975275")],
              [(0.06, "RG"), (0.3, "JOÃO SOUZA"), (0.6, "3232072")]]
    f = parsers.parse("lista_passageiros", _table_ext(beside))["passageiros"].value
    assert [p["documento_tipo"] for p in f] == ["rg", "rg"]


def test_lista_total_printed_under_any_of_its_labels_is_checked():
    rows = [[(0.3, "LISTA DE PASSAGEIROS")], [(0.06, "Nº"), (0.12, "NOME COMPLETO"), (0.6, "CPF")],
            [(0.06, "1"), (0.12, "ANA LIMA"), (0.6, "529.982.247-25")],
            [(0.06, "2"), (0.12, "JOAO SOUZA"), (0.6, "111.444.777-35")],
            [(0.5, "QUANTIDADE DE PASSAGEIROS:"), (0.8, "33")]]  # the rows of a page not read
    f = parsers.parse("lista_passageiros", _table_ext(rows))
    assert f["total_passageiros"].value == 33 and f["total_passageiros"].confidence < CONFIDENT
    assert f["passageiros"].confidence < CONFIDENT


def test_an_alphanumeric_cnpj_whose_check_digits_hold_for_a_look_alike_as_well_is_unsure():
    from domain.ids.cnpj import has_look_alike_twin as _dv_twin
    from intake.reading.identifiers import verified
    from domain.documents import Field

    # 'Q' weighs 33 and '0' 0: the same modulo 11, so the check digits cannot tell them apart
    assert _dv_twin("8JC0EC80000156") and _dv_twin("8JC0EC8Q000156")
    assert not _dv_twin("11222333000181")  # digits only: no look-alike letter makes it alphanumeric
    f = verified(Field(value="8JC0EC80000156", confidence=0.7), "cnpj", ocr=True)
    assert f.confidence < CONFIDENT
    assert verified(Field(value="8JC0EC80000156", confidence=1.0), "cnpj", ocr=False).confidence == 1.0


def test_a_town_read_glued_or_split_is_unsure():
    from intake.doctypes.contrato_fretamento import _town_shaped

    assert all(map(_town_shaped, ["Erechim/RS", "Santa Bárbara d'Oeste/SP", "Embu-Guaçu - SP", "PORTO ALEGRE/RS",
                                  "Ipatinga/MG (portaria principal da usina)"]))
    assert not any(map(_town_shaped, ["ErechimyRS", "Mar ingá/PR"]))


def test_a_limits_header_cut_short_still_spans_its_column():
    """'LIMITE MÁXIMO DE' (its 'INDENIZAÇÃO' lost) over the limits, a premium column beside it
    whose header was not read: the limit is taken, not the premium, and unsure."""
    def row(text, x, y, conf):
        out = []
        for t in text.split():
            out.append(Word(text=t, bbox=(x, y, x + 0.0095 * len(t), y + 0.012), conf=conf))
            x += 0.0095 * len(t) + 0.008
        return out

    lines = [row("COBERTURAS E LIMITES MÁXIMOS DE INDENIZAÇÃO", 0.085, 0.595, 0.95),
             row("LIMITE MÁXIMO DE", 0.727, 0.613, 0.96)]
    for y, name, premium, limit in ((0.679, "RC PASSAGEIROS", "R$ 2.316,28", "R$ 1.500.000,00"),
                                    (0.694, "APP - MORTE ACIDENTAL", "R$ 4.496,06", "R$ 60.000,00"),
                                    (0.725, "ASSISTÊNCIA MÉDICA E HOSPITALAR (DMH)", "R$ 963,32", "R$ 20.000,00")):
        lines.append(row(name, 0.221, y, 0.95) + row(premium, 0.635, y, 0.96) + row(limit, 0.781, y, 0.96))
    page = Page(number=1, source="ocr", width=1500, height=2000, lines=tuple(Line(words=tuple(ws)) for ws in lines))
    f = parsers.parse("apolice_seguro", Extraction(media_type="image/jpeg", sha256="0" * 64, page_count=1,
                                                   pages=(page,)))
    assert (f["ap_por_passageiro"].value, f["rc_por_veiculo"].value, f["dmh_por_passageiro"].value) == \
        (60000.0, 1500000.0, 20000.0)
    assert max(f[k].confidence for k in ("ap_por_passageiro", "rc_por_veiculo", "dmh_por_passageiro")) < CONFIDENT
