"""scripts/robustness.py over the layout families: which files a seed range reads (a family drawn
by seed, or every family asked), a packet read once for its types and judged by its parts, the
per-family figures, and a quick digital run of one seed in every family."""

from __future__ import annotations

from collections import Counter

from samples.gen import perturb
from scripts import robustness


def test_the_mix_reads_each_type_once_a_seed_and_a_packet_once_for_all_its_types():
    seeds = list(range(0, 100))
    jobs = robustness.plan(seeds, list(perturb.TYPES), ["mix"], "digital", None)
    read = Counter((t, s) for types, s, _, _, _ in jobs for t in types)
    assert set(read) == {(t, s) for t in perturb.TYPES for s in seeds} and set(read.values()) == {1}
    packets = [j for j in jobs if j[2] == "packet"]
    assert packets and all(j[0] == perturb.TYPES for j in packets)
    drawn = Counter(f for _, _, f, _, _ in jobs if f != "packet")
    assert set(drawn) == set(perturb.ALL_FAMILIES) - {"packet"}  # a hundred seeds draw every family
    # each file's family is the one its seed draws
    assert all(perturb.family_of(types[0], s) == f for types, s, f, _, _ in jobs)


def test_families_asked_are_read_for_every_seed_where_the_type_has_them():
    jobs = robustness.plan([3, 4], ["crlv", "lista_passageiros"], ["boxed", "grouped", "packet"], "scanned", "/c")
    assert sorted((j[0], j[1], j[2]) for j in jobs) == sorted([
        (("crlv",), 3, "boxed"), (("lista_passageiros",), 3, "grouped"), (("crlv", "lista_passageiros"), 3, "packet"),
        (("crlv",), 4, "boxed"), (("lista_passageiros",), 4, "grouped"), (("crlv", "lista_passageiros"), 4, "packet")])
    assert {(j[3], j[4]) for j in jobs} == {("scanned", "/c")}


def _packet_result(doc_type: str, read: list[tuple[str, int]], fields: dict) -> dict:
    parts = [{"type": "contrato_fretamento", "pages": 2, "family": "prose"},
             {"type": "comprovante_taxa", "pages": 1, "family": "receipt"},
             {"type": "crlv", "pages": 1, "family": "boxed"}]
    want = {"contrato_fretamento": {"valor": 1500.0}, "crlv": {"lotacao": 44}}[doc_type]
    return {"type": doc_type, "seed": 7, "family": "packet",
            "expected": {"fields": want, "parts": parts},
            "documents": [{"type": t, "type_confidence": 0.9, "pages": n,
                           "fields": fields if t == doc_type else {}} for t, n in read]}


def test_a_packet_is_right_only_when_it_splits_into_exactly_its_parts():
    good = [("contrato_fretamento", 2), ("comprovante_taxa", 1), ("crlv", 1)]
    merged = [("contrato_fretamento", 3), ("crlv", 1)]  # the receipt read as the contract's last page
    rep = robustness.evaluate([
        _packet_result("contrato_fretamento", good, {"valor": {"value": 1500.0, "confidence": 1.0}}),
        _packet_result("crlv", good, {"lotacao": {"value": 46, "confidence": 0.95}})])
    assert rep["packets"] == {"files": 1, "split_right": 1}
    assert rep["by_family"]["packet"]["type_accuracy"] == 1.0
    assert rep["by_family_type"]["packet/crlv"]["confident_wrong"] == 1
    assert rep["by_family_type"]["packet/contrato_fretamento"]["field_accuracy"] == 1.0
    assert {v["family"] for v in rep["values"]} == {"packet"}
    rep = robustness.evaluate([
        _packet_result("contrato_fretamento", merged, {"valor": {"value": 1500.0, "confidence": 1.0}}),
        _packet_result("crlv", merged, {"lotacao": {"value": 44, "confidence": 0.95}})])
    assert rep["packets"] == {"files": 1, "split_right": 0}
    assert rep["by_family"]["packet"]["type_accuracy"] == 0.0
    assert rep["by_family"]["packet"]["field_accuracy"] == 1.0  # the parts of these types still read right
    split = [m for m in rep["misses"] if m["field"] == "(parts)"]
    assert split == [{"seed": 7, "type": "packet", "family": "packet", "field": "(parts)",
                      "expected": ["contrato_fretamento:2", "comprovante_taxa:1", "crlv:1"],
                      "read": ["contrato_fretamento:3", "crlv:1"], "confidence": None}]


def test_a_quick_digital_run_reads_one_seed_in_every_family(capsys):
    families = list(perturb.ALL_FAMILIES)
    results = [r for job in robustness.plan([5], list(perturb.TYPES), families, "digital", None)
               for r in robustness._job(job)]
    assert not [r for r in results if "error" in r]
    rep = robustness.evaluate(results)
    assert set(rep["by_family"]) == set(families)
    want = {f: sum(f in perturb.FAMILIES[t] for t in perturb.TYPES) for f in families}
    assert {f: s["documents"] for f, s in rep["by_family"].items()} == want
    assert rep["packets"]["files"] == 1
    for f, s in rep["by_family"].items():  # every expected field is counted, once
        n = sum(len(perturb.render(t, 5, f)[1]["fields"]) for t in perturb.TYPES if f in perturb.FAMILIES[t])
        assert s["fields"] == n
    rep["meta"] = {"rendering": "digital", "seeds": "5", "seed_range": "development", "families": ",".join(families),
                   "seconds": 0.0, "vocabulary": "-"}
    robustness.print_report(rep, show_misses=3, worst=3)
    out = capsys.readouterr().out
    assert "family/type" in out and "packets split into exactly their parts:" in out
