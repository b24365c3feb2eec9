"""A real `deaddrop serve` on 127.0.0.1 over a database of tables cut from the recorded games,
and Debian's Chromium driven by Playwright (never `playwright install`: the browser is the
system's, installed by .ci/run). A missing Chromium fails these tests: the page needs them."""

from __future__ import annotations

import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from page_served import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    Served,
    cli,
    make_tables,
    read_links,
)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    folder = tmp_path_factory.mktemp("page")
    db = folder / "tables.sqlite"
    make_tables(db, folder)
    process = cli(db, "serve", "--port", "0", "--no-qr", wait=False)
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        for raw in process.stdout:
            lines.put(raw.decode("utf-8", "replace").rstrip("\n"))
        lines.put(None)

    errors: list[str] = []

    def read_errors() -> None:
        for raw in process.stderr:
            errors.append(raw.decode("utf-8", "replace").rstrip("\n"))

    threading.Thread(target=read, daemon=True).start()
    threading.Thread(target=read_errors, daemon=True).start()
    try:
        base, links = read_links(lines, time.monotonic() + 30)
        yield Served(db, base, links, errors)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium (.ci/run does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@dataclass
class Phone:
    """One open page at 360 x 740: the API responses it was sent and the dialogs it tried."""

    page: Any
    responses: list[Any]
    dialogs: list[str]
    errors: list[str]

    def bodies(self) -> list[str]:
        """Every JSON body of the API the page was sent (the events stream aside)."""
        return [response.text() for response in self.responses]


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """phone(url) -> an open page (a fresh browser context each, like another phone)."""
    contexts = []

    def open_page(url: str, wait: bool = True) -> Phone:
        context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
        contexts.append(context)
        page = context.new_page()
        opened = Phone(page, [], [], [])

        def on_response(response: Any) -> None:
            # the API's JSON; not the events stream, nor a map's picture (the same bytes for
            # every seat: tests/web/test_map_picture.py)
            url = urlsplit(response.url).path  # the stream is /events?since=<version>
            if "/api/" in url and not url.endswith("/events") and not url.endswith(".svg"):
                opened.responses.append(response)

        def on_dialog(dialog: Any) -> None:
            opened.dialogs.append(dialog.message)
            dialog.dismiss()

        def on_console(message: Any) -> None:
            if message.type == "error":
                opened.errors.append(message.text)

        page.on("response", on_response)
        page.on("dialog", on_dialog)
        page.on("pageerror", lambda error: opened.errors.append(str(error)))
        page.on("console", on_console)
        page.goto(url)
        if wait:
            try:
                page.wait_for_selector("#board .widget", timeout=10_000)
            except Exception as error:
                said = page.evaluate(
                    "() => [...document.querySelectorAll('#message, #last, #live, #board')]"
                    ".map(e => e.id + ': ' + e.textContent)"
                )
                raise AssertionError(f"{url} shows no board: {error}\n{said}\n{opened}") from None
        return opened

    yield open_page
    for context in contexts:
        context.close()
