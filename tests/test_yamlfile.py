"""domain/yamlfile.py: a data file's content kept beside it, never in place of an edit."""

from __future__ import annotations

import datetime
import os
import sys

import pytest

from domain import yamlfile


@pytest.fixture
def writing(monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


def _kept(path):
    return list((path.parent / "__pycache__").glob(f"{path.name}.*.pickle"))


def test_what_a_file_held_is_kept_and_read_back(tmp_path, writing):
    path = tmp_path / "book.yaml"
    path.write_text("id: x\nvalid_from: 2026-01-01\nitems: [a, b]\n", encoding="utf-8")
    first = yamlfile.load(path)
    assert first == {"id": "x", "valid_from": datetime.date(2026, 1, 1), "items": ["a", "b"]}
    (kept,) = _kept(path)
    stamp = kept.stat().st_mtime_ns
    assert yamlfile.load(path) == first
    assert kept.stat().st_mtime_ns == stamp  # read from what was kept, not written again


def test_an_edit_is_read_even_with_the_same_size_and_time(tmp_path, writing):
    path = tmp_path / "book.yaml"
    path.write_text("limit: 10\n", encoding="utf-8")
    yamlfile.load(path)
    stat = path.stat()
    path.write_text("limit: 20\n", encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert yamlfile.load(path) == {"limit": 20}


def test_a_damaged_keep_is_ignored_and_replaced(tmp_path, writing):
    path = tmp_path / "book.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    yamlfile.load(path)
    (kept,) = _kept(path)
    kept.write_bytes(kept.read_bytes()[:20])  # the key, then a cut pickle
    assert yamlfile.load(path) == {"a": 1}
    assert yamlfile.load(path) == {"a": 1}


def test_nothing_is_written_when_bytecode_writing_is_off(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    path = tmp_path / "book.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    assert yamlfile.load(path) == {"a": 1}
    assert not (tmp_path / "__pycache__").exists()


def test_a_folder_where_nothing_can_be_kept_still_reads(tmp_path, writing):
    path = tmp_path / "book.yaml"
    path.write_text("a: [1, 2]\n", encoding="utf-8")
    (tmp_path / "__pycache__").write_text("not a folder")  # (a read-only install, even for root)
    assert yamlfile.load(path) == {"a": [1, 2]}
    assert yamlfile.load(path) == {"a": [1, 2]}
