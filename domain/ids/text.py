"""What every identifier shares: keep ASCII letters and digits only, upper case."""

from __future__ import annotations

import unicodedata


def alnum(s: object) -> str:
    if s is None:
        return ""
    text = unicodedata.normalize("NFKD", str(s))
    return "".join(c for c in text.upper() if c.isascii() and c.isalnum())


def digits(s: object) -> str:
    return "".join(c for c in alnum(s) if c.isdigit())
