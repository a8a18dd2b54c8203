"""Document types: every contract type from its realistic titles; unrelated documents and
mere mentions stay unknown; titles dominate over words met in the text."""

from __future__ import annotations

import pytest

from domain import doctypes
from domain.documents import DOC_TYPES
from intake.classify import classify, rules
from ocr.model import Extraction, Line, Page, Word
from tests.intake.helpers import expected, samples


def page_of(lines: list[str], number: int = 1, source: str = "pdf_text") -> Page:
    out = []
    y = 0.05
    for text in lines:
        x = 0.08
        words = []
        for t in text.split():
            words.append(Word(text=t, bbox=(x, y, x + 0.011 * len(t), y + 0.012), conf=1.0 if source == "pdf_text" else 0.93))
            x += 0.011 * len(t) + 0.008
        out.append(Line(words=tuple(words)))
        y += 0.025
    return Page(number=number, source=source, width=595, height=842, lines=tuple(out))


def ext_of(*pages: list[str]) -> Extraction:
    return Extraction(media_type="application/pdf", sha256="0" * 64, page_count=len(pages),
                      pages=tuple(page_of(p, i + 1) for i, p in enumerate(pages)))


# Realistic first pages, one per type: heading plus a few of the phrases such documents print
# (a type added later may rely on its generated samples instead).
PAGES = {
    "crlv": ["REPÚBLICA FEDERATIVA DO BRASIL", "SECRETARIA NACIONAL DE TRÂNSITO - SENATRAN",
             "CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO - DIGITAL", "CÓDIGO RENAVAM",
             "PLACA EXERCÍCIO", "CHASSI", "LOTAÇÃO"],
    "apolice_seguro": ["ATLÂNTICO SUL COMPANHIA DE SEGUROS", "APÓLICE DE SEGURO - RCF-V ÔNIBUS",
                       "Segurado: TRANSPORTES X LTDA", "Vigência: das 24h de 01/03/2026 às 24h de 01/03/2027",
                       "Coberturas LMI Franquia", "APP Morte por passageiro 100.000,00"],
    "comprovante_pagamento_seguro": ["BANCO DO SUL S.A.", "Comprovante de pagamento",
                                     "Descrição: Prêmio do seguro - Apólice nº 123", "Valor pago R$ 1.000,00"],
    "contrato_fretamento": ["CONTRATO DE PRESTAÇÃO DE SERVIÇOS DE TRANSPORTE COLETIVO DE PASSAGEIROS",
                            "Pelo presente instrumento, de um lado, como CONTRATANTE, X",
                            "CLÁUSULA PRIMEIRA - DO OBJETO", "transporte de passageiros listados na Lista de Passageiros",
                            "CLÁUSULA SEGUNDA - DO SEGURO: a CONTRATADA manterá apólice de seguro"],
    "lista_passageiros": ["ANEXO II - LISTA DE PASSAGEIROS - FRETAMENTO CONTÍNUO ESCOLAR",
                          "CONTRATO Nº: 12/2026", "Nº NOME COMPLETO DOCUMENTO", "1 ANA SILVA CPF 123"],
    "grade_itinerario": ["ANEXO III - GRADE DE ITINERÁRIO", "MUNICÍPIO DE ORIGEM Canoas",
                         "MUNICÍPIO DE DESTINO Porto Alegre", "HORÁRIOS ida 06h20"],
    "requerimento": ["FUNDAÇÃO ESTADUAL DE PLANEJAMENTO METROPOLITANO E REGIONAL - METROPLAN", "REQUERIMENTO",
                     "X LTDA vem requerer à METROPLAN a autorização para viagens especiais",
                     "Nestes termos, pede deferimento."],
    "comprovante_taxa": ["BANRISUL", "COMPROVANTE DE PAGAMENTO", "GUIA DE ARRECADAÇÃO - GA",
                         "DESCRIÇÃO: METROPLAN - TAXA DE REQUERIMENTO", "VALOR PAGO: R$ 100,00"],
    "laudo_inspecao": ["METROPLAN", "LAUDO DE INSPEÇÃO TÉCNICA DE SEGURANÇA VEICULAR", "PLACA CHASSI",
                       "RESULTADO: APROVADO", "Eng. Mecânico CREA-RS"],
    "cartao_cnpj": ["REPÚBLICA FEDERATIVA DO BRASIL", "CADASTRO NACIONAL DA PESSOA JURÍDICA",
                    "COMPROVANTE DE INSCRIÇÃO E DE SITUAÇÃO CADASTRAL", "NÚMERO DE INSCRIÇÃO DATA DE ABERTURA",
                    "NOME EMPRESARIAL"],
    "contrato_social": ["X TRANSPORTES LTDA", "CONTRATO SOCIAL - 7ª ALTERAÇÃO E CONSOLIDAÇÃO",
                        "CLÁUSULA TERCEIRA - DO CAPITAL SOCIAL", "quotas integralizadas pelos sócios"],
    "documento_identidade": ["REPÚBLICA FEDERATIVA DO BRASIL", "CARTEIRA DE IDENTIDADE", "REGISTRO GERAL",
                             "FILIAÇÃO", "DATA DE NASCIMENTO"],
    "inscricao_estadual": ["SECRETARIA DA FAZENDA - RECEITA ESTADUAL", "COMPROVANTE DE INSCRIÇÃO ESTADUAL",
                           "Cadastro Geral de Contribuintes de Tributos Estaduais - CGC/TE", "CNAE FISCAL PRINCIPAL"],
    "alvara": ["PREFEITURA MUNICIPAL DE GUAÍBA", "ALVARÁ DE LOCALIZAÇÃO E FUNCIONAMENTO", "ATIVIDADE:",
               "VALIDADE: 31/12/2026"],
    "cnh": ["REPÚBLICA FEDERATIVA DO BRASIL", "CARTEIRA NACIONAL DE HABILITAÇÃO", "NOME", "CAT. HAB. D",
            "VALIDADE", "1ª HABILITAÇÃO", "OBSERVAÇÕES EAR"],
    "certidao": ["MINISTÉRIO DA FAZENDA", "CERTIDÃO NEGATIVA DE DÉBITOS RELATIVOS AOS TRIBUTOS FEDERAIS",
                 "Ressalvado o direito de a Fazenda cobrar", "Válida até 30/06/2026"],
    "atestado_antecedentes": ["ESTADO DO RIO GRANDE DO SUL", "INSTITUTO-GERAL DE PERÍCIAS",
                              "ATESTADO DE ANTECEDENTES CRIMINAIS", "NADA CONSTA", "Finalidade: trabalho"],
    "atestado_medico": ["ATESTADO DE SANIDADE FÍSICA E MENTAL", "Atesto que o paciente foi examinado",
                        "e encontra-se APTO", "Dr. X CRM-RS 12345"],
    "comprovante_endereco": ["RGE SUL DISTRIBUIDORA", "NOTA FISCAL/FATURA DE ENERGIA ELÉTRICA",
                             "UNIDADE CONSUMIDORA 123", "CONSUMO kWh", "VENCIMENTO"],
    "certificado_curso": ["SEST SENAT", "CERTIFICADO", "Certificamos que X concluiu o curso",
                          "CURSO ESPECIALIZADO PARA CONDUTORES DE VEÍCULOS DE TRANSPORTE COLETIVO DE PASSAGEIROS",
                          "Carga horária: 50 horas"],
    "crv": ["CERTIFICADO DE REGISTRO DE VEÍCULO", "CÓDIGO RENAVAM", "PLACA", "CHASSI", "PROPRIETÁRIO",
            "AUTORIZAÇÃO PARA TRANSFERÊNCIA"],
    "relacao_veiculos": ["X TRANSPORTES LTDA", "RELAÇÃO DE VEÍCULOS DA FROTA", "PLACA MODELO ANO LOTAÇÃO",
                         "IDA1B31 M.BENZ 2019 44"],
}

UNRELATED = {
    "letter": ["Porto Alegre, 10 de janeiro de 2026", "Prezado Senhor,",
               "Venho por meio desta informar que o passageiro esqueceu a mochila no ônibus.",
               "Atenciosamente,", "Maria"],
    "receipt": ["RECIBO", "Recebi de João da Silva a quantia de R$ 150,00 referente ao aluguel de cadeiras.",
                "Canoas, 5 de março de 2026"],
    "invoice": ["DANFE", "DOCUMENTO AUXILIAR DA NOTA FISCAL ELETRÔNICA", "INSCRIÇÃO ESTADUAL 096/123",
                "VALOR TOTAL DA NOTA R$ 2.000,00"],
    "blank": [],
}


def test_every_contract_type_has_rules():
    named = {t.name for t in rules().types}
    assert named - {"other"} == set(DOC_TYPES) - {"unknown"}
    # a page of every type is classified here: a hand-made one in PAGES, or a type's generated
    # samples (test_digital_samples_classify), so a new type needs no entry in this file
    sampled = {expected(exp)["type"] for exp, _ in samples("digital")}
    assert set(PAGES) <= set(DOC_TYPES) - {"unknown"}
    assert set(DOC_TYPES) - {"unknown"} <= set(PAGES) | sampled


def test_types_are_scored_in_doctypes_order():
    # scores() sorts stably: of two types scored alike the earlier ranks first, so the order is
    # doctypes.yaml's, with the headings of no type last
    assert [t.name for t in rules().types] == [*doctypes.names(), "other"]


@pytest.mark.parametrize("doc_type", sorted(PAGES))
def test_each_type_from_its_title(doc_type):
    kind, conf = classify(ext_of(PAGES[doc_type]))
    assert kind == doc_type
    assert 0.75 <= conf <= 1.0


@pytest.mark.parametrize("name", sorted(UNRELATED))
def test_unrelated_documents_are_unknown(name):
    kind, conf = classify(ext_of(UNRELATED[name]) if UNRELATED[name] else ext_of([""]))
    assert kind == "unknown"
    assert 0.0 <= conf <= 1.0


def test_titles_dominate_mentions():
    # a policy talks about passengers; a contract mentions the policy and the passenger list
    policy = ["APÓLICE DE SEGURO", "Cobertura de Acidentes Pessoais de Passageiros (APP)",
              "RC Passageiros por veículo", "Lista de passageiros não exigida"]
    assert classify(ext_of(policy))[0] == "apolice_seguro"
    contract = PAGES["contrato_fretamento"] + ["A CONTRATADA apresentará a apólice de seguro e a lista de passageiros"]
    assert classify(ext_of(contract))[0] == "contrato_fretamento"


def test_a_clause_heading_is_not_a_title():
    # page 2 of a contract: its clause heads must not start a passenger list
    page2 = ["CLÁUSULA QUINTA - DA LISTA DE PASSAGEIROS", "A lista de passageiros será entregue à METROPLAN",
             "CLÁUSULA SEXTA - DO FORO"]
    kind, conf = classify(ext_of(page2))
    assert kind == "unknown" or conf < 0.75


def test_a_label_is_not_a_title():
    kind, _ = classify(ext_of(["EXTRATO", "Apólice: 1031.53.390337", "Segurado: X LTDA", "Parcela 1/4 paga"]))
    assert kind != "apolice_seguro"


def test_ocr_noise_in_the_title():
    lines = ["CERTIFICADO DE REGISTRO E LICENClAMENTO DE VEICUL0 - DIGITAL", "CÓDIGO RENAVAM", "PLACA", "CHASSI"]
    ext = Extraction(media_type="image/png", sha256="0" * 64, page_count=1,
                     pages=(page_of(lines, source="ocr"),))
    assert classify(ext)[0] == "crlv"


@pytest.mark.parametrize("exp, doc", samples("digital"), ids=lambda p: p.name if hasattr(p, "name") else None)
def test_digital_samples_classify(exp, doc, digital_reads):
    want = expected(exp)["type"]
    docs = digital_reads[doc.name]
    assert [d.type for d in docs] == [want]


@pytest.mark.ocr
def test_scanned_samples_classify(scanned_reads):
    wrong = []
    for exp, doc in samples("scanned"):
        want = expected(exp)["type"]
        got = [d.type for d in scanned_reads[doc.name]]
        if got != [want]:
            wrong.append((doc.name, want, got))
    assert wrong == []


# ---------------------------------------------------------------- what a document lists


def test_one_vehicles_register_under_a_heading_nobody_lists_is_no_fleets_relation():
    # the keywords of a register are also a fleet relation's: the plates printed tell them apart
    register = ["DETRAN - EXTRATO DO VEÍCULO", "RENAVAM 00817353467", "PLACA IWG0E07", "PLACA ANTERIOR IWG0607",
                "CHASSI 9BM384067KB123456", "ESPÉCIE / TIPO PASSAGEIRO ÔNIBUS", "CATEGORIA ALUGUEL",
                "COMBUSTÍVEL DIESEL", "COR PREDOMINANTE BRANCA", "ANO FABRICAÇÃO 2019", "EXERCÍCIO 2024"]
    assert classify(ext_of(register))[0] == "crlv"
    fleet = ["FROTA DA EMPRESA", "PLACA RENAVAM CHASSI ANO LOTAÇÃO MODELO",
             *(f"IWG0E{i:02d} 0081735346{i} 9BM384067KB12345{i} 2019 44 MARCOPOLO" for i in range(4))]
    assert classify(ext_of(fleet))[0] != "crlv"


def test_a_table_of_people_with_their_cpfs_counts_for_a_passenger_list():
    from intake.classify import scores

    people = [f"{i} PESSOA NÚMERO {i} {100 + i:03d}.456.789-{10 + i:02d}" for i in range(1, 8)]
    few = scores(ext_of(["QUADRO DE EMBARQUE", "Nº NOME CPF", *people[:4]]))
    many = scores(ext_of(["QUADRO DE EMBARQUE", "Nº NOME CPF", *people]))
    kw = {s.name: s.keywords for s in few}
    assert {s.name: s.keywords for s in many}["lista_passageiros"] == kw["lista_passageiros"] + 1
