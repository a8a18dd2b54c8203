"""Labels no vocabulary lists, told apart from values by where they stand and what they hold: a
key/value table's key column, a header row over a line of values, a rule or a dash before the
next label, a term's two dates under labels of their own. Hand-built pages; coordinates are
fractions of the page."""

from __future__ import annotations

from domain.documents import CONFIDENT, Field
from intake.pipeline import parse_as
from intake.reading.finish import finished
from tests.intake.test_reading_toolkit import ext, row

VALUES_X = 0.32  # where a key/value table's value column starts


def _kv(y, key, value, key_x=0.05):
    return row(key, key_x, y) + row(value, VALUES_X, y)


def _crlv(*words):
    head = row("CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO", 0.20, 0.03)
    return parse_as(ext(head + [w for ws in words for w in ws]), "crlv", 1, 1)


def test_a_key_value_row_read_whole_under_a_heading_gives_the_value_cell_unsure():
    f = _crlv(row("PLACA: IWG0E07", 0.05, 0.08),
              row("PROPRIETÁRIO", 0.05, 0.40),
              _kv(0.42, "DETENTOR DO VEÍCULO", "VÍTOR CASTRO"),
              _kv(0.44, "CPF", "976.610.161-25"),
              _kv(0.46, "ENDEREÇO", "Rua Sete de Setembro, 2816"))
    got = f["proprietario_nome"]
    assert got.value in (None, "VÍTOR CASTRO")
    assert got.value is None or got.confidence < CONFIDENT


def test_an_unknown_key_read_alone_as_the_name_gives_way_to_the_cell_beside_it():
    f = _crlv(row("PLACA: IWG0E07", 0.05, 0.08),
              row("PROPRIETÁRIO", 0.05, 0.40),
              _kv(0.42, "DETENTOR DO VEÍCULO -", "VIAÇÃO SERRA AZUL LTDA"),
              _kv(0.44, "INSCRIÇÃO DO TITULAR -", "98.173.123/0001-29"),
              _kv(0.46, "ENDEREÇO -", "Rodovia RS-122, km 14"))
    got = f["proprietario_nome"]
    assert got.value != "DETENTOR DO VEÍCULO"
    assert got.value is None or got.confidence < CONFIDENT


def _contract(*words):
    head = row("CONTRATO DE FRETAMENTO CONTÍNUO", 0.30, 0.03)
    return parse_as(ext(head + [w for ws in words for w in ws]), "contrato_fretamento", 1, 1)


def test_a_header_row_over_a_line_of_values_labels_the_values_under_it_not_the_next_header():
    xs = (0.05, 0.24, 0.44, 0.64, 0.80)
    heads = ("Contraprestação", "Cidade de Origem", "Placa do Veículo", "Encerramento", "Início de Vigência")
    values = ("R$ 3.130,13", "Bauru/SP", "FLY-2691", "09/12/2026", "13/05/2026")
    words = [_kv(0.10, "Nome da Contratante -", "FUNDAÇÃO ESCOLA PRIMAVERA"),
             _kv(0.12, "CPF da Contratante -", "98.115.911/0001-69"),
             _kv(0.14, "Endereço -", "Rua Barão do Rio Branco, 2850")]
    for x, h, v in zip(xs, heads, values):
        words += [row(h, x, 0.20), row(v, x, 0.215)]
    got = _contract(*words)["origem"]
    assert got.value != "Placa do Veículo"
    assert got.value == "Bauru/SP" or got.value is None or got.confidence < CONFIDENT


def _policy(*words):
    head = row("ESPECIFICAÇÃO DA APÓLICE - SEGURO DE ÔNIBUS", 0.20, 0.03) + row("Apólice nº 5550001234", 0.05, 0.06)
    return parse_as(ext(head + [w for ws in words for w in ws]), "apolice_seguro", 1, 1)


def test_a_start_label_over_a_row_of_dates_gives_no_term_of_the_neighbours_dates():
    f = _policy(row("DATA DE PROTOCOLO", 0.05, 0.20), row("CERTIFICADO Nº", 0.35, 0.20), row("VIGÊNCIA INÍCIO", 0.65, 0.20),
                row("13/08/2024", 0.05, 0.215), row("489443883", 0.35, 0.215), row("29/08/2024", 0.65, 0.215),
                row("FINAL DA COBERTURA", 0.05, 0.24), row("29/08/2025", 0.05, 0.255))
    ini, fim = f["vigencia_inicio"], f["vigencia_fim"]
    assert ini.value == "2024-08-29" or ini.confidence < CONFIDENT
    assert fim.value in (None, "2025-08-29") or fim.confidence < CONFIDENT
    assert not (ini.value == "2024-08-13" and ini.confidence >= CONFIDENT)


def test_a_name_made_of_label_words_only_is_unsure():
    f = _policy(row("SEGURADORA", 0.05, 0.18), row("Documento do Titular do Seguro", 0.05, 0.20))
    got = f["seguradora_nome"]
    assert got.value is None or got.confidence < CONFIDENT


def test_a_label_set_apart_by_a_dash_before_a_name_leaves_the_name_after_it_unsure():
    f = _contract(row("DADOS DA CONTRATADA", 0.05, 0.18),
                  row("EMPRESA DE TRANSPORTE - SOL NASCENTE FRETAMENTO E TURISMO LTDA", 0.05, 0.20),
                  row("CNPJ DA CONTRATADA: 55.027.976/0001-40", 0.05, 0.22))
    got = f["contratado_nome"]
    assert not (got.value and got.value.startswith("EMPRESA DE TRANSPORTE") and got.confidence >= CONFIDENT)


def test_a_name_run_past_a_wide_gap_into_the_next_boxs_label_is_unsure():
    f = _contract(row("DO OBJETO", 0.05, 0.30),
                  row("CIDADE DE EMBARQUE Ponta Grossa/PR", 0.05, 0.32) + row("CHEGADA EM Apucarana/PR", 0.45, 0.32),
                  row("ESCOLA ATENDIDA ESCOLA TÉCNICA PORTO NOVO", 0.05, 0.34) + row("VEÍCULO (PLACA) AVN5F48", 0.55, 0.34))
    got = f["instituicao_destino"]
    assert got.value is None or "VEÍCULO" not in got.value or got.confidence < CONFIDENT
    assert got.value is None or got.confidence < CONFIDENT


def test_a_name_made_of_labels_words_whoever_read_it_is_unsure():
    words = row("RELAÇÃO DE PASSAGEIROS", 0.30, 0.03) + row("EMITIDA EM CNPJ PLACA CNH MOTORISTA", 0.35, 0.08)
    read = Field(value="EMITIDA EM CNPJ PLACA CNH MOTORISTA", confidence=1.0, page=1, bbox=[0.35, 0.08, 0.75, 0.092])
    got = finished("lista_passageiros", ext(words), {"contratante_nome": read})["contratante_nome"]
    assert got.value is None or got.confidence < CONFIDENT


def test_a_qualification_cut_at_an_address_leaves_its_number_unsure():
    # the prose's 'X, ... CNPJ ..., doravante denominada ROLE' read back to an address line
    # before it: the number read with that 'name' may be anybody's (a representative's CPF)
    from intake.doctypes.contrato_fretamento import _Table, _party
    from intake.doctypes._common import Reader
    from intake.reading.parties import Party

    read = Party(Field(value="ENDERECO Rua Sete de Setembro", confidence=1.0, page=1),
                 Field(value="37415182987", confidence=1.0, page=1), "", "before")
    r = Reader(ext(row("CONTRATO DE FRETAMENTO", 0.3, 0.03)), "contrato_fretamento")
    nome, doc, _ = _party("contratado", _Table(r, None, r.x), [read])
    assert nome.confidence < CONFIDENT and doc.confidence < CONFIDENT


def test_a_town_read_on_past_its_uf_into_the_next_label_ends_at_the_uf():
    f = _contract(row("DO OBJETO", 0.05, 0.30),
                  row("Local de Origem - Maringá/PR Placa do Veículo - ATJ6697", 0.05, 0.32))
    got = f["origem"]
    assert got.value in (None, "Maringá/PR") or got.confidence < CONFIDENT


def test_a_company_name_read_on_past_its_legal_form_ends_there():
    words = row("APÓLICE DE SEGURO", 0.3, 0.03) + \
        row("BANDEIRA SEGUROS GERAIS S.A. Inscrição da Empresa de Seguros", 0.05, 0.10)
    read = Field(value="BANDEIRA SEGUROS GERAIS S.A. Inscrição da Empresa de Seguros", confidence=0.9, page=1,
                 bbox=[0.05, 0.10, 0.70, 0.112])
    got = finished("apolice_seguro", ext(words), {"seguradora_nome": read})["seguradora_nome"]
    assert got.value == "BANDEIRA SEGUROS GERAIS S.A."


def test_a_line_whose_only_insurer_word_is_its_labels_names_no_insurer():
    f = _policy(row("DADOS DO SEGURADO", 0.05, 0.20),
                row("CONTRATANTE DO SEGURO PLANALTO VERDE FRETAMENTO E TURISMO LTDA", 0.05, 0.22),
                row("CNPJ/CPF DO TOMADOR 49.452.796/0001-02", 0.05, 0.24))
    for name in ("seguradora_nome", "seguradora_cnpj"):
        got = f[name]
        assert got.value is None or got.confidence < CONFIDENT, name


def test_a_surname_sa_is_no_company_form():
    words = row("CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO", 0.2, 0.03) + row("MARIA SÁ SANTOS", 0.05, 0.10)
    read = Field(value="MARIA SÁ SANTOS", confidence=1.0, page=1, bbox=[0.05, 0.10, 0.25, 0.112])
    got = finished("crlv", ext(words), {"proprietario_nome": read})["proprietario_nome"]
    assert got.value == "MARIA SÁ SANTOS"


def test_a_place_made_of_labels_words_is_a_label_read_where_the_town_was_looked_for():
    words = row("LOCAL DE PARTIDA Blumenau/SC", 0.06, 0.30) + row("VEICULO (PLACA) MAP0J86", 0.06, 0.33)
    read = Field(value="VEICULO (PLACA)", confidence=1.0, page=1, bbox=[0.06, 0.33, 0.20, 0.342])
    got = finished("contrato_fretamento", ext(words), {"origem": read})["origem"]
    assert got.value is None or got.confidence < CONFIDENT
    # a town is no label, whatever words it shares with them
    town = Field(value="Blumenau/SC", confidence=1.0, page=1, bbox=[0.22, 0.30, 0.33, 0.312])
    assert finished("contrato_fretamento", ext(words), {"origem": town})["origem"].confidence == 1.0
