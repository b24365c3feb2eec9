"""Help screens printed again from a cache: `deaddrop ... --help` without loading rich.

Typer draws help screens with rich, whose import alone (typer.rich_utils: rich's console,
tables, panels, markdown, tracebacks) costs more than `import typer` itself. A help screen is a
pure function of the command line, the code that defines and draws it, the environment and the
terminal, so the console script (`main.main`) keeps what a help request printed and prints it
again when nothing it depends on has changed:

- only a command line that ends in `--help` with no option before it (`deaddrop --help`,
  `deaddrop spy check --help`), that printed nothing on stderr and exited 0, is kept;
- it is kept for the question: the command line and program name, the environment (but PWD,
  OLDPWD and `_`, which a shell changes from one command to the next), the terminal (for stdin,
  stdout and stderr: a terminal or not, its size; the encodings of stdout and stderr), the
  platform and the Python running; two checksums of the question name the file, which holds the
  question and serves only that one;
- it lists every module file loaded when the screen was drawn (ours, typer, rich, ..., but
  the standard library's) with its size, inode, mtime and ctime; the screen is printed again only
  while each is unchanged. A screen drawn within `SETTLE_NS` of a change to one of them is not
  kept (an edit in the same clock tick could keep the same mtime and size);
- what is printed is recorded as it is written (the output still goes straight to the terminal);
  at most `MAX_ENTRIES` screens are kept, the oldest go first; a cache that cannot be read or
  written is ignored.

Files live in `deaddrop.paths.cache_dir()/help/`. tests/test_cli_root.py checks that a screen
printed from the cache is the one drawn, for other widths and colours too.
"""

from __future__ import annotations

import json
import os
import sys
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

FORMAT_VERSION = 1
SETTLE_NS = 3_000_000_000
MAX_ENTRIES = 256
_SHELL_NOISE = frozenset({"PWD", "OLDPWD", "_"})


def wanted(argv: list[str]) -> bool:
    """Whether this command line is a help request the cache serves."""
    args = argv[1:]
    return bool(args) and args[-1] == "--help" and not any(a.startswith("-") for a in args[:-1])


def _terminal() -> list[Any]:
    facts: list[Any] = []
    for fd in (0, 1, 2):
        try:
            tty = os.isatty(fd)
        except OSError:
            tty = None
        try:
            size: Any = tuple(os.get_terminal_size(fd))
        except (OSError, ValueError):
            size = None
        facts.append([tty, size])
    for stream in (sys.stdout, sys.stderr):
        facts.append([getattr(stream, "encoding", None), getattr(stream, "errors", None)])
    return facts


def question(argv: list[str]) -> str:
    """What a help screen of this command line depends on, here and now, as canonical text."""
    asked = {
        "version": FORMAT_VERSION,
        "argv": [os.path.basename(argv[0]), *argv[1:]],
        "environ": sorted((k, v) for k, v in os.environ.items() if k not in _SHELL_NOISE),
        "terminal": _terminal(),
        "python": [sys.executable, sys.version, sys.platform],
    }
    return json.dumps(asked, sort_keys=True, separators=(",", ":"))


def entry_path(asked: str) -> Path:
    """Where the help screen for `asked` is kept: named by two checksums (zlib: no hashlib
    import); the file holds the question and serves only that one."""
    from deaddrop.paths import cache_dir

    data = asked.encode()
    return cache_dir() / "help" / f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}.json"


def _stamp(path: str) -> list[Any] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_size, st.st_ino, st.st_mtime_ns, st.st_ctime_ns]


def serve(argv: list[str]) -> bool:
    """Print the kept help screen of `argv` and return True; False when there is none."""
    if not wanted(argv) or sys.stdout is None:
        return False
    asked = question(argv)
    try:
        entry = json.loads(entry_path(asked).read_text(encoding="utf-8"))
        if entry["question"] != asked:
            return False
        for path, stamp in entry["files"]:
            if _stamp(path) != stamp:
                return False
        text = entry["stdout"]
        if not isinstance(text, str):
            return False
    except (OSError, ValueError, KeyError, TypeError):
        return False
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:  # `deaddrop --help | head -1`: quiet, exit 1, as click does
        sys.stdout = open(os.devnull, "w")  # for the flush at exit
        raise SystemExit(1) from None
    return True


class _Recorder:
    """A text stream that passes everything on to `stream` and keeps a copy."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream
        self.parts: list[str] = []

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self.parts.append(text)
        return int(self._stream.write(text))

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _module_files() -> list[str]:
    stdlib = os.path.dirname(os.__file__)
    found = set()
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and not path.startswith(stdlib):
            found.add(path)
    return sorted(found)


@contextmanager
def recording(argv: list[str]) -> Iterator[None]:
    """Run the command; keep its help screen when `argv` is a help request that succeeded."""
    if not wanted(argv) or sys.stdout is None or sys.stderr is None:
        yield
        return
    out, err = _Recorder(sys.stdout), _Recorder(sys.stderr)
    sys.stdout, sys.stderr = out, err
    succeeded = False
    try:
        yield
        succeeded = True
    except SystemExit as done:
        succeeded = done.code in (0, None)
        raise
    finally:
        sys.stdout, sys.stderr = out._stream, err._stream
        if succeeded and not "".join(err.parts):
            _keep(argv, "".join(out.parts))


def _keep(argv: list[str], text: str) -> None:
    files = _module_files()
    stamps = [_stamp(path) for path in files]
    now = time.time_ns()
    if any(s is None or now - max(s[2], s[3]) < SETTLE_NS for s in stamps):
        return  # a file changed a moment ago (or vanished): draw it again next time
    files_seen = list(zip(files, stamps, strict=True))
    asked = question(argv)
    entry = {"question": asked, "files": files_seen, "stdout": text}
    from deaddrop.paths import cache_writer

    path = entry_path(asked)
    try:
        with cache_writer(path) as handle:
            handle.write(json.dumps(entry).encode())
        _prune(path.parent)
    except OSError:
        pass


def _prune(folder: Path) -> None:
    with os.scandir(folder) as found:
        entries = [e for e in found if e.name.endswith(".json")]
    if len(entries) <= MAX_ENTRIES:
        return
    entries.sort(key=lambda e: e.stat().st_mtime_ns)
    for entry in entries[: len(entries) - MAX_ENTRIES]:
        try:
            os.unlink(entry.path)
        except OSError:
            pass
