"""The distributed service under load, with Locust: three tenants on one stack.

Starts, against the local PostgreSQL and Redis, a fresh database, `fretadoc serve` and two Celery
workers (`fretadoc worker`, concurrency 1 each: a 2-core machine), with the read cache off so
every file is read. First one scanned packet alone (the idle time to verdict); then Locust runs
three tenants at once: a portal uploading `--bulk` digital packets as fast as it may (past its
quota it waits what Retry-After says and sends the same packet again), and two carriers each
uploading one scanned packet at a random moment in the first `--window` seconds. Reported: per
tenant p50/p95 time to verdict (database: created_at → finished_at), the 429 and 503 counts and
any other 5xx, packets lost (accepted but never judged) or judged twice (worker logs), the peak
memory of each process, and the database's size before and after a retention run (every packet
aged past its period, `fretadoc beat` running the purge, VACUUM FULL before each measure).

    .venv/bin/python scripts/load.py                         # 200 digital packets, as the issue asks
    .venv/bin/python scripts/load.py --bulk 40 --window 60   # reduced scale
    .venv/bin/python scripts/load.py --json

The same file is Locust's locustfile (`locust -f scripts/load.py`): the users are defined when
Locust imports it, the stack when it runs as a script. Needs PostgreSQL on 127.0.0.1:5432 (trust),
Redis on 127.0.0.1:6379 and the `locust` dev dependency; cleans up after itself.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK = "rs-metroplan-escolar"
SAMPLES = ROOT / "samples" / "packets" / RULEBOOK
MEDIA = {".pdf": "application/pdf", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
         ".tif": "image/tiff", ".tiff": "image/tiff", ".webp": "image/webp"}
SCANNED = "valid-escola"  # the small tenants' packet (15 files, OCR)


def packet_parts(name: str, variant: str) -> tuple[dict, list]:
    meta = json.loads((SAMPLES / name / "packet.json").read_text(encoding="utf-8"))
    folder = SAMPLES / name / variant
    files = [("files", (p.name, p.read_bytes(), MEDIA[p.suffix.lower()]))
             for p in sorted(folder.iterdir()) if p.suffix.lower() in MEDIA]
    return {"rulebook": RULEBOOK, "reference_date": meta["reference_date"],
            "facts": json.dumps(meta.get("facts") or {})}, files


# --- the Locust users (when Locust imports this file) ---------------------------------------

if __name__ != "__main__":
    from locust import HttpUser, constant, task
    from locust.exception import StopUser

    OUT = Path(os.environ.get("LOAD_OUT", "load-events.jsonl"))
    KEYS = json.loads(os.environ.get("LOAD_KEYS", "{}"))
    BULK_N = int(os.environ.get("LOAD_BULK", "200"))
    WINDOW = float(os.environ.get("LOAD_WINDOW", "120"))
    DIGITAL = sorted(p.name for p in SAMPLES.iterdir() if (p / "digital").is_dir())
    _small_taken: list[str] = []
    _done: set[str] = set()

    def record(**event) -> None:
        with OUT.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps({**event, "t": time.time()}) + "\n")

    class Tenant(HttpUser):
        abstract = True
        wait_time = constant(0)
        tenant = ""

        def upload(self, fields: dict, files: list, key: str) -> None:
            """Send one packet until it is accepted, waiting what each refusal says."""
            while True:
                with self.client.post("/v1/packets", data=fields, files=files, name="POST /v1/packets",
                                      headers={"Authorization": f"Bearer {KEYS[self.tenant]}",
                                               "Idempotency-Key": key}, catch_response=True) as resp:
                    status = resp.status_code
                    body = resp.json() if resp.headers.get("content-type", "").startswith("application/") else {}
                    record(tenant=self.tenant, status=status, id=body.get("id"), key=key,
                           code=body.get("code"), retry_after=resp.headers.get("retry-after"))
                    if status == 202:
                        resp.success()
                        return
                    if status in (429, 503):
                        resp.success()  # designed answers: wait and send again
                        time.sleep(min(60.0, float(resp.headers.get("retry-after", "5"))))
                        continue
                    resp.failure(f"{status}")
                    time.sleep(2)

        def finish(self) -> None:
            _done.add(self.tenant)
            if len(_done) == 3 and self.environment.runner is not None:
                self.environment.runner.quit()
            raise StopUser()

    class Portal(Tenant):
        """The bulk tenant: a municipality's whole fleet at renewal time."""

        fixed_count = 1
        tenant = "bulk"

        @task
        def send_all(self) -> None:
            for i in range(BULK_N):
                fields, files = packet_parts(DIGITAL[i % len(DIGITAL)], "digital")
                self.upload(fields, files, f"bulk-{i}")
            self.finish()

    class Carrier(Tenant):
        """A small carrier: one scanned packet at a random moment."""

        fixed_count = 2

        def on_start(self) -> None:
            self.tenant = next(t for t in ("small-1", "small-2") if t not in _small_taken)
            _small_taken.append(self.tenant)

        @task
        def send_one(self) -> None:
            time.sleep(random.uniform(5, WINDOW))
            fields, files = packet_parts(SCANNED, "scanned")
            self.upload(fields, files, f"{self.tenant}-1")
            self.finish()


# --- the stack and the report (when run as a script) -----------------------------------------

def main(argv: list[str] | None = None) -> int:
    import argparse
    import re
    import subprocess
    import threading
    from contextlib import ExitStack
    from datetime import datetime, timedelta, timezone

    import httpx
    from sqlalchemy import create_engine, text

    sys.path.insert(0, str(ROOT / "scripts"))
    from bench_service import free_port, scratch, spawn, stop, wait_for

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bulk", type=int, default=200, help="pacotes digitais do portal (padrão 200)")
    ap.add_argument("--window", type=float, default=120, help="segundos em que os dois pequenos enviam")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--uploads-per-minute", type=int, default=30, help="cota do portal")
    ap.add_argument("--in-flight", type=int, default=40, help="cota do portal: pacotes em andamento")
    ap.add_argument("--max-backlog-wait", type=float, default=1800)
    ap.add_argument("--pg", default="postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
    ap.add_argument("--redis", default="redis://127.0.0.1:6379/11")
    ap.add_argument("--timeout", type=float, default=7200)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    cleanup = ExitStack()
    env, workdir = cleanup.enter_context(scratch(
        args.pg, args.redis, "load", keep=bool(os.environ.get("LOAD_KEEP")), FRETADOC_LOG_LEVEL="INFO",
        FRETADOC_WORKERS="1", FRETADOC_READ_SLOTS=str(args.workers),
        FRETADOC_MAX_BACKLOG_WAIT=str(args.max_backlog_wait)))
    db = create_engine(env["DATABASE_URL"])

    def sql(query: str, **params):
        with db.begin() as conn:
            result = conn.execute(text(query), params)
            return result.all() if result.returns_rows else []

    def cli(*a: str) -> str:
        return subprocess.run([sys.executable, "-m", "cli.main", *a], cwd=ROOT, env=env, check=True,
                              capture_output=True, text=True).stdout

    procs: dict[str, subprocess.Popen] = {}
    peak: dict[str, int] = {}
    sampling = threading.Event()

    def tree(pid: int) -> list[int]:
        kids: dict[int, list[int]] = {}
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
                kids.setdefault(int(fields[1]), []).append(int(stat.parent.name))
            except (OSError, IndexError, ValueError):
                continue
        out, todo = [], [pid]
        while todo:
            p = todo.pop()
            out.append(p)
            todo += kids.get(p, [])
        return out

    loads: list[float] = []

    def sample() -> None:  # the highest resident memory each process reached (VmHWM), by role
        while not sampling.wait(1.0):
            loads.append(os.getloadavg()[0])
            for role, proc in list(procs.items()):
                for i, pid in enumerate(tree(proc.pid)):
                    try:
                        status = Path(f"/proc/{pid}/status").read_text()
                        comm = Path(f"/proc/{pid}/comm").read_text().strip()
                    except OSError:
                        continue
                    m = re.search(r"VmHWM:\s+(\d+) kB", status)
                    if m and comm != "tesseract":
                        name = role if i == 0 else f"{role} (filho)"
                        peak[name] = max(peak.get(name, 0), int(m.group(1)))

    report: dict = {"bulk_packets": args.bulk, "workers": args.workers, "cpus": os.cpu_count()}
    try:
        keys = {}
        for tenant, name in (("bulk", "Portal Municipal"), ("small-1", "Escolar Um"), ("small-2", "Escolar Dois")):
            keys[tenant] = json.loads(cli("keys", "create", "--tenant", name, "--json"))["key"]
        cli("keys", "limits", "--tenant", "Portal Municipal", "--uploads-per-minute", str(args.uploads_per_minute),
            "--packets-in-flight", str(args.in_flight))
        port = free_port()
        base_url = f"http://127.0.0.1:{port}"
        procs["api"] = spawn(["serve", "--port", str(port), "--log-level", "warning"], env, workdir / "api.log")
        for i in range(args.workers):
            procs[f"worker-{i}"] = spawn(["worker", "--concurrency", "1", "--hostname", f"load{i}@%h"], env,
                                         workdir / f"worker-{i}.log")

        def ready() -> bool:
            try:
                return httpx.get(base_url + "/readyz", timeout=2).status_code == 200
            except httpx.HTTPError:
                return False

        wait_for(ready, 90, "API", procs["api"], workdir / "api.log")
        for i in range(args.workers):
            log = workdir / f"worker-{i}.log"
            wait_for(lambda log=log: log.exists() and " ready." in log.read_text(errors="replace"), 90,
                     "worker", procs[f"worker-{i}"], log)
        threading.Thread(target=sample, daemon=True).start()

        def wait_judged(ids: list[str], timeout: float) -> None:
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                left = sql("SELECT count(*) FROM packets WHERE id = ANY(:i) AND finished_at IS NULL", i=ids)[0][0]
                if not left:
                    return
                time.sleep(1)

        # the idle figure: one scanned packet alone
        fields, files = packet_parts(SCANNED, "scanned")
        with httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {keys['small-1']}"},
                          timeout=120) as c:
            idle_id = c.post("/v1/packets", data=fields, files=files).raise_for_status().json()["id"]
        wait_judged([idle_id], 900)
        idle = sql("SELECT extract(epoch FROM finished_at - created_at) FROM packets WHERE id = :i", i=idle_id)[0][0]
        report["idle_scanned_seconds"] = round(float(idle), 1)
        report["idle_load_1min"] = round(os.getloadavg()[0], 2)
        print(f"== ocioso: pacote digitalizado em {idle:.1f} s", file=sys.stderr)

        events = workdir / "events.jsonl"
        lenv = {**env, "LOAD_OUT": str(events), "LOAD_KEYS": json.dumps(keys), "LOAD_BULK": str(args.bulk),
                "LOAD_WINDOW": str(args.window)}
        started = time.monotonic()
        locust = Path(sys.executable).with_name("locust")
        out = subprocess.run([str(locust), "-f", str(Path(__file__).resolve()), "--headless", "--host", base_url,
                              "--users", "3", "--spawn-rate", "3", "--run-time", f"{int(args.timeout)}s",
                              "--only-summary", "--stop-timeout", "10"],
                             cwd=ROOT, env=lenv, capture_output=True, text=True, timeout=args.timeout + 60)
        (workdir / "locust.log").write_text(out.stdout + out.stderr)
        uploaded = time.monotonic() - started
        evs = [json.loads(line) for line in events.read_text().splitlines()] if events.exists() else []
        accepted = {e["id"]: e["tenant"] for e in evs if e["status"] == 202}
        wait_judged(list(accepted), args.timeout)
        report["upload_seconds"] = round(uploaded, 1)
        report["drained_seconds"] = round(time.monotonic() - started, 1)

        rows = sql("SELECT id, status, extract(epoch FROM finished_at - created_at) FROM packets WHERE id = ANY(:i)",
                   i=list(accepted))
        seen = {pid: (status, secs) for pid, status, secs in rows}
        logs = "\n".join((workdir / f"worker-{i}.log").read_text(errors="replace") for i in range(args.workers))
        judged = re.findall(r"packet (pkt_\w+) judged in", logs)
        tenants = {}
        for tenant in ("bulk", "small-1", "small-2"):
            times = sorted(float(seen[p][1]) for p, t in accepted.items() if t == tenant and p in seen
                           and seen[p][1] is not None)
            mine = [e for e in evs if e["tenant"] == tenant]

            def pct(q: float, times: list[float] = times) -> float | None:
                return round(times[min(len(times) - 1, int(q * len(times)))], 1) if times else None

            tenants[tenant] = {
                "accepted": sum(1 for t in accepted.values() if t == tenant), "judged": len(times),
                "p50_seconds": pct(0.5), "p95_seconds": pct(0.95),
                "429": sum(1 for e in mine if e["status"] == 429), "503": sum(1 for e in mine if e["status"] == 503),
                "other_5xx": sum(1 for e in mine if e["status"] >= 500 and e["status"] != 503),
                "other_errors": sum(1 for e in mine if e["status"] not in (202, 429, 503) and e["status"] < 500),
            }
        for t in ("small-1", "small-2"):
            p50 = tenants[t]["p50_seconds"]
            tenants[t]["x_idle"] = round(p50 / report["idle_scanned_seconds"], 2) if p50 else None
            # the ordering, whatever else the machine runs: other tenants' files started after the
            # packet arrived and before its own last file started (at most the reads then running)
            pid = next((p for p, owner in accepted.items() if owner == t), None)
            if pid:
                tenants[t]["others_files_started_before_its_last"] = sql(
                    "SELECT count(*) FROM packet_files f JOIN packets p ON p.id = f.packet_id, packets me "
                    "WHERE me.id = :i AND p.tenant_id <> me.tenant_id AND f.started_at > me.created_at "
                    "AND f.started_at < (SELECT max(started_at) FROM packet_files WHERE packet_id = :i)", i=pid)[0][0]
        report["tenants"] = tenants
        report["lost"] = sorted(p for p in accepted if p not in seen or seen[p][0] not in ("done", "failed"))
        report["judged_twice"] = sorted({p for p in judged if judged.count(p) > 1})
        report["failed"] = sorted(p for p in accepted if seen.get(p, ("",))[0] == "failed")

        # retention: every packet's verdict moved past its period, then one purge by `fretadoc beat`
        def db_size() -> int:
            with db.connect() as conn:
                conn.execution_options(isolation_level="AUTOCOMMIT").execute(text("VACUUM FULL"))
            return int(sql("SELECT pg_database_size(current_database())")[0][0])

        report["db_bytes_before_retention"] = db_size()
        report["packets_before_retention"] = sql("SELECT count(*) FROM packets")[0][0]
        sql("UPDATE packets SET finished_at = :t WHERE finished_at IS NOT NULL",
            t=datetime.now(timezone.utc) - timedelta(days=181))
        beat_env = {**env, "FRETADOC_RETENTION_INTERVAL": "2"}
        procs["beat"] = spawn(["beat"], beat_env, workdir / "beat.log")
        deadline = time.monotonic() + 600
        while sql("SELECT count(*) FROM packets")[0][0] and time.monotonic() < deadline:
            time.sleep(1)
        stop(procs.pop("beat"))
        report["packets_after_retention"] = sql("SELECT count(*) FROM packets")[0][0]
        report["db_bytes_after_retention"] = db_size()
        report["peak_rss_mib"] = {k: round(v / 1024, 1) for k, v in sorted(peak.items())}
        report["load_1min_at_end"] = round(os.getloadavg()[0], 2)
        report["load_1min_mean_max"] = [round(sum(loads) / max(1, len(loads)), 2), round(max(loads, default=0), 2)]
    finally:
        sampling.set()
        for proc in procs.values():
            stop(proc)
        db.dispose()
        cleanup.close()
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return 0
    print(f"ocioso: pacote digitalizado em {report['idle_scanned_seconds']} s; envios em {report['upload_seconds']} s, "
          f"tudo julgado em {report['drained_seconds']} s")
    print(f"{'cliente':>8} {'aceitos':>7} {'julgados':>8} {'p50 s':>7} {'p95 s':>7} {'429':>5} {'503':>5} "
          f"{'5xx':>4} {'x ocioso':>8}")
    for t, r in report["tenants"].items():
        print(f"{t:>8} {r['accepted']:>7} {r['judged']:>8} {r['p50_seconds']!s:>7} {r['p95_seconds']!s:>7} "
              f"{r['429']:>5} {r['503']:>5} {r['other_5xx']:>4} {r.get('x_idle', '')!s:>8}")
    for t in ("small-1", "small-2"):
        print(f"{t}: arquivos de outros clientes iniciados antes do seu último: "
              f"{report['tenants'][t].get('others_files_started_before_its_last')}")
    print(f"carga (1 min) média/máxima durante a carga: {report['load_1min_mean_max']}")
    print(f"perdidos: {len(report['lost'])}; julgados duas vezes: {len(report['judged_twice'])}; "
          f"falhos: {len(report['failed'])}")
    print("memória máxima (MiB): " + ", ".join(f"{k} {v}" for k, v in report["peak_rss_mib"].items()))
    print(f"banco: {report['db_bytes_before_retention'] / 1e6:.1f} MB ({report['packets_before_retention']} pacotes) "
          f"→ {report['db_bytes_after_retention'] / 1e6:.1f} MB ({report['packets_after_retention']}) "
          "depois da retenção")
    return 0


if __name__ == "__main__":
    sys.exit(main())
