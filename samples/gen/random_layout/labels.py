"""Label spellings: the project's vocabularies (intake/doctypes/*.yaml) and synonyms no
vocabulary lists, so a benchmark measures how a reader generalises, not how well it recalls its
own word lists. A synonym that a vocabulary comes to list stops being drawn as one (`synonyms`
drops it), so the split stays true as the vocabularies grow.
"""

from __future__ import annotations

import random
import re
import unicodedata
from functools import cache

from samples.gen.perturb import common as cm

# Labels a real issuer might print for each field, none of them (at the time of writing) in the
# vocabularies. Keyed by (type, field).
SYNONYMS: dict[tuple[str, str], list[str]] = {
    ("crlv", "placa"): ["IDENTIFICAÇÃO DA PLACA", "PLACA DE IDENTIFICAÇÃO", "PLACA VIGENTE", "MATRÍCULA DO VEÍCULO"],
    ("crlv", "renavam"): ["REGISTRO RENAVAM", "Nº DE REGISTRO NACIONAL", "CÓDIGO NACIONAL DO VEÍCULO"],
    ("crlv", "chassi"): ["NÚMERO DE IDENTIFICAÇÃO DO VEÍCULO", "IDENTIFICADOR VIN", "Nº DE SÉRIE DO CHASSI"],
    ("crlv", "exercicio"): ["LICENCIADO PARA", "ANO-BASE DO LICENCIAMENTO", "LICENCIAMENTO REFERENTE A"],
    ("crlv", "ano_fabricacao"): ["FABRICADO EM", "ANO DE FABRICO"],
    ("crlv", "ano_modelo"): ["VERSÃO DO ANO", "ANO DA VERSÃO"],
    ("crlv", "categoria"): ["CLASSE DE USO", "FINALIDADE DE USO", "REGIME DE USO"],
    ("crlv", "especie_tipo"): ["NATUREZA DO VEÍCULO", "CLASSIFICAÇÃO", "GÊNERO / TIPO"],
    ("crlv", "lotacao"): ["CAPACIDADE DE OCUPANTES", "ASSENTOS DISPONÍVEIS", "OCUPAÇÃO MÁXIMA"],
    ("crlv", "proprietario_nome"): ["TITULAR DO REGISTRO", "DETENTOR DO VEÍCULO", "EM NOME DE"],
    ("crlv", "proprietario_documento"): ["DOCUMENTO DO TITULAR", "INSCRIÇÃO DO TITULAR", "CNPJ/CPF DO TITULAR"],
    ("crlv", "data_emissao"): ["EXPEDIDO EM", "DATA DE EXPEDIÇÃO", "GERADO EM"],
    ("apolice_seguro", "numero_apolice"): ["CONTRATO DE SEGURO Nº", "IDENTIFICAÇÃO DO SEGURO", "Nº DO BILHETE/APÓLICE"],
    ("apolice_seguro", "seguradora_nome"): ["RESPONSÁVEL PELO RISCO", "EMPRESA DE SEGUROS", "ASSEGURADORA"],
    ("apolice_seguro", "seguradora_cnpj"): ["INSCRIÇÃO DA EMPRESA DE SEGUROS", "CNPJ DA EMITENTE"],
    ("apolice_seguro", "segurado_nome"): ["TITULAR DO SEGURO", "BENEFICIÁRIO DO SEGURO", "CONTRATANTE DO SEGURO"],
    ("apolice_seguro", "segurado_documento"): ["DOCUMENTO DO TITULAR DO SEGURO", "CNPJ/CPF DO TOMADOR"],
    ("apolice_seguro", "vigencia_inicio"): ["COBERTURA A PARTIR DE", "VÁLIDO DESDE", "INÍCIO DA COBERTURA"],
    ("apolice_seguro", "vigencia_fim"): ["COBERTURA ATÉ", "VÁLIDO ATÉ", "FINAL DA COBERTURA"],
    ("apolice_seguro", "placa"): ["IDENTIFICAÇÃO DA PLACA", "PLACA DO BEM SEGURADO"],
    ("apolice_seguro", "chassi"): ["NÚMERO DE IDENTIFICAÇÃO DO VEÍCULO", "IDENTIFICADOR VIN"],
    ("apolice_seguro", "renavam"): ["REGISTRO RENAVAM", "CÓDIGO NACIONAL DO VEÍCULO"],
    ("apolice_seguro", "assentos"): ["POLTRONAS", "CAPACIDADE DE OCUPANTES", "QTDE. DE POLTRONAS"],
    ("contrato_fretamento", "numero_contrato"): ["INSTRUMENTO Nº", "AJUSTE Nº", "REFERÊNCIA DO CONTRATO"],
    ("contrato_fretamento", "contratante_nome"): ["TOMADOR DO SERVIÇO", "CLIENTE", "PARTE CONTRATANTE"],
    ("contrato_fretamento", "contratante_documento"): ["CNPJ/CPF DO CLIENTE", "DOCUMENTO DO TOMADOR"],
    ("contrato_fretamento", "contratado_nome"): ["PRESTADORA DO SERVIÇO", "EMPRESA DE TRANSPORTE", "OPERADORA"],
    ("contrato_fretamento", "contratado_documento"): ["CNPJ DA PRESTADORA", "CNPJ DA OPERADORA"],
    ("contrato_fretamento", "data_assinatura"): ["FIRMADO EM", "CELEBRADO EM", "DATA DE CELEBRAÇÃO"],
    ("contrato_fretamento", "vigencia_inicio"): ["VÁLIDO A PARTIR DE", "COMEÇO DO SERVIÇO", "VIGORA DESDE"],
    ("contrato_fretamento", "vigencia_fim"): ["VÁLIDO ATÉ", "ENCERRAMENTO", "VIGORA ATÉ"],
    ("contrato_fretamento", "origem"): ["SAÍDA DE", "CIDADE DE EMBARQUE", "MUNICÍPIO DE SAÍDA"],
    ("contrato_fretamento", "destino"): ["CHEGADA EM", "CIDADE DE CHEGADA", "MUNICÍPIO DE CHEGADA"],
    ("contrato_fretamento", "instituicao_destino"): ["ESCOLA ATENDIDA", "UNIDADE DE ENSINO ATENDIDA"],
    ("contrato_fretamento", "valor"): ["PREÇO AJUSTADO", "CONTRAPRESTAÇÃO", "MONTANTE DO CONTRATO"],
    ("lista_passageiros", "contrato_numero"): ["INSTRUMENTO Nº", "VINCULADA AO AJUSTE Nº", "REF. CONTRATUAL"],
    ("lista_passageiros", "contratante_nome"): ["TOMADOR DO SERVIÇO", "CLIENTE", "ENTIDADE CONTRATANTE"],
    ("lista_passageiros", "instituicao"): ["ESCOLA ATENDIDA", "UNIDADE DE ENSINO ATENDIDA", "COLÉGIO/FACULDADE"],
    ("lista_passageiros", "total_passageiros"): ["QUANTIDADE TRANSPORTADA", "Nº DE PESSOAS", "SOMA DE PASSAGEIROS"],
}

# Table headers no vocabulary lists (passenger lists).
HEADER_SYNONYMS = {
    "nome": ["NOME DO USUÁRIO", "TRANSPORTADO(A)", "BENEFICIÁRIO(A)"],
    "doc": ["IDENTIFICADOR", "Nº DE IDENTIFICAÇÃO", "REGISTRO"],
    "tipo": ["MODALIDADE DO DOC.", "DOC. APRESENTADO"],
}


def fold(s: str) -> str:
    """Accents, case and punctuation aside: how two spellings are compared."""
    s = "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c))
    return re.sub(r"[^A-Z0-9]+", " ", s.upper()).strip()


@cache
def _vocab_spellings(doc_type: str) -> frozenset[str]:
    v = cm.vocab(doc_type)
    out: set[str] = set()
    for f in (v.get("fields") or {}).values():
        out.update(fold(s) for s in (f or {}).get("labels") or [])
    out.update(fold(s) for s in v.get("labels") or [])
    for sec in (v.get("sections") or {}).values():
        out.update(fold(s) for s in (sec or {}).get("headings") or [])
        for labs in ((sec or {}).get("fields") or {}).values():
            out.update(fold(s) for s in labs or [])
    for t in (v.get("tables") or {}).values():
        for labs in ((t or {}).get("columns") or {}).values():
            out.update(fold(s) for s in labs or [])
    return frozenset(out)


def in_vocabulary(doc_type: str, label: str) -> bool:
    return fold(label) in _vocab_spellings(doc_type) or fold(label) in _vocab_spellings("common")


def synonyms(doc_type: str, name: str) -> list[str]:
    """This field's synonyms that no vocabulary of its type lists."""
    return [s for s in SYNONYMS.get((doc_type, name), []) if not in_vocabulary(doc_type, s)]


def header_synonyms(doc_type: str, column: str) -> list[str]:
    return [s for s in HEADER_SYNONYMS.get(column, []) if not in_vocabulary(doc_type, s)]


def pick(rng: random.Random, doc_type: str, name: str, synonym_share: float) -> tuple[str, str]:
    """(spelling, 'vocabulary' or 'synonym') for a field's label."""
    syn = synonyms(doc_type, name)
    vocab = cm.field_labels(doc_type, name)
    if syn and (not vocab or rng.random() < synonym_share):
        return rng.choice(syn), "synonym"
    return rng.choice(vocab), "vocabulary"
