"""A register's type vouched for by its sure fields, never by fields read unsure or missing, and
never for a type the classifier did not name from a title or key phrases of its own."""

from __future__ import annotations

from domain.documents import Field
from intake.classify.vouch import VOUCHED, vouched


def _register(**unsure: float) -> dict[str, Field]:
    values = {"placa": "IDB4G72", "renavam": "16049580309", "chassi": "9BY9VURA09B214008", "exercicio": 2025,
              "categoria": "ALUGUEL", "proprietario_documento": "08511177000164"}
    return {k: Field(value=v, confidence=unsure.get(k, 1.0)) for k, v in values.items()}


def test_a_register_titled_weakly_whose_identifiers_are_all_sure_is_a_register():
    conf, finding = vouched("crlv", 0.72, _register())
    assert conf == VOUCHED
    assert finding is not None and finding.severity == "info" and "RENAVAM" in finding.message


def test_one_identifier_unsure_or_missing_leaves_the_type_as_classified():
    assert vouched("crlv", 0.72, _register(renavam=0.7)) == (0.72, None)
    fields = _register()
    del fields["proprietario_documento"]
    assert vouched("crlv", 0.72, fields) == (0.72, None)
    fields = _register()
    fields["chassi"] = Field(value=None, confidence=0.0)
    assert vouched("crlv", 0.72, fields) == (0.72, None)


def test_no_type_from_content_alone_and_none_lowered():
    # the classifier found no title of the type: the fields of another document (a policy
    # naming the vehicle) never make it a register
    assert vouched("crlv", 0.5, _register()) == (0.5, None)
    assert vouched("crlv", 0.95, _register()) == (0.95, None)
    # a type with nothing to vouch for it stays as classified
    assert vouched("apolice_seguro", 0.72, _register()) == (0.72, None)


def test_a_register_whose_plate_and_chassis_are_unsure_only_of_a_glyph_is_a_register():
    # a plate's fifth character G or 6, a chassis' S or 5: the value is for a person to confirm,
    # what the document is is not
    conf, finding = vouched("crlv", 0.72, _register(placa=0.76, chassi=0.76))
    assert conf == VOUCHED
    assert finding is not None and "Placa" in finding.message and "dúvida de leitura" in finding.message


def test_more_than_a_third_unsure_or_an_untitled_document_leaves_the_type_as_classified():
    assert vouched("crlv", 0.72, _register(placa=0.76, chassi=0.76, exercicio=0.76)) == (0.72, None)
    # a document no title named must show every field sure
    assert vouched("crlv", 0.72, _register(placa=0.76), every=True) == (0.72, None)
