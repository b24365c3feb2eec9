"""`deaddrop serve` as a person runs it: the links and QR codes it prints, a page that opens,
Ctrl-C, the warning for the network, its one-line errors; and no other command loads the web
stack."""

from __future__ import annotations

import http.client
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

from assistant import table as core
from deaddrop.web.links import load_key
from tests.web.conftest import CLI, cli, table_code

WARNING = (
    "deaddrop serve: warning: listening on 0.0.0.0, beyond this machine: anyone on the network "
    "who has a link can see that seat's secrets and act for it"
)


def start(db: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", CLI, "serve", "--db", str(db), "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def lines_until(process: subprocess.Popen[str], pattern: str) -> list[str]:
    """The lines printed up to the first that matches `pattern`."""
    assert process.stdout is not None
    seen = []
    for line in process.stdout:
        seen.append(line.rstrip("\n"))
        if re.search(pattern, line):
            return seen
    raise AssertionError(
        f"the server stopped: {seen} {process.stderr.read() if process.stderr else ''}"
    )


def stop(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    return process.returncode, out, err


def test_serve_prints_a_link_per_seat_and_stops_on_ctrl_c(db):
    core.new(db, "spy", "s", {})
    core.new(db, "tally", "t", {"players": ["ann"]})
    process = start(db, "--no-qr")
    try:
        lines = lines_until(process, r"^  spectators .*/p/\w+$")
        lines += lines_until(process, r"^  spectators .*/p/\w+$")
    except BaseException:
        process.kill()
        raise
    port = re.search(r"http://127\.0\.0\.1:(\d+) ", lines[0])
    assert port, lines[0]
    base = f"http://127.0.0.1:{port.group(1)}"
    key = load_key(db)
    assert lines == [
        f"Serving 2 tables of {db} at {base} (Ctrl-C stops)",
        "",
        "t (Tally: a counter game for trying out the table assistant)",
        f"  ann         {base}/p/{table_code(db, key, 't', 'ann')}",
        f"  spectators  {base}/p/{table_code(db, key, 't', None)}",
        "",
        "s (Spy! (Sackson, 1974): sealed networks, probes, claims)",
        f"  red         {base}/p/{table_code(db, key, 's', 'red')}",
        f"  blue        {base}/p/{table_code(db, key, 's', 'blue')}",
        f"  spectators  {base}/p/{table_code(db, key, 's', None)}",
    ]
    connection = http.client.HTTPConnection("127.0.0.1", int(port.group(1)), timeout=20)
    connection.request("GET", f"/api/{table_code(db, key, 's', 'red')}/state")
    answer = connection.getresponse()
    assert answer.status == 200 and b'"seat":"red"' in answer.read()
    connection.request("GET", f"/api/{table_code(db, key, 's', None)}/events")  # a page left open
    stream = connection.getresponse()
    assert stream.readline() == b"retry: 2000\n"
    returncode, out, err = stop(process)  # the open stream does not hold the stop up
    note = (
        "these links open on this machine only; for the phones at the table: deaddrop serve --lan"
    )
    assert (returncode, out, err) == (0, "stopped\n", f"deaddrop serve: {note}\n")
    connection.close()


def test_serve_prints_qr_codes_and_warns_beyond_loopback(db):
    core.new(db, "tally", "t", {"players": ["ann"]})
    process = start(db, "--table", "t", "--host", "0.0.0.0")
    try:
        lines = lines_until(process, r"^  t: spectators$")
        lines += lines_until(process, r"^▀+$")
        port = int(lines[0].split(":")[2].split()[0])
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        connection.request("GET", f"/api/{table_code(db, load_key(db), 't', 'ann')}/state")
        assert connection.getresponse().status == 200
        connection.close()
    except BaseException:
        process.kill()
        raise
    returncode, out, err = stop(process)
    assert (returncode, err) == (0, WARNING + "\n")
    assert lines[0].startswith("Serving 1 table of ") and "0.0.0.0" not in lines[0]
    assert lines[6] == "  t: ann" and set(lines[7]) == {"█"}
    assert len([line for line in lines if set(line) == {"█"}]) == 2  # two codes: ann, spectators


def test_serve_errors_are_one_line(db, tmp_path):
    empty = cli(tmp_path / "none.sqlite", "serve", "--port", "0")
    assert (empty.returncode, empty.stdout) == (2, "")
    assert empty.stderr == (
        f"deaddrop: no tables yet in {tmp_path / 'none.sqlite'} "
        "(start one: deaddrop table new GAME)\n"
    )
    core.new(db, "tally", "t", {})
    missing = cli(db, "serve", "--table", "nope", "--port", "0")
    assert (missing.returncode, missing.stderr) == (
        2,
        "deaddrop: no table named 'nope' (tables: t)\n",
    )
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        busy = cli(db, "serve", "--port", str(port))
    assert busy.returncode == 2
    assert busy.stderr == (
        f"deaddrop: --host 127.0.0.1 --port {port}: cannot listen there (address already in "
        "use; another port: --port N, or --port 0 for any free one)\n"
    )
    far = cli(db, "serve", "--port", "70000")
    assert (far.returncode, far.stderr) == (
        2,
        "deaddrop: --port 70000: expected a port number 0 to 65535\n",
    )


def test_other_commands_do_not_load_the_web_stack(db):
    core.new(db, "tally", "t", {})
    code_ = (
        "import sys\n"
        "from deaddrop.commands.main import main\n"
        "sys.argv = ['deaddrop', 'table', '--db', sys.argv[1], 'show']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in ('starlette', 'uvicorn', 'segno', 'anyio', 'deaddrop.web')"
        " if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code_, str(db)], capture_output=True, text=True, check=True
    )
    assert out.stdout.splitlines()[-1] == "[]"
