"""Tap, don't type (issue 22, item 6), in a real Chromium at 360 x 740: the result of an action
shows below the fixed header; a cell, a room or a tile is picked on the board or from the
values the seat may pick, and sends what typing it would; Spy! opens the form its next names;
the Spies! header keeps its lines apart; every POST carries an Idempotency-Key, the same one
when the same tap is sent again; the requests of other seats (undo, void, an answer) as cards."""

from __future__ import annotations

import json
import re
from typing import Any

from page_served import Served
from playwright.sync_api import expect
from test_page import choose, log_texts, open_action

KEY = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


def in_view(page: Any, selector: str) -> None:
    """`selector` is on screen: below the sticky header, above the tabs."""
    box = page.locator(selector).bounding_box()
    header = page.locator("header.top").bounding_box()
    tabs = page.locator("nav.tabs").bounding_box()
    assert box is not None and header is not None and tabs is not None
    assert box["y"] >= header["y"] + header["height"] - 0.5, (box, header)
    assert box["y"] + min(box["height"], 60) <= tabs["y"] + 0.5, (box, tabs)


def until(page: Any, done: Any, ms: int = 10_000) -> None:
    """Wait (the page's events handled meanwhile) until `done()`."""
    for _ in range(ms // 50):
        if done():
            return
        page.wait_for_timeout(50)
    assert done()


def sent(page: Any, path: str) -> list[Any]:
    """Every POST the page makes to /api/<code>/<path>, as they go."""
    requests: list[Any] = []
    page.on(
        "request",
        lambda r: requests.append(r) if r.method == "POST" and r.url.endswith(f"/{path}") else None,
    )
    return requests


def test_spy_opens_its_next_form_and_a_line_tapped_on_the_board_is_probed(
    served: Served, phone: Any
) -> None:
    red = phone(served.url("spy-taps", "red"))
    page = red.page
    # Spy! has no phases: the board's "Next" (probe: red to spy on blue's field) opens probe
    expect(page.locator(".widget-stat", has_text="Next")).to_contain_text("probe: red")
    page.click("#tab-act")
    first = page.locator("#actions .actions.now > details.action").first
    expect(first).to_have_attribute("data-action", "probe")
    expect(first).to_have_attribute("open", "")
    # on the board: blue's field takes taps, red's own (secret) field does not
    page.click("#tab-board")
    field = '.widget-grid[data-side="blue"]'
    expect(page.locator(f"{field} .cell.pickable")).to_have_count(100)
    expect(page.locator(".widget-grid.private .cell.pickable")).to_have_count(0)
    posts = sent(page, "do")
    page.locator(f'{field} [data-cell="4B"]').click()
    expect(page.locator("#pickbar")).to_contain_text("probe cells=4B")
    page.locator(f'{field} [data-cell="4E"]').click()  # in line: 4B-4E
    expect(page.locator("#pickbar .pick-text")).to_have_text("probe cells=4B-4E")
    expect(page.locator(f"{field} .cell.picked")).to_have_count(4)
    page.locator("#pickbar .pick-go").click()
    expect(page.locator("#outcome")).to_contain_text("Done. 3. red probes 4B-4E on blue's field")
    in_view(page, "#outcome")
    # what typing "4B-4E" would have sent
    assert [json.loads(p.post_data) for p in posts] == [
        {"action": "probe", "params": {"cells": "4B-4E"}}
    ]
    assert KEY.match(posts[0].headers["idempotency-key"])
    assert log_texts(served, "spy-taps")[-1][1].startswith("red probes 4B-4E on blue's field")
    # blue, typing instead ("other"), sends the same kind of value
    blue = phone(served.url("spy-taps", "blue")).page
    blue.click("#tab-act")
    probe = open_action(blue, "probe")
    probe.locator('select[data-param="cells"]').select_option("…other…")
    probe.locator('input[data-typed="cells"]').fill("2b-2d")
    probe.locator("button[type=submit]").click()
    expect(blue.locator("#outcome")).to_contain_text("Done. 4. blue probes 2B-2D on red's field")
    in_view(blue, "#outcome")
    assert red.errors == []


def test_a_room_tapped_on_the_building_moves_as_the_command_line_does(
    served: Served, phone: Any
) -> None:
    black = phone(served.url("svs", "black"))
    page = black.page
    page.click("#tab-act")
    move = open_action(page, "move")
    # the rooms next to black's (A1) as buttons, no text field
    expect(move.locator('input[name="to"]')).to_have_count(2)
    assert move.locator('input[name="to"]').evaluate_all("l => l.map(e => e.value)") == [
        "A2",
        "B1",
    ]
    expect(move.locator('input[type="text"]')).to_have_count(0)
    page.click("#tab-board")
    building = page.locator(".widget-grid:has(h2:text-matches('The building'))")
    expect(building.locator(".cell.pickable")).to_have_count(2)
    building.locator('[data-cell="1B"]').click()  # floor 1, column B: room B1
    expect(page.locator("#pickbar .pick-text")).to_have_text("move to=B1")
    page.locator("#pickbar .pick-go").click()
    expect(page.locator("#outcome.done")).to_be_visible()
    in_view(page, "#outcome")
    expect(page.locator("#tab-act")).to_have_attribute("aria-pressed", "true")
    done = served.cli("table", "do", "move", "spy=black", "to=B1", "--table", "svs-cli")
    assert done.returncode == 0, done.stderr
    assert log_texts(served, "svs")[-1][1:] == log_texts(served, "svs-cli")[-1][1:]
    # the move's values followed black to B1 (redrawn in place, the form kept)
    expect(move.locator('input[name="to"][value="C1"]')).to_have_count(1)
    assert move.locator('input[name="to"]').evaluate_all("l => l.map(e => e.value)") == [
        "A1",
        "C1",
    ]
    page.click("#tab-board")
    expect(building.locator(".cell.pickable")).to_have_count(2)
    expect(building.locator('[data-cell="1C"]')).to_have_class(re.compile(r"\bpickable\b"))
    assert black.errors == []


def test_the_outcome_of_a_guess_shows_below_the_header(served: Served, phone: Any) -> None:
    red = phone(served.url("sal", "red")).page
    red.click("#tab-act")
    guess = open_action(red, "guess")
    choose(guess, "mission", "3")
    choose(guess, "rank", "4")
    guess.locator("button[type=submit]").scroll_into_view_if_needed()
    assert red.evaluate("window.scrollY") > 100  # the outcome's place is off screen
    guess.locator("button[type=submit]").click()
    expect(red.locator("#outcome.refused")).to_be_visible()
    in_view(red, "#outcome")


def test_the_spies_header_keeps_its_lines_apart(served: Served, phone: Any) -> None:
    page = phone(served.url("spies", "Germany+Italy")).page
    # the last entry is two lines: "... Liverpool" and "the set up is done: 1933 begins ..."
    lines = page.locator("#last .last-line")
    expect(lines).to_have_count(2)
    expect(lines.nth(1)).to_contain_text("the set up is done")
    boxes = [
        page.locator(s).bounding_box()
        for s in ("#title", "#seat", "#last .last-line >> nth=0", "#last .last-line >> nth=1")
    ]
    table = page.locator("#table").bounding_box()
    header = page.locator("header.top").bounding_box()
    assert all(boxes) and table and header
    title, seat, first, second = boxes
    for upper, lower in ((title, seat), (title, table), (seat, first), (table, first)):
        assert upper["y"] + upper["height"] <= lower["y"] + 0.5, (upper, lower)
    assert first["y"] + first["height"] <= second["y"] + 0.5, (first, second)
    for box in (title, seat, table, first, second):
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
        assert box["y"] + box["height"] <= header["y"] + header["height"]


def test_every_post_carries_a_key_and_the_same_tap_sent_again_reuses_it(
    served: Served, phone: Any
) -> None:
    red = phone(served.url("keys", "red"))
    page = red.page
    keys: list[str] = []
    dropped = {"n": 1}  # the first try is lost on the way

    def flaky(route: Any) -> None:
        keys.append(route.request.headers.get("idempotency-key", ""))
        if dropped["n"] > 0:
            dropped["n"] -= 1
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route("**/api/*/do", flaky)
    page.click("#tab-act")
    probe = open_action(page, "probe")
    probe.locator('select[data-param="cells"]').select_option("1A")
    probe.locator("button[type=submit]").click()
    expect(page.locator("#outcome")).to_contain_text("Done. 3. red probes 1A")
    assert len(keys) == 2 and keys[0] == keys[1] and KEY.match(keys[0])
    # a table out of reach for every try: the page says to check the log, offers the same tap
    keys.clear()
    dropped["n"] = 99
    served_log = log_texts(served, "keys")
    blue = phone(served.url("keys", "blue"))
    blue.page.route("**/api/*/do", flaky)
    blue.page.click("#tab-act")
    probe = open_action(blue.page, "probe")
    probe.locator('select[data-param="cells"]').select_option("2A")
    probe.locator("button[type=submit]").click()
    unsure = blue.page.locator("#outcome.unsure")
    expect(unsure).to_contain_text("Not sure it was taken")
    expect(unsure).to_contain_text("Check the log")
    in_view(blue.page, "#outcome")
    assert len(keys) == 3 and len(set(keys)) == 1
    # tapping Probe again (the same values) is the same tap: the same key
    probe.locator("button[type=submit]").click()
    until(blue.page, lambda: len(keys) == 6)
    expect(unsure.locator(".retry")).to_be_enabled()
    assert len(set(keys)) == 1
    dropped["n"] = 0
    unsure.locator(".retry").click()
    expect(blue.page.locator("#outcome")).to_contain_text("Done. 4. blue probes 2A")
    assert len(keys) == 7 and len(set(keys)) == 1
    assert len(log_texts(served, "keys")) == len(served_log) + 1
    # another tap gets another key; undo too carries one
    undos = sent(blue.page, "undo")
    blue.page.click("#tab-log")
    blue.page.click("#undo")  # red answered blue's probe from its network: red is asked
    expect(blue.page.locator("#log-outcome")).to_contain_text("Asked. asked red to agree: undo 4")
    assert KEY.match(undos[0].headers["idempotency-key"])
    assert undos[0].headers["idempotency-key"] != keys[0]


def options(select: Any) -> list[str]:
    return list(select.evaluate("s => [...s.options].map(o => o.textContent)"))


def stub_state(page: Any, change: Any) -> None:
    """The page's /state as the server sends it, changed by `change(state)`."""

    def handle(route: Any) -> None:
        response = route.fetch()
        state = response.json()
        change(state)
        route.fulfill(response=response, json=state)

    page.route("**/api/*/state", handle)


def test_requests_of_other_seats_are_cards_with_confirm_decline_and_withdraw(
    served: Served, phone: Any
) -> None:
    red = phone(served.url("spy", "red"), wait=False)
    page = red.page
    give = [{"name": "rank", "type": "rank 1-10", "required": True, "help": "the rank shown"}]

    def change(state: Any) -> None:
        state["undo_needs"] = ["blue"]
        state["redo_needs"] = []
        state["log"][0]["by"] = "red"
        state["log"][0]["void_needs"] = ["blue"]
        state["log"][1]["by"] = None
        state["log"][1]["void_needs"] = None
        state["requests"] = [
            {"id": "r1", "op": "do", "from": "blue", "text": "blue guesses your mission 2",
             "waiting": ["red"], "mine": False, "answer": True, "action": "guess", "give": give},
            {"id": "r2", "op": "undo", "from": "red", "text": "undo 2: blue seals a network",
             "waiting": ["blue"], "mine": True, "answer": False, "action": None, "give": []},
        ]  # fmt: skip

    stub_state(page, change)
    answers: list[Any] = []

    def answer(route: Any) -> None:
        answers.append(route.request)
        route.fulfill(json={"ok": True, "line": "confirmed"})

    page.route("**/api/*/answer", answer)
    page.reload()
    page.wait_for_selector("#board .widget")
    expect(page.locator("#tab-act")).to_have_attribute("data-attention", "1")
    page.click("#tab-log")
    expect(page.locator("#undo")).to_have_text("Ask blue to undo")
    expect(page.locator("#redo")).to_have_text("Redo")
    expect(page.locator('.log-line[data-n="1"] .void-open')).to_have_text("Ask blue to void…")
    expect(page.locator('.log-line[data-n="1"] .log-by')).to_have_text("by red")
    expect(page.locator('.log-line[data-n="2"] .void-open')).to_have_count(0)  # not red's
    page.click("#tab-act")
    ask = page.locator("#requests .request.ask")
    expect(ask.locator(".request-title")).to_have_text("blue asks you")
    expect(ask.locator(".request-text")).to_have_text("blue guesses your mission 2")
    first = page.locator("#act-tab > *:not([hidden])").first
    expect(first).to_have_id("requests")  # at the top of the Act tab
    choose(ask, "rank", "7")
    ask.locator("button[type=submit]").click()
    expect(page.locator("#outcome.done")).to_contain_text("confirmed")
    mine = page.locator("#requests .request.mine")
    expect(mine.locator(".request-title")).to_have_text("Waiting for blue")
    mine.locator("button", has_text="Withdraw").click()
    expect(page.locator("#outcome.done")).to_be_visible()
    bodies = [json.loads(r.post_data) for r in answers]
    assert bodies[0] == {"request": "r1", "yes": True, "params": {"rank": "7"}}
    assert bodies[1] == {"request": "r2", "yes": False, "params": {}}
    keys = [r.headers["idempotency-key"] for r in answers]
    assert all(KEY.match(k) for k in keys) and keys[0] != keys[1]
    # an action that waits for another seat: 202, said as asked, not done
    page.route(
        "**/api/*/do",
        lambda route: route.fulfill(
            status=202,
            json={"ok": True, "pending": True, "request": "r3", "line": "asked blue to confirm"},
        ),
    )
    probe = open_action(page, "probe")
    probe.locator('select[data-param="cells"]').select_option("9J")
    probe.locator("button[type=submit]").click()
    expect(page.locator("#outcome.pending")).to_have_text("Asked. asked blue to confirm")
    in_view(page, "#outcome")
    assert red.errors == []


def test_a_spies_tile_is_picked_from_the_hand_and_a_city_among_the_police_cities(
    served: Served, phone: Any
) -> None:
    allies = phone(served.url("spies", "Britain+France")).page
    allies.click("#tab-act")
    discard = open_action(allies, "discard")
    tiles = options(discard.locator('select[data-param="tile"]'))
    assert tiles[0] == "— choose —" and tiles[-1] == "other (type it)…"
    assert tiles[1:-1] and all(re.match(r"^(Fr|Br|random) \d+$", t) for t in tiles[1:-1])
    search = open_action(allies, "search")
    cities = search.locator('input[name="city"]').evaluate_all("l => l.map(e => e.value)")
    assert cities == ["Paris", "Lyons", "Brest", "London", "Glasgow", "Liverpool"]  # buttons
    expect(search.locator('input[name="enemy"]')).to_have_count(4)  # —, Germany, Italy, Russia
