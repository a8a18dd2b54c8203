"""What reading a file yields: pages of words with positions and confidence.

Coordinates are fractions of the page (0..1), origin at the top-left corner, y growing
downwards, whatever the source (PDF points or image pixels), so parsers never care where
the text came from.
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

TextSource = Literal["pdf_text", "ocr"]

BBox = tuple[float, float, float, float]


class Word(BaseModel):
    model_config = ConfigDict(frozen=True)

    text: str
    bbox: BBox  # x0, y0, x1, y1 as fractions of the page
    conf: float = Field(ge=0.0, le=1.0)  # 1.0 for a text layer
    # renderings of the word that read it alike when a vote decided it (ocr/reread.py), else 0
    votes: int = Field(default=0, ge=0)
    # printed in a bold face (a text layer's font weight); never known after OCR
    bold: bool = False


_new = object.__new__
_set = object.__setattr__
_WORD_FIELDS = frozenset({"text", "bbox", "conf"})
_M = TypeVar("_M", bound=BaseModel)


def _trusted(cls: type[_M], values: dict[str, Any], given: set[str]) -> _M:
    """cls.model_construct(**given values): `values` every field's, defaults included, in the
    fields' order; `given` the names passed. The instance model_construct makes, without its
    generic walk over the fields (a page has a thousand words)."""
    m = _new(cls)
    _set(m, "__dict__", values)
    _set(m, "__pydantic_fields_set__", given)
    _set(m, "__pydantic_extra__", None)
    _set(m, "__pydantic_private__", None)
    return m


def trusted_word(text: str, bbox: BBox, conf: float, bold: bool = False) -> Word:
    """Word.model_construct(text=text, bbox=bbox, conf=conf, bold=bold), for values valid by
    construction (a text layer's words)."""
    return _trusted(Word, {"text": text, "bbox": bbox, "conf": conf, "votes": 0, "bold": bold},
                    set(_WORD_FIELDS) | ({"bold"} if bold else set()))


class Line(BaseModel):
    model_config = ConfigDict(frozen=True)

    words: tuple[Word, ...]

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)

    @property
    def bbox(self) -> BBox:
        return union_bbox(w.bbox for w in self.words)

    @property
    def conf(self) -> float:
        return min((w.conf for w in self.words), default=0.0)


def trusted_line(words: tuple[Word, ...]) -> Line:
    """Line(words=words) for words already Words: the same instance, not validated again."""
    return _trusted(Line, {"words": words}, {"words"})


class Problem(BaseModel):
    """Something that kept a file or page from being read well. Message in Portuguese."""

    model_config = ConfigDict(frozen=True)

    code: str  # dotted, stable: "file.encrypted", "page.poor_scan", ...
    message: str
    severity: Literal["error", "warning", "info"] = "error"
    page: int | None = None


class Page(BaseModel):
    model_config = ConfigDict(frozen=True)

    number: int  # 1-based
    source: TextSource
    width: float  # points (PDF) or pixels (image), for reference only
    height: float
    lines: tuple[Line, ...] = ()
    rotation: int = 0  # degrees the page was turned to read it upright
    skew: float = 0.0  # degrees corrected by deskewing
    dpi: int | None = None  # resolution the page was OCR'd at
    codes: tuple[str, ...] = ()  # decoded QR/barcode payloads
    problems: tuple[Problem, ...] = ()
    photographed: bool = False  # a phone photo of a sheet, read flattened (ocr/photo.py)

    @property
    def words(self) -> list[Word]:
        return [w for line in self.lines for w in line.words]

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)

    @property
    def mean_conf(self) -> float:
        words = self.words
        return sum(w.conf for w in words) / len(words) if words else 0.0


class Extraction(BaseModel):
    """A whole file read: its media type, pages and the problems met."""

    model_config = ConfigDict(frozen=True)

    media_type: str | None  # sniffed from the bytes; None when unknown
    sha256: str
    page_count: int = 0  # pages in the file (may exceed len(pages) when limits apply)
    pages: tuple[Page, ...] = ()
    problems: tuple[Problem, ...] = ()

    @property
    def text(self) -> str:
        return "\n\f\n".join(p.text for p in self.pages)

    @property
    def text_source(self) -> Literal["pdf_text", "ocr", "mixed"]:
        sources = {p.source for p in self.pages}
        if sources == {"ocr"}:
            return "ocr"
        if sources == {"pdf_text"} or not sources:
            return "pdf_text"
        return "mixed"

    @property
    def readable(self) -> bool:
        return bool(self.pages) and not any(p.severity == "error" for p in self.problems)


def union_bbox(boxes) -> BBox:
    boxes = list(boxes)
    if not boxes:
        return (0.0, 0.0, 0.0, 0.0)
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )
