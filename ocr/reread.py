"""A second look at the lines Tesseract read poorly, enlarged.

On a page set at 200-300 dpi, small print (a policy's vehicle row in 8.5 pt between grid
lines) comes out as '9BWRE$2WOKC7 1 182'; the same row cut out, enlarged twice and read as
one line comes out right ('9BWRF82W0KC711822'). Every weak line of a page is cut out,
enlarged and stacked into one strip, read in a single Tesseract run (one process start per
page, not per line), and each line's new words replace the old ones only when Tesseract is
surer of them. Strong lines are never touched as lines.

Then each word still garbled (read below SPOT, in any line) is cut out alone and read by itself:
a table cell whose text sits on a rule comes out as '[arBrBaa-7' beside words read at 0.96, and
stays garbled when its line is read again; cut out alone it reads '47.818.441-7' at 0.92. A
word is replaced only by a sure read (SPOT_SURE) spanning most of it; every other word stays as
read. Each word is its own recognition, which costs ~10-40 ms with the engine kept loaded and a
process start with the command, so it is done only with the library (ocr/engine.py).

A code-like word (a plate, a chassis: letters and digits mixed) still not read sure alone gets
a vote: the fee receipt's typewriter plate reads 'ISvy3F34', 'ISY3F34', 'ISy3F34' in different
renderings of the same crop, each alone unsure. Up to five more renderings (3x, thickened,
softened) are read until VOTES agree letter case aside with one of them sure, or none can win;
one sure read among disagreeing ones is no evidence ('INS4A85' sure where most read 'IWS4A85').

Both looks run on two engines at once (second_look): the garbled words are read on the second
core while the strip is read, and kept where the strip leaves their line as it was; the words
of the lines it replaced are read after it, two at a time. The lines come out the same as one
look after the other.
"""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor

from PIL import Image, ImageFilter

from ocr import engine, tesseract
from ocr.limits import Limits
from ocr.model import Line, Word

WEAK = 0.80  # a line whose mean word confidence is below this is read again
SCALE = 2
MAX_LINES = 60  # per page: a page of nothing but weak lines is a poor scan, not small print
GAP = 24  # white pixels between stacked lines (at the enlarged scale)
GAIN = 0.05  # how much surer the re-read must be, on average over its words
SPOT = 0.65  # a word read less sure than this (after the lines' second look) is read alone
SPOT_SURE = 0.80  # and replaced only by a read at least this sure
SPOT_SPAN = 0.6  # spanning at least this share of the old word's width
MAX_SPOTS = 24  # per page: more garbled words than this is a poor scan, not a stray cell
_BROKEN = re.compile(r"[A-ZÀ-Ý][!|]|[!|][A-ZÀ-Ý]")  # a capital's stroke read as '!' or '|'
# one small letter between a capital and a digit: inside a code ('ISv3F34'), not a time ('06h45')
_MIXED = re.compile(r"[A-Z][a-z][0-9]|[0-9][a-z][A-Z]")
# more renderings of a code-like word (scale, look) after the first (SCALE, as cut out)
RENDERINGS = ((SCALE, "bold"), (SCALE, "soft"), (3, None), (3, "bold"), (3, "soft"))
VOTES = 4  # of the six reads, how many must agree


def _mean(words) -> float:
    return sum(w.conf for w in words) / len(words) if words else 0.0


def _covers(new: list[Word], old: Line) -> bool:
    """The re-read spans the old line (it lost no word at either end): a read that keeps only
    part of a line, however sure, is no better reading of it."""
    x0, _, x1, _ = old.bbox
    nx0, nx1 = min(w.bbox[0] for w in new), max(w.bbox[2] for w in new)
    span = max(x1 - x0, 1e-6)
    return nx0 <= x0 + 0.08 * span and nx1 >= x1 - 0.08 * span


def _enlarged(grey: Image.Image, box: tuple[int, int, int, int], scale: int = SCALE) -> Image.Image:
    crop = grey.crop(box).convert("L")
    return crop.resize((crop.width * scale, crop.height * scale), Image.Resampling.LANCZOS)


def _page_word(box, l: int, t: int, r: int, b: int, w: int, h: int, text: str, conf: float,
               scale: int = SCALE) -> Word:
    """A word read in an enlarged crop of `box` (its pixels offset by GAP), placed on the page."""
    bbox = ((box[0] + (l - GAP) / scale) / w, (box[1] + (t - GAP) / scale) / h,
            (box[0] + (r - GAP) / scale) / w, (box[1] + (b - GAP) / scale) / h)
    return Word(text=text, bbox=tuple(min(1.0, max(0.0, v)) for v in bbox), conf=conf)


def weak_lines(lines: list[Line]) -> list[int]:
    return [i for i, ln in enumerate(lines)
            if ln.words and _mean(ln.words) < WEAK and any(c.isalnum() for c in ln.text)]


def reread(grey: Image.Image, lines: list[Line], dpi: int | None, limits: Limits) -> list[Line]:
    """The lines, each weak one replaced by its enlarged re-read when that is surer."""
    weak = weak_lines(lines)
    if not weak or len(weak) > MAX_LINES:
        return lines
    w, h = grey.size
    crops, slots, y = [], [], 0
    for i in weak:
        x0, y0, x1, y1 = lines[i].bbox
        pad = max(3, round((y1 - y0) * h * 0.2))
        box = (max(0, round(x0 * w) - pad), max(0, round(y0 * h) - pad),
               min(w, round(x1 * w) + pad), min(h, round(y1 * h) + pad))
        if box[2] - box[0] < 8 or box[3] - box[1] < 8:
            continue
        crop = _enlarged(grey, box)
        crops.append((crop, y))
        line_top, line_bottom = round(y0 * h) - box[1], round(y1 * h) - box[1]
        slots.append((i, box, y, y + crop.height, y + line_top * SCALE, y + line_bottom * SCALE))
        y += crop.height + GAP
    if not crops:
        return lines
    strip = Image.new("L", (max(c.width for c, _ in crops) + 2 * GAP, y + GAP), 255)
    for crop, top in crops:
        strip.paste(crop, (GAP, top + GAP))
    try:
        words = tesseract.words_px(strip, dpi=dpi * SCALE if dpi else None, lang=limits.tesseract_lang,
                                   timeout=limits.tesseract_timeout, threads=limits.tesseract_threads, psm=6,
                                   library=limits.tesseract_library)
    except (tesseract.TesseractTimeout, tesseract.TesseractFailed):
        return lines  # the first read stands
    # a crop may show a sliver of its neighbours: keep the words centred on the weak line
    found: dict[int, list[Word]] = {}
    for _, (l, t, r, b), text, conf in words:
        cy = (t + b) / 2 - GAP
        slot = next((s for s in slots if s[4] <= cy <= s[5]), None)
        if slot is None:
            continue
        i, box, top = slot[:3]
        found.setdefault(i, []).append(_page_word(box, l, t - top, r, b - top, w, h, text, conf))
    out = list(lines)
    for i, new in found.items():
        new.sort(key=lambda wd: wd.bbox[0])
        if _mean(new) > _mean(lines[i].words) + GAIN and _covers(new, lines[i]):
            out[i] = Line(words=tuple(new))
    return out


def spotted_words(lines: list[Line]) -> list[tuple[int, int]]:
    """(line, word) of the garbled words, with two or more letters or digits: read unsure, or
    with a capital broken into '!' or '|' ('BERTOLD!', however sure; alone it reads 'BERTOLDI'),
    or with one small letter inside a code ('ISv3F34')."""
    return [(i, j) for i, ln in enumerate(lines) for j, wd in enumerate(ln.words)
            if sum(c.isalnum() for c in wd.text) >= 2
            and (wd.conf < SPOT or _BROKEN.search(wd.text) or _MIXED.search(wd.text))]


def _lettered(new: list[Word], old: Word) -> bool:
    """A number read again as letters ('11' -> 'n'): strokes run together, not a better read."""
    return not any(c.isalpha() for c in old.text) and any(c.isalpha() for wd in new for c in wd.text)


def _code_like(text: str) -> bool:
    """A plate, a chassis, an RG, an alphanumeric CNPJ: letters and digits mixed, 5 to 20 of
    them, hardly any small letter (a hash or a garbled phrase is not worth six reads)."""
    alnum = [c for c in text if c.isalnum()]
    return (5 <= len(alnum) <= 20 and any(c.isalpha() for c in alnum) and any(c.isdigit() for c in alnum)
            and sum(c.islower() for c in alnum) <= 2)


def _rendered(grey: Image.Image, box, scale: int, look: str | None) -> Image.Image:
    crop = _enlarged(grey, box, scale)
    if look == "bold":  # thin strokes (a typewriter face at 200 dpi) thickened by a pixel
        crop = crop.filter(ImageFilter.MinFilter(3))
    elif look == "soft":  # jagged edges of a bilevel scan smoothed
        crop = crop.filter(ImageFilter.GaussianBlur(1))
    canvas = Image.new("L", (crop.width + 2 * GAP, crop.height + 2 * GAP), 255)
    canvas.paste(crop, (GAP, GAP))
    return canvas


def _alone(grey: Image.Image, box, old: Word, dpi: int | None, limits: Limits, scale: int = SCALE,
           look: str | None = None) -> list[Word] | None:
    """The words read in one rendering of the crop that sit on the old word (None on failure)."""
    w, h = grey.size
    try:
        words = tesseract.words_px(_rendered(grey, box, scale, look), dpi=dpi * scale if dpi else None,
                                   lang=limits.tesseract_lang, timeout=limits.tesseract_timeout,
                                   threads=limits.tesseract_threads, psm=7, library=True)
    except (tesseract.TesseractTimeout, tesseract.TesseractFailed):
        return None
    placed = [_page_word(box, l, t, r, b, w, h, text, conf, scale) for _, (l, t, r, b), text, conf in words]
    # not a neighbour's sliver
    return sorted((wd for wd in placed if old.bbox[0] <= (wd.bbox[0] + wd.bbox[2]) / 2 <= old.bbox[2]),
                  key=lambda wd: wd.bbox[0]) or None


def _sure(new: list[Word] | None, old: Word) -> bool:
    # a garbled word's box often takes in a rule or a speck beside it: the sure read need
    # only span most of it
    if not new:
        return False
    span = max(wd.bbox[2] for wd in new) - min(wd.bbox[0] for wd in new)
    return (_mean(new) >= SPOT_SURE and span >= SPOT_SPAN * (old.bbox[2] - old.bbox[0])
            and not _lettered(new, old))


def _groups(reads: list[list[Word]]) -> list[list[list[Word]]]:
    """The reads grouped by what they say (letters and digits, letter case aside), largest first."""
    groups: dict[str, list[list[Word]]] = {}
    for new in reads:
        groups.setdefault("".join(c for wd in new for c in wd.text if c.isalnum()).upper(), []).append(new)
    return sorted(groups.values(), key=len, reverse=True)


def _voted(reads: list[list[Word]], old: Word) -> list[Word] | None:
    """The reading VOTES renderings agree on (letter case aside) when it is sure in one of
    them: that read. One rendering's sure read of a plate can be wrong ('IWS4A85' sure as
    'INS4A85' softened); several agreeing are not, and a split vote keeps the word as first read."""
    most = next(iter(_groups(reads)), [])
    if len(most) < VOTES:
        return None
    best = max(most, key=_mean)
    if not _sure(best, old):
        return None
    # a code is one word: a read that split it ('93PB58MOM' 'CA489474') is joined back, as sure
    # as its least sure part
    return [Word(text="".join(wd.text for wd in best),
                 bbox=(min(wd.bbox[0] for wd in best), min(wd.bbox[1] for wd in best),
                       max(wd.bbox[2] for wd in best), max(wd.bbox[3] for wd in best)),
                 conf=min(wd.conf for wd in best))]


def _vote(grey: Image.Image, box, old: Word, first: list[Word] | None, dpi: int | None,
          limits: Limits) -> list[Word] | None:
    """The renderings read one by one until a reading has won or none can win any more."""
    reads = [first] if first else []
    for k, (scale, look) in enumerate(RENDERINGS):
        won = _voted(reads, old)
        if won:
            return won
        if len(next(iter(_groups(reads)), [])) + len(RENDERINGS) - k < VOTES:
            return None
        new = _alone(grey, box, old, dpi, limits, scale, look)
        if new:
            reads.append(new)
    return _voted(reads, old)


def _read_spot(grey: Image.Image, line: Line, j: int, dpi: int | None, limits: Limits) -> list[Word] | None:
    """Word j of the line cut out alone, enlarged and read: its sure read, or None to keep it.
    A code-like word not read sure is read in more renderings, which then vote."""
    w, h = grey.size
    old = line.words[j]
    pad = max(3, round((line.bbox[3] - line.bbox[1]) * h * 0.2))
    # sideways no further than half-way to the next word: a neighbour's digits in the crop
    # would be read as part of this word ('159697' + '01' -> '159697.01')
    left = line.words[j - 1].bbox[2] if j > 0 else 0.0
    right = line.words[j + 1].bbox[0] if j + 1 < len(line.words) else 1.0
    x0 = max(round(old.bbox[0] * w) - pad, round((left + old.bbox[0]) / 2 * w), 0)
    x1 = min(round(old.bbox[2] * w) + pad, round((old.bbox[2] + right) / 2 * w), w)
    box = (x0, max(0, round(line.bbox[1] * h) - pad), x1, min(h, round(line.bbox[3] * h) + pad))
    if box[2] - box[0] < 8 or box[3] - box[1] < 8:
        return None
    new = _alone(grey, box, old, dpi, limits)
    if _sure(new, old):
        return new
    return _vote(grey, box, old, new, dpi, limits) if _code_like(old.text) else None


def _with_spots(lines: list[Line], found: dict[tuple[int, int], list[Word] | None]) -> list[Line]:
    out = list(lines)
    for i in sorted({i for (i, _), new in found.items() if new}):
        out[i] = Line(words=tuple(wd for j, old in enumerate(lines[i].words)
                                  for wd in (found.get((i, j)) or [old])))
    return out


def _spotting(limits: Limits) -> bool:
    return limits.tesseract_library and engine.available()


def reread_words(grey: Image.Image, lines: list[Line], dpi: int | None, limits: Limits) -> list[Line]:
    """The lines, each garbled word replaced by its own enlarged read when that is sure."""
    spots = spotted_words(lines) if _spotting(limits) else []
    if not spots or len(spots) > MAX_SPOTS:
        return lines
    return _with_spots(lines, {(i, j): _read_spot(grey, lines[i], j, dpi, limits) for i, j in spots})


def second_look(grey: Image.Image, lines: list[Line], dpi: int | None, limits: Limits) -> list[Line]:
    """reread() then reread_words(), on two engines at once: while the strip is read, the
    second engine reads the garbled words, first those of lines the strip cannot change, then
    those of weak lines (kept when the strip leaves the line as it was, void when it replaces
    it: a third of them on the samples); after the strip, the replaced lines' garbled words.
    The same lines as one after the other."""
    if not _spotting(limits):
        return reread(grey, lines, dpi, limits)
    weak = set(weak_lines(lines))
    first = spotted_words(lines)
    steady = [(i, j) for i, j in first if i not in weak]  # unchanged by the strip
    # more garbled words than MAX_SPOTS: read none ahead that the strip may make void
    ahead = (steady + [k for k in first if k[0] in weak] if len(first) <= MAX_SPOTS else
             steady if len(steady) <= MAX_SPOTS else [])
    with ThreadPoolExecutor(max_workers=2, thread_name_prefix="fretadoc-reread") as pool:
        strip = pool.submit(reread, grey, lines, dpi, limits)
        early = {(i, j): pool.submit(_read_spot, grey, lines[i], j, dpi, limits) for i, j in ahead}
        after = strip.result()
        for (i, _), f in early.items():
            if after[i] is not lines[i]:
                f.cancel()  # read in a line the strip replaced
        spots = spotted_words(after)
        if not spots or len(spots) > MAX_SPOTS:
            for f in early.values():
                f.cancel()
            return after
        pending = {(i, j): early[(i, j)] if after[i] is lines[i] and (i, j) in early
                   else pool.submit(_read_spot, grey, after[i], j, dpi, limits) for i, j in spots}
        return _with_spots(after, {k: f.result() for k, f in pending.items()})
