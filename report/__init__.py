"""Outputs made from a result: the parecer PDF (report/parecer.py)."""
