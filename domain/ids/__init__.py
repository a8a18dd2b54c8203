"""Brazilian identifiers: normalise, then validate. Each module has normalize() and is_valid()."""
