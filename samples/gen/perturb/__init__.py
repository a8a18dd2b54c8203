"""Perturbed layouts of the four core document types, drawn from a seed.

    from samples.gen import perturb
    pdf_bytes, expected = perturb.render("crlv", 17)

Each module draws, from `random.Random` seeded by the type and the seed, a fresh world (people,
companies, vehicles, dates, amounts), a style (font, sizes, margins, label case) and a layout
(sections regrouped and reordered, grid boxes or label-to-the-left rows, one or two columns,
tables with columns in another order, distractor fields a real document prints). `expected`
is shaped like the samples' `*.expected.json`: {"type", "layout": "perturbed", "seed", "fields"}
with every core field of domain/doctypes.yaml (null where the document does not print it).
The same seed gives the same bytes (for the same vocabulary files and fonts).
"""

from __future__ import annotations

from samples.gen.perturb import apolice, common, contrato, crlv, lista

TYPES = ("crlv", "apolice_seguro", "contrato_fretamento", "lista_passageiros")
_MODULES = {"crlv": crlv, "apolice_seguro": apolice, "contrato_fretamento": contrato,
            "lista_passageiros": lista}


def render_full(doc_type: str, seed: int) -> common.Rendered:
    """The PDF, the expected JSON and what was printed for each field (for tests)."""
    try:
        mod = _MODULES[doc_type]
    except KeyError:
        raise ValueError(f"no perturbed layout for {doc_type!r}; types: {', '.join(TYPES)}") from None
    return mod.render(int(seed))


def render(doc_type: str, seed: int) -> tuple[bytes, dict]:
    r = render_full(doc_type, seed)
    return r.pdf, r.expected
