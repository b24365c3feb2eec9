"""What the page's tests share: the tables cut from the recorded games, the command line in
another process, and the links a running `deaddrop serve` prints."""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web_boards"))

from web_recorded import GAMES  # noqa: E402

from assistant.history_file import HistoryFile, dump_history, read_history  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
CLI = "import sys; from deaddrop.commands.main import main; sys.argv[0] = 'deaddrop'; main()"
XSS_NAME = "<script>alert(1)</script>"
XSS_NOTE = "<img src=x onerror=alert(2)>"
# the tables: name -> (recorded game, events kept)
TABLES = {
    "sal": ("after-day-3", 36),  # day 3: both deployments entered, Intel tokens next
    "sal-live": ("after-day-3", 36),
    "spy": ("spy-referee", 2),  # both networks sealed, no probe yet
    "spy-live": ("spy-referee", 2),
    "sal-over": ("after-day-3", 48),  # the whole game: red won after day 3
    "spies": ("two-players", 15),  # set up; 1933, Germany to play (Germany+Italy plays Russia)
    "spies-live": ("two-players", 15),
    "svs": ("terminal-game", 7),  # round 2: black in A1 to play, 2 action points
    "svs-cli": ("terminal-game", 7),  # the same, for the command line to act on
    "spy-taps": ("spy-referee", 2),
    "keys": ("spy-referee", 2),
    "spy-undo": ("spy-referee", 2),
}
LINK = re.compile(r"^  (\S.*?)\s+(http://127\.0\.0\.1:\d+/p/[a-z0-9]+)$")


def cli(db: Path, *args: str, wait: bool = True) -> Any:
    """`deaddrop ARGS` on `db` in another process: another writer of the same database."""
    command = [sys.executable, "-c", CLI, *args]
    env = {**os.environ, "DEADDROP_DB": str(db), "PYTHONUNBUFFERED": "1"}
    if not wait:
        return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)


@dataclass
class Served:
    """A running `deaddrop serve`: its database and each table's links (seat "" = spectators)."""

    db: Path
    base: str
    links: dict[str, dict[str, str]]
    errors: list[str]  # what the server wrote on stderr

    def url(self, table: str, seat: str) -> str:
        return self.links[table][seat]

    def cli(self, *args: str) -> subprocess.CompletedProcess[str]:
        return cli(self.db, *args)  # type: ignore[no-any-return]

    def cli_async(self, *args: str) -> subprocess.Popen[bytes]:
        """The command started, not waited for (to act at the same moment as a page)."""
        return cli(self.db, *args, wait=False)  # type: ignore[no-any-return]


def make_tables(db: Path, folder: Path) -> None:
    for name, (game, kept) in TABLES.items():
        history = read_history(GAMES[game])
        cut = HistoryFile(history.game, history.options, history.events[:kept], name=name)
        path = folder / f"{name}.yaml"
        path.write_text(dump_history(cut), encoding="utf-8")
        done = cli(db, "table", "import", str(path), "--name", name)
        assert done.returncode == 0, done.stderr
    players = f"players=['{XSS_NAME}', bob]"
    done = cli(db, "table", "new", "tally", "--name", "names", "-o", players)
    assert done.returncode == 0, done.stderr
    who = f"player={XSS_NAME!r}"
    for args in (
        ("do", "add", who, "n=3", "--table", "names", "--by", XSS_NOTE),
        ("do", "add", "player=bob", "n=2", "--table", "names"),
        ("void", "2", "--why", XSS_NOTE, "--table", "names"),
    ):
        done = cli(db, "table", *args)
        assert done.returncode == 0, done.stderr


def read_links(lines: queue.Queue[str | None], deadline: float) -> tuple[str, dict[str, Any]]:
    """Read the serve command's output up to the last table's spectators link."""
    base, links, table = "", {}, None
    while len(links) < len(TABLES) + 1 or "" not in links.get(table or "", {}):
        line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
        if line is None:
            raise AssertionError("deaddrop serve stopped before printing its links")
        if line.startswith("Serving "):
            base = line.split(" at ")[1].split()[0]
        elif match := LINK.match(line):
            seat = "" if match[1] == "spectators" else match[1]
            links.setdefault(table, {})[seat] = match[2]
        elif line and not line.startswith(" "):
            table = line.split(" (")[0]
    return base, links
