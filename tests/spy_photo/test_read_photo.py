"""Reading synthetic phone photos of the real sheet (a handful; bench/bench_spy_photo.py runs a
few hundred), and `deaddrop spy check --photo` end to end: exact messages and exit codes."""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from assistant.games.spy.layouts import random_network
from assistant.games.spy.model import Field, format_cell
from deaddrop.commands.main import app

pytest.importorskip("cv2")

from assistant.games.spy import photo  # noqa: E402
from assistant.games.spy.photo_image import PhotoError  # noqa: E402

LENGTHS = (1, 2, 3, 4, 5, 6)


def _photo(page, seed, field="upper", turn=None, half=None, vertices=None, faint=()):
    import synth

    rng = np.random.default_rng(seed)
    if vertices is None:
        vertices = list(random_network(Field(), LENGTHS, seed).vertices)
    drawn = synth.draw_pencil(page, field, vertices, rng, faint=faint)
    return synth.photograph(drawn, rng, turn=turn, half=half, long_side=2000), vertices


CASES = {
    103: ("lower", 2, None),  # upside down, the lower field
    104: ("upper", 3, "upper"),  # the sheet folded: only the upper half, turned three quarters
}


@pytest.fixture(scope="module")
def jpegs(page):
    return {seed: _photo(page, seed, *how)[0] for seed, how in CASES.items()}


@pytest.mark.parametrize("seed", sorted(CASES))
def test_reads_the_drawn_network_exactly(jpegs, seed):
    field = CASES[seed][0]
    jpeg = jpegs[seed]
    reading = photo.read_photo(jpeg, "p.jpg", field, LENGTHS)
    truth = random_network(Field(), LENGTHS, seed)
    assert reading.field_name == field and reading.field == Field(10, 10)
    assert reading.uncertain == []
    assert reading.result.legal
    assert reading.decision.cells == truth.cells()


def test_an_illegal_drawing_reads_as_illegal(page):
    # two lines 6 long and no 1: five cells from any legal network, so read as drawn and
    # refused by the check as a typed drawing is
    vertices = [(0, 1), (0, 3), (3, 3), (3, 7), (8, 7), (8, 1), (2, 1)]  # 2, 3, 4, 5, 6, 6
    jpeg, _ = _photo(page, 106, turn=0, vertices=vertices)
    reading = photo.read_photo(jpeg, "p.jpg", "upper", LENGTHS)
    drawn = {(r, c) for a, b in zip(vertices, vertices[1:], strict=False) for r, c in _cells(a, b)}
    assert reading.decision.cells == drawn
    assert not reading.result.legal
    assert reading.result.problems[0].message.startswith("the drawing marks 27 cells")


def _cells(a, b):
    (r0, c0), (r1, c1) = a, b
    if r0 == r1:
        return [(r0, c) for c in range(min(c0, c1), max(c0, c1) + 1)]
    return [(r, c0) for r in range(min(r0, r1), max(r0, r1) + 1)]


def test_a_field_of_another_size_is_refused_before_it_is_read(jpegs, monkeypatch):
    def never(*args):
        raise AssertionError("decided or enumerated for a field the game does not use")

    monkeypatch.setattr(photo, "decide", never)
    monkeypatch.setattr(photo, "_nearby_legal", never)
    with pytest.raises(PhotoError, match=r"upper field is 10 x 10 \(expected 16 x 16"):
        photo.read_photo(jpegs[104], "p.jpg", "upper", LENGTHS, Field(16, 16))


def test_the_wrong_field_is_named(jpegs):
    jpeg = jpegs[104]  # only the upper field is in the picture
    with pytest.raises(PhotoError, match="shows the upper field, not the lower one"):
        photo.read_photo(jpeg, "p.jpg", "lower", LENGTHS)


@pytest.fixture(scope="module")
def made(page, sheet_photo, tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("photos")
    jpeg, net = sheet_photo  # a phone photo stored a quarter turned
    vertices = list(net.vertices)
    (tmp_path / "sheet.jpg").write_bytes(jpeg)
    free = [
        ((r, c), (r + 1, c))
        for r in range(9)
        for c in range(10)
        if not ({(r, c), (r + 1, c)} & net.cells())
    ]
    # the network's first line pressed four times lighter: drawn or rubbed out? (a doubt)
    first = (vertices[0], vertices[1])
    faint, _ = _photo(page, 109, turn=2, vertices=vertices[1:], faint=(first,))
    (tmp_path / "faint.jpg").write_bytes(faint)
    # a stroke four times lighter off the network: rubbed out, read as not drawn and named
    rubbed, _ = _photo(page, 109, turn=2, vertices=vertices, faint=(free[0],))
    (tmp_path / "rubbed.jpg").write_bytes(rubbed)
    (tmp_path / "notes.txt").write_text("not a photo\n", encoding="utf-8")
    import cv2

    ok, tiny = cv2.imencode(".png", np.full((4, 4), 255, np.uint8))
    (tmp_path / "tiny.png").write_bytes(tiny.tobytes())
    return tmp_path, net, first, free[0]


@pytest.fixture
def photos(made, monkeypatch):
    monkeypatch.chdir(made[0])
    return made[1:]


def run(*args: str):
    return CliRunner().invoke(app, ["spy", "check", *args])


def test_cli_reads_checks_and_draws_the_debug_picture(photos, made):
    net, _, _ = photos
    result = run("--photo", "sheet.jpg", "--debug", "seen.png")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "read from sheet.jpg: the upper field, 10 x 10 field (rows 1-10, columns A-J)"
    )
    drawing = [line.strip() for line in lines[1:11]]
    assert {(r, c) for r, row in enumerate(drawing) for c, ch in enumerate(row) if ch == "#"} == (
        net.cells()
    )
    assert lines[11] == "legal network: six lines covering 22 cells"
    assert (made[0] / "seen.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_json_names_uncertain_cells_and_stops(photos):
    _, faint, _ = photos
    result = run("--photo", "faint.jpg", "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["photo"]["confirmed"] is False
    named = {u["cell"] for u in data["photo"]["uncertain"]}
    assert {format_cell(c) for c in faint} <= named
    assert data["photo"]["field"] == "upper" and len(data["photo"]["drawing"]) == 10


def test_cli_uncertain_without_a_terminal_stops_with_the_list(photos):
    _, faint, _ = photos
    result = run("--photo", "faint.jpg")
    assert result.exit_code == 1
    cell = format_cell(faint[1])
    assert (
        f"  {cell}: faint pencil between" in result.stdout
        or f"  {cell}: a weaker stroke, perhaps rubbed out: read as not drawn" in result.stdout
    )
    assert result.stdout.rstrip().endswith(
        "not confirmed: look at the cells marked ? on the sheet (--debug OUT.png draws what was "
        "read), then photograph it again or type the network in"
    )


def test_cli_reads_a_faint_stroke_off_the_network_as_rubbed_out_and_names_it(photos):
    net, _, stroke = photos
    result = run("--photo", "rubbed.jpg", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["legal"] is True and data["photo"]["uncertain"] == []
    drawing = data["photo"]["drawing"]
    read = {(r, c) for r, row in enumerate(drawing) for c, ch in enumerate(row) if ch == "#"}
    assert read == net.cells()
    a, b = (format_cell(c) for c in stroke)
    assert data["photo"]["notes"] == [
        f"a faint stroke off the network ({a}-{b}), under 30% as dark as its lines, is read as "
        "not drawn (rubbed out? a shadow's edge?)"
    ]


def test_the_debug_picture_shows_a_stroke_read_as_not_drawn_dashed_in_orange(photos, made):
    """The stroke the note names is where the picture shows it: orange along its path (the
    orange of a doubt: BGR 0, 140, 255), none along the network's lines."""
    import cv2

    from assistant.games.spy import photo_geometry as geo

    net, _, stroke = photos
    assert run("--photo", "rubbed.jpg", "--debug", "rubbed.png").exit_code == 0
    img = cv2.imread(str(made[0] / "rubbed.png"))

    def orange_along(a, b) -> int:
        (x0, y0), (x1, y1) = (geo.to_canvas(*geo.cell_centre(c)) for c in (a, b))
        count = 0
        for t in np.linspace(0.05, 0.95, 40):
            x, y = int(round(x0 + t * (x1 - x0))), int(round(y0 + t * (y1 - y0)))
            b_, g, r = (int(v) for v in img[y, x])
            count += r > 200 and 100 < g < 180 and b_ < 80
        return count

    assert orange_along(*stroke) >= 10
    first = net.vertices[0], net.vertices[1]
    assert orange_along(*first) == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--photo", "notes.txt"],
            "notes.txt: not an image that can be read (expected a JPEG or PNG photo)",
        ),
        (["--photo", "none.jpg"], "none.jpg: cannot read the photo: no such file or directory"),
        (
            ["--photo", "tiny.png"],
            "tiny.png: the image is 4 x 4 pixels (expected a photo of at least 64 pixels a side "
            "and at most 64 megapixels)",
        ),
        (
            ["--photo", "sheet.jpg", "--rows", "8", "--cols", "8"],
            "sheet.jpg: the sheet's upper field is 10 x 10 (expected 8 x 8: the size of the "
            "game's field)",
        ),
        (
            ["--photo", "sheet.jpg", "--field", "left"],
            "--field: 'left' is not a field (expected upper or lower)",
        ),
        (
            ["--debug", "x.png", "legal.txt"],
            "--debug draws what was read from a photo (expected --photo IMG)",
        ),
        ([], "no network to check (expected a network FILE, or --photo IMG)"),
        (
            ["x.txt", "--photo", "sheet.jpg"],
            "give a network FILE or --photo IMG, not both (expected one network)",
        ),
    ],
)
def test_cli_unusable_input_is_one_line_exit_2(photos, args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert result.stderr.strip().lower() == f"deaddrop: {message}".lower()
