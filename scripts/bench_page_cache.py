"""How long an evidence page image takes to arrive, drawn and then served again: the first
request draws the page (a scan decoded, turned and encoded as PNG), the next ones come from the
API's page cache (api/page_cache.py), and a browser that already holds it gets 304 Not Modified.
Goal: the second fetch <= 0.1 s.

    .venv/bin/python scripts/bench_page_cache.py [--runs 5]

Starts `fretadoc serve` (embedded: SQLite, local files) in a temporary folder on a free port,
sends the scanned sample files named below as one packet with a key made by `fretadoc keys
create`, waits until it is read, then times GET .../pages/1.png of each document: the first
fetch, the median and worst of the next `runs`, and one conditional fetch (If-None-Match).
Cleans up after itself.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
SCANS = ROOT / "samples/packets/rs-metroplan-escolar/valid-escola/scanned"
FILES = ("crlv-onibus1.webp", "laudo-onibus1.tif", "taxa-autorizacao-onibus1.webp")
MEDIA = {".webp": "image/webp", ".tif": "image/tiff", ".png": "image/png", ".jpg": "image/jpeg"}


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="fretadoc-bench-pages-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("FRETADOC_") and k != "DATABASE_URL"}
    env.update(FRETADOC_DATA_DIR=str(work / "data"), FRETADOC_WORKERS="1", PYTHONPATH=str(ROOT), OMP_THREAD_LIMIT="1")
    port = _port()
    cli = [sys.executable, "-m", "cli.main"]
    server = subprocess.Popen([*cli, "serve", "--port", str(port), "--log-level", "warning"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(base + "/readyz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                print("the API did not start", file=sys.stderr)
                return 1
            time.sleep(0.2)
        key = json.loads(subprocess.run([*cli, "keys", "create", "--tenant", "Banco de Provas", "--json"], cwd=ROOT,
                                        env=env, capture_output=True, text=True, check=True).stdout)["key"]
        with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=120) as c:
            files = [("files", (n, (SCANS / n).read_bytes(), MEDIA[Path(n).suffix])) for n in FILES]
            resp = c.post("/v1/packets", files=files, data={"rulebook": "rs-metroplan-escolar",
                                                            "reference_date": "2026-03-02"})
            resp.raise_for_status()
            packet = resp.json()["id"]
            while (body := c.get(f"/v1/packets/{packet}").json())["status"] not in ("done", "failed"):
                time.sleep(1)
            print(f"{len(FILES)} scanned files read; page 1 of each document, {args.runs} fetches after the first")
            for doc in body["result"]["documents"]:
                url = f"/v1/packets/{packet}/documents/{doc['id']}/pages/1.png"
                t = time.perf_counter()
                first = c.get(url)
                cold = time.perf_counter() - t
                first.raise_for_status()
                warm = []
                for _ in range(args.runs):
                    t = time.perf_counter()
                    c.get(url).raise_for_status()
                    warm.append(time.perf_counter() - t)
                t = time.perf_counter()
                cond = c.get(url, headers={"If-None-Match": first.headers["etag"]})
                revalidated = time.perf_counter() - t
                print(f"{doc['id']} {doc['filename']:<32} {len(first.content) / 1024:7.0f} KiB  first {cold:.3f} s  "
                      f"again median {statistics.median(warm):.4f} s worst {max(warm):.4f} s  "
                      f"304 {revalidated:.4f} s ({cond.status_code})  "
                      f"goal <= 0.1 s: {'met' if max(warm) <= 0.1 else 'NOT met'}")
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
