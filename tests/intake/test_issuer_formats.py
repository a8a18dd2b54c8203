"""Documents as issuers commonly print them, outside the sample generator's layouts: a town's
alvará stating its validity in a sentence and its date under the text, an occupational health
certificate (ASO) naming a worker, an inspection certificate citing the rule it applies."""

from __future__ import annotations

from intake import doctypes as parsers
from tests.intake.test_parsers_unit import _ext, _page_of


def test_an_alvara_valid_until_a_date_said_in_a_sentence_and_dated_under_the_text():
    lines = [
        "PREFEITURA MUNICIPAL DE CAXIAS DO SUL", "Secretaria Municipal da Receita",
        "ALVARÁ DE LOCALIZAÇÃO E FUNCIONAMENTO", "Nº 2026/004512",
        "Razão Social: VIAÇÃO SERRANA TURISMO LTDA", "CNPJ: 11.222.333/0001-81",
        "O presente alvará é válido até 31/12/2026 e deve ser afixado em local visível.",
        "Caxias do Sul, 15 de janeiro de 2026.",
    ]
    f = parsers.parse("alvara", _ext(lines))
    assert (f["data_emissao"].value, f["validade"].value) == ("2026-01-15", "2026-12-31")


def test_an_aso_names_its_worker():
    lines = [
        "CLÍNICA MEDICINA DO TRABALHO SAÚDE PLENA", "ATESTADO DE SAÚDE OCUPACIONAL - ASO",
        "Exame: PERIÓDICO", "Trabalhador: MARCOS ANTÔNIO RIBEIRO          CPF: 529.982.247-25",
        "Função: Motorista de ônibus", "Parecer: APTO para a função.", "Caxias do Sul, 20 de novembro de 2026.",
        "Dra. Helena Castro Vieira - CRM/RS 28.741",
    ]
    f = parsers.parse("atestado_medico", _ext(lines))
    assert f["titular_nome"].value == "MARCOS ANTÔNIO RIBEIRO"


def test_a_cited_acts_number_is_not_the_certificates_own():
    lines = [
        "CERTIFICADO DE INSPEÇÃO TÉCNICA VEICULAR - CITV",
        "Proprietário: VIAÇÃO SERRANA TURISMO LTDA", "Placa: IXY4B21",
        "Certificamos que o veículo foi inspecionado conforme a Portaria Inmetro",
        "nº 30/2004 e o RTQ 5, em condições de segurança para circulação.",
        "Resultado da inspeção: APROVADO",
    ]
    assert parsers.parse("laudo_inspecao", _ext(lines))["numero"].value != "30/2004"
    numbered = lines[:1] + ["Nº do Certificado: CITV-2026-0045871"] + lines[1:]
    assert parsers.parse("laudo_inspecao", _ext(numbered))["numero"].value == "CITV-2026-0045871"


def test_an_insurers_cnpj_far_right_on_its_letterhead_row():
    ext = _page_of([
        [(0.06, "BRADESCO AUTO/RE COMPANHIA DE SEGUROS", 1.0), (0.67, "CNPJ 92.682.038/0001-00", 1.0)],
        [(0.06, "APÓLICE DE SEGURO - RESPONSABILIDADE CIVIL FACULTATIVA DE VEÍCULOS", 1.0)],
        [(0.06, "Apólice: 0971.31.000.4512", 1.0), (0.5, "Emissão: 25/02/2026", 1.0)],
        [(0.06, "Segurado: VIAÇÃO SERRANA TURISMO LTDA", 1.0), (0.64, "CNPJ: 11.222.333/0001-81", 1.0)],
        [(0.06, "Vigência: das 24h de 01/03/2026 às 24h de 01/03/2027", 1.0)],
    ])
    f = parsers.parse("apolice_seguro", ext)
    assert f["seguradora_cnpj"].value == "92682038000100"
    assert f["segurado_documento"].value == "11222333000181"


MUNICIPAL_CONTRACT = [
    "CONTRATO ADMINISTRATIVO Nº 045/2026",
    "CONTRATO DE PRESTAÇÃO DE SERVIÇOS DE TRANSPORTE ESCOLAR QUE ENTRE SI CELEBRAM O MUNICÍPIO DE",
    "CAXIAS DO SUL E A EMPRESA VIAÇÃO SERRANA TURISMO LTDA.",
    "O MUNICÍPIO DE CAXIAS DO SUL, pessoa jurídica de direito público interno, inscrito no CNPJ sob o nº",
    "88.830.609/0001-39, doravante denominado CONTRATANTE, e a empresa VIAÇÃO SERRANA TURISMO LTDA,",
    "inscrita no CNPJ sob o nº 11.222.333/0001-81, doravante denominada CONTRATADA, com fundamento na",
    "Lei nº 14.133/2021, têm entre si justo e contratado o que segue:",
    "CLÁUSULA SEGUNDA - DA VIGÊNCIA",
    "2.1. O prazo de vigência do presente contrato será de 12 (doze) meses, contados a partir de",
    "02/03/2026, podendo ser prorrogado nos termos da lei.",
    "CLÁUSULA QUARTA - DO ITINERÁRIO E HORÁRIOS",
    "4.1. O itinerário compreende: Vila Cristina, Estrada Municipal VRS-814, Linha Feijó, EMEF Santa Rita.",
    "Horários: saída às 06h40 e retorno às 12h15, de segunda a sexta-feira.",
    "Caxias do Sul, 20 de fevereiro de 2026.",
]


def test_a_contracts_term_counted_from_its_start_and_its_itinerary_said_in_a_sentence():
    f = parsers.parse("contrato_fretamento", _ext(MUNICIPAL_CONTRACT))
    assert f["numero_contrato"].value == "045/2026"
    assert f["vigencia_inicio"].value == "2026-03-02"
    # twelve months from 02/03/2026 end on the day of the same number (Código Civil, art. 132 § 3º),
    # a date worked out, not printed
    assert f["vigencia_fim"].value == "2027-03-02" and f["vigencia_fim"].confidence == 0.9
    assert f["itinerario"].value == "Vila Cristina, Estrada Municipal VRS-814, Linha Feijó, EMEF Santa Rita"
    assert f["horarios"].value.startswith("saída às 06h40")


def test_an_itinerary_pointing_to_an_annex_is_no_value():
    lines = MUNICIPAL_CONTRACT[:11] + ["4.1. O itinerário constante do Anexo I: conforme planilha da Secretaria."]
    assert parsers.parse("contrato_fretamento", _ext(lines))["itinerario"].value is None


def test_a_passenger_lists_columns_nobody_named_bound_the_named_ones():
    """'Órgão emissor' and 'Poltrona' are in no vocabulary: their cells are no part of the
    document number left of them (a seat's '02' after a CPF made it 13 digits)."""
    cols = (0.06, 0.1, 0.42, 0.55, 0.7, 0.88)
    header = ["Item", "Nome do passageiro", "Documento", "Número", "Órgão emissor", "Poltrona"]
    people = [("1", "ANA PAULA MORETTI", "RG", "1098765432", "SSP/RS", "01"),
              ("2", "BRUNO DALL AGNOL", "CPF", "529.982.247-25", "-", "02")]
    ext = _page_of([[(0.06, "RELAÇÃO DE PASSAGEIROS", 1.0)]]
                   + [[(x, text, 1.0) for x, text in zip(cols, row)] for row in [header, *people]]
                   + [[(0.06, "Total de passageiros: 2", 1.0)]])
    rows = parsers.parse("lista_passageiros", ext)["passageiros"].value
    assert [(p["nome"], p["documento_tipo"], p["documento"]) for p in rows] == [
        ("ANA PAULA MORETTI", "rg", "1098765432"), ("BRUNO DALL AGNOL", "cpf", "52998224725")]


def _dare_pdf() -> bytes:
    """A state's fee form as it prints: numbered boxes, a small label over a bold value."""
    import io

    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=A4)
    h = A4[1]

    def box(x, y, w, label, value):
        c.rect(x, h - y - 28, w, 28)
        c.setFont("Helvetica", 6.5)
        c.drawString(x + 3, h - y - 9, label)
        c.setFont("Helvetica-Bold", 9)
        c.drawString(x + 3, h - y - 23, value)

    c.setFont("Helvetica-Bold", 11)
    c.drawString(40, h - 54, "DOCUMENTO DE ARRECADAÇÃO DE RECEITAS ESTADUAIS - DARE-SP")
    box(40, 70, 330, "01 - NOME OU RAZÃO SOCIAL", "VIAÇÃO PAULISTA FRETAMENTO LTDA")
    box(370, 70, 185, "05 - CNPJ OU CPF", "04.252.011/0001-10")
    box(40, 98, 330, "10 - OBSERVAÇÕES", "Taxa de vistoria veicular - placa FRT2A34")
    box(370, 98, 185, "14 - VALOR TOTAL", "R$ 350,00")
    c.setFont("Helvetica", 8)
    c.drawString(40, h - 150, "Data do pagamento: 18/02/2026")
    c.save()
    return out.getvalue()


def test_labels_printed_with_ou_for_the_slash():
    """'NOME OU RAZÃO SOCIAL' over its box: a slash's label as a state's form prints it, and its
    'OU' never taken for a name."""
    import ocr

    f = parsers.parse("comprovante_taxa", ocr.read(_dare_pdf()))
    assert (f["titular_nome"].value, f["titular_documento"].value) == ("VIAÇÃO PAULISTA FRETAMENTO LTDA", "04252011000110")
    assert (f["valor"].value, f["placa"].value) == (350.0, "FRT2A34")


def test_a_lone_ou_is_no_name():
    from intake.page.layout import Span
    from intake.reading import shapes
    from ocr.model import Word

    span = Span(1, (Word(text="OU", bbox=(0.1, 0.1, 0.13, 0.12), conf=1.0),))
    assert shapes.name(span).value is None


def test_a_numbered_boxs_label_is_never_the_value_beside_another_label():
    """'01 - NOME OU RAZÃO SOCIAL      05 - CNPJ OU CPF' on one row: right of the first label
    stands the next box's number and label, no value."""
    ext = _page_of([
        [(0.06, "GUIA DE RECOLHIMENTO", 1.0)],
        [(0.06, "01 - NOME OU RAZÃO SOCIAL", 1.0), (0.64, "05 - CNPJ OU CPF", 1.0)],
        [(0.06, "VIAÇÃO PAULISTA FRETAMENTO LTDA", 1.0), (0.64, "04.252.011/0001-10", 1.0)],
        [(0.06, "10 - OBSERVAÇÕES", 1.0), (0.64, "14 - VALOR TOTAL", 1.0)],
        [(0.06, "Taxa de vistoria veicular", 1.0), (0.64, "R$ 350,00", 1.0)],
    ])
    assert "CNPJ" not in str(parsers.parse("comprovante_taxa", ext)["titular_nome"].value)


def test_a_policy_titled_by_its_insurers_product_name():
    from intake.classify import classify

    ext = _ext([
        "PORTO SEGURO COMPANHIA DE SEGUROS GERAIS", "CNPJ: 61.198.164/0001-60 - Código SUSEP: 05886",
        "SEGURO DE RESPONSABILIDADE CIVIL - TRANSPORTE DE PASSAGEIROS POR FRETAMENTO",
        "Nº da Apólice 1.31.0045.887.2   Início de Vigência 01/03/2026   Fim de Vigência 01/03/2027",
        "Segurado TRANSPORTES ROTA SUL FRETAMENTO LTDA   CPF/CNPJ 11.222.333/0001-81",
        "GARANTIAS   IMPORTÂNCIA SEGURADA (R$)   FRANQUIA",
        "Responsabilidade Civil - Passageiros (por veículo)   1.550.000,00   não há",
        "Acidentes Pessoais Passageiros - Morte (por passageiro)   50.000,00   não há",
    ])
    kind, conf = classify(ext)
    assert kind == "apolice_seguro" and conf >= 0.8


def test_a_small_number_right_after_a_label_is_its_value_not_a_box_number():
    """'Lotação: 44- Placa: ...': '44-' after its label is the value, though a box number is
    written so; a box number opens a run of words."""
    ext = _ext(["CERTIFICADO DE INSPEÇÃO TÉCNICA VEICULAR", "Proprietário: VIAÇÃO SERRANA TURISMO LTDA",
                "Lotação: 44- Placa: IXY4B21", "Resultado: APROVADO"])
    f = parsers.parse("laudo_inspecao", ext)
    assert (f["lotacao"].value, f["placa"].value) == (44, "IXY4B21")


def test_a_list_whose_unnamed_column_heads_both_pages_reads_every_row():
    """Its header printed again on page 2 names the same columns: the unnamed one is no column
    the second header must name too (else that header would be read as a passenger)."""
    from ocr.model import Extraction

    cols = (0.06, 0.1, 0.42, 0.55, 0.88)
    header = ["Item", "Nome do passageiro", "Documento", "Número", "Poltrona"]

    def page(rows, title):
        return _page_of([[(0.06, title, 1.0)]] + [[(x, t, 1.0) for x, t in zip(cols, r)] for r in [header, *rows]]).pages[0]

    one = page([("1", "ANA PAULA MORETTI", "RG", "1098765432", "01"), ("2", "BRUNO DALL AGNOL", "CPF", "529.982.247-25", "02")],
               "RELAÇÃO DE PASSAGEIROS")
    two = page([("3", "CAMILA ROSSI FERRARI", "RG", "2087654321", "03")], "RELAÇÃO DE PASSAGEIROS (continuação)")
    ext = Extraction(media_type="application/pdf", sha256="0" * 64, page_count=2,
                     pages=(one, two.model_copy(update={"number": 2})))
    rows = parsers.parse("lista_passageiros", ext)["passageiros"].value
    assert [(p["nome"], p["documento"]) for p in rows] == [
        ("ANA PAULA MORETTI", "1098765432"), ("BRUNO DALL AGNOL", "52998224725"), ("CAMILA ROSSI FERRARI", "2087654321")]
