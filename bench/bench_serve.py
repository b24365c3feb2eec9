"""`deaddrop serve` on loopback (issue 18): a page's load, an action's round trip, and the same
with 8 pages open (8 event streams, each page polling its state), plus how soon a change made
by the CLI reaches every open page.

A real `deaddrop serve --port 0` process over a temporary database holding a recorded Spies &
Lies game (imported) and a tally table; requests go to 127.0.0.1 only, in bounded loops.

- page load: GET /p/<code>, GET /api/<code>/state, then every file the page loads (its
  stylesheet and scripts, and the modules they import), on one keep-alive connection, as a
  browser opening a join link with an empty cache. Target: under 200 ms.
- action round trip: POST /api/<code>/do (tally `add`), and the same followed by GET /state (what
  the page does next). Target: under 100 ms. Also undo + redo on the recorded game (each
  replays its whole history).
- 8 pages: 8 open event streams, each page polling /state every 5 s (the page's fallback) and
  reloading it on every event; the two measures again while they run, and the time from a
  phone's action until all 8 streams have its event.
- CLI change: `deaddrop table do` in another process, from its start (its own start-up
  included) until an open stream reports it (target: within a second; the watcher polls every
  0.2 s).

    python bench/bench_serve.py [--runs 30]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORDED = ROOT / "tests" / "spies_and_lies" / "games" / "after-day-3.yaml"
RUN = "import sys; sys.argv[0] = 'deaddrop'; from deaddrop.commands.main import main; main()"


def deaddrop(env: dict[str, str], *args: str, check: bool = True) -> str:
    out = subprocess.run(
        [sys.executable, "-c", RUN, *args], env=env, capture_output=True, text=True, timeout=120
    )
    if check and out.returncode != 0:
        raise SystemExit(f"deaddrop {' '.join(args)} failed: {out.stderr}")
    return out.stdout


class Page:
    """One phone's page: a keep-alive connection."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def send(self, method: str, path: str, data: bytes | None = None) -> http.client.HTTPResponse:
        """One request; a connection the server closed while idle is opened again (as a
        browser does)."""
        headers = {"content-type": "application/json"} if data is not None else {}
        for attempt in (1, 2):
            try:
                self.connection.request(method, path, data, headers)
                return self.connection.getresponse()
            except (ConnectionError, http.client.RemoteDisconnected):
                if attempt == 2:
                    raise
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        raise AssertionError("unreachable")

    def get(self, path: str) -> bytes:
        response = self.send("GET", path)
        body = response.read()
        if response.status != 200:
            raise SystemExit(f"GET {path}: {response.status} {body[:200]!r}")
        return body

    def post(self, path: str, body: object) -> dict:
        response = self.send("POST", path, json.dumps(body).encode())
        answer = json.loads(response.read())
        if response.status != 200:
            raise SystemExit(f"POST {path}: {response.status} {answer}")
        return answer

    def close(self) -> None:
        self.connection.close()


def assets(page: Page, html: bytes) -> list[str]:
    """The files the page loads: stylesheet, icon, scripts and the modules they import."""
    todo = re.findall(rb'(?:src|href)="(/static/[^"]+)"', html)
    seen: list[str] = []
    while todo:
        path = todo.pop(0).decode()
        if path in seen:
            continue
        seen.append(path)
        body = page.get(path)
        if path.endswith(".js"):
            folder = path.rsplit("/", 1)[0]
            for name in re.findall(rb'(?:import|from)\s*["\']\./([^"\']+)["\']', body):
                todo.append(f"{folder}/{name.decode()}".encode())
    return seen


def load_page(port: int, code: str) -> tuple[float, int]:
    """Seconds to open a join link with an empty cache, and how many requests it took."""
    started = time.perf_counter()
    page = Page(port)
    html = page.get(f"/p/{code}")
    page.get(f"/api/{code}/state")
    files = assets(page, html)
    page.close()
    return time.perf_counter() - started, 2 + len(files)


def round_trip(page: Page, code: str, then_state: bool) -> float:
    started = time.perf_counter()
    page.post(f"/api/{code}/do", {"action": "add", "params": {"n": "1"}})
    if then_state:
        page.get(f"/api/{code}/state")
    return time.perf_counter() - started


def undo_redo(page: Page, code: str) -> float:
    started = time.perf_counter()
    page.post(f"/api/{code}/undo", {})
    page.post(f"/api/{code}/redo", {})
    return (time.perf_counter() - started) / 2


class OpenPage(threading.Thread):
    """A page left open: its event stream, a reload of /state on each event, a poll every 5 s."""

    def __init__(self, port: int, code: str, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.port, self.code, self.stop = port, code, stop
        self.events: list[tuple[float, int]] = []  # (when, version)
        self.reloads = 0
        self.ready = threading.Event()

    def run(self) -> None:
        stream = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        stream.request("GET", f"/api/{self.code}/events")
        response = stream.getresponse()
        poller = threading.Thread(target=self.poll, daemon=True)
        poller.start()
        page = Page(self.port)
        first = True
        try:
            while not self.stop.is_set():
                line = response.readline()
                if not line:
                    break
                if line.startswith(b"data: "):
                    self.events.append((time.perf_counter(), int(line[6:])))
                    if first:
                        first = False
                        self.ready.set()
                        continue
                    page.get(f"/api/{self.code}/state")
                    self.reloads += 1
        except (OSError, http.client.HTTPException):
            pass
        finally:
            page.close()
            stream.close()

    def poll(self) -> None:
        page = Page(self.port)
        while not self.stop.wait(5.0):
            page.get(f"/api/{self.code}/state")
        page.close()


def median_ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.1f} ms"


def worst_ms(values: list[float]) -> str:
    return f"{max(values) * 1000:.1f} ms"


def measure(port: int, codes: dict[str, str], runs: int) -> dict[str, list[float]]:
    page = Page(port)
    out: dict[str, list[float]] = {"load": [], "do": [], "do+state": [], "undo/redo": []}
    for _ in range(runs):
        out["load"].append(load_page(port, codes["sl-red"])[0])
        out["do"].append(round_trip(page, codes["tally-red"], False))
        out["do+state"].append(round_trip(page, codes["tally-red"], True))
    for _ in range(max(3, runs // 5)):
        out["undo/redo"].append(undo_redo(page, codes["sl-red"]))
    page.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="deaddrop-serve-bench-"))
    db = tmp / "tables.sqlite"
    env = {**os.environ, "DEADDROP_DB": str(db)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    deaddrop(env, "table", "import", str(RECORDED), "--name", "sl")
    deaddrop(env, "table", "new", "tally", "--name", "tally", "-o", "max=0")
    events = len(json.loads(deaddrop(env, "table", "log", "sl", "--json")))
    server = subprocess.Popen(
        [sys.executable, "-c", RUN, "serve", "--port", "0", "--no-qr"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp,
    )
    try:
        assert server.stdout is not None
        lines = []
        for line in server.stdout:
            lines.append(line.rstrip())
            if len([x for x in lines if "spectators" in x]) == 2:
                break
        port = int(re.search(r"127\.0\.0\.1:(\d+)", lines[0]).group(1))  # type: ignore[union-attr]
        codes = {}
        table = ""
        for line in lines[1:]:
            if line and not line.startswith(" "):
                table = line.split()[0]
            elif line.strip():
                seat, url = line.split()
                codes[f"{table}-{seat}"] = url.rsplit("/", 1)[1]
        _, requests = load_page(port, codes["sl-red"])
        alone = measure(port, codes, args.runs)

        stop = threading.Event()
        pages = [OpenPage(port, codes[f"sl-{s}"], stop) for s in ("red", "blue") * 3]
        pages += [
            OpenPage(port, codes["tally-red"], stop),
            OpenPage(port, codes["tally-blue"], stop),
        ]
        for page in pages:
            page.start()
        for page in pages:
            page.ready.wait(30)
        busy = measure(port, codes, args.runs)
        # a phone's action until every open page has its event
        fan: list[float] = []
        phone = Page(port)
        for _ in range(max(5, args.runs // 3)):
            counts = [len(p.events) for p in pages]
            started = time.perf_counter()
            phone.post(f"/api/{codes['sl-red']}/undo", {})
            deadline = started + 10
            while time.perf_counter() < deadline and any(
                len(p.events) == c for p, c in zip(pages[:6], counts[:6], strict=True)
            ):
                time.sleep(0.002)
            fan.append(max(p.events[-1][0] for p in pages[:6]) - started)
            phone.post(f"/api/{codes['sl-red']}/redo", {})
            time.sleep(0.3)
        phone.close()
        # the CLI in another process, until an open page's stream reports it
        cli: list[float] = []
        process: list[float] = []
        watcher = pages[6]
        for _ in range(5):
            count = len(watcher.events)
            began = time.perf_counter()
            deaddrop(env, "table", "do", "--table", "tally", "add", "player=blue", "n=1")
            done = time.perf_counter()

            deadline = done + 10
            while len(watcher.events) == count and time.perf_counter() < deadline:
                time.sleep(0.002)
            arrived = watcher.events[-1][0] if len(watcher.events) > count else began + 10
            cli.append(arrived - began)
            process.append(done - began)
        stop.set()
        reloads = sum(p.reloads for p in pages)
    finally:
        server.send_signal(2)
        try:
            _, err = server.communicate(timeout=30)
            if err:
                print(f"deaddrop serve said: {err}", file=sys.stderr)
        except subprocess.TimeoutExpired:
            server.kill()

    print(f"deaddrop serve on 127.0.0.1; a recorded Spies & Lies game of {events} events and a")
    print(f"tally table; medians (worst) of {args.runs} runs")
    print("| measure | alone | 8 pages open | target |")
    print("|---|---|---|---|")
    rows = [
        (f"page load ({requests} requests, empty cache)", "load", "< 200 ms"),
        ("action round trip (POST do)", "do", "< 100 ms"),
        ("action + the page's reload (POST do, GET state)", "do+state", "< 100 ms"),
        (f"undo or redo of the {events}-event game", "undo/redo", ""),
    ]
    for label, key, target in rows:
        print(
            f"| {label} | {median_ms(alone[key])} ({worst_ms(alone[key])}) "
            f"| {median_ms(busy[key])} ({worst_ms(busy[key])}) | {target} |"
        )
    print(
        f"| a phone's action until all 6 pages of that table have its event | | "
        f"{median_ms(fan)} ({worst_ms(fan)}) | < 1 s |"
    )
    alone_ms = median_ms(process)
    print(
        f"| `deaddrop table do` in another process, from its start until an open page's event "
        f"(the process alone: {alone_ms}) | | {median_ms(cli)} ({worst_ms(cli)}) | < 1 s |"
    )
    print(f"(the 8 pages reloaded their state {reloads} times during the run)")


if __name__ == "__main__":
    main()
