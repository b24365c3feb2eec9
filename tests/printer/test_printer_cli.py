"""`deaddrop printer ...` and `deaddrop build` with a printer profile, end to end: the profile's
offset and scale read back from the PDF's content streams (pypdf), options winning over it, a
damaged profiles file as one line and exit 2, nothing written outside the config folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from typer.testing import CliRunner

from deaddrop.commands.main import app
from deaddrop.paths import templates_dir
from pnp.definitions import load_game
from pnp.imposition.kit_plan import plan_kit
from pnp.imposition.paper import Paper, Settings
from pnp.printer_profile import Profile, apply
from pnp.units import mm

runner = CliRunner()
MM = 72 / 25.4


@pytest.fixture
def home(tmp_path, monkeypatch):
    """HOME, the config file, the cache and the current folder, each in its own tmp folder."""
    for name in ("home", "config", "cache", "work"):
        (tmp_path / name).mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("DEADDROP_CONFIG", str(tmp_path / "config" / "printers.toml"))
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path / "work")
    return tmp_path


def _run(*args: str, code: int = 0):
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    return result


def _files(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")}


def test_the_commands_write_only_the_config_file(home):
    before = _files(home)
    _run("printer", "set", "office", "--back-offset", "0.5,-1", "--scale", "98.6%")
    _run("printer", "set", "home", "--margin", "6mm", "--paper", "letter", "--flip", "short")
    _run("printer", "set", "office", "--margin", "5mm")  # changes only the margin
    _run("printer", "use", "office")
    listed = _run("printer", "list").stdout
    assert listed.splitlines() == [
        "* office: back offset 0.5,-1 mm, scale 98.6%, margin 5 mm",
        "  home: back offset 0,0 mm, scale 100%, margin 6 mm",
    ]
    shown = _run("printer", "show", "--json").stdout
    assert '"scale_percent": 98.6' in shown and '"in_use": true' in shown
    _run("printer", "delete", "office")
    assert _run("printer", "list").stdout.startswith("  home:")  # none in use any more
    assert _files(home) - before == {"config/printers.toml"}
    assert not list((home / "config").glob(".*"))  # no temporary file left behind


def test_unknown_names_and_values_are_one_line_exit_2(home):
    _run("printer", "set", "office")
    cases = [
        (("printer", "use", "work"), "NAME: no printer 'work' (expected one of: office)"),
        (("printer", "set", "a b"), "NAME: 'a b' is not a printer name (expected letters, "
         "digits, - or _, up to 40, e.g. office)"),
        (("printer", "set", "x", "--scale", "9O%"), "--scale: '9O%' is not a scale (expected "
         "the length the printer gives the calibration sheet's 100 mm ruler, e.g. 98.6%)"),
        (("build", "sample", "--printer", "work"), "--printer: no printer 'work' (expected one "
         "of: office)"),
        (("printer", "set", "office"), "nothing to change in printer 'office' (expected "
         "--back-offset, --scale, --margin, --paper or --flip)"),
    ]  # fmt: skip
    for args, message in cases:
        result = _run(*args, code=2)
        assert result.stderr == f"deaddrop: {message}\n"


def test_a_damaged_profiles_file_is_one_line_and_exit_2(home):
    config = home / "config" / "printers.toml"
    config.write_text('use = "office"\n\n[printers.office]\nscale = "big"\n', encoding="utf-8")
    for args in (("printer", "list"), ("build", "sample"), ("printer", "set", "x")):
        result = _run(*args, code=2)
        assert result.stderr == (
            f"deaddrop: {config}:4: printers.office.scale: 'big' is not a number "
            "(expected a number in percent, e.g. 98.6)\n"
        )
        assert "Traceback" not in result.output
    assert not (home / "work" / "output").exists()


# --- the PDF: a small interpreter of q/Q/cm over each page's content stream ---


def _times(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E,
            e * B + f * D + F)  # fmt: skip


def _pieces(page) -> list[tuple[float, float]]:
    """Where each piece's frame starts on the paper (PDF points, y up): the origin of every
    top-level group's transform, through the page's own transforms. (A line of text is placed
    by a cm that turns it upright, a mirror; a piece's, turned or not, is no mirror.)"""
    ops = ContentStream(page.get_contents(), page.pdf).operations
    depth, frame, stack, page_frame, found = 0, (1, 0, 0, 1, 0, 0), [], None, []
    for operands, op in ops:
        if op == b"q":
            stack.append(frame)
            depth += 1
        elif op == b"Q":
            frame = stack.pop()
            depth -= 1
        elif op == b"cm":
            m = tuple(float(v) for v in operands)
            top = depth == 2 and frame == page_frame  # the first cm of a top-level group
            frame = _times(m, frame)
            if depth == 1:
                page_frame = frame
            elif top and m[0] * m[3] - m[1] * m[2] > 0:
                found.append((round(frame[4], 2), round(frame[5], 2)))
    return found


def _page_transform(page) -> tuple[float, ...]:
    """The cm operators at the page's top level, composed (y-down frame -> PDF)."""
    ops = ContentStream(page.get_contents(), page.pdf).operations
    frame, depth = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), 0
    for operands, op in ops:
        depth += {b"q": 1, b"Q": -1}.get(op, 0)
        if op == b"cm" and depth == 1:
            frame = _times(tuple(float(v) for v in operands), frame)
        elif depth > 1:
            break
    return frame


def _build(out: str, *args: str) -> list:
    _run("build", "sample", "--out", out, *args)
    return PdfReader(Path(out) / "sample.pdf").pages


def _backs(pages) -> list[int]:
    """The indices of back pages: those whose text names a back."""
    return [i for i, page in enumerate(pages) if "backs, page" in page.extract_text()]


def test_the_profile_in_use_moves_every_back_and_scales_every_page(home):
    _run("printer", "set", "still", "--scale", "98%")  # the same scale, the backs not moved
    still = _build("still", "--printer", "still")
    _run("printer", "set", "office", "--back-offset", "1.5,-2", "--scale", "98%")
    _run("printer", "use", "office")
    made = _build("office")
    assert len(made) == len(still)
    backs = _backs(still)
    assert backs and _backs(made) == backs
    assert all(_pieces(made[i]) for i in backs)  # each back page holds pieces
    s = 100 / 98
    w, h = float(made[0].mediabox.width), float(made[0].mediabox.height)
    assert (w, h) == pytest.approx((595.28, 841.89), abs=0.01)  # the paper itself
    for index, (before, after) in enumerate(zip(still, made, strict=True)):
        a, b, c, d, e, f = _page_transform(after)
        assert (a, b, c, -d) == pytest.approx((s, 0, 0, s), abs=1e-4)
        # the page planned at 1/s, its centre on the paper's centre: scaled about the centre
        assert (a * w / s / 2 + e, d * h / s / 2 + f) == pytest.approx((w / 2, h / 2), abs=0.01)
        # the backs moved by the offset at the page's scale: (1.5, -2) mm once printed at 98%
        dx, dy = (1.5 * MM * s, 2 * MM * s) if index in backs else (0.0, 0.0)  # y up: -2 down
        old, new = _pieces(before), _pieces(after)
        assert len(old) == len(new)
        for (x0, y0), (x1, y1) in zip(old, new, strict=True):
            assert (x1, y1) == pytest.approx((x0 + dx, y0 + dy), abs=0.02)
    guide = " ".join(made[1].extract_text().split())  # page 1 is the cover
    assert "made for the printer “office”" in guide
    assert "the backs moved 1.5 mm right and 2.0 mm up" in guide
    assert "every page drawn at 102.0% because the printer prints at 98.0%" in guide


def test_options_win_over_the_profile(home):
    plain = _build("plain", "--paper", "letter")
    _run("printer", "set", "office", "--back-offset", "1.5,-2", "--paper", "a4", "--flip", "short")
    _run("printer", "use", "office")
    made = _build("given", "--back-offset", "0,0", "--paper", "letter", "--flip", "long")
    assert [_pieces(p) for p in made] == [_pieces(p) for p in plain]  # nothing moved
    assert float(made[0].mediabox.width) == pytest.approx(612)
    assert "flip on long edge" in made[0].extract_text()
    _run("printer", "use", "--none")
    other = _build("named", "--printer", "office")  # --printer without one in use
    assert float(other[0].mediabox.width) == pytest.approx(595.28, abs=0.01)
    assert "flip on short edge" in other[0].extract_text()
    again = ("build", "sample", "--out", "named", "--printer", "office")
    assert "(up to date)" in _run(*again).stdout
    _run("printer", "set", "office", "--scale", "99%")  # a changed profile builds again
    assert "(up to date)" not in _run(*again).stdout


def test_a_margin_keeps_marks_pieces_and_footers_inside_it():
    kit = load_game(templates_dir() / "sample")
    margin = 9.0
    paper = Paper.of(apply(Profile("wide", margin=margin), Settings()))
    plan = plan_kit(kit.components, paper)
    reach, W, H = mm(margin), paper.width, paper.height
    pages = [p for s in plan.sheets for p in (s.front, s.back) if p is not None]
    assert pages
    for page in pages:
        for x0, y0, x1, y1 in page.marks:
            assert min(x0, x1, y0, y1) >= reach - 1e-6
            assert max(x0, x1) <= W - reach + 1e-6 and max(y0, y1) <= H - reach + 1e-6
        box = page.bleed
        assert box.x >= reach - 1e-6 and box.y >= reach - 1e-6
        assert box.x + box.w <= W - reach + 1e-6 and box.y + box.h <= H - reach + 1e-6
        for note in page.notes:
            assert note.y + 0.25 * 6.5 <= H - reach + 1e-6  # its descenders too


def test_calibrate_measures_the_printer_as_it_is_unless_asked(home):
    _run("printer", "set", "office", "--back-offset", "3,0", "--scale", "95%", "--paper", "letter")
    _run("printer", "set", "home", "--flip", "short")
    _run("printer", "use", "office")
    said = _run("printer", "calibrate", "--out", "raw").stdout
    assert said == (
        "wrote raw/calibration-letter.pdf: letter, flip on long edge (printer 'office'), "
        "the printer measured as it is: print it at 100%, double-sided\n"
    )
    raw = PdfReader(Path("raw") / "calibration-letter.pdf").pages  # the profile's paper
    assert float(raw[0].mediabox.width) == pytest.approx(612)
    assert _page_transform(raw[1])[:4] == pytest.approx((1, 0, 0, -1))  # not scaled
    said = _run("printer", "calibrate", "--printer", "office", "--out", "check").stdout
    assert "the backs moved 3.0 mm right, pages drawn at 105.3%" in said
    check = PdfReader(Path("check") / "calibration-letter.pdf").pages
    assert _page_transform(check[1])[0] == pytest.approx(100 / 95, abs=1e-4)
    assert os.listdir("check") == ["calibration-letter.pdf"]
    # build --calibration is the same path: the same sheet, byte for byte
    _run("build", "--calibration", "--out", "built")
    assert (Path("built") / "calibration-letter.pdf").read_bytes() == (
        Path("raw") / "calibration-letter.pdf"
    ).read_bytes()
    # the flip of the profile in use, and an option wins over it
    _run("printer", "use", "home")
    _run("printer", "calibrate", "--out", "home")
    short = PdfReader(Path("home") / "calibration-a4.pdf").pages
    assert "flip on short edge" in short[0].extract_text()
    _run("build", "--calibration", "--flip", "long", "--out", "long")
    assert (
        "flip on long edge"
        in PdfReader(Path("long") / "calibration-a4.pdf").pages[0].extract_text()
    )


def test_calibrate_refuses_a_damaged_profiles_file_and_its_help_says_what_it_uses(home):
    config = home / "config" / "printers.toml"
    config.write_text('use = "office"\n\n[printers.office]\nmargin = true\n', encoding="utf-8")
    message = (
        f"deaddrop: {config}:4: printers.office.margin: 'true' is not a number "
        "(expected a number in mm, e.g. 5.0)\n"
    )
    for args in (("printer", "calibrate"), ("build", "--calibration")):
        result = _run(*args, code=2)
        assert result.stderr == message
    assert not Path("output").exists()
    shown = " ".join(_run("printer", "calibrate", "--help").stdout.replace("│", " ").split())
    assert "the paper of the printer profile in use, or of --printer, else a4" in shown


def test_a_build_says_which_profile_it_applied(home):
    assert "printer" not in _run("build", "spy", "--out", "plain").stdout
    _run(
        "printer", "set", "office", "--back-offset", "0.5,-1", "--scale", "98.6%", "--margin", "5mm"
    )
    _run("printer", "use", "office")
    line = (
        "printer 'office' applied: a4, flip on long edge, the backs moved 0.5 mm right and "
        "1.0 mm up, pages drawn at 101.4%, margin 5 mm"
    )
    assert _run("build", "spy", "--out", "made").stdout.splitlines()[0] == line
    assert _run("build", "spy", "--out", "made").stdout.splitlines()[0] == line  # up to date
    given = _run("build", "spy", "--out", "letter", "--paper", "letter").stdout
    assert given.startswith("printer 'office' applied: letter,")  # the option wins


def test_a_piece_a_wide_margin_leaves_no_room_for_says_so(home):
    _run("printer", "set", "wide", "--margin", "12mm")
    result = _run("build", "spy", "--printer", "wide", code=2)
    assert result.stderr == (
        f"deaddrop: {templates_dir() / 'spy' / 'sheet.yaml'}: components.sheet: 186x256 mm "
        "does not fit the "
        "printable area of a4 on printer 'wide', which cannot print within 12 mm of the edge "
        "(make it smaller, give the printer a smaller --margin, or set split: true for a board)\n"
    )
