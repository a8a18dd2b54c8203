"""Brazilian identifiers, each with its rules in one module: normalize() and is_valid(), and what
reading it off a page takes (its printed shapes, the OCR confusions it undoes). doc.py reads a
party's number, CPF or CNPJ; text.py holds what they share."""
