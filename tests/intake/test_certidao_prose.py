"""Certificates as their issuers print them: what they find, whose they are and how long they
hold, said in prose ('NÃO CONSTA condenação ... em nome de ...', 'válida por 90 (noventa) dias
a contar da data de sua emissão'), not in labelled cells.

The texts follow the public formats of the Polícia Federal's certidão de antecedentes, the TST's
CNDT and a state's certidão da dívida ativa, with made-up holders."""

from __future__ import annotations

from intake import doctypes as parsers
from tests.intake.test_parsers_unit import _ext

ANTECEDENTES_PF = [
    "MINISTÉRIO DA JUSTIÇA E SEGURANÇA PÚBLICA",
    "POLÍCIA FEDERAL",
    "CERTIDÃO DE ANTECEDENTES CRIMINAIS",
    "A Polícia Federal CERTIFICA, após pesquisa no Sistema Nacional de Informações Criminais - SINIC,",
    "que, até a presente data, NÃO CONSTA condenação com trânsito em julgado em nome de",
    "JOÃO CARLOS PEREIRA DA SILVA, nacionalidade brasileira, nascido(a) aos 12/03/1980, filho(a) de",
    "ANTÔNIO PEREIRA DA SILVA e de MARIA APARECIDA PEREIRA, CPF nº 529.982.247-25.",
    "Esta certidão é válida por 90 (noventa) dias a contar da data de sua emissão.",
    "Certidão expedida às 14h32 do dia 01/12/2026, com base no ato normativo vigente.",
    "Código de controle da certidão: 09A1.7F33.BC21.55E0",
]


def test_a_negated_consta_is_nothing_found_with_the_holder_and_term_read_from_prose():
    f = parsers.parse("atestado_antecedentes", _ext(ANTECEDENTES_PF))
    assert (f["resultado"].value, f["resultado"].confidence) == ("nada_consta", 0.95)
    assert f["titular_nome"].value == "JOÃO CARLOS PEREIRA DA SILVA"
    assert f["titular_documento"].value == "52998224725"
    assert f["data_emissao"].value == "2026-12-01"
    # a term counted from the issue leaves the issue day out: 01/12/2026 + 90 days
    assert f["validade"].value == "2027-03-01" and f["validade"].page == 1


def test_a_record_said_to_be_there_is_a_finding():
    lines = ANTECEDENTES_PF[:3] + [
        "Certificamos que CONSTAM os seguintes registros em nome de JOÃO CARLOS PEREIRA DA SILVA,",
        "CPF nº 529.982.247-25: Processo nº 0001234-56.2019.8.21.0001.",
        "Certidão expedida às 14h32 do dia 01/12/2026.",
    ]
    f = parsers.parse("atestado_antecedentes", _ext(lines))
    assert (f["resultado"].value, f["resultado"].confidence) == ("consta", 0.9)


def test_a_certificate_that_says_both_or_says_consta_alone_is_for_review():
    both = ANTECEDENTES_PF[:5] + ["CONSTA(M) processo(s) em andamento na Justiça Estadual."]
    assert parsers.parse("atestado_antecedentes", _ext(both))["resultado"].value is None
    bare = ANTECEDENTES_PF[:3] + ["Conforme consta no sistema, a pesquisa foi feita em 01/12/2026."]
    found = parsers.parse("atestado_antecedentes", _ext(bare))["resultado"]
    assert found.value == "consta" and found.confidence < 0.8


def test_a_term_with_no_issue_date_gives_no_validity():
    lines = [ln for ln in ANTECEDENTES_PF if "expedida" not in ln]
    f = parsers.parse("atestado_antecedentes", _ext(lines))
    assert f["data_emissao"].value is None and f["validade"].value is None


def test_a_state_certificate_with_its_issue_in_a_labelled_row_and_a_term():
    lines = [
        "GOVERNO DO ESTADO DE SÃO PAULO",
        "PROCURADORIA GERAL DO ESTADO",
        "Certidão Negativa de Débitos Tributários da Dívida Ativa do Estado de São Paulo",
        "CNPJ Base: 11.222.333/0001-81",
        "Ressalvado o direito da Fazenda do Estado de São Paulo de apurar débitos de responsabilidade",
        "da pessoa jurídica acima identificada, é certificado que NÃO CONSTAM débitos inscritos em",
        "Dívida Ativa de responsabilidade do interessado.",
        "Data e hora da emissão 01/12/2026 10:05:22 (hora de Brasília)",
        "Validade: 30 (TRINTA) dias, contados da data de emissão. (Res. Conj. SF/PGE 02, de 09/05/2013)",
        "Certidão nº 52498173",
    ]
    f = parsers.parse("certidao", _ext(lines))
    assert f["tipo_certidao"].value == "estadual"
    assert f["resultado"].value == "negativa"
    assert f["data_emissao"].value == "2026-12-01"
    assert f["validade"].value == "2026-12-31"  # not the resolution's date (09/05/2013)


def test_the_cndt_issue_date_after_expedicao():
    lines = [
        "PODER JUDICIÁRIO", "JUSTIÇA DO TRABALHO", "CERTIDÃO NEGATIVA DE DÉBITOS TRABALHISTAS",
        "Nome: VIAÇÃO SERRANA TURISMO LTDA", "(MATRIZ E FILIAIS) CNPJ: 11.222.333/0001-81",
        "Certidão nº: 41523987/2026", "Expedição: 01/12/2026, às 10:21:33",
        "Validade: 30/05/2027 - 180 (cento e oitenta) dias, contados da data", "de sua expedição.",
    ]
    f = parsers.parse("certidao", _ext(lines))
    assert f["tipo_certidao"].value == "trabalhista"
    assert (f["data_emissao"].value, f["validade"].value) == ("2026-12-01", "2027-05-30")


def test_a_positive_certificate_with_the_effect_of_a_negative_one_however_the_title_words_it():
    lines = [
        "PODER JUDICIÁRIO", "JUSTIÇA DO TRABALHO",
        "CERTIDÃO POSITIVA DE DÉBITOS TRABALHISTAS COM EFEITO DE NEGATIVA",
        "Nome: VIAÇÃO SERRANA TURISMO LTDA", "(MATRIZ E FILIAIS) CNPJ: 11.222.333/0001-81",
        "Expedição: 01/12/2026, às 10:21:33", "Validade: 30/05/2027 - 180 (cento e oitenta) dias",
        "Certifica-se que VIAÇÃO SERRANA TURISMO LTDA CONSTA do Banco Nacional de Devedores Trabalhistas",
        "com débito garantido ou exigibilidade suspensa.",
    ]
    f = parsers.parse("certidao", _ext(lines))
    assert (f["resultado"].value, f["resultado"].confidence) == ("positiva_efeito_negativa", 0.95)


def test_the_holder_on_the_line_after_em_nome_de_and_a_term_with_no_start_named():
    lines = [
        "POLÍCIA CIVIL DE MINAS GERAIS", "CERTIDÃO DE ANTECEDENTES CRIMINAIS",
        "Certificamos que, após consulta aos sistemas informatizados da Polícia Civil de Minas Gerais,",
        "NÃO CONSTAM registros de antecedentes criminais em nome de:",
        "MARCOS ANTÔNIO RIBEIRO",
        "CPF: 529.982.247-25    RG: MG-12.345.678",
        "Certidão emitida em 01/12/2026 às 09:40:12. Validade: 90 dias.",
    ]
    f = parsers.parse("atestado_antecedentes", _ext(lines))
    assert f["titular_nome"].value == "MARCOS ANTÔNIO RIBEIRO"
    assert f["resultado"].value == "nada_consta"
    assert (f["data_emissao"].value, f["validade"].value) == ("2026-12-01", "2027-03-01")


def test_a_court_certificate_is_criminal_by_its_title_and_names_whom_nothing_is_against():
    lines = [
        "PODER JUDICIÁRIO DO ESTADO DO RIO GRANDE DO SUL", "CERTIDÃO JUDICIAL CRIMINAL NEGATIVA",
        "CERTIFICO que, revendo os registros de distribuição de ações e execuções criminais do Estado",
        "do Rio Grande do Sul, NADA CONSTA contra MARCOS ANTÔNIO RIBEIRO, CPF 529.982.247-25,",
        "nascido em 12/03/1980, filho de JOSÉ RIBEIRO e de ANA MARIA RIBEIRO.",
        "Porto Alegre, 01 de dezembro de 2026.",
        "Esta certidão é válida por 6 (seis) meses a contar da data de sua expedição.",
    ]
    f = parsers.parse("certidao", _ext(lines))
    assert f["tipo_certidao"].value == "criminal"
    assert f["titular_nome"].value == "MARCOS ANTÔNIO RIBEIRO"
    assert (f["data_emissao"].value, f["validade"].value) == ("2026-12-01", "2027-06-01")


def test_a_term_counted_from_something_else_gives_no_validity():
    lines = ANTECEDENTES_PF[:8] + ["Certidão expedida às 14h32 do dia 01/12/2026.",
                                   "Validade: 10 dias úteis após o vencimento do boleto."]
    lines = [ln for ln in lines if "válida por" not in ln]
    assert parsers.parse("atestado_antecedentes", _ext(lines))["validade"].value is None


def test_a_term_in_months_ends_as_the_civil_code_counts():
    lines = ["CERTIDÃO NEGATIVA DE DÉBITOS MUNICIPAIS", "Nome: VIAÇÃO SERRANA TURISMO LTDA",
             "CNPJ: 11.222.333/0001-81", "Emitida em 31/01/2026.",
             "Esta certidão é válida por 1 (um) mês a contar da data de sua emissão."]
    f = parsers.parse("certidao", _ext(lines))
    # art. 132 § 3º: the day of the same number, or the next where the month has none
    assert (f["data_emissao"].value, f["validade"].value) == ("2026-01-31", "2026-03-01")
