"""A fleet policy whose coverages are a table's columns under group headers, one row per insured
vehicle, on hand-built pages: each cell's coverage comes from its column's header and the group
header over it (a label set over several columns, centred or left-aligned, in any order), never
from its place; 'Invalidez' is never death. Coordinates are fractions of the page."""

from __future__ import annotations

from domain.documents import CONFIDENT
from intake.doctypes import apolice_seguro as apolice
from tests.intake.test_reading_toolkit import ext, row

HEADS = [("Item", 0.02), ("Placa", 0.08), ("Lugares", 0.17), ("Morte", 0.27), ("Invalidez", 0.38), ("DMH", 0.50),
         ("DM", 0.60), ("DC", 0.70), ("Prêmio (R$)", 0.83)]


def _fleet(groups, heads=HEADS, items=(("001", "ABC1D23", "44", "150.000,00", "100.000,00", "30.000,00",
                                        "200.000,00", "2.000.000,00", "9.876,54"),), y=0.40):
    words = row("APÓLICE DE SEGURO - FROTA", 0.30, 0.08) + row("Apólice nº 5550001234", 0.08, 0.12)
    for text, x in groups:
        words += row(text, x, y)
    for text, x in heads:
        words += row(text, x, y + 0.02)
    for n, item in enumerate(items):
        for (_, x), cell in zip(heads, item):
            words += row(cell, x, y + 0.04 + n * 0.02)
    return apolice.parse(ext(words), "apolice_seguro")


def test_coverage_columns_under_group_headers_are_read_by_column_and_group():
    centred = [("Veículo", 0.09), ("APP - por passageiro (R$)", 0.29), ("RCF-V Passageiros - por veículo (R$)", 0.55)]
    f = _fleet(centred)
    # death 150 000 and disability 100 000 apart: the lesser binds, whatever column comes first
    assert (f["ap_por_passageiro"].value, f["ap_por_passageiro"].confidence) == (100_000.0, 1.0)
    assert (f["dmh_por_passageiro"].value, f["dmh_por_passageiro"].confidence) == (30_000.0, 1.0)
    assert (f["rc_por_veiculo"].value, f["rc_por_veiculo"].confidence) == (2_000_000.0, 1.0)
    assert (f["placa"].value, f["assentos"].value) == ("ABC1D23", 44)


def test_groups_in_another_order_and_spelling_left_aligned():
    heads = [("Placa", 0.02), ("Lug. segurados", 0.09), ("Danos Materiais", 0.24), ("Danos Corporais", 0.40),
             ("Invalidez Permanente", 0.56), ("Morte Acidental", 0.77), ("DMHO", 0.93)]
    groups = [("RC Facultativa - por evento", 0.24), ("Acidentes Pessoais - por passageiro", 0.56)]
    items = (("XYZ9K87", "28", "100.000,00", "500.000,00", "60.000,00", "90.000,00", "12.000,00"),)
    f = _fleet(groups, heads, items)
    # 'Invalidez Permanente' first: disability, never death
    assert (f["ap_por_passageiro"].value, f["ap_por_passageiro"].confidence) == (60_000.0, 1.0)
    assert f["dmh_por_passageiro"].value == 12_000.0 and f["dmh_por_passageiro"].confidence >= CONFIDENT
    # bodily damage under an RC group that names neither passengers nor third parties: unsure
    assert f["rc_por_veiculo"].value == 500_000.0
    assert f["rc_por_veiculo"].confidence < CONFIDENT
    assert (f["placa"].value, f["assentos"].value) == ("XYZ9K87", 28)


def test_a_column_under_a_third_party_group_is_never_rc_towards_passengers():
    groups = [("APP - por passageiro", 0.29), ("RCF-V Terceiros - por veículo", 0.60)]
    f = _fleet(groups)
    assert f["rc_por_veiculo"].value is None or f["rc_por_veiculo"].confidence < CONFIDENT
    assert f["ap_por_passageiro"].value == 100_000.0


def test_vehicles_insured_for_different_amounts_leave_the_amount_unsure():
    items = (("001", "ABC1D23", "44", "150.000,00", "100.000,00", "30.000,00", "200.000,00", "2.000.000,00", "9.876,54"),
             ("002", "DEF2G34", "46", "150.000,00", "120.000,00", "30.000,00", "200.000,00", "2.000.000,00", "9.876,54"))
    f = _fleet([("APP - por passageiro (R$)", 0.29), ("RCF-V Passageiros - por veículo (R$)", 0.55)], items=items)
    assert f["ap_por_passageiro"].value == 100_000.0 and f["ap_por_passageiro"].confidence < CONFIDENT
    assert (f["dmh_por_passageiro"].value, f["dmh_por_passageiro"].confidence) == (30_000.0, 1.0)
    assert f["placa"].confidence < CONFIDENT  # two vehicles: which is the packet's is not said here


def _cnpj(base: str) -> tuple[str, str]:
    from domain.ids import cnpj as cnpj_id
    v = base + cnpj_id.check_digits(base)
    return v, f"{v[:2]}.{v[2:5]}.{v[5:8]}/{v[8:12]}-{v[12:]}"


INSURED = _cnpj("112223330001")
BROKER = _cnpj("445556660001")
INSURER = _cnpj("778889990001")


def _letterhead_page(footer: list, insurer_label: bool = False) -> list:
    """A policy whose insurer is named only in its footer (its logo an image): the insured's
    and the broker's blocks each print a CNPJ of their own."""
    words = (row("APÓLICE DE SEGURO - FROTA", 0.30, 0.08) + row("Apólice nº 5550001234", 0.08, 0.12)
             + row("SEGURADO", 0.08, 0.16) + row("Nome: Viação Horizonte Azul Ltda", 0.08, 0.18)
             + row(f"CNPJ: {INSURED[1]}", 0.08, 0.20)
             + row(f"Corretor: Pereira & Filhos Corretora de Seguros Ltda - CNPJ {BROKER[1]}", 0.08, 0.24))
    for n, text in enumerate(footer):
        words += row(text, 0.08, 0.92 + n * 0.018)
    return apolice.parse(ext(words), "apolice_seguro")


def test_the_insurer_named_only_in_the_footer_with_its_cnpj():
    for footer in ([f"Atlântida Seguros Gerais S.A. - CNPJ {INSURER[1]} - Av. Rio Branco, 100 - Rio de Janeiro/RJ"],
                   ["Atlântida Seguros Gerais S.A.", f"CNPJ/MF nº {INSURER[1]} · Av. Rio Branco, 100"]):
        f = _letterhead_page(footer)
        assert (f["seguradora_cnpj"].value, f["seguradora_nome"].value) == (INSURER[0], "Atlântida Seguros Gerais S.A."), footer
        assert f["seguradora_cnpj"].confidence >= CONFIDENT and f["seguradora_nome"].confidence >= CONFIDENT
        assert f["segurado_documento"].value == INSURED[0]


def test_a_footer_company_that_does_not_say_it_insures_is_unsure():
    f = _letterhead_page([f"Atlântida Serviços Gerais Ltda - CNPJ {INSURER[1]} - Av. Rio Branco, 100"])
    assert f["seguradora_cnpj"].value in (None, INSURER[0])
    assert f["seguradora_cnpj"].confidence < CONFIDENT and f["seguradora_nome"].confidence < CONFIDENT


def test_insured_seats_under_their_own_header():
    words = (row("APÓLICE DE SEGURO", 0.30, 0.08) + row("Placa", 0.08, 0.20) + row("Marca/Modelo", 0.25, 0.20)
             + row("Lugares segurados", 0.55, 0.20) + row("ABC1D23", 0.08, 0.22) + row("MARCOPOLO/PARADISO", 0.25, 0.22)
             + row("46", 0.55, 0.22))
    f = apolice.parse(ext(words), "apolice_seguro")
    assert (f["assentos"].value, f["placa"].value) == (46, "ABC1D23")
    assert f["assentos"].confidence >= CONFIDENT


def test_a_cover_printed_over_each_column_of_its_own():
    # 'APP' over 'Morte', 'APP' over 'Invalidez', ...: each column's header on two lines
    heads = [("Placa", 0.04), ("Morte", 0.20), ("Invalidez", 0.36), ("DMH", 0.52), ("DC", 0.68)]
    groups = [("APP", 0.20), ("APP", 0.36), ("APP", 0.52), ("RC Passageiros", 0.68)]
    items = (("ABC1D23", "100.000,00", "80.000,00", "25.000,00", "1.500.000,00"),)
    f = _fleet(groups, heads, items)
    assert f["ap_por_passageiro"].value == 80_000.0
    assert f["dmh_por_passageiro"].value == 25_000.0
    assert f["rc_por_veiculo"].value == 1_500_000.0
    # no basis printed anywhere (per passenger or per vehicle): the customary one, unsure
    assert f["ap_por_passageiro"].confidence == apolice.UNDECIDED_BASIS < CONFIDENT


def _crlv(plate: str, conf: float = 1.0):
    from domain.documents import Document, Field
    return Document(id="doc-1", filename="crlv.pdf", sha256="a" * 64, type="crlv", type_confidence=1.0,
                    text_source="pdf_text", fields={"placa": Field(value=plate, confidence=conf, page=1)})


def _policy(items):
    from domain.documents import Document
    fields = _fleet([("APP - por passageiro (R$)", 0.29), ("RCF-V Passageiros - por veículo (R$)", 0.55)], items=items)
    return Document(id="doc-2", filename="apolice.pdf", sha256="b" * 64, type="apolice_seguro", type_confidence=1.0,
                    text_source="pdf_text", fields=fields)


TWO = (("001", "ABC1D23", "44", "150.000,00", "100.000,00", "30.000,00", "200.000,00", "2.000.000,00", "9.876,54"),
       ("002", "DEF2G34", "46", "150.000,00", "120.000,00", "30.000,00", "200.000,00", "2.000.000,00", "9.876,54"))


def test_each_vehicle_of_a_fleet_is_an_entry_with_its_own_seats_and_coverages():
    f = _policy(TWO).fields["veiculos"]
    assert [(v["placa"], v["assentos"], v["ap_por_passageiro"]) for v in f.value] == \
        [("ABC1D23", 44, 100_000.0), ("DEF2G34", 46, 120_000.0)]
    assert [rr.confidence for rr in f.rows] == [1.0, 1.0]


def test_the_packets_crlv_names_the_fleets_row_and_the_policy_takes_that_rows_vehicle():
    from validators.fleet_row import CODE, fleet_rows_chosen
    crlv, policy = fleet_rows_chosen([_crlv("DEF2G34"), _policy(TWO)])
    got = {k: (policy.fields[k].value, policy.fields[k].confidence)
           for k in ("placa", "assentos", "ap_por_passageiro", "dmh_por_passageiro")}
    assert got == {"placa": ("DEF2G34", 1.0), "assentos": (46, 1.0), "ap_por_passageiro": (120_000.0, 1.0),
                   "dmh_por_passageiro": (30_000.0, 1.0)}
    assert [p.code for p in policy.problems] == [CODE] and crlv.fields["placa"].value == "DEF2G34"
    # the same vehicle's older plate form names the same row
    _, again = fleet_rows_chosen([_crlv("DEF2634"), _policy(TWO)])
    assert again.fields["placa"].value == "DEF2G34"


def test_no_row_is_chosen_on_an_unsure_crlv_plate_a_plate_on_no_row_or_two_vehicles_of_one_fleet():
    from validators.fleet_row import fleet_rows_chosen
    for docs in ([_crlv("DEF2G34", 0.6), _policy(TWO)], [_crlv("GHI3J45"), _policy(TWO)],
                 [_crlv("ABC1D23"), _crlv("DEF2G34").model_copy(update={"id": "doc-3"}), _policy(TWO)]):
        policy = fleet_rows_chosen(docs)[-1]
        assert policy.fields["placa"].confidence < CONFIDENT and policy.problems == []


def test_two_coverages_headers_set_close_are_two_columns_as_the_amounts_under_them_say():
    # 'Morte Acidental Invalidez Permanente' read as one header run over two amounts, left-aligned
    heads = [("Placa", 0.02), ("Morte Acidental", 0.20), ("Invalidez Permanente", 0.33), ("DMH", 0.50),
             ("DC", 0.70)]
    items = (("ABC1D23", "R$ 80.000,00", "R$ 120.000,00", "20.000,00", "2.000.000,00"),)
    groups = [("APP - por passageiro", 0.26), ("RCF-V Passageiros - por veículo", 0.62)]
    f = _fleet(groups, heads, items)
    assert (f["ap_por_passageiro"].value, f["dmh_por_passageiro"].value) == (80_000.0, 20_000.0)


def test_a_death_column_at_a_centred_groups_edge_is_the_group_that_holds_it():
    # 'APP p/ passageiro' centred over Morte | Invalidez | DMH, its left edge right of Morte's,
    # nearer the RC group's label than its own: death is never RC's, so it is the APP's
    heads = [("DM", 0.04), ("DC", 0.14), ("Limite", 0.27), ("Morte", 0.53), ("Invalidez", 0.65), ("DMH", 0.78)]
    items = (("100.000,00", "1.000.000,00", "2.500.000,00", "60.000,00", "100.000,00", "20.000,00"),)
    groups = [("RCF-V por veículo", 0.06), ("RC do Transportador por veículo", 0.27), ("APP p/ passageiro", 0.63)]
    f = _fleet(groups, heads, items)
    assert (f["ap_por_passageiro"].value, f["ap_por_passageiro"].confidence) == (60_000.0, 1.0)


def test_a_brokers_susep_line_and_block_name_neither_the_insurer_nor_the_insured():
    from intake.pipeline import parse_as
    from tests.intake.test_reading_toolkit import ext, row
    words = (row("APÓLICE DE SEGURO", 0.30, 0.04) + row("Apólice nº 5550001234", 0.05, 0.08)
             + row("SEGURADO", 0.05, 0.12) + row("Nome: VIAÇÃO SERRANA LTDA", 0.05, 0.14)
             + row("CORRETOR", 0.05, 0.18) + row("Corretora: PONTE CORRETORA DE SEGUROS LTDA", 0.05, 0.20)
             + row(f"CNPJ: {BROKER[1]} | SUSEP 10.2030405", 0.05, 0.22)
             + row(f"CNPJ do segurado: {INSURED[1]}", 0.05, 0.60)
             + row(f"ATLÂNTIDA SEGUROS GERAIS S.A. - CNPJ {INSURER[1]} - Av. Brasil, 100", 0.05, 0.95))
    f = parse_as(ext(words), "apolice_seguro", 1, 1)
    assert f["seguradora_cnpj"].value != BROKER[0] and f["segurado_documento"].value != BROKER[0]


def test_two_coverages_read_as_one_header_run_are_split_where_the_amounts_start_past_a_wrapped_header():
    # 'Morte Acidental Invalidez' set close, 'Permanente' wrapped onto the next row: the amounts'
    # row is two rows under the header, and it still says where each column starts
    words = row("APÓLICE DE SEGURO", 0.30, 0.08) + row("APP - Acidentes Pessoais por Passageiro", 0.06, 0.415) \
        + row("RCF-V por veículo", 0.474, 0.415) + row("RCTR-VI por veículo", 0.746, 0.415)
    heads = [("Morte Acidental", 0.06), ("Invalidez", 0.212), ("Despesas Médicas", 0.342), ("Dm", 0.474),
             ("Dc", 0.615), ("Limite", 0.746)]
    for text, x in heads:
        words += row(text, x, 0.43)
    words += row("Permanente", 0.212, 0.45)
    for text, x in [("80.000,00", 0.06), ("R$ 60.000,00", 0.212), ("R$ 25.000,00", 0.342), ("R$ 200.000,00", 0.474),
                    ("1.000.000,00", 0.615), ("R$ 2.000.000,00", 0.746)]:
        words += row(text, x, 0.49)
    f = apolice.parse(ext(words), "apolice_seguro")
    assert (f["ap_por_passageiro"].value, f["ap_por_passageiro"].confidence) == (60_000.0, 1.0)
    assert (f["dmh_por_passageiro"].value, f["dmh_por_passageiro"].confidence) == (25_000.0, 1.0)


# --- headers wrapped, group labels set close or spaced wide, a table over two pages

WRAPPED = [("Nº", 0.02), ("Placa", 0.06), ("Lug.", 0.16), ("Morte", 0.24), ("Invalidez", 0.34), ("Despesas", 0.46),
           ("DM", 0.58), ("DC", 0.68), ("Limite", 0.80)]
SECOND_LINE = [("segurados", 0.16), ("Acidental", 0.24), ("Permanente", 0.34), ("Médicas", 0.46)]
ROWS = (("1", "ABC1D23", "44", "100.000,00", "100.000,00", "30.000,00", "200.000,00", "500.000,00", "2.000.000,00"),
        ("2", "DEF2G34", "46", "100.000,00", "100.000,00", "30.000,00", "200.000,00", "500.000,00", "2.000.000,00"))


def _wrapped_fleet(groups, rows_per_page=(ROWS,)):
    pages = []
    for n, items in enumerate(rows_per_page):
        words = row("APÓLICE DE SEGURO - FROTA", 0.30, 0.08) if n == 0 else []
        for text, x in groups:
            words += row(text, x, 0.38)
        for text, x in WRAPPED:
            words += row(text, x, 0.40)
        for text, x in SECOND_LINE:
            words += row(text, x, 0.412)
        for k, item in enumerate(items):
            for (_, x), cell in zip(WRAPPED, item):
                words += row(cell, x, 0.44 + k * 0.02)
        pages.append(words)
    return apolice.parse(ext(*pages), "apolice_seguro")


def test_a_header_on_two_lines_under_two_covers_set_close():
    # 'Despesas' / 'Médicas' is DMH; 'RCF-V por evento' and 'RC Passageiros por evento' read as one
    # run: the limit under the second is the passengers' RC, the DC under the first is not
    groups = [("APP por passageiro", 0.30), ("RCF-V por evento", 0.58), ("RC Passageiros por evento", 0.74)]
    f = _wrapped_fleet(groups)
    assert (f["dmh_por_passageiro"].value, f["dmh_por_passageiro"].confidence) == (30_000.0, 1.0)
    assert (f["rc_por_veiculo"].value, f["rc_por_veiculo"].confidence) == (2_000_000.0, 1.0)
    assert [v["assentos"] for v in f["veiculos"].value] == [44, 46]


def test_a_cover_label_spaced_wide_in_a_typewriter_face_is_one_label():
    # 'APP   POR   PASSAGEIRO': three runs of a row (two characters apart), one label over Morte,
    # Invalidez and Despesas
    groups = [("APP", 0.27), ("POR", 0.3185), ("PASSAGEIRO", 0.367), ("RC do Transportador por evento", 0.70)]
    f = _wrapped_fleet(groups)
    assert (f["ap_por_passageiro"].value, f["ap_por_passageiro"].confidence) == (100_000.0, 1.0)
    assert (f["dmh_por_passageiro"].value, f["dmh_por_passageiro"].confidence) == (30_000.0, 1.0)
    assert f["rc_por_veiculo"].value == 2_000_000.0


def test_a_fleets_table_going_on_over_the_next_page_is_read_whole():
    groups = [("APP por passageiro", 0.30), ("RC Passageiros por evento", 0.68)]
    third = ("3", "GHI3J45", "28", "100.000,00", "100.000,00", "30.000,00", "200.000,00", "500.000,00", "2.000.000,00")
    f = _wrapped_fleet(groups, (ROWS[:1], ROWS[1:] + (third,)))
    assert [v["placa"] for v in f["veiculos"].value] == ["ABC1D23", "DEF2G34", "GHI3J45"]
    assert f["placa"].confidence < CONFIDENT  # three vehicles: the packet's CRLV says which


def test_a_vehicles_field_its_fleet_row_does_not_print_is_for_a_person_to_confirm():
    from domain.documents import Field
    from validators.fleet_row import fleet_rows_chosen
    policy = _policy(TWO)
    fields = dict(policy.fields)
    fields["veiculos"] = fields["veiculos"].model_copy(update={
        "value": [{k: v for k, v in row.items() if k != "assentos"} for row in fields["veiculos"].value]})
    fields["assentos"] = Field(value=29, confidence=1.0, page=1)  # read under a column's header: its first cell
    _, chosen = fleet_rows_chosen([_crlv("DEF2G34"), policy.model_copy(update={"fields": fields})])
    assert chosen.fields["placa"].value == "DEF2G34" and chosen.fields["placa"].confidence >= CONFIDENT
    assert chosen.fields["assentos"].confidence < CONFIDENT


def test_fleets_drawn_at_random_are_read_row_by_row():
    """Fleet policies of the random layouts' development seeds (samples/gen/random_layout): beside
    a CRLV of the packet's vehicle, its row's plate, chassis, seats and coverages; none wrong and
    sure."""
    from domain.documents import Document, Field
    from intake.pipeline import read_file
    from samples.gen import random_layout as rl
    from validators.fleet_row import fleet_rows_chosen
    names = ("placa", "chassi", "assentos", "ap_por_passageiro", "dmh_por_passageiro", "rc_por_veiculo")
    right = total = 0
    for seed in range(20000, 20100):
        g = rl.digital("apolice_seguro", seed)
        if not g.meta["features"].get("fleet"):
            continue
        want = g.expected["fields"]
        crlv = Document(id="crlv", filename="crlv.pdf", sha256="c" * 64, type="crlv", type_confidence=1.0,
                        text_source="pdf_text", fields={"placa": Field(value=want["placa"], confidence=1.0)})
        policy = next(d for d in fleet_rows_chosen([*read_file(g.data, g.name), crlv]) if d.type == "apolice_seguro")
        for name in names:
            f = policy.fields[name]
            total += 1
            right += f.value == want[name] and f.confidence >= CONFIDENT
            assert f.value == want[name] or f.confidence < CONFIDENT, (seed, name, f.value, want[name])
    assert total >= 60 and right >= 0.9 * total, (right, total)
