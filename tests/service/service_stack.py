"""Real service processes for the tests: uvicorn (`fretadoc serve`) and `celery worker`
(`fretadoc worker`) as subprocesses, each in its own process group so that a test can kill
one outright and teardown never leaves one behind."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from sqlalchemy import create_engine, text

ROOT = Path(__file__).resolve().parents[2]
# FRETADOC_TEST_SAMPLES points elsewhere (e.g. `samples/generate.py --out DIR` output + /packets).
SAMPLES = Path(os.environ.get("FRETADOC_TEST_SAMPLES") or ROOT / "samples" / "packets")
PYTHON = sys.executable

# Variables of the caller's shell that would steer the stack somewhere else.
_OURS = ("FRETADOC_", "DATABASE_URL")
LIVE: list["Proc"] = []  # every process started, for the last-resort cleanup


def _die_with_parent() -> None:
    """In the child: SIGKILL when the test process dies, however it dies (Linux)."""
    import ctypes

    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def kill_all() -> None:
    for proc in list(LIVE):
        proc.signal(signal.SIGKILL)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def base_env(extra: dict[str, str]) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(_OURS)}
    env.update({"PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1", "OMP_THREAD_LIMIT": "1",
                "FRETADOC_LOG_LEVEL": "INFO"})
    env.update(extra)
    return env


@dataclass
class Proc:
    name: str
    popen: subprocess.Popen
    log: Path

    def alive(self) -> bool:
        return self.popen.poll() is None

    def tail(self, n: int = 40) -> str:
        try:
            lines = self.log.read_text(errors="replace").splitlines()
        except OSError:
            return ""
        return f"--- {self.name} ({self.log}) ---\n" + "\n".join(lines[-n:])

    def signal(self, sig: int) -> None:
        try:
            os.killpg(self.popen.pid, sig)  # the process group: pool children and tesseract too
        except ProcessLookupError:
            pass

    def kill(self) -> None:
        self.signal(signal.SIGKILL)
        self.popen.wait(timeout=10)

    def stop(self, timeout: float = 15) -> None:
        if not self.alive():
            self.signal(signal.SIGKILL)  # strays of a dead leader
            return
        self.signal(signal.SIGTERM)
        try:
            self.popen.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            pass
        self.signal(signal.SIGKILL)
        try:
            self.popen.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass


@dataclass
class Stack:
    """One deployment under test: its environment, its API and its workers."""

    name: str
    mode: str  # embedded | distributed
    workdir: Path
    env: dict[str, str]
    db_url: str
    procs: list[Proc] = field(default_factory=list)
    port: int = 0
    _keys: dict[tuple, dict] = field(default_factory=dict)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _spawn(self, name: str, args: list[str]) -> Proc:
        self.workdir.mkdir(parents=True, exist_ok=True)
        log = self.workdir / f"{name}.log"
        fh = open(log, "ab")
        popen = subprocess.Popen([PYTHON, "-m", "cli.main", *args], cwd=ROOT, env=self.env,
                                 stdout=fh, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                 start_new_session=True, preexec_fn=_die_with_parent)
        fh.close()
        proc = Proc(name, popen, log)
        self.procs.append(proc)
        LIVE.append(proc)
        return proc

    def spawn_api(self) -> Proc:
        if not self.port:
            self.port = free_port()
        return self._spawn(f"api-{len(self.procs)}", ["serve", "--port", str(self.port), "--log-level", "warning"])

    def wait_api(self, proc: Proc, timeout: float = 60) -> Proc:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not proc.alive():
                raise RuntimeError("the API exited at start\n" + proc.tail())
            try:
                if httpx.get(self.base_url + "/readyz", timeout=2).status_code == 200:
                    return proc
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("the API did not become ready\n" + proc.tail())

    def start_api(self, timeout: float = 60) -> Proc:
        return self.wait_api(self.spawn_api(), timeout)

    def spawn_worker(self, concurrency: int = 1) -> Proc:
        n = len(self.procs)
        return self._spawn(f"worker-{n}", ["worker", "--concurrency", str(concurrency),
                                           "--hostname", f"w{n}-{self.name}@%h"])

    def wait_worker(self, proc: Proc, timeout: float = 60) -> Proc:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not proc.alive():
                raise RuntimeError("the worker exited at start\n" + proc.tail())
            if " ready." in proc.log.read_text(errors="replace"):
                return proc
            time.sleep(0.1)
        raise RuntimeError("the worker did not become ready\n" + proc.tail())

    def start_worker(self, concurrency: int = 1, timeout: float = 60) -> Proc:
        return self.wait_worker(self.spawn_worker(concurrency), timeout)

    def spawn_beat(self) -> Proc:
        return self._spawn(f"beat-{len(self.procs)}", ["beat"])

    def start(self, workers: int = 1, concurrency: int = 2) -> "Stack":
        """The API and the workers, started side by side."""
        api = self.spawn_api()
        started = [self.spawn_worker(concurrency) for _ in range(workers)] if self.mode == "distributed" else []
        self.wait_api(api)
        for w in started:
            self.wait_worker(w)
        return self

    def stop(self) -> None:
        for proc in reversed(self.procs):
            proc.stop()

    def logs(self) -> str:
        return "\n".join(p.tail() for p in self.procs)

    def cli(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        out = subprocess.run([PYTHON, "-m", "cli.main", *args], cwd=ROOT, env=self.env,
                             capture_output=True, text=True, timeout=120)
        if check and out.returncode != 0:
            raise RuntimeError(f"fretadoc {' '.join(args)} failed ({out.returncode}): {out.stderr}")
        return out

    def key(self, tenant: str, kind: str = "carrier", rulebooks: tuple[str, ...] = ()) -> dict:
        """A key for the tenant: the first of a stack through `fretadoc keys create`, the others
        directly through service.tenants (the same code, without a process start each)."""
        ident = (tenant, kind, rulebooks)
        if ident in self._keys:
            return self._keys[ident]
        if not self._keys:
            args = ["keys", "create", "--tenant", tenant, "--kind", kind, "--json"]
            for rb in rulebooks:
                args += ["--rulebook", rb]
            made = json.loads(self.cli(*args).stdout)
        else:
            from service import db, tenants
            from service.settings import Settings

            settings = Settings(database_url=self.db_url)
            with db.session_scope(settings) as s:
                t, _ = tenants.get_or_create_tenant(s, tenant, kind, list(rulebooks))
                row, clear = tenants.create_key(s, t)
                made = {"tenant_id": t.id, "kind": kind, "key_id": row.id, "key": clear,
                        "callback_secret": tenants.callback_secret(t, settings)}
        self._keys[ident] = made
        return made

    def client(self, key: dict | str | None) -> httpx.Client:
        headers = {}
        if key:
            headers["Authorization"] = f"Bearer {key['key'] if isinstance(key, dict) else key}"
        return httpx.Client(base_url=self.base_url, headers=headers, timeout=60)

    def sql(self, query: str, **params):
        eng = create_engine(self.db_url)
        try:
            with eng.connect() as conn:
                return conn.execute(text(query), params).all()
        finally:
            eng.dispose()

    def sql_write(self, query: str, **params) -> None:
        eng = create_engine(self.db_url)
        try:
            with eng.begin() as conn:
                conn.execute(text(query), params)
        finally:
            eng.dispose()

    def blob_count(self) -> int:
        if self.env.get("FRETADOC_STORAGE") == "database":
            return self.sql("SELECT count(*) FROM blobs")[0][0]
        root = Path(self.env["FRETADOC_DATA_DIR"]) / "blobs"
        return sum(1 for p in root.glob("??/??/*") if len(p.name) == 64) if root.is_dir() else 0


# --- packets -----------------------------------------------------------------------------

def packet_dir(rulebook: str, name: str, variant: str) -> Path:
    return SAMPLES / rulebook / name / variant


def packet_meta(rulebook: str, name: str) -> dict:
    """The packet's packet.json (expected statuses and how to judge it)."""
    base = SAMPLES / rulebook / name
    for candidate in (base / "packet.json", base / "digital" / "packet.json"):
        if candidate.is_file():
            return json.loads(candidate.read_text(encoding="utf-8"))
    raise FileNotFoundError(base / "packet.json")


MEDIA = {".pdf": "application/pdf", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
         ".tif": "image/tiff", ".tiff": "image/tiff", ".webp": "image/webp"}


def packet_files(folder: Path) -> list[tuple[str, tuple[str, bytes, str]]]:
    files = sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() in MEDIA)
    return [("files", (p.relative_to(folder).as_posix(), p.read_bytes(), MEDIA[p.suffix.lower()])) for p in files]


def submit(client: httpx.Client, files, rulebook: str, *, reference_date: str | None = None,
           facts: dict | None = None, callback_url: str | None = None,
           idempotency_key: str | None = None) -> httpx.Response:
    data = {"rulebook": rulebook}
    if reference_date:
        data["reference_date"] = reference_date
    if facts:
        data["facts"] = json.dumps(facts)
    if callback_url:
        data["callback_url"] = callback_url
    headers = {"Idempotency-Key": idempotency_key} if idempotency_key else {}
    return client.post("/v1/packets", data=data, files=files, headers=headers)


def wait_finished(client: httpx.Client, packet_id: str, timeout: float = 120, stack: Stack | None = None) -> dict:
    deadline = time.monotonic() + timeout
    body: dict = {}
    while time.monotonic() < deadline:
        resp = client.get(f"/v1/packets/{packet_id}")
        assert resp.status_code == 200, resp.text
        body = resp.json()
        if body["status"] in ("done", "failed"):
            return body
        time.sleep(0.25)
    raise AssertionError(f"packet {packet_id} not finished after {timeout}s: {body.get('progress')}\n"
                         + (stack.logs() if stack else ""))


def text_pdf(*lines: str, pages: int = 1) -> bytes:
    """A small born-digital PDF (read from its text layer, no OCR)."""
    import io

    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    for n in range(pages):
        y = 800
        for line in lines or ("Documento de teste",):
            c.drawString(72, y, line)
            y -= 16
        c.drawString(72, 60, f"Página {n + 1} de {pages}")
        c.showPage()
    c.save()
    return buf.getvalue()


def png_image(width: int = 120, height: int = 80, shade: int = 255) -> bytes:
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (width, height), (shade, shade, shade)).save(buf, format="PNG")
    return buf.getvalue()
