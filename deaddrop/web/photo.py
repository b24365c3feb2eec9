"""POST /api/<code>/photo: a Spy! seat's photo of its own sheet, read for its seal (issue 29).

The page sends the photo's bytes (image/jpeg, image/png, ...); the reply, to that request only,
is the reading: the field read as a drawing, the cells it is unsure of, the verdict, the vertex
list to seal when the network is legal, and the reading drawn over the straightened field (a PNG,
base64). Nothing is stored and nothing enters the table: the player looks, confirms, and seals
with the page's ordinary `seal` form, as a typed network is sealed (the seat is the one acting,
as for every action). Spectators cannot send a photo; only a table of the refereed game
(`spy`) reads one, for its own field size and lengths.
"""

from __future__ import annotations

import base64
import threading
from typing import Any

from assistant.engine import Json
from deaddrop.web.api import SPECTATORS, UNKNOWN, Gone, Reply, Tables

MAX_PHOTO = 10 * 1000 * 1000  # bytes: a phone's full-size JPEG is 2 to 8 MB
MAX_MEGAPIXELS = 12  # read from the photo's header, before anything is decoded
GAMES = ("spy",)
# one reading at a time for each seat (a reading takes a core for a second or two): one seat's
# photos never keep another seat's from being read
_READING: dict[tuple[str, str], threading.Lock] = {}
_LOCKS = threading.Lock()


def seat_lock(table: str, seat: str) -> threading.Lock:
    """The lock of the seat's readings."""
    with _LOCKS:
        return _READING.setdefault((table, seat), threading.Lock())


def too_large(data: bytes) -> str | None:
    """Why the photo is refused from its size (bytes, then pixels from its JPEG or PNG header),
    before it is decoded; None when it may be read."""
    if len(data) > MAX_PHOTO:
        return f"the photo is {len(data):,} bytes (at most {MAX_PHOTO:,}: a smaller photo, please)"
    from assistant.games.spy.photo_image import image_size

    size = image_size(data)
    if size is not None and size[0] * size[1] > MAX_MEGAPIXELS * 1_000_000:
        width, height = size
        return (
            f"the photo is {width} x {height} pixels (at most {MAX_MEGAPIXELS} megapixels: a "
            "smaller photo, please)"
        )
    return None


def _error(status: int, text: str) -> Reply:
    return Reply(status, {"ok": False, "error": text})


def photo_refused(tables: Tables, text: str) -> Reply | None:
    """Why the code `text` may not send a photo (before its bytes are read), or None."""
    from deaddrop.errors import DeadDropError

    link = tables.link(text)
    if link is None:
        return UNKNOWN
    if link.seat is None:
        return SPECTATORS
    try:
        game = tables.snapshot(link.table).table.game.name
    except Gone:
        return UNKNOWN
    except DeadDropError:
        return _error(503, "the table cannot be read now; try again")
    if game not in GAMES:
        return _error(400, f"a photo is read only at a Spy! table, not {game}")
    return None


def read_seat_photo(tables: Tables, text: str, data: bytes) -> Reply:
    """The reading of a photo sent by the seat whose code is `text`."""
    from deaddrop.errors import DeadDropError

    refused = photo_refused(tables, text)
    if refused is not None:
        return refused
    link = tables.link(text)
    assert link is not None
    try:
        snap = tables.snapshot(link.table)
    except Gone:
        return UNKNOWN
    except DeadDropError:
        return _error(503, "the table cannot be read now; try again")
    try:
        from assistant.games.spy import photo
        from assistant.games.spy.model import Field
        from assistant.games.spy.photo_image import PhotoError
    except ImportError:
        return _error(
            503, "this server cannot read photos (install opencv-python-headless beside deaddrop)"
        )
    state = snap.table.state
    lengths = tuple(state["lengths"])
    large = too_large(data)
    if large is not None:
        return _error(413, large)
    lock = seat_lock(link.table, link.seat or "")
    if not lock.acquire(blocking=False):
        return _error(503, "your previous photo is still being read; try again in a moment")
    try:
        expect = Field(state["rows"], state["cols"])
        reading = photo.read_photo(data, "photo", "upper", lengths, expect)
    except PhotoError as error:
        return _error(400, str(error))
    finally:
        lock.release()
    return Reply(200, reading_json(reading))


def reading_json(reading: Any) -> Json:
    """The reply's body: {ok, drawing, uncertain, notes, legal, problems, network, overlay}."""
    result = reading.result
    network = None
    if result.legal and result.network is not None:
        from assistant.games.spy.model import format_cell

        network = " ".join(format_cell(v) for v in result.network.vertices)
    return {
        "ok": True,
        "field": reading.field_name,
        "drawing": reading.drawing(),
        "uncertain": reading.as_json()["photo"]["uncertain"],
        "notes": list(reading.decision.notes),
        "legal": result.legal,
        "problems": [p.message for p in result.problems],
        "network": network,
        "overlay": base64.b64encode(_overlay(reading)).decode("ascii"),
    }


def _overlay(reading: Any) -> bytes:
    from assistant.games.spy import photo

    return photo.overlay_png(reading)
