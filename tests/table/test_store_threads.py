"""Threads of one process writing to one table while another process writes too (as `deaddrop
serve` and the command line do): no event is lost. Closing any descriptor of the database file
drops every POSIX lock the process holds on it, so the store must never open() the file itself:
a thread's check of the file once let another process write inside a transaction."""

from __future__ import annotations

import multiprocessing
import threading
from pathlib import Path

from assistant import store as store_module
from assistant import table


def _threads(db: Path, threads: int, each: int) -> None:
    failures: list[BaseException] = []

    def worker() -> None:
        try:
            for _ in range(each):
                table.do(db, "t", {"type": "add", "player": "red", "n": 1})
        except BaseException as error:  # noqa: BLE001 - reported by the exit code
            failures.append(error)

    running = [threading.Thread(target=worker) for _ in range(threads)]
    for thread in running:
        thread.start()
    for thread in running:
        thread.join()
    if failures:
        raise SystemExit(f"{len(failures)} writers failed: {failures[0]!r}")


def test_threads_and_processes_lose_no_event(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    table.new(db, "tally", "t", {"max": 10_000})
    context = multiprocessing.get_context("fork")
    processes = [context.Process(target=_threads, args=(db, 2, 30)) for _ in range(2)]
    for process in processes:
        process.start()
    for process in processes:
        process.join()
    assert [p.exitcode for p in processes] == [0, 0]
    with store_module.Store(db, create=False) as store:
        (row,) = store.tables()
        assert len(store.events(row.id)) == 120
    assert table.show(db, "t").state["points"]["red"] == 120
