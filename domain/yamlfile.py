"""YAML data files (rulebooks, parameters, document types, vocabularies) read with libyaml
where it is installed: the pure-Python loader cost ~1 s of every `fretadoc check`.

Even libyaml builds each value in Python, ~50 ms for the files a check reads: what a file
held is kept beside it, pickled, as Python keeps a module's bytecode (`__pycache__`, written
unless bytecode writing is off, keyed by a hash of the YAML text so an edit is never missed),
and later processes load that instead.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Any

_TAG = f"{sys.implementation.cache_tag}-1"  # the pickle's form; its content is keyed by the YAML's hash


def load(path: Path) -> Any:
    raw = path.read_bytes()
    key = hashlib.blake2b(raw, digest_size=16).digest()
    kept = path.parent / "__pycache__" / f"{path.name}.{_TAG}.pickle"
    try:
        with kept.open("rb") as f:
            if f.read(len(key)) == key:
                return pickle.load(f)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError):
        pass  # none kept, or unreadable: read the YAML
    import yaml  # (only when nothing was kept: importing it costs ~10 ms)

    data = yaml.load(raw.decode("utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    if not sys.dont_write_bytecode:
        _keep(kept, key, data)
    return data


def _keep(kept: Path, key: bytes, data: Any) -> None:
    """Written whole or not at all (a temporary file renamed): a reader never sees half."""
    try:
        kept.parent.mkdir(exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=kept.parent, prefix=".yaml-")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(key)
                pickle.dump(data, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, kept)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass  # a read-only install: read the YAML every time, as before
