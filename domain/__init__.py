"""The contract's data model, shared by every layer: documents and their fields, the result
and its checklist, the document types (doctypes.yaml) and the identifier checks (ids/). It
imports no other package of the project."""
