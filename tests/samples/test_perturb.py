"""The perturbed-layout generator (samples/gen/perturb/), in every family of every type:
deterministic per seed, expected fields covering the core fields of doctypes.yaml, every expected
value printed in the PDF's text layer (and printed as the expected value normalises), and no two
printed characters on top of each other. Fast: no OCR, no parsing."""

from __future__ import annotations

import re

import numpy as np
import pypdfium2 as pdfium
import pytest

from domain import doctypes
from samples.gen import perturb

# development seeds only (0-999); the held-out range 100000-100199 is for scripts/robustness.py
SEEDS = (1, 17, 256)
CASES = [(t, f, s) for t in perturb.TYPES for f in perturb.FAMILIES[t] for s in SEEDS]
# a packet is one file whichever type is asked: its bytes are checked once a seed
FILES = [(t, f, s) for t, f, s in CASES if f != "packet" or t == perturb.TYPES[0]]
MESES = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
         "novembro", "dezembro"]
DERIVED = {"tipo_veiculo", "contratante_tipo", "total_passageiros"}  # derived, not printed as such (a list's total is its rows)


def _alnum(s: str) -> str:
    return re.sub(r"[^0-9A-Za-z]", "", s).upper()


def _fold(s: str) -> str:
    return " ".join(s.split())


def _page_texts(pdf_bytes: bytes) -> list[str]:
    doc = pdfium.PdfDocument(pdf_bytes)
    try:
        return [page.get_textpage().get_text_range() for page in doc]
    finally:
        doc.close()


def _date(printed: str) -> str | None:
    m = re.search(r"(\d{2})/(\d{2})/(\d{4})", printed)
    if m:
        return f"{m[3]}-{m[2]}-{m[1]}"
    m = re.search(r"(\d{1,2})º? (?:\([^)]*\) dias do mês )?de (\w+) de (\d{4})", printed)
    if m:
        return f"{m[3]}-{MESES.index(m[2]) + 1:02d}-{int(m[1]):02d}"
    return None


def _money(printed: str) -> float:
    m = re.search(r"R\$ ([\d.]+,\d{2})", printed)
    assert m, printed
    return float(m[1].replace(".", "").replace(",", "."))


def _agrees(kind: str, expected, printed: str) -> bool:
    if kind in ("placa", "renavam", "chassi", "doc"):
        return _alnum(printed) == expected
    if kind == "date":
        return _date(printed) == expected
    if kind == "money":
        return abs(_money(printed) - expected) < 0.005
    if kind == "integer":
        return expected in [int(x) for x in re.findall(r"\d+", printed)]  # '030' prints 30
    return printed == expected  # text, name


@pytest.mark.parametrize("doc_type,family,seed", FILES)
def test_same_seed_same_bytes(doc_type: str, family: str, seed: int):
    a = perturb.render(doc_type, seed, family)
    perturb.render_packet.cache_clear()  # drawn again, not remembered
    b = perturb.render(doc_type, seed, family)
    assert a[0] == b[0]
    assert a[1] == b[1]
    assert perturb.render(doc_type, seed + 1, family)[0] != a[0]


@pytest.mark.parametrize("doc_type,family,seed", CASES)
def test_expected_covers_core_fields(doc_type: str, family: str, seed: int):
    _, exp = perturb.render(doc_type, seed, family)
    assert exp["type"] == doc_type and exp["seed"] == seed and exp["family"] == family
    assert exp["layout"] == {"regrouped": "perturbed"}.get(family, family)
    fields = exp["fields"]
    assert set(doctypes.core_fields(doc_type)) <= set(fields)
    assert set(fields) <= set(doctypes.fields(doc_type))
    if doc_type == "lista_passageiros":
        cols = set(doctypes.fields(doc_type)["passageiros"]["columns"])
        assert fields["passageiros"] and all(set(p) == cols for p in fields["passageiros"])


@pytest.mark.parametrize("doc_type,family,seed", CASES)
def test_expected_values_are_printed(doc_type: str, family: str, seed: int):
    r = perturb.render_full(doc_type, seed, family)
    text = _fold(" ".join(_page_texts(r.pdf)))
    specs = doctypes.fields(doc_type)
    for name, expected in r.expected["fields"].items():
        if name in DERIVED:
            continue
        if expected is None:
            assert name not in r.printed, f"{name} is expected null but printed {r.printed.get(name)!r}"
            continue
        assert name in r.printed, f"{name} expected {expected!r} but not printed"
        kind = specs[name].get("kind", "text")
        if kind == "records":
            printed = r.printed[name]
            assert len(printed) == len(expected)
            for i, (p, e) in enumerate(zip(printed, expected)):
                assert _fold(p["nome"]) in text, f"{name}[{i}].nome {p['nome']!r}"
                assert _fold(p["documento"]) in text, f"{name}[{i}].documento {p['documento']!r}"
                # a spreadsheet may print names in title case
                assert p["nome"].upper() == e["nome"].upper() and _alnum(p["documento"]) == e["documento"]
            continue
        printed = r.printed[name]
        assert _fold(printed) in text, f"{name}: {printed!r} not in the text layer"
        assert _agrees(kind, expected, printed), f"{name}: printed {printed!r}, expected {expected!r}"


def _overlapping_chars(pdf_bytes: bytes) -> list[tuple[int, str, str]]:
    """Pairs of printed characters whose boxes overlap by more than a fifth of the smaller one."""
    out = []
    doc = pdfium.PdfDocument(pdf_bytes)
    try:
        for pi, page in enumerate(doc):
            tp = page.get_textpage()
            n = tp.count_chars()
            chars = tp.get_text_range(0, n)
            if len(chars) != n:
                chars = "".join(tp.get_text_range(i, 1) or " " for i in range(n))
            boxes, idx = [], []
            for i in range(n):
                if not chars[i].strip():
                    continue
                l, b, r, t = tp.get_charbox(i)
                if r - l > 0.01 and t - b > 0.01:
                    boxes.append((l, b, r, t))
                    idx.append(i)
            if not boxes:
                continue
            a = np.array(boxes)
            w, h = page.get_width(), page.get_height()
            assert a[:, 0].min() >= 0 and a[:, 2].max() <= w and a[:, 1].min() >= 0 and a[:, 3].max() <= h
            # only boxes in the same or the next band of heights can meet: compare those
            band = float((a[:, 3] - a[:, 1]).max()) + 0.01
            key = (a[:, 1] // band).astype(int)
            for k in np.unique(key):
                sel = np.where((key == k) | (key == k + 1))[0]
                l, b, r, t = a[sel].T
                iw = np.clip(np.minimum(r[:, None], r[None, :]) - np.maximum(l[:, None], l[None, :]), 0, None)
                ih = np.clip(np.minimum(t[:, None], t[None, :]) - np.maximum(b[:, None], b[None, :]), 0, None)
                area = (r - l) * (t - b)
                bad = np.triu(iw * ih > 0.2 * np.minimum(area[:, None], area[None, :]), 1)
                for x, y in zip(*np.where(bad)):
                    x, y = int(sel[x]), int(sel[y])
                    if key[x] != k and key[y] != k:  # both in the next band: counted there
                        continue
                    if abs(idx[x] - idx[y]) == 1:  # neighbours in one word: a glyph's shape (Times 'j'), not layout
                        continue
                    ctx = (tp.get_text_range(max(0, idx[x] - 10), 20), tp.get_text_range(max(0, idx[y] - 10), 20))
                    out.append((pi + 1, *ctx))
    finally:
        doc.close()
    return out


@pytest.mark.parametrize("doc_type,family,seed", FILES)
def test_no_text_overlaps(doc_type: str, family: str, seed: int):
    pdf_bytes, _ = perturb.render(doc_type, seed, family)
    assert _overlapping_chars(pdf_bytes) == []


def test_unknown_type_or_family_is_refused():
    with pytest.raises(ValueError):
        perturb.render("cnh", 1)
    with pytest.raises(ValueError):
        perturb.render("crlv", 1, "prose")  # a CRLV is never stated in sentences here
