"""YAML data files (rulebooks, parameters, document types, vocabularies) read with libyaml
where it is installed: the pure-Python loader cost ~1 s of every `fretadoc check`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load(path: Path) -> Any:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=LOADER)
