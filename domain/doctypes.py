"""The document types and their field specs, read from doctypes.yaml: the one list of the types
(domain.documents.DOC_TYPES is its names and `unknown`)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from domain import yamlfile

_PATH = Path(__file__).with_name("doctypes.yaml")


@cache
def _data() -> dict[str, Any]:
    data: dict[str, Any] = yamlfile.load(_PATH)
    if "unknown" in data["types"]:
        raise ValueError("doctypes.yaml lists 'unknown': it is no type but the answer when none fits")
    return data


def label(doc_type: str) -> str:
    spec = _data()["types"].get(doc_type)
    return spec["label"] if spec else "Documento não identificado"


def names() -> tuple[str, ...]:
    """Every type, in the file's order (the order classification scores them in)."""
    return tuple(_data()["types"])


def all_types() -> set[str]:
    return set(_data()["types"])


def fields(doc_type: str, *, extra: bool = True) -> dict[str, dict[str, Any]]:
    """Every field a parser of this type fills: its own, else the common ones."""
    spec = _data()["types"].get(doc_type)
    if spec is None:
        return dict(_data()["common"]) if doc_type != "unknown" else {}
    out = dict(spec.get("fields") or _data()["common"])
    if extra:
        out.update(spec.get("extra") or {})
    return out


def core_fields(doc_type: str) -> list[str]:
    """The contract's fields for the four core types (what field accuracy is measured on)."""
    spec = _data()["types"].get(doc_type) or {}
    return list(spec.get("fields", {})) if spec.get("core") else []


def vouched_by(doc_type: str) -> list[str]:
    """The fields that, all read sure, vouch for a document's type (empty: none do)."""
    return list((_data()["types"].get(doc_type) or {}).get("vouched_by") or [])


def is_core(doc_type: str) -> bool:
    return bool((_data()["types"].get(doc_type) or {}).get("core"))
