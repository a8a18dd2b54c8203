"""The page engine of the random layouts: blocks of labelled values, tables and sentences, cut
into rows and set on portrait or landscape pages, with a letterhead and a footer.

Every block becomes rows of measured height; pages break between rows (a table's header is
printed again on the next page when the document's style says so). Widths are measured, so no
two texts overlap: a value too long for its cell is set smaller, never cut.
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass, field
from typing import Callable

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from samples.gen import pdf  # noqa: F401  (sets reportlab's invariant mode: the same bytes every run)
from samples.gen.perturb import common as cm

# How labelled values are set (`Pairs.arrangement`).
KV_ARRANGEMENTS = ("inline", "inline_multi", "above", "left", "kv_table", "header_table")


def sw(s: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(s, font, size)


@dataclass
class Row:
    height: float
    draw: Callable[[Canvas, float, float, float], None]  # (canvas, x, top, width)
    keep_next: bool = False
    header_of: int | None = None  # a table's header row: printed again atop the next page
    table: int | None = None


@dataclass
class Item:
    label: str  # as printed (styled)
    value: str
    field: str | None = None  # None: a decoy
    wide: bool = False  # takes a whole row in grids


@dataclass
class Pairs:
    items: list[Item]
    arrangement: str
    title: str | None = None
    framed: bool = False  # a box drawn around the block (a party's box)


@dataclass
class Heading:
    text: str
    scale: float = 1.0
    align: str = "left"
    look: str = "plain"  # plain, bar, underline, boxed


@dataclass
class Prose:
    text: str
    align: str = "left"


@dataclass
class Table:
    headers: list[str]
    rows: list[list[str]]
    groups: list[tuple[str, int]] | None = None  # a header row over the headers: (text, columns spanned)
    subheads: dict[int, str] = field(default_factory=dict)  # before data row i: a sub-heading across the table
    after: dict[int, str] = field(default_factory=dict)  # after data row i: a line across (a subtotal)
    repeat_header: bool = True
    grid: str = "full"  # full, rules, none
    weights: list[float] | None = None


@dataclass
class Gap:
    height: float


Block = Pairs | Heading | Prose | Table | Gap


@dataclass
class Sheet:
    """One document's page setup and typography."""

    st: cm.Style
    rng: random.Random
    landscape: bool
    letterhead: list[str] = field(default_factory=list)  # first line large and bold
    letterhead_every_page: bool = True
    footer: list[str] = field(default_factory=list)
    page_numbers: bool = True
    title: str = ""

    @property
    def size(self) -> tuple[float, float]:
        return landscape(A4) if self.landscape else A4


class Engine:
    def __init__(self, sheet: Sheet):
        self.sh = sheet
        self.st = sheet.st
        self.r = random.Random(sheet.rng.getrandbits(32))
        self.sep = self.r.choice([":", ":", ":", " -", ""])
        self.gap = self.r.uniform(4, 10)
        self.table_id = 0

    # ---------------------------------------------------------------- text helpers
    def _text(self, c: Canvas, x: float, y: float, s: str, font: str, size: float, avail: float | None = None):
        if avail is not None and sw(s, font, size) > avail > 0:
            size = size * avail / sw(s, font, size) * 0.98
        c.setFont(font, size)
        c.drawString(x, y, s)

    def _lab(self, it: Item, bare: bool = False) -> str:
        """A label as a line prints it: with the document's separator; a label run on a line
        beside its value (`bare` False) always has one where labels and values share a font."""
        sep = self.sep
        if not sep and not bare and self.st.label_font == self.st.value_font:
            sep = ":"
        return it.label + sep

    # ---------------------------------------------------------------- blocks to rows
    def rows(self, b: Block, w: float) -> list[Row]:
        if isinstance(b, Gap):
            return [Row(b.height, lambda c, x, t, ww: None)]
        if isinstance(b, Heading):
            return [self._heading(b, w)]
        if isinstance(b, Prose):
            return self._prose(b, w)
        if isinstance(b, Table):
            return self._table(b, w)
        return self._pairs(b, w)

    def _heading(self, h: Heading, w: float) -> Row:
        st = self.st
        size = st.size * h.scale
        lines = simpleSplit(h.text, st.bold, size, w - 8) or [""]
        lead = size * 1.25
        height = len(lines) * lead + size * 0.8

        def draw(c, x, top, ww, lines=lines):
            c.saveState()
            if h.look == "bar":
                c.setFillColor(colors.HexColor("#d9d9d9"))
                c.rect(x, top - height + 2, ww, height - 3, stroke=0, fill=1)
                c.setFillColor(colors.black)
            elif h.look == "boxed":
                c.setLineWidth(0.6)
                c.rect(x, top - height + 2, ww, height - 3)
            y = top - size * 1.1
            for ln in lines:
                tw = sw(ln, st.bold, size)
                xx = x + 4 if h.align == "left" else x + (ww - tw) / 2
                self._text(c, xx, y, ln, st.bold, size)
                y -= lead
            if h.look == "underline":
                c.setLineWidth(0.7)
                c.line(x, top - height + 2, x + ww, top - height + 2)
            c.restoreState()

        return Row(height, draw, keep_next=True)

    def _prose(self, p: Prose, w: float) -> list[Row]:
        st = self.st
        lead = st.size * 1.35
        lines = simpleSplit(p.text, st.regular, st.size, w)
        out = []
        for ln in lines:
            def draw(c, x, top, ww, ln=ln):
                xx = x if p.align == "left" else x + (ww - sw(ln, st.regular, st.size)) / 2
                self._text(c, xx, top - st.size, ln, st.regular, st.size)
            out.append(Row(lead, draw))
        out.append(Row(st.size * 0.6, lambda c, x, t, ww: None))
        return out

    # ---- labelled values
    def _pairs(self, b: Pairs, w: float) -> list[Row]:
        inner = w - 12 if b.framed else w
        rows: list[Row] = []
        if b.title and not b.framed:
            rows.append(self._heading(Heading(b.title, 1.0, "left", self.r.choice(["plain", "bar", "underline"])), w))
        rows += getattr(self, "_kv_" + b.arrangement)(b.items, inner)
        rows.append(Row(self.st.size * 0.5, lambda c, x, t, ww: None))
        if not b.framed:
            return rows
        # a party's box: its title on the frame, its rows inside, never split across pages
        st = self.st
        th = st.size * 1.6 if b.title else 4
        height = th + sum(r.height for r in rows) + 4

        def draw(c, x, top, ww, rows=rows):
            c.saveState()
            c.setLineWidth(0.8)
            c.rect(x, top - height + 2, ww, height - 4)
            if b.title:
                self._text(c, x + 6, top - st.size * 1.2, b.title, st.bold, st.size)
            t = top - th
            for r in rows:
                r.draw(c, x + 6, t, ww - 12)
                t -= r.height
            c.restoreState()

        return [Row(height, draw)]

    def _kv_inline(self, items: list[Item], w: float) -> list[Row]:
        st = self.st
        lead = st.size * 1.45
        out = []
        for it in items:
            lab = self._lab(it)
            lw = sw(lab, st.label_font, st.size)
            vlines = [it.value]
            if lw + self.gap + sw(it.value, st.value_font, st.size) > w and it.field is None:
                vlines = simpleSplit(it.value, st.value_font, st.size, w - lw - self.gap) or [""]

            def draw(c, x, top, ww, lab=lab, lw=lw, vlines=vlines):
                y = top - st.size * 1.05
                self._text(c, x, y, lab, st.label_font, st.size)
                for j, v in enumerate(vlines):
                    self._text(c, x + lw + self.gap, y - j * lead, v, st.value_font, st.size, ww - lw - self.gap)
            out.append(Row(lead * len(vlines), draw))
        return out

    def _kv_inline_multi(self, items: list[Item], w: float) -> list[Row]:
        """Several `LABEL: value` pairs on one line, apart by a wide gap or a bar."""
        st = self.st
        lead = st.size * 1.5
        joiner = self.r.choice(["gap", "gap", "bar"])
        space = self.r.uniform(14, 26)
        out = []
        line: list[tuple[str, str]] = []
        used = 0.0

        def pair_w(it: Item) -> float:
            return sw(self._lab(it) + " ", st.label_font, st.size) + sw(it.value, st.value_font, st.size)

        def flush(line=None):
            def draw(c, x, top, ww, line=list(line)):
                xx = x
                y = top - st.size * 1.05
                for k, (lab, val) in enumerate(line):
                    if k:
                        if joiner == "bar":
                            self._text(c, xx + space / 2 - 2, y, "|", st.regular, st.size)
                        xx += space
                    self._text(c, xx, y, lab + " ", st.label_font, st.size)
                    xx += sw(lab + " ", st.label_font, st.size)
                    vw = min(sw(val, st.value_font, st.size), ww - (xx - x))
                    self._text(c, xx, y, val, st.value_font, st.size, ww - (xx - x))
                    xx += vw
            out.append(Row(lead, draw))

        for it in items:
            pw = pair_w(it)
            if line and used + space + pw > w:
                flush(line)
                line, used = [], 0.0
            line.append((self._lab(it), it.value))
            used += pw + (space if len(line) > 1 else 0)
        if line:
            flush(line)
        return out

    def _kv_left(self, items: list[Item], w: float) -> list[Row]:
        """Labels in a column, values aligned at one x; leader dots now and then."""
        st = self.st
        lead = st.size * 1.45
        lab_w = max(sw(self._lab(it, True), st.label_font, st.size) for it in items) + self.gap
        vx = min(max(lab_w, w * self.r.uniform(0.25, 0.42)), w * 0.55)
        dots = self.r.random() < 0.3
        out = []
        for it in items:
            lab = self._lab(it, True)
            fits = sw(lab, st.label_font, st.size) + 4 <= vx

            def draw(c, x, top, ww, lab=lab, fits=fits, it=it):
                y = top - st.size * 1.05
                self._text(c, x, y, lab, st.label_font, st.size)
                if not fits:
                    y -= lead
                elif dots:
                    c.saveState()
                    c.setDash(1, 2)
                    c.setLineWidth(0.4)
                    c.line(x + sw(lab, st.label_font, st.size) + 3, y, x + vx - 3, y)
                    c.restoreState()
                self._text(c, x + vx, y, it.value, st.value_font, st.size, ww - vx)
            out.append(Row(lead * (1 if fits else 2), draw))
        return out

    def _kv_above(self, items: list[Item], w: float) -> list[Row]:
        """Grid cells: a small label above its value; boxes, rules under rows, or no lines."""
        st = self.st
        ls = st.label_size
        lines = self.r.choice(["boxes", "boxes", "rules", "none"])
        per = self.r.choice([2, 3, 4])
        pad = 2.8
        out = []
        i = 0
        while i < len(items):
            k = 1 if items[i].wide else min(per, len(items) - i)
            while k > 1:
                cand = items[i:i + k]
                nat = [max(sw(it.label, st.label_font, ls), sw(it.value, st.value_font, st.size)) + 2 * pad + 4
                       for it in cand]
                if not any(it.wide for it in cand) and sum(nat) <= w:
                    break
                k -= 1
            cells = items[i:i + k]
            nat = [max(sw(it.label, st.label_font, ls), sw(it.value, st.value_font, st.size)) + 2 * pad + 4
                   for it in cells]
            extra = (w - sum(nat)) / len(cells) if sum(nat) <= w else 0
            widths = [n + extra for n in nat] if len(cells) > 1 else [w]
            h = pad + ls * 1.05 + st.size * 1.25 + pad

            def draw(c, x, top, ww, cells=cells, widths=widths, h=h):
                c.saveState()
                c.setLineWidth(0.5)
                xx = x
                for it, cw in zip(cells, widths):
                    if lines == "boxes":
                        c.rect(xx, top - h, cw, h)
                    self._text(c, xx + pad, top - pad - ls * 0.85, it.label, st.label_font, ls, cw - 2 * pad)
                    self._text(c, xx + pad, top - h + pad + st.size * 0.3, it.value, st.value_font, st.size,
                               cw - 2 * pad)
                    xx += cw
                if lines == "rules":
                    c.line(x, top - h, x + ww, top - h)
                c.restoreState()
            out.append(Row(h, draw))
            i += k
        return out

    def _kv_kv_table(self, items: list[Item], w: float) -> list[Row]:
        """A ruled key/value table: label cells (shaded now and then) beside value cells, one or
        two pairs to a row."""
        st = self.st
        pairs = 2 if self.r.random() < 0.4 and all(
            sw(it.label, st.label_font, st.size) + sw(it.value, st.value_font, st.size) + 20 < w / 2
            for it in items) else 1
        shade = self.r.random() < 0.5
        lab_w = min(max(sw(it.label, st.label_font, st.size) for it in items) + 10, w / pairs * 0.5)
        h = st.size * 1.7
        out = []
        for i in range(0, len(items), pairs):
            cells = items[i:i + pairs]

            def draw(c, x, top, ww, cells=cells):
                c.saveState()
                c.setLineWidth(0.5)
                cw = ww / pairs
                for j, it in enumerate(cells):
                    x0 = x + j * cw
                    if shade:
                        c.setFillColor(colors.HexColor("#e4e4e4"))
                        c.rect(x0, top - h, lab_w, h, stroke=0, fill=1)
                        c.setFillColor(colors.black)
                    c.rect(x0, top - h, lab_w, h)
                    c.rect(x0 + lab_w, top - h, cw - lab_w, h)
                    y = top - h + st.size * 0.5
                    self._text(c, x0 + 3, y, it.label, st.label_font, st.size, lab_w - 6)
                    self._text(c, x0 + lab_w + 4, y, it.value, st.value_font, st.size, cw - lab_w - 8)
                c.restoreState()
            out.append(Row(h, draw))
        return out

    def _kv_header_table(self, items: list[Item], w: float) -> list[Row]:
        """Labels as a table's headers, values in the row below, columns in the order given."""
        st = self.st
        chunks: list[list[Item]] = []
        cur: list[Item] = []
        for it in items:
            need = lambda xs: sum(max(sw(x.label, st.bold, st.label_size), sw(x.value, st.value_font, st.size)) + 12
                                  for x in xs)
            if cur and need(cur + [it]) > w:
                chunks.append(cur)
                cur = []
            cur.append(it)
        if cur:
            chunks.append(cur)
        out = []
        for ch in chunks:
            t = Table([it.label for it in ch], [[it.value for it in ch]], repeat_header=False,
                      grid=self.r.choice(["full", "rules"]),
                      weights=[max(sw(it.label, st.bold, st.label_size), sw(it.value, st.value_font, st.size)) + 12
                               for it in ch])
            out += self._table(t, w, header_size=st.label_size)
        return out

    # ---- tables
    def _table(self, t: Table, w: float, header_size: float | None = None) -> list[Row]:
        st = self.st
        self.table_id += 1
        tid = self.table_id
        hs = header_size or st.size * 0.95
        n = len(t.headers)
        if t.weights:
            tot = sum(t.weights)
            cws = [w * x / tot for x in t.weights]
        else:
            nat = []
            for j in range(n):
                col = [sw(r[j], st.value_font, st.size) for r in t.rows] + [sw(t.headers[j], st.bold, hs) * 0.7]
                nat.append(max(col) + 10)
            j = 0
            for text, span in t.groups or []:  # a group's heading fits over its columns
                need = sw(text, st.bold, hs) + 12
                have = sum(nat[j:j + span])
                if have < need:
                    nat[j:j + span] = [x * need / have for x in nat[j:j + span]]
                j += span
            tot = sum(nat)
            cws = [w * x / tot for x in nat] if tot > w else [x + (w - tot) / n for x in nat]
        grid = t.grid
        out: list[Row] = []
        hlines = [simpleSplit(hd, st.bold, hs, cw - 6) or [""] for hd, cw in zip(t.headers, cws)]
        hh = max(len(x) for x in hlines) * hs * 1.15 + hs * 0.9

        if t.groups:
            gh = hs * 1.9

            def gdraw(c, x, top, ww):
                c.saveState()
                c.setLineWidth(0.5)
                xx, j = x, 0
                for text, span in t.groups:
                    gw = sum(cws[j:j + span])
                    if text:
                        c.rect(xx, top - gh, gw, gh)
                        self._text(c, xx + (gw - min(sw(text, st.bold, hs), gw - 6)) / 2, top - gh + hs * 0.6,
                                   text, st.bold, hs, gw - 6)
                    xx += gw
                    j += span
                c.restoreState()
            out.append(Row(gh, gdraw, keep_next=True, header_of=tid, table=tid))

        def hdraw(c, x, top, ww):
            c.saveState()
            c.setLineWidth(0.5)
            xx = x
            for lines, cw in zip(hlines, cws):
                if grid == "full":
                    c.rect(xx, top - hh, cw, hh)
                y = top - hs * 1.1
                for ln in lines:
                    self._text(c, xx + 3, y, ln, st.bold, hs, cw - 6)
                    y -= hs * 1.15
                xx += cw
            if grid == "rules":
                c.line(x, top - hh, x + sum(cws), top - hh)
            c.restoreState()
        out.append(Row(hh, hdraw, keep_next=True, header_of=tid if t.repeat_header else None, table=tid))

        rh = st.size * 1.6
        for i, r in enumerate(t.rows):
            if i in t.subheads:
                text = t.subheads[i]

                def sdraw(c, x, top, ww, text=text):
                    c.saveState()
                    c.setFillColor(colors.HexColor("#eeeeee"))
                    c.rect(x, top - rh, sum(cws), rh, stroke=1 if grid == "full" else 0, fill=1)
                    c.setFillColor(colors.black)
                    self._text(c, x + 3, top - rh + st.size * 0.45, text, st.bold, st.size, sum(cws) - 6)
                    c.restoreState()
                out.append(Row(rh, sdraw, keep_next=True, table=tid))

            def rdraw(c, x, top, ww, r=r):
                c.saveState()
                c.setLineWidth(0.4)
                xx = x
                for v, cw in zip(r, cws):
                    if grid == "full":
                        c.rect(xx, top - rh, cw, rh)
                    self._text(c, xx + 3, top - rh + st.size * 0.45, v, st.value_font, st.size, cw - 6)
                    xx += cw
                if grid == "rules":
                    c.line(x, top - rh, x + sum(cws), top - rh)
                c.restoreState()
            out.append(Row(rh, rdraw, table=tid))
            if i in t.after:
                text = t.after[i]

                def adraw(c, x, top, ww, text=text):
                    self._text(c, x + sum(cws) - sw(text, st.italic, st.size) - 4, top - st.size * 1.1, text,
                               st.italic, st.size)
                out.append(Row(rh, adraw, table=tid))
        out.append(Row(st.size * 0.8, lambda c, x, tp, ww: None))
        return out

    # ---------------------------------------------------------------- pages
    def paginate(self, blocks: list[Block]) -> list[list[Row]]:
        W, H = self.sh.size
        l, r, t, b = self.st.margins
        w = W - l - r
        avail = H - t - b - self._head_h() - self._foot_h()
        rows: list[Row] = []
        for blk in blocks:
            rows += self.rows(blk, w)
        pages: list[list[Row]] = [[]]
        used = 0.0
        headers: dict[int, list[Row]] = {}
        i = 0
        while i < len(rows):
            row = rows[i]
            if row.header_of is not None:
                headers.setdefault(row.header_of, [])
                if row not in headers[row.header_of]:
                    headers[row.header_of].append(row)
            # a heading stays with what follows it
            need = row.height
            j = i
            while rows[j].keep_next and j + 1 < len(rows):
                j += 1
                need += rows[j].height
            if used + need > avail and pages[-1]:
                pages.append([])
                used = 0.0
                if row.table is not None and row.header_of is None and headers.get(row.table):
                    for hr in headers[row.table]:
                        pages[-1].append(hr)
                        used += hr.height
            pages[-1].append(row)
            used += row.height
            i += 1
        return pages

    def _head_h(self) -> float:
        return (self.st.size * 1.5 + len(self.sh.letterhead) * self.st.size * 1.25 + 8) if self.sh.letterhead else 0.0

    def _foot_h(self) -> float:
        n = len(self.sh.footer) + (1 if self.sh.page_numbers else 0)
        return n * self.st.size * 1.1 + 8 if n else 0.0

    def build(self, blocks: list[Block]) -> tuple[bytes, int]:
        pages = self.paginate(blocks)
        W, H = self.sh.size
        l, r, t, b = self.st.margins
        buf = io.BytesIO()
        c = Canvas(buf, pagesize=(W, H), invariant=1, pageCompression=1)
        c.setTitle(self.sh.title)
        c.setCreator(self.sh.title)
        st = self.st
        fsize = max(6.0, st.size * 0.8)
        for k, rows in enumerate(pages):
            top = H - t
            if self.sh.letterhead and (k == 0 or self.sh.letterhead_every_page):
                self._text(c, l, top - st.size * 1.4, self.sh.letterhead[0], st.bold, st.size * 1.4, W - l - r)
                y = top - st.size * 1.4
                for ln in self.sh.letterhead[1:]:
                    y -= st.size * 1.25
                    self._text(c, l, y, ln, st.regular, st.size * 0.9, W - l - r)
                c.setLineWidth(0.8)
                c.line(l, y - 5, W - r, y - 5)
            if self.sh.letterhead:
                top -= self._head_h()
            for row in rows:
                row.draw(c, l, top, W - l - r)
                top -= row.height
            y = b
            lines = list(self.sh.footer)
            if self.sh.page_numbers:
                lines.append(f"Página {k + 1} de {len(pages)}")
            if lines:
                c.setLineWidth(0.4)
                c.line(l, b + len(lines) * fsize * 1.1 + 2, W - r, b + len(lines) * fsize * 1.1 + 2)
            for ln in reversed(lines):
                self._text(c, l, y, ln, st.regular, fsize, W - l - r)
                y += fsize * 1.1
            c.showPage()
        c.save()
        return buf.getvalue(), len(pages)
