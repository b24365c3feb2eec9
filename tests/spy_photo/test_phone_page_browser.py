"""The phone page in Chromium (Debian's, as tests/web_browser): a Spy! seat's seal form has
"Photograph my sheet"; a photo read shows the reading over the straightened field, and "Use this
network" fills the network field that the seal then sends, sealed by the seat itself."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from assistant import table as core
from assistant.games.spy.model import Network, parse_cell_anywhere
from tests.web.conftest import running

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web_browser"))

from page_served import CHROMIUM, CHROMIUM_ARGS  # noqa: E402


def test_a_seat_photographs_its_sheet_and_seals_it(tmp_path, sheet_photo):
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing (.ci/run installs Debian's chromium)")
    from playwright.sync_api import sync_playwright

    jpeg, net = sheet_photo
    (tmp_path / "sheet.jpg").write_bytes(jpeg)
    db = tmp_path / "tables.sqlite"
    core.new(db, "spy", "spy", {})
    with running(db) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 400, "height": 900})
            page.goto(f"http://127.0.0.1:{server.port}/p/{server.code('spy', 'red')}")
            seal = page.locator('details[data-action="seal"]')
            seal.locator("summary").wait_for(state="attached")
            page.locator("#tab-act").click()
            seal.evaluate("card => { card.open = true; }")
            camera = seal.locator("input[type=file]")
            assert camera.get_attribute("capture") == "environment"
            camera.set_input_files(str(tmp_path / "sheet.jpg"))
            reading = seal.locator(".photo-reading")
            reading.locator("img.photo-overlay").wait_for(timeout=30_000)
            drawing = reading.locator(".photo-drawing").text_content() or ""
            drawn = {
                (r, c)
                for r, row in enumerate(drawing.splitlines())
                for c, x in enumerate(row)
                if x == "#"
            }
            assert drawn == net.cells()
            # the overlay is shown from the reply's own bytes
            assert reading.locator("img.photo-overlay").evaluate(
                "img => img.complete && img.naturalWidth > 0 && img.src.startsWith('blob:')"
            )
            reading.locator("button").click()
            typed = seal.locator('.field[data-field="network"] input').first.input_value()
            assert Network(tuple(parse_cell_anywhere(c) for c in typed.split())).cells() == (
                net.cells()
            )
            seal.locator("button[type=submit]").click()
            page.wait_for_function(
                "() => document.body.textContent.includes('red seals a network')",
                timeout=30_000,
            )
        finally:
            browser.close()
    sealed = core.show(db, "spy").state["secret"]["red"]["network"].split()
    assert Network(tuple(parse_cell_anywhere(c) for c in sealed)).cells() == net.cells()
