"""A second look at the lines Tesseract read poorly, enlarged.

On a page set at 200-300 dpi, small print (a policy's vehicle row in 8.5 pt between grid
lines) comes out as '9BWRE$2WOKC7 1 182'; the same row cut out, enlarged twice and read as
one line comes out right ('9BWRF82W0KC711822'). Every weak line of a page is cut out,
enlarged and stacked into one strip, read in a single Tesseract run (one process start per
page, not per line), and each line's new words replace the old ones only when Tesseract is
surer of them. Strong lines are never touched as lines.

Then each word still garbled (spotted_words: read below SPOT, a number or a word in capitals
below SPOT_SURE, a broken capital, in any line) is cut out and read by itself: a table cell
whose text sits on a rule comes out as '[arBrBaa-7' beside words read at 0.96, and stays garbled
when its line is read again; cut out alone it reads '47.818.441-7' at 0.92. Garbled words close
together are cut out as one run, with a neighbour a hair away that may be a piece of them
(',' 'ULIANA'). Each run is cut out in its line's height and in the line's text band (band()),
and read as it is, without the rules crossing it and without a speck at its end; the surest read
(SPOT_SURE) spanning most of it replaces it; every other word stays as read. Each read is its
own recognition, which costs ~10-40 ms with the engine kept loaded and a process start with the
command, so it is done only with the library (ocr/engine.py).

A code-like word (a plate, a chassis: letters and digits mixed) or a number still not read sure
alone gets a vote, and so does a code read fairly well (below CODE_SURE), which changes by a
vote only: the fee receipt's typewriter plate reads 'ISvy3F34', 'ISY3F34', 'ISy3F34' in
different renderings of the same crop, each alone unsure. Up to seven more renderings (3x, 4x,
thickened, softened) are read until VOTES agree letter case aside, more than on any other
reading, with one of them sure, or none can win (then three thinned ones, where the glyphs may
run together: '9BWRF82W0KC711822' read 'KCT7' as first read); one sure read among disagreeing ones is no
evidence ('INS4A85' sure where most read 'IWS4A85'). A masked CPF or CNPJ whose check digits
fail (suspect()) is put to the vote too: a read whose digits hold replaces it, and the same
digits agreed on are what the page prints (the word's `votes`).

Both looks run on two engines at once (second_look): the garbled words are read on the second
core while the strip is read, and kept where the strip leaves their line as it was; the words
of the lines it replaced are read after it, two at a time. The lines come out the same as one
look after the other.
"""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from statistics import median
from typing import TypeGuard

import numpy as np
from PIL import Image, ImageFilter
from validate_docbr import CNPJ, CPF

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
PAD = 0.2  # a word's crop reaches this share of its line's height above and below it
BAND_PAD = 0.3  # ... or of the text band's height, where the line took in a rule or a speck
BAND_TALL = 1.3  # (the line's box this much taller than its text band)
RUN_GAP = 1.5  # garbled words closer than this (text band heights) are read as one crop
TIGHT = 0.25  # a neighbour this close (text band heights) may be a piece of the same word
OUTGROWN = 0.5  # a word's box this far (text band heights) outside the band took in a speck
RULE = 0.9  # a crop's pixel column or row this dark from end to end is a table's rule
SPECK_GAP = 0.15  # a speck at a crop's end stands apart by this share of its height ...
SPECK_INK = 0.04  # ... and holds less than this share of its ink
MAX_SPOTS = 40  # per page: more garbled runs than this is a poor scan, not stray cells (a list has 30 rows)
_BROKEN = re.compile(r"[A-ZÀ-Ý][!|]|[!|][A-ZÀ-Ý]")  # a capital's stroke read as '!' or '|'
# one small letter between a capital and a digit: inside a code ('ISv3F34'), not a time ('06h45')
_MIXED = re.compile(r"[A-Z][a-z][0-9]|[0-9][a-z][A-Z]")
# more renderings of a code-like word (scale, look) after the first (SCALE, as cut out)
RENDERINGS = ((SCALE, "bold"), (SCALE, "soft"), (3, None), (3, "bold"), (3, "soft"), (4, None), (4, "bold"))
# and, for a word the others could not settle that may be glyphs run together, thinned ones
THINNED = ((SCALE, "thin"), (3, "thin"), (4, "thin"))
THIN_SURE = 0.79  # a reading only thinned renderings were sure of: kept, unsure
VOTES = 4  # of the eight reads (eleven with the thinned), how many must agree (and more than on any other reading)
CODE_SURE = 0.85  # a code read less sure than this is put to the vote (a plate needs 0.85 to count)
CLEAR = 0.9  # a spot's read this sure is kept without reading its other crops
_NUMERIC = frozenset("0123456789.,-/")
_CPF_MASK = re.compile(r"\d{3}\.\d{3}\.\d{3}-\d{2}")
_CNPJ_MASK = re.compile(r"\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}")


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
        # words are kept by the line's text band, not its box: a speck or a tall word may stretch
        # the box over the row above, whose words the crop then shows too (a CNH's labels)
        b0, b1 = band(lines[i])
        margin = 0.25 * (b1 - b0)
        line_top = round(max(y0, b0 - margin) * h) - box[1]
        line_bottom = round(min(y1, b1 + margin) * h) - box[1]
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


def _alnum(text: str) -> int:
    return sum(map(str.isalnum, text))


def band(line: Line) -> tuple[float, float]:
    """The line's text band (top, bottom, as fractions of the page): the median top and bottom
    of its sure words. Tesseract may glue a table's rule or a speck to a word's box, and so to
    the line's ('NUCAS' boxed down to the rule under its row); a crop of that height takes in
    the rule and the next row's text."""
    sure = [wd for wd in line.words if wd.conf >= SPOT_SURE and _alnum(wd.text) >= 2]
    if not sure:
        return line.bbox[1], line.bbox[3]
    return median(wd.bbox[1] for wd in sure), median(wd.bbox[3] for wd in sure)


def _garbled(wd: Word) -> bool:
    """Read unsure, or with a capital broken into '!' or '|' ('BERTOLD!', however sure; alone
    it reads 'BERTOLDI'), or with one small letter inside a code ('ISv3F34'), or a number or a
    word in capitals not read sure (an amount at 0.76 reads 0.95 alone; a code's mixed letters
    and digits are left to the vote): with two or more letters or digits. Prose in small letters
    is weighed against the dictionary instead (intake/reading/lexicon.py)."""
    n = _alnum(wd.text)
    return suspect(wd.text) or n >= 2 and (wd.conf < SPOT or bool(_BROKEN.search(wd.text)) or bool(_MIXED.search(wd.text))
                       or (wd.conf < SPOT_SURE and (_number(wd.text) or _capitals(wd.text))))


def suspect(text: str) -> bool:
    """A CPF or CNPJ printed with its mask ('509.823.681-97') whose check digits fail: a misread,
    or a wrong number printed. Read again: a reading whose digits hold replaces it; the same
    digits read alike in VOTES renderings are what the page prints (the word's `votes`)."""
    t = text.strip(".,;:")
    if _CPF_MASK.fullmatch(t):
        return not CPF().validate(t)
    if _CNPJ_MASK.fullmatch(t):
        return not CNPJ().validate(t)
    return False


def _holds(words: list[Word]) -> bool:
    """The read is a masked CPF or CNPJ whose check digits hold."""
    text = "".join(wd.text for wd in words).strip(".,;:")
    return bool(_CPF_MASK.fullmatch(text) or _CNPJ_MASK.fullmatch(text)) and not suspect(text)


def _doubtful_code(wd: Word) -> bool:
    """A code read fairly well but not sure ('INS4A85' at 0.80 for IWS4A85): only a vote of
    the renderings may change it, never one sure read of them."""
    return _code_like(wd.text) and SPOT <= wd.conf < CODE_SURE and not _garbled(wd)


def _number(text: str) -> bool:
    return sum(c.isdigit() for c in text) >= 2 and not any(c.isalpha() for c in text)


def _capitals(text: str) -> bool:
    """A word in capitals (a name: 'CAIO' at 0.76 reads 0.93 alone), not a code with digits."""
    letters = [c for c in text if c.isalnum()]
    return len(letters) >= 2 and all(c.isalpha() and c.isupper() for c in letters)


def _outgrown(wd: Word, top: float, bottom: float) -> bool:
    """A word whose box reaches well outside the text band: a speck or a rule read into it
    ('HA' of 'ROC HA', split off 'ROCHA' by a speck above it)."""
    h = bottom - top
    return _alnum(wd.text) >= 2 and (top - wd.bbox[1] > OUTGROWN * h or wd.bbox[3] - bottom > OUTGROWN * h)


def _speck(wd: Word) -> bool:
    """An unsure mark with no letter or digit that is no ruling line (',' read from the hook
    of a 'J'), which may be a piece of the word it touches."""
    return _alnum(wd.text) == 0 and wd.conf < 0.5 and bool(wd.text.strip("|[]_ "))


def spotted_words(lines: list[Line], aspect: float = 1.0) -> list[tuple[int, int, int]]:
    """(line, first word, last word) of each run of words to read again as one crop: garbled
    words close together ('Tea Te0 19600', one CPF read in three pieces), a word grown out of
    the text band, an unsure speck; each with a neighbour at a hair's breadth (TIGHT), which
    may be a piece of the same word (',' 'ULIANA'; 'ROC' 'HA'). A run of specks alone is none.
    aspect: the page's width over its height (boxes are fractions of each)."""
    return [(i, j0, j1) for i, ln in enumerate(lines) for j0, j1 in _line_spots(ln, aspect)]


def _line_spots(ln: Line, aspect: float) -> list[tuple[int, int]]:
    """spotted_words() of one line: (first word, last word) of each run. It depends on the line
    alone, so the lines a second look left as they were need not be looked at again."""
    out = []
    ws = ln.words
    top, bottom = band(ln)
    h = max(bottom - top, 1e-6)
    gap = [(ws[k + 1].bbox[0] - ws[k].bbox[2]) * aspect for k in range(len(ws) - 1)]
    # a neighbour a hair away with letters or digits (a rule beside a cell is none)
    tight = [(k > 0 and gap[k - 1] < TIGHT * h and _alnum(ws[k - 1].text) > 0)
             or (k + 1 < len(ws) and gap[k] < TIGHT * h and _alnum(ws[k + 1].text) > 0)
             for k in range(len(ws))]
    # a word grown out of the band matters when unsure or split off a neighbour ('ROC' 'HA')
    marked = [_garbled(wd) or _speck(wd) or _doubtful_code(wd)
              or (_outgrown(wd, top, bottom) and (wd.conf < SPOT_SURE or tight[k]))
              for k, wd in enumerate(ws)]
    last, j = -1, 0  # the last word taken into a run of this line; the next to look at
    while j < len(ws):
        if not marked[j]:
            j += 1
            continue
        j0 = j1 = j
        while j1 + 1 < len(ws) and marked[j1 + 1] and gap[j1] < RUN_GAP * h:
            j1 += 1
        if j0 - 1 > last and gap[j0 - 1] < TIGHT * h:
            j0 -= 1
        if j1 + 1 < len(ws) and gap[j1] < TIGHT * h:
            j1 += 1
        if any(_alnum(wd.text) for wd in ws[j0:j1 + 1]):
            out.append((j0, j1))
            last = j1
        j = j1 + 1
    return out


def _lettered(new: list[Word], old: Word) -> bool:
    """A number read again as letters ('11' -> 'n'): strokes run together, not a better read."""
    return not any(c.isalpha() for c in old.text) and any(c.isalpha() for wd in new for c in wd.text)


def _code_like(text: str) -> bool:
    """A plate, a chassis, an RG, an alphanumeric CNPJ: letters and digits mixed, 5 to 20 of
    them, hardly any small letter (a hash or a garbled phrase is not worth eight reads)."""
    alnum = [c for c in text if c.isalnum()]
    return (5 <= len(alnum) <= 20 and any(c.isalpha() for c in alnum) and any(c.isdigit() for c in alnum)
            and sum(c.islower() for c in alnum) <= 2)


def _votable(text: str) -> bool:
    """A code, or a number of four digits or more (an amount: '1.500.000,00' read unsure as cut
    out, sure thickened or softened)."""
    return _code_like(text) or (_number(text) and sum(c.isdigit() for c in text) >= 4)


def _unruled(crop: Image.Image) -> Image.Image | None:
    """The crop without a table's rules, None when it has none: a pixel column or row dark from
    end to end (RULE) is no stroke of a word, whose glyphs never span the crop's margins
    ('|15P' reads '15P')."""
    a = np.asarray(crop)
    dark = a < 128
    cols, rows = dark.mean(axis=0) >= RULE, dark.mean(axis=1) >= RULE
    if not cols.any() and not rows.any():
        return None
    a = a.copy()
    a[:, cols] = 255
    a[rows, :] = 255
    return Image.fromarray(a)


def _trimmed(crop: Image.Image) -> Image.Image | None:
    """The crop without a speck at either end, None when it has none: a run of inked columns
    with little ink (SPECK_INK of the crop's), apart from the rest by a gap wider than a letter's
    spacing (SPECK_GAP of the crop's height): 'ZANETTI' with a speck after it reads 'ZANETTI.'."""
    a = np.asarray(crop) < 192  # a speck's faint grey is ink to Tesseract
    cols = a.sum(axis=0)
    inked = np.flatnonzero(cols)
    if len(inked) < 2:
        return None
    gap = max(2, round(SPECK_GAP * crop.height))
    cuts = np.flatnonzero(np.diff(inked) > gap)  # ends of runs of inked columns
    if not len(cuts):
        return None
    runs = np.split(inked, cuts + 1)
    total = cols.sum()
    drop = [r for r in (runs[0], runs[-1]) if cols[r].sum() < SPECK_INK * total]
    if not drop:
        return None
    a = np.asarray(crop).copy()
    for r in drop:
        a[:, r[0]:r[-1] + 1] = 255
    return Image.fromarray(a)


def _canvas(crop: Image.Image) -> Image.Image:
    canvas = Image.new("L", (crop.width + 2 * GAP, crop.height + 2 * GAP), 255)
    canvas.paste(crop, (GAP, GAP))
    return canvas


def _rendered(grey: Image.Image, box, scale: int, look: str | None) -> Image.Image:
    crop = _enlarged(grey, box, scale)
    if look == "bold":  # thin strokes (a typewriter face at 200 dpi) thickened by a pixel
        crop = crop.filter(ImageFilter.MinFilter(3))
    elif look == "soft":  # jagged edges of a bilevel scan smoothed
        crop = crop.filter(ImageFilter.GaussianBlur(1))
    elif look == "thin":  # glyphs that touch parted, strokes thinned by two pixels a side ('C7' read 'CT7')
        crop = crop.filter(ImageFilter.MaxFilter(5))
    return _canvas(crop)


def _alone(grey: Image.Image, box, old: Word, dpi: int | None, limits: Limits, scale: int = SCALE,
           look: str | None = None, image: Image.Image | None = None) -> list[Word] | None:
    """The words read in one rendering of the crop (or the image given for it) that sit on the
    old word (None on failure)."""
    w, h = grey.size
    try:
        words = tesseract.words_px(image or _rendered(grey, box, scale, look), dpi=dpi * scale if dpi else None,
                                   lang=limits.tesseract_lang, timeout=limits.tesseract_timeout,
                                   threads=limits.tesseract_threads, psm=7, library=True)
    except (tesseract.TesseractTimeout, tesseract.TesseractFailed):
        return None
    placed = [_page_word(box, l, t, r, b, w, h, text, conf, scale) for _, (l, t, r, b), text, conf in words]
    # not a neighbour's sliver
    return sorted((wd for wd in placed if old.bbox[0] <= (wd.bbox[0] + wd.bbox[2]) / 2 <= old.bbox[2]),
                  key=lambda wd: wd.bbox[0]) or None


def _sure(new: list[Word] | None, old: Word) -> TypeGuard[list[Word]]:
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


def _voted(reads: list[list[Word]], old: Word, thinned: frozenset[int] = frozenset()) -> list[Word] | None:
    """The reading VOTES renderings agree on (letter case aside) when it is sure in one of
    them: that read. One rendering's sure read of a plate can be wrong ('IWS4A85' sure as
    'INS4A85' softened); several agreeing are not, and a split vote keeps the word as first read.
    A thinned rendering (`thinned`: ids of its reads) parts glyphs that touch but may close an
    '8' into an 'S' as surely: it votes only where it reads another number of glyphs than the
    page's first read, and a reading sure in thinned renderings only is kept, unsure."""
    groups = _groups(reads)
    most = next(iter(groups), [])
    if len(most) < VOTES or (len(groups) > 1 and len(groups[1]) == len(most)):
        return None
    best = max(most, key=_mean)
    if not _sure(best, old):
        return None
    won = [wd.model_copy(update={"votes": len(most)}) for wd in _joined(best)]
    if id(best) in thinned and not any(_sure(r, old) for r in most if id(r) not in thinned):
        won = [wd.model_copy(update={"conf": min(wd.conf, THIN_SURE)}) for wd in won]
    return won


def _joined(words: list[Word]) -> list[Word]:
    """A code is one word: a read that split it ('93PB58MOM' 'CA489474') is joined back, as
    sure as its least sure part."""
    return [_merged(words, "")]


def _vote(grey: Image.Image, box, old: Word, first: list[Word] | None, dpi: int | None,
          limits: Limits) -> list[Word] | None:
    """The renderings read one by one until a reading has won or none can win any more. For a
    number only reads of digits and their separators count: a '1' read ']' in four renderings
    ('680.191.799-4]') is no vote for a ten-digit number. Then, where the leading reading parts
    the glyphs otherwise than the first read did ('KCT7' for a 'C7' run together) and may still
    win, the thinned renderings vote too (those reading that other number of glyphs)."""
    def counts(new: list[Word] | None) -> TypeGuard[list[Word]]:
        return bool(new) and (not _number(old.text) or all(set(wd.text) <= _NUMERIC for wd in new or ()))

    reads: list[list[Word]] = [first] if counts(first) else []
    for k, (scale, look) in enumerate(RENDERINGS):
        won = _voted(reads, old)
        if won:
            return won
        if len(next(iter(_groups(reads)), [])) + len(RENDERINGS) - k < VOTES:
            return None
        new = _alone(grey, box, old, dpi, limits, scale, look)
        if counts(new):
            reads.append(new)
    won = _voted(reads, old)
    lead = next(iter(_groups(reads)), [])
    if won or not lead or len(lead) + len(THINNED) < VOTES or _alnum(_text(lead[0])) == _alnum(old.text):
        return won
    thinned: set[int] = set()
    for scale, look in THINNED:
        new = _alone(grey, box, old, dpi, limits, scale, look)
        if counts(new) and _alnum(_text(new)) != _alnum(old.text):
            reads.append(new)
            thinned.add(id(new))
            won = _voted(reads, old, frozenset(thinned))
            if won:
                return won
    return None


def _text(words: list[Word]) -> str:
    return "".join(wd.text for wd in words)


def _crops(grey: Image.Image, line: Line, j0: int, j1: int) -> list[tuple[int, int, int, int]]:
    """The pixels of words j0..j1 of the line: the line's height with a margin, then, where the
    line is much taller than its text band (band()), the band's; sideways no further than half-way to the next words
    (a neighbour's digits in the crop would be read as part of them: '159697' + '01' ->
    '159697.01')."""
    w, h = grey.size
    first, last = line.words[j0], line.words[j1]
    left = line.words[j0 - 1].bbox[2] if j0 > 0 else 0.0
    right = line.words[j1 + 1].bbox[0] if j1 + 1 < len(line.words) else 1.0
    out: list[tuple[int, int, int, int]] = []
    heights = [line.bbox[1::2]]
    top, bottom = band(line)
    if (top, bottom) == tuple(line.bbox[1::2]):  # no sure word to tell the band: the words' own
        top, bottom = min(wd.bbox[1] for wd in line.words[j0:j1 + 1]), max(wd.bbox[3] for wd in line.words[j0:j1 + 1])
    if line.bbox[3] - line.bbox[1] > BAND_TALL * (bottom - top):  # the line took in a rule or a speck
        heights.append((top, bottom))
    for (top, bottom), share in zip(heights, (PAD, BAND_PAD)):
        pad = max(3, round((bottom - top) * h * share))
        x0 = max(round(first.bbox[0] * w) - pad, round((left + first.bbox[0]) / 2 * w), 0)
        x1 = min(round(last.bbox[2] * w) + pad, round((last.bbox[2] + right) / 2 * w), w)
        box = (x0, max(0, round(top * h) - pad), x1, min(h, round(bottom * h) + pad))
        if box[2] - box[0] >= 8 and box[3] - box[1] >= 8 and \
                not any(abs(box[1] - b[1]) <= 3 and abs(box[3] - b[3]) <= 3 for b in out):
            out.append(box)
    return out


def _merged(words, sep: str = " ") -> Word:
    """The words as one, boxed together, as sure as the least sure of them."""
    return Word(text=sep.join(wd.text for wd in words),
                bbox=(min(wd.bbox[0] for wd in words), min(wd.bbox[1] for wd in words),
                      max(wd.bbox[2] for wd in words), max(wd.bbox[3] for wd in words)),
                conf=min(wd.conf for wd in words))


def _read_spot(grey: Image.Image, line: Line, j0: int, j1: int, dpi: int | None,
               limits: Limits) -> list[Word] | None:
    """Words j0..j1 of the line cut out together, enlarged and read: their sure read, or None
    to keep them. A run not read sure together is read word by word (each garbled word alone);
    a code-like word not read sure alone is read in more renderings, which then vote."""
    boxes = _crops(grey, line, j0, j1)
    if not boxes:
        return None
    old = _merged(line.words[j0:j1 + 1])
    one = j0 == j1
    voting = one and _doubtful_code(line.words[j0])  # a code read fairly well changes by a vote only
    doubt = one and suspect(old.text)  # then only a read whose check digits hold replaces it
    code = one and _code_like(old.text)  # a code is one word ('93PB' '58MOMCA489474')

    def read(box, image=None) -> list[Word] | None:
        new = _alone(grey, box, old, dpi, limits, image=image)
        return _joined(new) if new and code else new

    def good(new: list[Word] | None) -> bool:
        return not voting and _sure(new, old) and not (doubt and not _holds(new))

    plain, reads = [], []  # (box, its read as cut out); every read
    for k, box in enumerate(boxes):
        plain.append((box, read(box)))
        reads.append(plain[-1][1])
        if good(reads[-1]) and _mean(reads[-1]) >= CLEAR:
            return reads[-1]  # read clearly: no other crop could pay for itself
        if voting or k < len(boxes) - 1:
            continue  # (the tightest crop is the one read without rules or specks)
        crop = _enlarged(grey, box)
        for bare in (_unruled(crop), _trimmed(crop)):  # read again without rules or end specks
            if bare is not None:
                reads.append(read(box, _canvas(bare)))
    sure = [new for new in reads if good(new)]
    if sure:  # the surest read ('Carioas' at 0.82 in the line's height, 'Canoas' at 0.95 in the band's)
        return max(sure, key=_mean)
    if one:
        if not _votable(old.text):
            return None
        box, first = max(plain, key=lambda p: _mean(p[1]) if p[1] else 0.0)  # in the crop read best
        return _vote(grey, box, old, first, dpi, limits)
    parts = [_read_spot(grey, line, j, j, dpi, limits) if _garbled(line.words[j]) else None
             for j in range(j0, j1 + 1)]
    if not any(parts):
        return None
    return [wd for j, part in zip(range(j0, j1 + 1), parts) for wd in (part or [line.words[j]])]


def _with_spots(lines: list[Line], found: dict[tuple[int, int, int], list[Word] | None]) -> list[Line]:
    out = list(lines)
    for i in sorted({i for (i, _, _), new in found.items() if new}):
        words: list[Word] = []
        j = 0
        for (k, j0, j1), new in sorted(found.items()):
            if k != i:
                continue
            words += lines[i].words[j:j0] + tuple(new or lines[i].words[j0:j1 + 1])
            j = j1 + 1
        out[i] = Line(words=tuple(words) + lines[i].words[j:])
    return out


def _spotting(limits: Limits) -> bool:
    return limits.tesseract_library and engine.available()


def reread_words(grey: Image.Image, lines: list[Line], dpi: int | None, limits: Limits) -> list[Line]:
    """The lines, each garbled word (or run) replaced by its own enlarged read when that is sure."""
    spots = spotted_words(lines, grey.width / grey.height) if _spotting(limits) else []
    if not spots or len(spots) > MAX_SPOTS:
        return lines
    return _with_spots(lines, {(i, j0, j1): _read_spot(grey, lines[i], j0, j1, dpi, limits) for i, j0, j1 in spots})


def second_look(grey: Image.Image, lines: list[Line], dpi: int | None, limits: Limits) -> list[Line]:
    """reread() then reread_words(), on two engines at once: while the strip is read, the
    second engine reads the garbled words, first those of lines the strip cannot change, then
    those of weak lines (kept when the strip leaves the line as it was, void when it replaces
    it: a third of them on the samples); after the strip, the replaced lines' garbled words.
    The same lines as one after the other."""
    if not _spotting(limits):
        return reread(grey, lines, dpi, limits)
    weak = set(weak_lines(lines))
    aspect = grey.width / grey.height
    runs = [_line_spots(ln, aspect) for ln in lines]
    first = [(i, j0, j1) for i, found in enumerate(runs) for j0, j1 in found]
    steady = [k for k in first if k[0] not in weak]  # unchanged by the strip
    # more garbled words than MAX_SPOTS: read none ahead that the strip may make void
    ahead = (steady + [k for k in first if k[0] in weak] if len(first) <= MAX_SPOTS else
             steady if len(steady) <= MAX_SPOTS else [])
    with ThreadPoolExecutor(max_workers=2, thread_name_prefix="fretadoc-reread") as pool:
        strip = pool.submit(reread, grey, lines, dpi, limits)
        early = {k: pool.submit(_read_spot, grey, lines[k[0]], k[1], k[2], dpi, limits) for k in ahead}
        after = strip.result()
        for k, f in early.items():
            if after[k[0]] is not lines[k[0]]:
                f.cancel()  # read in a line the strip replaced
        # spotted_words(after), looking again only at the lines the strip replaced
        spots = [(i, j0, j1) for i, ln in enumerate(after)
                 for j0, j1 in (runs[i] if ln is lines[i] else _line_spots(ln, aspect))]
        if not spots or len(spots) > MAX_SPOTS:
            for f in early.values():
                f.cancel()
            return after
        pending = {k: early[k] if after[k[0]] is lines[k[0]] and k in early
                   else pool.submit(_read_spot, grey, after[k[0]], k[1], k[2], dpi, limits) for k in spots}
        return _with_spots(after, {k: f.result() for k, f in pending.items()})
