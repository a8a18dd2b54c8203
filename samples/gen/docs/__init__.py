"""One module per document type; each render(...) returns (pdf_bytes, expected_fields)."""
