"""One thread that watches the served tables for changes by any writer (a phone, the CLI, another
process) and tells the open pages' event streams.

Every `INTERVAL` seconds it reads the version (`Store.version`: one indexed query, no action
decoded) of each table that has an open stream, and puts a changed version on each of that
table's streams' queues (asyncio queues, woken from this thread through their event loop).
`stop` ends the thread and every stream.

Each reading opens the database afresh (well under a millisecond) and closes it.
"""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass
from pathlib import Path

from assistant.store import Store
from deaddrop.errors import DeadDropError

INTERVAL = 0.05  # seconds: a change shows on every page within 300 ms (bench/bench_serve.py);
# a reading costs under a millisecond of CPU, so this is 2% of a core while a page is open
STOP = -1  # put on a queue: the stream ends


@dataclass(eq=False)
class Stream:
    """One open event stream: its table, its queue and the loop the queue belongs to."""

    table: str
    queue: asyncio.Queue[int]
    loop: asyncio.AbstractEventLoop

    def put(self, version: int) -> None:
        """Hand `version` to the stream (from any thread)."""
        try:
            self.loop.call_soon_threadsafe(self.queue.put_nowait, version)
        except RuntimeError:  # the loop is closed: the stream is gone
            pass


class Watcher:
    """Watches the tables that have open streams (see the module docstring)."""

    def __init__(self, db: Path, interval: float = INTERVAL) -> None:
        self.db = db
        self.interval = interval
        self._streams: set[Stream] = set()
        self._versions: dict[str, int] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Start the thread (once)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="deaddrop-watch", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """End the thread and every open stream."""
        self._stop.set()
        with self._lock:
            streams = list(self._streams)
        for stream in streams:
            stream.put(STOP)

    def join(self, timeout: float = 2.0) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def open(self, table: str) -> Stream:
        """A new stream for `table` (call from the event loop that reads it)."""
        stream = Stream(table, asyncio.Queue(), asyncio.get_running_loop())
        with self._lock:
            self._streams.add(stream)
        if self.stopping:
            stream.put(STOP)
        return stream

    def close(self, stream: Stream) -> None:
        with self._lock:
            self._streams.discard(stream)

    def count(self) -> int:
        """How many streams are open."""
        with self._lock:
            return len(self._streams)

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            with self._lock:
                tables = {stream.table for stream in self._streams}
            if not tables:
                continue
            try:
                with Store(self.db, create=False) as store:
                    changed = self._read(store, tables)
            except DeadDropError:  # busy, or being replaced: try again at the next tick
                continue
            if changed:
                with self._lock:
                    streams = [s for s in self._streams if s.table in changed]
                for stream in streams:
                    stream.put(changed[stream.table])

    def _read(self, store: Store, tables: set[str]) -> dict[str, int]:
        """The tables whose version changed since the last read, with the new version."""
        changed = {}
        for name in tables:
            row = store.find(name)
            version = store.version(row.id) if row is not None else 0
            if self._versions.get(name) != version:
                self._versions[name] = version
                changed[name] = version
        return changed
