"""pnp.build.build_kit writes a kit's files in any order and split between processes
(pnp.lanes), and still fails as the serial build does: each item written whatever failed before
it, the first failing item in the kit's order (the kit's PDF, then its components) is the error
the serial build raises, and what is written has the serial build's bytes."""

from __future__ import annotations

import shutil
import tempfile
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deaddrop.files import all_or_nothing
from deaddrop.paths import templates_dir
from pnp.build import build_kit
from pnp.definitions import load_game
from pnp.imposition import Settings

ITEMS = [0, 1, 2, 3]  # the sample kit's PDF and its three components' (held by _kit)


@cache
def _kit():
    kit = load_game(templates_dir() / "sample")
    assert len(kit.components) == len(ITEMS) - 1
    return kit


@pytest.fixture
def blocking(monkeypatch):
    """Writing the PDFs of the items put in the set fails (as a full disk or a file in the way
    would), each with its own message."""
    from pnp.backends import pdf

    blocked: set[int] = set()
    real = pdf.write_pdf
    components = _kit().components
    names = {"sample.pdf": 0} | {f"{c.name}.pdf": 1 + i for i, c in enumerate(components)}

    def write_pdf(doc, path, drawn=None):
        if names[path.name] in blocked:
            raise OSError(28, "No space left on device", str(path))
        return real(doc, path, drawn)

    monkeypatch.setattr(pdf, "write_pdf", write_pdf)
    return blocked


def _serial(out: Path) -> str | None:
    """The serial build's error (type and text) when it fails, else None."""
    try:
        with all_or_nothing():
            build_kit(_kit(), out, Settings())
    except Exception as error:
        return f"{type(error).__name__}: {error}".replace(str(out), "OUT")
    return None


@pytest.mark.slow
@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(order=st.permutations(ITEMS), blocked=st.sets(st.sampled_from(ITEMS)))
def test_any_order_fails_with_the_serial_builds_first_error(blocking, order, blocked):
    _fails_as_serial(blocking, order, blocked)


@pytest.mark.parametrize("blocked", [{2, 3}, {0, 1, 3}])
def test_written_backwards_fails_with_the_serial_builds_first_error(blocking, blocked):
    _fails_as_serial(blocking, ITEMS[::-1], blocked)


def _fails_as_serial(blocking, order, blocked):
    blocking.clear()  # (the fixture holds for every example: set anew for each)
    blocking.update(blocked)
    tmp = Path(tempfile.mkdtemp())
    try:
        serial, split = tmp / "serial", tmp / "split"
        for out in (serial, split):
            out.mkdir()
        expected = _serial(serial)
        failed: list[tuple[int, Exception]] = []
        ticks: list[str] = []
        with all_or_nothing():
            written = build_kit(
                _kit(), split, Settings(), progress=ticks.append, items=order, failed=failed
            )
        assert sorted(item for item, _ in failed) == sorted(blocked)  # every item tried
        assert len(ticks) == len(ITEMS) - len(blocked)
        if not blocked:
            assert expected is None and not failed
            assert written == sorted(
                written, key=lambda p: (p.parent != split, str(p))
            )  # kit first
            return
        first = min(failed, key=lambda pair: pair[0])[1]
        assert expected is not None
        assert f"{type(first).__name__}: {first}".replace(str(split), "OUT") == expected
    finally:
        shutil.rmtree(tmp)


def test_the_files_written_in_any_order_are_the_serial_builds(tmp_path):
    serial, split = tmp_path / "serial", tmp_path / "split"
    with all_or_nothing():
        one = build_kit(_kit(), serial, Settings())
    with all_or_nothing():
        two = build_kit(_kit(), split, Settings(), items=ITEMS[::-1], failed=[])
    assert [p.relative_to(serial) for p in one] == [p.relative_to(split) for p in two]
    for path in one:
        assert path.read_bytes() == (split / path.relative_to(serial)).read_bytes(), path
