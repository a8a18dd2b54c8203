"""Brazilian identifiers, each with its rules in one module: normalize() and is_valid(), and what
reading it off a page takes (its printed shapes, the OCR confusions it undoes). doc.py reads a
party's number, CPF or CNPJ; text.py holds what they share."""

from __future__ import annotations

import importlib


def is_valid(kind: str, value: str | None) -> bool | None:
    """Whether an identifier of a doctypes.yaml kind ('placa', 'chassi', 'renavam', 'doc', 'cpf',
    'cnpj'...) holds by its module's rules (check digits, shape); None for no value or a kind
    with no module."""
    if not value:
        return None
    if kind == "doc":
        kind = "cpf" if len(value) == 11 else "cnpj" if len(value) == 14 else ""
    try:
        mod = importlib.import_module(f"domain.ids.{kind}") if kind else None
    except ImportError:
        return None
    return bool(mod.is_valid(value)) if mod else None
