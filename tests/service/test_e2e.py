"""Acceptance: a sample packet uploaded over HTTP to a running service (uvicorn + Celery worker on
Redis and PostgreSQL, and the embedded defaults) is read, judged and answered as packet.json says."""

from __future__ import annotations

import json
from datetime import date

import jsonschema
import pytest

from tests.service.helpers import RULEBOOK
from tests.service.service_stack import packet_dir, packet_files, packet_meta, submit, wait_finished

pytestmark = [pytest.mark.service, pytest.mark.xdist_group("service")]

PACKET = "valid-escola"


@pytest.fixture(scope="session")
def valid_packet():
    folder = packet_dir(RULEBOOK, PACKET, "digital")
    if not folder.is_dir():
        pytest.fail(f"sample packet missing: {folder} (run samples/generate.py)")
    return packet_meta(RULEBOOK, PACKET), packet_files(folder)


@pytest.fixture(scope="session")
def judged(stack, valid_packet):
    """The valid packet, uploaded once per stack and followed until done."""
    meta, files = valid_packet
    with stack.client(stack.key("Transportes Alfa")) as c:
        resp = submit(c, files, meta.get("rulebook", RULEBOOK), reference_date=meta["reference_date"],
                      facts=meta.get("facts") or None)
        assert resp.status_code == 202, resp.text
        accepted = resp.json()
        assert resp.headers["location"] == accepted["status_url"]
        # Every file was stored before the answer: the packet lists them all, with their hashes.
        first = c.get(accepted["status_url"]).json()
        done = wait_finished(c, accepted["id"], timeout=180, stack=stack)
        page = c.get(f"/v1/packets/{accepted['id']}/documents/d1/pages/1.png")
    return {"accepted": accepted, "first": first, "done": done, "page": page}


def test_packet_is_stored_then_processed(judged, valid_packet):
    import hashlib

    _, files = valid_packet
    accepted, first, done = judged["accepted"], judged["first"], judged["done"]
    assert accepted["files"] == len(files) and accepted["status"] == "queued"
    assert [f["sha256"] for f in first["files"]] == [hashlib.sha256(f[1][1]).hexdigest() for f in files]
    assert [f["filename"] for f in first["files"]] == [f[1][0] for f in files]
    assert done["status"] == "done", done.get("error")
    assert done["progress"]["files_read"] == len(files) and done["progress"]["percent"] == 100
    assert all(f["status"] == "done" and f["documents"] for f in done["files"])
    ids = [d["id"] for f in done["files"] for d in f["documents"]]
    assert ids == [f"d{n}" for n in range(1, len(ids) + 1)]
    png = judged["page"]
    assert png.status_code == 200 and png.headers["content-type"] == "image/png"
    assert png.content.startswith(b"\x89PNG\r\n\x1a\n")


def test_result_is_the_contract_and_the_pipelines(judged, valid_packet, result_schema, read_cache_dir):
    """The service's answer is exactly what the pipeline gives for the same files, in the contract."""
    from intake import pipeline
    from intake.cache import ReadCache
    from validators import engine, rulebooks

    meta, files = valid_packet
    result = judged["done"]["result"]
    jsonschema.validate(result, result_schema)
    assert result["packet_id"] == judged["accepted"]["id"] and result["verdict"] == judged["done"]["verdict"]
    cache = ReadCache(read_cache_dir)
    docs = pipeline.number_documents([pipeline.read_file(f[1][1], f[1][0], cache=cache) for f in files])
    book = rulebooks.load(meta.get("rulebook", RULEBOOK))
    local = engine.judge_packet(docs, book, date.fromisoformat(meta["reference_date"]),
                                book.parse_facts(meta.get("facts") or {}), packet_id=result["packet_id"])
    assert result == local.model_dump(mode="json")


def test_checklist_matches_packet_json(judged, valid_packet):
    meta, _ = valid_packet
    expected = meta["expected"]["items"]
    if isinstance(expected, list):
        expected = {i["id"]: i["status"] for i in expected}
    got = {i["id"]: i["status"] for i in judged["done"]["result"]["checklist"]}
    wrong = {k: {"expected": v, "got": got.get(k)} for k, v in expected.items() if got.get(k) != v}
    assert not wrong, json.dumps(wrong, indent=1)
    assert judged["done"]["result"]["verdict"] == meta["expected"]["verdict"]
