"""The screenshots of docs/images/: every game's Act tab at 360 x 740 after an action, from a
real `deaddrop serve` over the tables the browser tests use. Run:
`python tests/web_browser/screenshots.py [FOLDER]` (default docs/images/); it needs Debian's
chromium, as the tests do."""

from __future__ import annotations

import queue
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from page_served import CHROMIUM, CHROMIUM_ARGS, cli, make_tables, read_links  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def act(page: Any, name: str) -> Any:
    card = page.locator(f'details.action[data-action="{name}"]')
    if not card.is_visible():
        page.locator("details.later > summary").click()
    if card.get_attribute("open") is None:
        card.locator("summary").click()
    return card.locator("form")


def shots(base: dict[str, dict[str, str]], folder: Path, browser: Any) -> list[Path]:
    out = []

    def page_of(table: str, seat: str) -> Any:
        context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
        page = context.new_page()
        page.goto(base[table][seat])
        page.wait_for_selector("#board .widget")
        return page

    def save(page: Any, name: str) -> None:
        page.wait_for_timeout(300)
        path = folder / f"act-{name}.png"
        page.screenshot(path=str(path))
        out.append(path)

    # Spy!: red probes 5E, chosen from the list
    page = page_of("spy-live", "red")
    page.click("#tab-act")
    form = act(page, "probe")
    form.locator('select[data-param="cells"]').select_option("5E")
    form.locator("button[type=submit]").click()
    page.wait_for_selector("#outcome.done")
    save(page, "spy")
    # Spy!: blue picks a line on red's field, on the board
    page = page_of("spy-taps", "blue")
    page.locator('.widget-grid[data-side="red"] [data-cell="3C"]').click()
    page.locator('.widget-grid[data-side="red"] [data-cell="3F"]').click()
    page.locator('.widget-grid[data-side="red"]').scroll_into_view_if_needed()
    path = folder / "board-spy-pick.png"
    page.wait_for_timeout(300)
    page.screenshot(path=str(path))
    out.append(path)
    # Spies & Lies: blue places its Intel tokens (the form the game's next names)
    page = page_of("sal-live", "blue")
    page.click("#tab-act")
    form = act(page, "tokens")
    form.locator('[data-param="missions"]').fill("1, 3")
    form.locator("button[type=submit]").click()
    page.wait_for_selector("#outcome.done")
    save(page, "spies-and-lies")
    # Spies!: Germany discards a tile picked from the hand
    page = page_of("spies-live", "Germany+Italy")
    page.click("#tab-act")
    form = act(page, "discard")
    form.locator('label.choice:has(input[name="power"][value="Germany"])').click()
    form.locator('select[data-param="tile"]').select_option("random 36")
    form.locator("button[type=submit]").click()
    page.wait_for_selector("#outcome.done")
    save(page, "spies")
    # Spy vs Spy: black moves to B1, tapped
    page = page_of("svs", "black")
    page.click("#tab-act")
    form = act(page, "move")
    form.locator('label.choice:has(input[name="to"][value="B1"])').click()
    form.locator("button[type=submit]").click()
    page.wait_for_selector("#outcome.done")
    save(page, "spy-vs-spy")
    return out


def shrink(path: Path) -> None:
    """A palette of 128 colours (a third of the bytes; the text stays sharp), when Pillow is
    there."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=128, dither=Image.Dither.NONE)
    small.save(path, optimize=True)


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "images"
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "tables.sqlite"
        make_tables(db, Path(tmp))
        process = cli(db, "serve", "--port", "0", "--no-qr", wait=False)
        lines: queue.Queue[str | None] = queue.Queue()

        def read() -> None:
            for raw in process.stdout:
                lines.put(raw.decode("utf-8", "replace").rstrip("\n"))
            lines.put(None)

        threading.Thread(target=read, daemon=True).start()
        try:
            _, links = read_links(lines, time.monotonic() + 30)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
                )
                for path in shots(links, folder, browser):
                    shrink(path)
                    print(path)
                browser.close()
        finally:
            process.terminate()
            process.wait(timeout=10)


if __name__ == "__main__":
    main()
