"""scripts/robustness.py's per-value record (--values): what scripts/calibrate.py fits on."""

from __future__ import annotations

from scripts import robustness


def test_every_value_read_is_recorded_with_its_confidence_and_whether_it_was_right():
    result = {"type": "contrato_fretamento", "seed": 10000,
              "expected": {"fields": {"valor": 124400.0, "origem": "Jundiaí/SP", "destino": "Itu/SP"}},
              "documents": [{"type": "contrato_fretamento", "type_confidence": 0.97,
                             "fields": {"valor": {"value": 124490.0, "confidence": 0.82},
                                        "origem": {"value": "Jundiaí/SP", "confidence": 0.95},
                                        "destino": {"value": None, "confidence": 0.0}}}]}
    rep = robustness.evaluate([result])
    got = {v["field"]: (v["kind"], v["confidence"], v["right"]) for v in rep["values"]}
    assert got == {"valor": ("money", 0.82, False), "origem": ("text", 0.95, True)}  # nothing read: no value
    assert rep["overall"]["confident_wrong"] == 1
