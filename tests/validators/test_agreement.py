"""Confidence raised where another file of the packet reads the same value (validators/agreement.py),
on hand-built documents: how far each kind of agreement raises, and every case where it must not."""

from __future__ import annotations

from datetime import date

from domain.documents import AMBIGUOUS, CONFIDENT, MISREAD, REPAIRED, Document, Field
from domain.ids import cnpj, renavam
from validators import engine, rulebooks
from validators.agreement import CODE, raised_by_agreement

CARRIER_CNPJ = "11222333000181"
RENAVAM = "0038469115" + renavam.check_digit("0038469115")


def doc(n: int, kind: str, fields: dict[str, tuple[object, float]], *, source: str = "ocr",
        sha: str | None = None) -> Document:
    """Document d<n> of file n (its own sha256 unless given), fields as (value, confidence)."""
    return Document(id=f"d{n}", filename=f"arquivo{n}.pdf", sha256=sha or f"{n:x}" * 64, type=kind,
                    text_source=source, pages=1,
                    fields={k: Field(value=v, confidence=c, page=1, bbox=[0.1, 0.1, 0.3, 0.12])
                            for k, (v, c) in fields.items()})


def conf(docs: list[Document], i: int, name: str) -> float:
    return docs[i].fields[name].confidence


def notes(d: Document) -> list:
    return [p for p in d.problems if p.code == CODE]


# --- how far agreement raises

def test_an_unsure_plate_agreed_by_a_text_layer_is_near_certain_and_says_why() -> None:
    apolice = doc(1, "apolice_seguro", {"placa": ("IWE8828", 0.76)})
    crlv = doc(2, "crlv", {"placa": ("IWE8828", 1.0)}, source="pdf_text")
    out = raised_by_agreement([apolice, crlv])
    assert conf(out, 0, "placa") == 0.95
    assert conf(out, 1, "placa") == 1.0
    [note] = notes(out[0])
    assert (note.severity, note.document, note.field, note.value) == ("info", "d1", "placa", "IWE8828")
    assert "d2 (arquivo2.pdf, texto do PDF)" in note.message and "76%" in note.message and "95%" in note.message
    assert not notes(out[1])


def test_a_register_whose_title_left_it_unsure_is_vouched_for_once_its_fields_agree() -> None:
    # a vehicle's register printed from a web page: no register's title, its plate and chassis
    # read unsure on the photo, the same plate and chassis read sure on the policy
    fields = {"placa": ("IDB4G72", 0.76), "chassi": ("9BS77XNT9FE784594", 0.76), "renavam": (RENAVAM, 0.92),
              "exercicio": (2024, 0.96), "categoria": ("ALUGUEL", 0.96), "proprietario_documento": (CARRIER_CNPJ, 0.9)}
    crlv = doc(1, "crlv", fields).model_copy(update={"type_confidence": 0.72})
    apolice = doc(2, "apolice_seguro", {"placa": ("IDB4G72", 0.9), "chassi": ("9BS77XNT9FE784594", 0.9)})
    out = raised_by_agreement([crlv, apolice])
    assert out[0].type_confidence == 0.85
    [note] = [p for p in out[0].problems if p.code == "document.type_vouched"]
    assert note.document == "d1" and "outros documentos" in note.message
    # one field the packet does not bear out (the chassis read apart) but read in its shape, unsure
    # only of a glyph: the rest, sure, vouch for the type
    other = doc(2, "apolice_seguro", {"placa": ("IDB4G72", 0.9)})
    assert raised_by_agreement([crlv, other])[0].type_confidence == 0.85
    # read worse than that (a misread, at 0.5): the type stays as classified
    misread = crlv.model_copy(update={"fields": {**crlv.fields, "chassi": crlv.fields["chassi"].model_copy(
        update={"confidence": 0.5})}})
    assert raised_by_agreement([misread, other])[0].type_confidence == 0.72
    # nor is a type the classifier named from nothing of its own ever made sure
    untitled = crlv.model_copy(update={"type_confidence": 0.5})
    assert raised_by_agreement([untitled, apolice])[0].type_confidence == 0.5


def test_unsure_scans_agreeing_do_not_tell_a_chassis_letter_from_its_look_alike_digit() -> None:
    # every OCR run reads a chassis' Z as 2 alike, and both spell a valid chassis
    crlv = doc(1, "crlv", {"chassi": ("9BSM8GFDLPB865162", 0.76)})
    apolice = doc(2, "apolice_seguro", {"chassi": ("9BSM8GFDLPB865162", 0.56)})
    third = doc(3, "laudo_inspecao", {"chassi": ("9BSM8GFDLPB865162", 0.76)})
    out = raised_by_agreement([crlv, apolice, third])
    assert [conf(out, i, "chassi") for i in range(3)] == [0.76, 0.56, 0.76]
    # a sure read does tell it
    sure = doc(2, "apolice_seguro", {"chassi": ("9BSM8GFDLPB865162", 0.9)})
    assert conf(raised_by_agreement([crlv, sure]), 0, "chassi") == 0.9


def test_three_files_agreeing_count_as_a_sure_read() -> None:
    # (a plate whose fifth character is a 3: no letter looks like it, so no Mercosul plate reads alike)
    docs = [doc(1, "crlv", {"placa": ("GOF1390", 0.76)}), doc(2, "apolice_seguro", {"placa": ("GOF1390", 0.76)}),
            doc(3, "laudo_inspecao", {"placa": ("GOF1390", 0.46)})]
    out = raised_by_agreement(docs)
    assert [conf(out, i, "placa") for i in range(3)] == [0.9, 0.9, 0.9]
    # its fifth a 5, which an S of a Mercosul plate reads as: unsure reads do not tell them apart
    docs = [d.model_copy(update={"fields": {"placa": d.fields["placa"].model_copy(update={"value": "GOF1580"})}})
            for d in docs]
    assert [conf(raised_by_agreement(docs), i, "placa") for i in range(3)] == [0.76, 0.76, 0.46]


def test_a_sure_ocr_read_raises_a_plate_less_than_a_text_layer() -> None:
    out = raised_by_agreement([doc(1, "apolice_seguro", {"placa": ("IER2E06", 0.52)}),
                        doc(2, "comprovante_taxa", {"placa": ("IER2E06", 0.9)})])
    assert conf(out, 0, "placa") == 0.9


def test_a_policy_number_cited_by_its_payment_receipt() -> None:
    out = raised_by_agreement([doc(1, "apolice_seguro", {"numero_apolice": ("0531.2024.77187439", 0.76)}),
                        doc(2, "comprovante_pagamento_seguro", {"numero_apolice": ("0531202477187439", 0.7)})])
    # the dots are print: one number, two unsure reads of a long one
    assert (conf(out, 0, "numero_apolice"), conf(out, 1, "numero_apolice")) == (0.85, 0.85)


def test_a_short_number_needs_a_sure_read_to_agree() -> None:
    unsure = [doc(1, "contrato_fretamento", {"numero_contrato": ("FC 035/24", 0.76)}),
              doc(2, "lista_passageiros", {"contrato_numero": ("FC 035/24", 0.76)})]
    assert [conf(raised_by_agreement(unsure), i, n) for i, n in ((0, "numero_contrato"), (1, "contrato_numero"))] == [0.76, 0.76]
    sure = [unsure[0], doc(2, "lista_passageiros", {"contrato_numero": ("FC035/24", 0.95)})]
    assert conf(raised_by_agreement(sure), 0, "numero_contrato") == 0.9


def test_a_long_name_read_twice_by_ocr_is_raised_a_short_one_is_not() -> None:
    long_name = "Expresso Lagoa Azul Turismo Ltda"
    out = raised_by_agreement([doc(1, "contrato_fretamento", {"contratado_nome": (long_name, 0.75)}),
                        doc(2, "cartao_cnpj", {"titular_nome": (long_name.upper(), 0.7)})])
    assert (conf(out, 0, "contratado_nome"), conf(out, 1, "titular_nome")) == (0.8, 0.8)
    short = [doc(1, "contrato_fretamento", {"contratado_nome": ("Bom Fim Ltda", 0.75)}),
             doc(2, "cartao_cnpj", {"titular_nome": ("BOM FIM LTDA", 0.7)})]
    assert conf(raised_by_agreement(short), 0, "contratado_nome") == 0.75
    # a sure read of it vouches for a short name too (case, accents and punctuation folded)
    text = [short[0], doc(2, "apolice_seguro", {"segurado_nome": ("Bom Fim Ltda.", 1.0)}, source="pdf_text")]
    assert conf(raised_by_agreement(text), 0, "contratado_nome") == 0.9


def test_an_unsure_renavam_agreed_by_a_sure_read() -> None:
    out = raised_by_agreement([doc(1, "crlv", {"renavam": (RENAVAM, 0.78)}), doc(2, "apolice_seguro", {"renavam": (RENAVAM, 0.91)})])
    assert conf(out, 0, "renavam") == 0.95


def test_an_alphanumeric_cnpj_needs_more_than_another_ocr_run() -> None:
    base = "LJUZ2ZTV0001"
    value = base + cnpj.check_digits(base)
    ocr_only = [doc(1, "contrato_fretamento", {"contratado_documento": (value, 0.76)}),
                doc(2, "cartao_cnpj", {"titular_documento": (value, 0.76)})]
    assert conf(raised_by_agreement(ocr_only), 0, "contratado_documento") == 0.76  # Q/0 are misread alike every time
    text = [ocr_only[0], doc(2, "cartao_cnpj", {"titular_documento": (value, 1.0)}, source="pdf_text")]
    assert conf(raised_by_agreement(text), 0, "contratado_documento") == 0.95


# --- where it must not raise

def test_never_from_the_same_file() -> None:
    # a packet scanned into one PDF: two documents of one file, one OCR run
    one = "ab" * 32
    docs = [doc(1, "crlv", {"placa": ("IWE8828", 0.76)}, sha=one), doc(2, "apolice_seguro", {"placa": ("IWE8828", 0.76)}, sha=one)]
    out = raised_by_agreement(docs)
    assert (conf(out, 0, "placa"), conf(out, 1, "placa")) == (0.76, 0.76) and not notes(out[0])
    # the same file sent twice is one read too
    twice = [doc(1, "crlv", {"chassi": ("9BSM8GFDLPB865162", 0.76)}, sha=one),
             doc(2, "crlv", {"chassi": ("9BSM8GFDLPB865162", 0.76)}, sha=one)]
    assert conf(raised_by_agreement(twice), 0, "chassi") == 0.76


def test_never_a_failed_or_mended_check_digit() -> None:
    bad = RENAVAM[:-1] + str((int(RENAVAM[-1]) + 1) % 10)
    sure = doc(2, "crlv", {"renavam": (RENAVAM, 1.0), "proprietario_documento": (CARRIER_CNPJ, 1.0)}, source="pdf_text")
    out = raised_by_agreement([doc(1, "apolice_seguro", {"renavam": (bad, 0.76)}), sure])
    assert conf(out, 0, "renavam") == 0.76  # not of its shape: nothing to agree on
    # a CNPJ made valid by undoing a confusion (REPAIRED) or read below it may be a wrong digit
    # printed and mended into the carrier's own: a defect agreement must not hide
    for c in (REPAIRED, 0.65, MISREAD):
        out = raised_by_agreement([doc(1, "contrato_fretamento", {"contratado_documento": (CARRIER_CNPJ, c)}), sure])
        assert conf(out, 0, "contratado_documento") == c


def test_never_an_ambiguous_value_nor_on_an_ambiguous_read() -> None:
    name = "Expresso Lagoa Azul Turismo Ltda"
    out = raised_by_agreement([doc(1, "apolice_seguro", {"segurado_nome": (name, AMBIGUOUS)}),
                        doc(2, "cartao_cnpj", {"titular_nome": (name, 1.0)}, source="pdf_text")])
    assert conf(out, 0, "segurado_nome") == AMBIGUOUS
    out = raised_by_agreement([doc(1, "contrato_fretamento", {"contratado_nome": (name, 0.75)}),
                        doc(2, "apolice_seguro", {"segurado_nome": (name, AMBIGUOUS)}, source="pdf_text")])
    assert conf(out, 0, "contratado_nome") == 0.75


def test_never_on_a_near_illegible_read() -> None:
    out = raised_by_agreement([doc(1, "crlv", {"placa": ("IWE8828", 0.76)}), doc(2, "apolice_seguro", {"placa": ("IWE8828", 0.3)})])
    assert (conf(out, 0, "placa"), conf(out, 1, "placa")) == (0.76, 0.3)


def test_plates_that_differ_raise_nothing() -> None:
    # a policy of another vehicle: each read stays as it was
    docs = [doc(1, "crlv", {"placa": ("IDA1B31", 0.76)}), doc(2, "apolice_seguro", {"placa": ("ITX7H36", 0.76)}),
            doc(3, "comprovante_pagamento_seguro", {"placa": ("ITX7H36", 0.3)})]
    out = raised_by_agreement(docs)
    assert [conf(out, i, "placa") for i in range(3)] == [0.76, 0.76, 0.3]


def test_never_where_another_file_reads_it_a_character_apart() -> None:
    # two files read IWE8828, a third prints IWE8B28 (its 5th character a look-alike): a typo or
    # a misread on one side, for a person to decide
    docs = [doc(1, "crlv", {"placa": ("IWE8B28", 1.0)}, source="pdf_text"),
            doc(2, "apolice_seguro", {"placa": ("IWE8828", 0.76)}), doc(3, "laudo_inspecao", {"placa": ("IWE8828", 0.76)})]
    out = raised_by_agreement(docs)
    assert [conf(out, i, "placa") for i in range(3)] == [1.0, 0.76, 0.76]


def test_never_across_roles() -> None:
    # the carrier's name read where the contracting party's is looked for is no agreement
    name = "Expresso Lagoa Azul Turismo Ltda"
    out = raised_by_agreement([doc(1, "contrato_fretamento", {"contratante_nome": (name, 0.75)}),
                        doc(2, "cartao_cnpj", {"titular_nome": (name, 1.0)}, source="pdf_text")])
    assert conf(out, 0, "contratante_nome") == 0.75


def test_sure_values_and_lists_stay_as_read() -> None:
    rows = [{"nome": "Ana Souza", "documento_tipo": "rg", "documento": "1234567"}]
    docs = [doc(1, "crlv", {"placa": ("IWE8828", 0.85)}), doc(2, "apolice_seguro", {"placa": ("IWE8828", 1.0)}, source="pdf_text"),
            doc(3, "lista_passageiros", {"passageiros": (rows, 0.5)}), doc(4, "lista_passageiros", {"passageiros": (rows, 0.5)})]
    out = raised_by_agreement(docs)
    assert out == docs


def test_corroborating_twice_changes_nothing_more() -> None:
    docs = [doc(1, "crlv", {"placa": ("GOF1390", 0.76), "chassi": ("9BMMSJL4HGJ929295", 0.76)}),
            doc(2, "apolice_seguro", {"placa": ("GOF1390", 0.76), "chassi": ("9BMMSJL4HGJ929295", 0.9)})]
    once = raised_by_agreement(docs)
    assert raised_by_agreement(once) == once
    assert [len(notes(d)) for d in once] == [2, 1]


def test_judging_starts_from_corroborated_reads() -> None:
    docs = [doc(1, "crlv", {"placa": ("IWE8828", 0.76)}), doc(2, "apolice_seguro", {"placa": ("IWE8828", 1.0)}, source="pdf_text")]
    result = engine.judge_packet(docs, rulebooks.load("rs-metroplan-escolar"), date(2026, 3, 2))
    got = {d.id: d for d in result.documents}
    assert got["d1"].fields["placa"].confidence == 0.95 >= CONFIDENT
    assert [p.code for p in got["d1"].problems] == [CODE]
    assert docs[0].fields["placa"].confidence == 0.76  # the reads themselves are not changed


def test_an_alphanumeric_cnpj_read_unsure_everywhere_stays_unsure() -> None:
    base = "LJUZ2ZTV0001"
    value = base + cnpj.check_digits(base)
    docs = [doc(i, t, {f: (value, 0.76)}) for i, (t, f) in enumerate(
        (("contrato_fretamento", "contratado_documento"), ("cartao_cnpj", "titular_documento"),
         ("alvara", "titular_documento")), start=1)]
    assert [conf(raised_by_agreement(docs), i, n) for i, n in ((0, "contratado_documento"), (1, "titular_documento"))] == [0.76, 0.76]
