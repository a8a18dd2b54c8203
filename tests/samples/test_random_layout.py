"""The random-layout generator (samples/gen/random_layout/): the same seed gives the same bytes, every
arrangement and decoy is drawn across seeds, and each expected value is what the page prints."""

from __future__ import annotations

import io
import re
from datetime import date

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image

from samples.gen import random_layout as rl
from samples.gen.random_layout import labels
from samples.gen.text import MESES

SEEDS = range(rl.DEVELOPMENT[0], rl.DEVELOPMENT[0] + 30)


def _text(data: bytes) -> str:
    doc = pdfium.PdfDocument(data)
    try:
        return " ".join(p.get_textpage().get_text_range() for p in doc)
    finally:
        doc.close()


def _flat(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip()


def _date(s: str) -> str:
    m = re.fullmatch(r"(\d\d)[/.](\d\d)[/.](\d{4})", s)
    if m:
        return date(int(m[3]), int(m[2]), int(m[1])).isoformat()
    m = re.fullmatch(r"(\d+)º? de (\w+) de (\d{4})", s)
    assert m, s
    return date(int(m[3]), MESES.index(m[2]) + 1, int(m[1])).isoformat()


def _money(s: str) -> float:
    return float(re.sub(r"[^\d,]", "", s).replace(",", "."))


def _alnum(s: object) -> str:
    return re.sub(r"[^0-9A-Z]", "", str(s).upper())


@pytest.fixture(scope="module")
def drawn() -> dict:
    return {(t, s): rl.digital(t, s) for t in rl.TYPES for s in SEEDS}


def test_the_same_seed_gives_the_same_document():
    for t in rl.TYPES:
        a, b = rl.digital(t, 20011), rl.digital(t, 20011)
        assert a.data == b.data and a.expected == b.expected and a.printed == b.printed
        assert rl.digital(t, 20012).data != a.data
    c1, c2 = rl.generate("crlv", 20011, "photocopied"), rl.generate("crlv", 20011, "photocopied")
    assert c1.data == c2.data and c1.expected["fields"] == rl.digital("crlv", 20011).expected["fields"]


def test_every_arrangement_decoy_and_page_setup_is_drawn(drawn):
    arrangements = set().union(*(g.meta["arrangements"] for g in drawn.values()))
    assert arrangements == set(rl.ARRANGEMENTS)
    decoys = set().union(*(g.meta["decoys"] for g in drawn.values()))
    assert {"other_date", "other_amount", "other_cnpj", "other_plate", "other_name"} <= decoys
    assert {g.meta["landscape"] for g in drawn.values()} == {True, False}
    pages = {g.meta["pages"] for g in drawn.values()}
    assert {1, 2} <= pages <= {1, 2, 3}
    # three pages are rarer (a long policy or contract): drawn within a few hundred seeds, never more
    assert any(rl.digital(t, s).meta["pages"] == 3 for s in range(rl.DEVELOPMENT[0], rl.DEVELOPMENT[0] + 300)
               for t in ("apolice_seguro", "contrato_fretamento"))
    assert len({g.meta["font"] for g in drawn.values()}) >= 3
    sources = {src for g in drawn.values() for src in g.meta["sources"].values()}
    assert sources == {"vocabulary", "synonym", "none"}
    for t in rl.TYPES:  # every type draws several arrangements, and decoys, in each document
        for s in SEEDS:
            g = drawn[(t, s)]
            assert len(g.meta["arrangements"]) >= (1 if t == "lista_passageiros" else 2) and g.meta["decoys"], (t, s)


def test_every_expected_value_is_printed_as_expected(drawn):
    kinds = {"id": ("placa", "renavam", "chassi", "proprietario_documento", "seguradora_cnpj", "segurado_documento",
                    "contratante_documento", "contratado_documento", "numero_apolice", "numero_contrato",
                    "contrato_numero"),
             "date": ("data_emissao", "vigencia_inicio", "vigencia_fim", "data_assinatura"),
             "money": ("ap_por_passageiro", "rc_por_veiculo", "dmh_por_passageiro", "valor")}
    for (t, s), g in drawn.items():
        page = _flat(_text(g.data))
        fields = g.expected["fields"]
        for name, printed in g.printed.items():
            if name == "passageiros":
                for p in fields["passageiros"]:
                    assert _flat(p["nome"]) in page, (t, s, p)
                continue
            assert _flat(printed) in page, (t, s, name, printed)
            want = fields[name]
            if name in kinds["id"]:
                assert _alnum(printed) == _alnum(want), (t, s, name)
            elif name in kinds["date"]:
                assert _date(printed) == want, (t, s, name)
            elif name in kinds["money"]:
                assert abs(_money(printed) - want) < 0.005, (t, s, name)
            elif isinstance(want, int):
                assert str(want) in printed, (t, s, name)
            else:
                assert _flat(str(want)) in _flat(printed), (t, s, name)
        # every field the document states is printed; the rest are derived or left out (null)
        derived = {"tipo_veiculo", "contratante_tipo", "itinerario", "horarios", "locais_embarque",
                   "total_passageiros"}
        for name, want in fields.items():
            if want is not None and name not in derived:
                assert name in g.printed, (t, s, name)
        if t == "lista_passageiros":
            docs = _alnum(page)
            assert all(_alnum(p["documento"]) in docs for p in fields["passageiros"]), (t, s)


def test_decoys_stand_beside_the_values(drawn):
    for s in SEEDS:
        crlv = _text(drawn[("crlv", s)].data)
        assert len(set(re.findall(r"\d\d/\d\d/\d{4}", crlv))) >= 3  # emission, acquisition, inspection, lookup
        pol = _text(drawn[("apolice_seguro", s)].data)
        docs = re.findall(r"\w\w\.\w{3}\.\w{3}/\w{4}-\d\d|\d{3}\.\d{3}\.\d{3}-\d\d", pol)  # CNPJs may hold letters
        assert len(set(docs)) >= 3  # the insurer's CNPJ, the insured's CNPJ or CPF, the broker's CNPJ
        assert len(re.findall(r"R\$|\d{1,3}(?:\.\d{3})*,\d\d", pol)) >= 6  # limits beside premium, IOF
        ct = _text(drawn[("contrato_fretamento", s)].data)
        assert len(set(re.findall(r"\d{3}\.\d{3}\.\d{3}-\d\d", ct))) >= 2  # witnesses' CPFs at least


def test_synonyms_are_not_in_the_vocabularies():
    for (t, name), spellings in labels.SYNONYMS.items():
        assert labels.synonyms(t, name), (t, name)  # each field keeps one at least
        for s in labels.synonyms(t, name):
            assert not labels.in_vocabulary(t, s)


def test_a_photocopy_is_near_black_and_white_and_every_rendering_reads_as_an_image():
    g = rl.generate("contrato_fretamento", 20001, "photocopied")
    assert g.name.endswith(".jpg")  # one page
    a = np.asarray(Image.open(io.BytesIO(g.data)).convert("L"))
    assert ((a < 70) | (a > 190)).mean() > 0.95  # toner or paper, hardly a grey between
    for r in ("scanned", "photographed"):
        x = rl.generate("lista_passageiros", 20003, r)
        assert x.expected["rendering"] == r and x.data[:4] in (b"%PDF", b"\xff\xd8\xff\xe0", b"\xff\xd8\xff\xdb")
