"""Random layouts: documents of the four core types in layouts nobody drew, each drawn from its seed.

    from samples.gen import random_layout as rl
    g = rl.generate("apolice_seguro", 200017)                  # digital (a text layer)
    g = rl.generate("crlv", 200017, "photocopied")             # the same document, photocopied
    g.data, g.name, g.expected, g.printed, g.meta

Where the perturbed layouts (samples/gen/perturb/) vary the project's own layouts family by family,
here every section of a document draws its own arrangement (page.KV_ARRANGEMENTS: `LABEL: value`
lines, several pairs on a line, labels above values in boxes or not, labels in a column, ruled
key/value tables, labels as a table's headers in any order; or a sentence; or a box drawn around a
party), beside:
- decoys of every shape under other labels: other dates (aquisição, última vistoria, consulta or
  impressão, protocolo, proposta), other amounts (prêmio, IOF, multa, valor venal, subtotals),
  other CNPJs and CPFs (a broker's beside the insurer's, a representative's, a previous owner's,
  witnesses'), other plates (placa anterior, the fleet's other vehicles, a list's bus);
- label spellings from intake/doctypes/*.yaml and synonyms no vocabulary lists (labels.py): the
  document's share of synonyms is drawn (0 to 3/4), and `meta["sources"]` says, per field, where
  its label came from, so a benchmark tells generality from vocabulary recall;
- coverages as a table (columns in any order), as groups over columns ("APP por passageiro" over
  morte / invalidez / DMH, "RCF-V por veículo" over DM / DC) or in sentences; the insurer named in
  a section, or only in a letterhead or a footer with its CNPJ;
- passenger lists with boarding-stop sub-headings (numbered per stop or throughout), subtotals and
  a printed total; portrait or landscape; one to three pages; the perturbed layouts' fonts and sizes.

Renderings (`RENDERINGS`): digital, scanned (samples/gen/scan.py, as scripts/robustness.py scans),
photocopied (samples/gen/photocopy.py) and photographed (samples/gen/photo.py).

`expected` holds the core fields under the keys the parsers output and the development set's
scorer compares (facts of samples/gen/perturb/facts.py; tipo_veiculo and contratante_tipo are
derived, never printed). The same seed, type and rendering give the same bytes.

Seeds (keep them apart):
    DEVELOPMENT  20000-20999     look at their misses while working on the readers
    FITTING      30000-30999     what scripts/calibrate.py may fit intake/reading/calibration.yaml on
    HELD_OUT     200000-200999   the benchmark's default (scripts/bench_random.py): never fitted on
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from samples.gen import photo, photocopy, scan
from samples.gen.perturb import common as cm
from samples.gen.random_layout import docs
from samples.gen.random_layout.docs import ARRANGEMENTS
from samples.gen.random_layout.page import Engine, Sheet

TYPES = ("crlv", "apolice_seguro", "contrato_fretamento", "lista_passageiros")
RENDERINGS = ("digital", "scanned", "photocopied", "photographed")
DEVELOPMENT = (20000, 20999)
FITTING = (30000, 30999)
HELD_OUT = (200000, 200999)
DPI = 200
MAX_PAGES = 3

__all__ = ["TYPES", "RENDERINGS", "ARRANGEMENTS", "DEVELOPMENT", "FITTING", "HELD_OUT", "Generated", "generate",
           "digital"]


@dataclass
class Generated:
    data: bytes
    name: str
    expected: dict  # {"type", "seed", "rendering", "fields"}
    printed: dict  # field -> the string printed for it
    meta: dict  # arrangements, sources, decoys, pages, landscape, font


def _layout(doc_type: str, seed: int) -> tuple[bytes, docs.Built, dict]:
    if doc_type not in docs.BUILDERS:
        raise ValueError(f"no random layout for {doc_type!r}; types: {', '.join(TYPES)}")
    rng = random.Random(f"random_layout:{doc_type}:{int(seed)}")
    st = cm.draw_style(rng, (7.5, 11))
    w = cm.World(rng)
    built = docs.BUILDERS[doc_type](rng, st, w)
    sheet = Sheet(st, rng, built.landscape, built.letterhead, rng.random() < 0.7, built.footer,
                  rng.random() < 0.6, built.title)
    filler = list(built.filler)
    state = rng.getstate()
    while True:
        rng.setstate(state)  # each try lays out the same draws
        blocks = list(built.blocks)
        if filler:
            cut = len(blocks) if built.filler_at is None else built.filler_at
            blocks = blocks[:cut] + filler + blocks[cut:]
        data, pages = Engine(sheet).build(blocks)
        if pages <= MAX_PAGES or len(filler) <= 1:
            break
        filler = filler[:-1] if len(filler) > 2 else []
    meta = {"arrangements": sorted(built.arrangements), "sources": dict(built.sources),
            "decoys": sorted(set(built.decoys)), "pages": pages, "landscape": built.landscape,
            "font": st.family, "size": st.size, "features": built.features}
    return data, built, meta


def digital(doc_type: str, seed: int) -> Generated:
    data, built, meta = _layout(doc_type, seed)
    exp = {"type": doc_type, "seed": int(seed), "rendering": "digital", "fields": built.expected}
    return Generated(data, f"{doc_type}-{seed}.pdf", exp, built.printed, meta)


def generate(doc_type: str, seed: int, rendering: str = "digital") -> Generated:
    if rendering not in RENDERINGS:
        raise ValueError(f"no rendering {rendering!r}; renderings: {', '.join(RENDERINGS)}")
    g = digital(doc_type, seed)
    if rendering == "digital":
        return g
    key = f"random:{doc_type}:{seed}:{rendering}"
    rng = random.Random(key)
    angle = rng.uniform(0.2, 1.5) * rng.choice([-1, 1])
    stem = f"{doc_type}-{seed}-{rendering}"
    if rendering == "photographed":
        p = photo.plan(stem, g.meta["pages"])
        data = photo.render(g.data, stem, p)
        name = f"{stem}.{p['format']}"
    else:
        pages = scan.rasterize(g.data, DPI)
        if rendering == "scanned":
            imgs = [scan.degrade(img, f"{key}:{i}", angle * (1 if i % 2 == 0 else -0.7)) for i, img in enumerate(pages)]
        else:
            gens = rng.choice([1, 1, 2])
            imgs = [photocopy.degrade(img, f"{key}:{i}", angle * (1 if i % 2 == 0 else -0.6), gens)
                    for i, img in enumerate(pages)]
        if len(imgs) == 1:
            data, name = scan.encode(imgs[0], "jpg", DPI), f"{stem}.jpg"
        else:
            data, name = scan.encode_pdf(imgs, DPI, stem), f"{stem}.pdf"
    exp = dict(g.expected, rendering=rendering)
    return Generated(data, name, exp, g.printed, dict(g.meta))
