"""Perturbed layouts of the four core document types, drawn from a seed, in families.

    from samples.gen import perturb
    pdf_bytes, expected = perturb.render("crlv", 17)               # regrouped, as before families
    pdf_bytes, expected = perturb.render("crlv", 17, "boxed")      # a family asked for
    pdf_bytes, expected = perturb.render("crlv", 17, perturb.family_of("crlv", 17))  # the seed's own

Families (`FAMILIES`; each a real change of the page's structure, not only of its labels):

    regrouped    the project's own layouts perturbed: fields regrouped and reordered, grid boxes or
                 label-to-the-left rows, one or two columns of sections, spellings from the
                 vocabularies, other fonts and sizes (crlv.py, apolice.py, contrato.py, lista.py)
    columns      two text columns: a contract's clauses, a policy's blocks side by side (columns.py)
    kv_table     key/value tables: a row label column and value cells; a contract's summary table of
                 parties as rows CONTRATANTE / CNPJ / REPRESENTANTE / CONTRATADA / CNPJ (kvtable.py)
    prose        values stated in sentences, with no label (prose.py)
    grouped      a passenger list grouped under sub-headers (class, shift, boarding stop), numbered
                 per group or throughout, in one table, a table a group or plain lines (grouped.py)
    spreadsheet  a passenger list printed from a spreadsheet, with many extra columns (spreadsheet.py)
    boxed        forms drawn with rules only, tiny labels in the boxes' corners: a paper CRLV on
                 security paper, typed by an impact printer; a policy form (boxed.py)
    packet       the four documents and one-page receipts merged into one PDF (packet.py)

Each draws, from `random.Random` seeded by the family, the type and the seed, a fresh world
(people, companies, vehicles, dates, amounts; samples/gen/perturb/facts.py), a style and a layout.
`expected` is shaped like the samples' `*.expected.json`: {"type", "layout", "seed", "family",
"fields"} with every core field of domain/doctypes.yaml (null where the document does not print
it); a packet's also lists its "parts" (type and pages, in the file's order). The same seed and
family give the same bytes (for the same vocabulary files and fonts); the `regrouped` family gives
the bytes this generator gave before there were families.

Which family a seed draws (`family_of`) is itself drawn from the seed: about one seed in ten is a
packet (for all four types at once: one file), the others are the type's families, `regrouped`
weighted twice. So a range of seeds (the held-out range of scripts/robustness.py, whose default
is this mix) measures every family. `render` without a family draws `regrouped`, as it did.
"""

from __future__ import annotations

import random
from functools import lru_cache

from samples.gen.perturb import apolice, common, contrato, crlv, lista, packet

TYPES = ("crlv", "apolice_seguro", "contrato_fretamento", "lista_passageiros")
FAMILIES = {
    "crlv": ("regrouped", "kv_table", "boxed", "packet"),
    "apolice_seguro": ("regrouped", "columns", "kv_table", "prose", "boxed", "packet"),
    "contrato_fretamento": ("regrouped", "columns", "kv_table", "prose", "packet"),
    "lista_passageiros": ("regrouped", "grouped", "spreadsheet", "packet"),
}
ALL_FAMILIES = ("regrouped", "columns", "kv_table", "prose", "grouped", "spreadsheet", "boxed", "packet")
PACKET_SHARE = 0.1
_MODULES = {"crlv": crlv, "apolice_seguro": apolice, "contrato_fretamento": contrato,
            "lista_passageiros": lista}

__all__ = ["TYPES", "FAMILIES", "ALL_FAMILIES", "family_of", "render", "render_full", "render_packet", "common"]


def family_of(doc_type: str, seed: int) -> str:
    """The family a seed draws for a type: a packet for all four types alike, else one of the type's."""
    if random.Random(f"family:packet:{int(seed)}").random() < PACKET_SHARE:
        return "packet"
    opts = [f for f in FAMILIES[doc_type] if f != "packet"]
    return random.Random(f"family:{doc_type}:{int(seed)}").choices(opts, [2 if f == "regrouped" else 1
                                                                          for f in opts])[0]


@lru_cache(maxsize=4)
def render_packet(seed: int) -> packet.Packet:
    """The packet of a seed: one file whichever type is asked for."""
    return packet.render(int(seed))


def render_full(doc_type: str, seed: int, family: str = "regrouped") -> common.Rendered:
    """The PDF, the expected JSON and what was printed for each field (for tests)."""
    if doc_type not in _MODULES:
        raise ValueError(f"no perturbed layout for {doc_type!r}; types: {', '.join(TYPES)}")
    if family not in FAMILIES[doc_type]:
        raise ValueError(f"no family {family!r} for {doc_type}; families: {', '.join(FAMILIES[doc_type])}")
    seed = int(seed)
    if family == "regrouped":
        r = _MODULES[doc_type].render(seed)
    elif family == "packet":
        p = render_packet(seed)
        d = p.documents[doc_type]
        exp = dict(d.expected, layout="packet", inner=d.expected["layout"], parts=[dict(x) for x in p.parts])
        r = common.Rendered(p.pdf, exp, d.printed)
    else:
        r = packet.RENDER[(doc_type, family)](seed)
    r.expected = dict(r.expected, family=family)
    return r


def render(doc_type: str, seed: int, family: str = "regrouped") -> tuple[bytes, dict]:
    r = render_full(doc_type, seed, family)
    return r.pdf, r.expected
