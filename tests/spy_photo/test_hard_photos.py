"""Photos that are hard to read (issue 39): a corner mark under a finger, the kit's cover, light
pencil, a rubbed-out stroke, a pen over the sheet: each is read, or doubted, or refused with
words that a phone player can act on; never read wrong in silence."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest

from assistant.games.spy.layouts import random_network
from assistant.games.spy.model import Field

pytest.importorskip("cv2")

import cv2  # noqa: E402

from assistant.games.spy import photo  # noqa: E402
from assistant.games.spy.photo_image import PhotoError  # noqa: E402

LENGTHS = (1, 2, 3, 4, 5, 6)


def _finger_over(page, field: str, corner: int, seed: int) -> bytes:
    """A photo with a finger's tip (a mid-grey blob) over one corner mark of `field`."""
    import synth

    rng = np.random.default_rng(seed)
    vertices = list(random_network(Field(), LENGTHS, seed).vertices)
    drawn = synth.draw_pencil(page, field, vertices, rng)
    row, col = [(-0.9, -0.9), (-0.9, 9.9), (9.9, 9.9), (9.9, -0.9)][corner]
    x, y = synth.cell_point(page, field, row, col)
    finger = drawn.copy()
    cv2.ellipse(
        finger, (int(x), int(y)), (int(6 * synth.MM), int(14 * synth.MM)), 30, 0, 360, 0.62, -1
    )
    return synth.photograph(finger, rng, turn=0, long_side=2400)


@pytest.mark.parametrize(("corner", "name"), [(0, "top left"), (1, ""), (3, "bottom left")])
def test_a_hidden_corner_mark_is_found_or_named_in_words_for_a_player(page, corner, name):
    """A finger over one corner mark of the upper field (the lower field whole in the photo):
    the field is found from the three other marks and the grid, and what the finger hides is
    doubted; or the message says a corner mark is hidden (which, when the code beside the
    field says so) and never shows a command-line flag, nor blames the other field."""
    jpeg = _finger_over(page, "upper", corner, 40 + corner)
    try:
        reading = photo.read_photo(jpeg, "p.jpg", "upper", LENGTHS)
    except PhotoError as caught:
        message = str(caught)
        assert "--" not in message and "shows the lower field" not in message
        assert "corner mark" in message and "is hidden" in message
        if name:
            assert message.startswith(f"the {name} corner mark of the upper field is hidden")
        return
    truth = random_network(Field(), LENGTHS, 40 + corner).cells()
    assert reading.uncertain or reading.decision.cells == truth


def test_the_other_field_named_without_a_flag_and_the_cli_adds_it(page):
    import synth

    rng = np.random.default_rng(7)
    vertices = list(random_network(Field(), LENGTHS, 7).vertices)
    drawn = synth.draw_pencil(page, "upper", vertices, rng)
    jpeg = synth.photograph(drawn, rng, turn=1, half="upper", long_side=2000)
    with pytest.raises(PhotoError) as caught:
        photo.read_photo(jpeg, "p.jpg", "lower", LENGTHS)
    assert "shows the upper field, not the lower one" in str(caught.value)
    assert "--field" not in str(caught.value)
    assert caught.value.hint == "--field upper reads the upper field"


@pytest.fixture(scope="module")
def cover(tmp_path_factory) -> np.ndarray:
    """The kit's cover (page 1 of the Spy! kit), as a grey page at 200 dpi."""
    root = Path(__file__).resolve().parents[2]
    out = tmp_path_factory.mktemp("kit")
    subprocess.run(
        [str(root / ".venv/bin/deaddrop"), "build", "spy", "--out", str(out), "--force"],
        check=True,
        capture_output=True,
        cwd=root,
    )
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            "200",
            "-f",
            "1",
            "-l",
            "1",
            "-gray",
            "-png",
            str(out / "spy.pdf"),
            str(out / "cover"),
        ],
        check=True,
    )
    png = next(out.glob("cover*.png"))
    return cv2.imread(str(png), cv2.IMREAD_GRAYSCALE).astype(np.float32) / 255.0


@pytest.mark.parametrize("seed", [1, 2])
def test_the_kits_cover_is_not_a_game_sheet(cover, seed):
    import synth

    rng = np.random.default_rng(seed)
    jpeg = synth.photograph(cover, rng, turn=0, long_side=3000)
    with pytest.raises(PhotoError, match="not a game sheet at its true size"):
        photo.read_photo(jpeg, "cover.jpg", "upper", LENGTHS)


@pytest.mark.parametrize("seed", [12, 21, 30, 14, 13])
def test_the_second_generators_hard_cases_are_read_or_doubted(page, seed):
    """Light pencil (21, 30), light pencil with a rubbed-out stroke (12), a pen over the sheet
    (14), glare and a rubbed-out stroke (13): never read wrong without a doubt, never nothing."""
    import synth_hand

    case = synth_hand.make(page, seed)
    try:
        reading = photo.read_photo(case.jpeg, "p.jpg", case.field_name, LENGTHS)
    except PhotoError as error:
        pytest.fail(f"{case.what}: {error}")
    truth = synth_hand._cells(case.vertices)
    if not reading.uncertain:
        assert reading.decision.cells == truth, case.what
    assert reading.decision.cells or reading.uncertain, case.what


@pytest.mark.parametrize("seed", [38, 119, 117])
def test_a_field_in_perspective_is_found_from_three_marks(page, seed):
    """A finger over one corner mark of a sheet in perspective (the second generator's photos 38
    and 119: half the sheet at 800 and 1200 pixels; 117: low light, a hard shadow and glare at
    3000): where the other three marks make a parallelogram is up to a mark's side or so from
    the hidden corner, too far to read the code; the hidden corner is looked for around it, and
    the field is read (exactly, or with doubts), not refused, and never wrong in silence."""
    import synth_hand

    case = synth_hand.make(page, seed)
    assert case.covered_mark is not None
    reading = photo.read_photo(case.jpeg, "p.jpg", case.field_name, LENGTHS)
    if not reading.uncertain:
        assert reading.decision.cells == synth_hand._cells(case.vertices), case.what
        assert reading.result.legal == (case.kind == "legal"), case.what


@pytest.mark.parametrize("seed", [3276, 3076])
def test_a_field_whose_grid_is_blurred_faint_is_found_by_its_four_marks(page, seed):
    """Motion blur (3276) or a pen across the sheet (3076) leaves the printed grid lines only a
    hundredth darker than the paper between them, under the 0.03 asked of a field found by its
    four marks and its code: the field is taken when no better one is seen, its grid seen at
    all and its lines lying where it says (three thirds in four to a tenth of a square)."""
    import synth_hand

    case = synth_hand.make(page, seed)
    reading = photo.read_photo(case.jpeg, "p.jpg", case.field_name, LENGTHS)
    if not reading.uncertain:
        assert reading.decision.cells == synth_hand._cells(case.vertices), case.what
        assert reading.result.legal == (case.kind == "legal"), case.what


@pytest.mark.parametrize("seed", [4061, 3018])
def test_a_dim_photo_whose_marks_break_up_is_found_by_their_rings(page, seed):
    """Low light (a quarter to under half the light, the sensor's noise high) on a photo of the
    whole sheet at 1600 pixels: a corner mark is some 15 pixels across and noise breaks its
    outline at every level of grey (refused before: 'the four corner marks of a field were not
    found'); its rings still stand out (photo_marks.marks_by_rings): the field is found and
    its network read exactly."""
    import synth_hand

    from assistant.games.spy import photo_image, photo_marks

    case = synth_hand.make(page, seed)
    assert "low light" in case.what and "1600 px" in case.what
    norm = photo_image.normalise(photo_image.decode_image(case.jpeg))
    masks = [m for level in photo_marks.mark_masks(norm) for m in level]
    assert photo_image._search(norm, photo_marks.find_marks(masks), case.field_name, []) is None
    reading = photo.read_photo(case.jpeg, "p.jpg", case.field_name, LENGTHS)
    assert not reading.uncertain, case.what
    assert reading.decision.cells == synth_hand._cells(case.vertices), case.what
    assert reading.result.legal, case.what


@pytest.mark.parametrize("seed", [5107, 5062])
def test_a_stroke_rubbed_out_beside_an_illegal_reading_is_never_read_in_silence(page, seed):
    """The held-out photos 5000 to 5299 of the second generator had two read wrong in silence,
    each with a stroke rubbed out to some 60% of its darkness: 5107 (a legal network, a hard
    shadow across the field: the shadow's edge swelled the paper's grain, a step of the network
    read as the grain and the drawing as illegal) now has the squares doubted where the reading
    against the paper around each place differs; 5062 (an illegal drawing, the stroke as dark as
    the ink) has the stroke apart from the rest doubted."""
    import synth_hand

    case = synth_hand.make(page, seed)
    assert case.erased is not None and case.erased > 0.5
    reading = photo.read_photo(case.jpeg, "p.jpg", case.field_name, LENGTHS)
    truth = synth_hand._cells(case.vertices)
    exact = reading.decision.cells == truth and reading.result.legal == (case.kind == "legal")
    assert reading.uncertain or exact, case.what


def test_marks_seen_but_no_field_read_says_what_may_be_hidden(page):
    """A finger over a field's small squares, its four marks in view (the second generator's
    photo 3232, half the sheet at 800 pixels): the message says marks were seen and that a mark
    or the small squares are hidden, not that the corner marks were not found."""
    import synth_hand

    case = synth_hand.make(page, 3232)
    with pytest.raises(PhotoError) as caught:
        photo.read_photo(case.jpeg, "p.jpg", case.field_name, LENGTHS)
    message = str(caught.value)
    assert message.startswith("4 corner marks were seen, but no field could be read from them")
    assert "small squares" in message and "were not found" not in message and "--" not in message


def test_a_finger_over_the_corner_beside_the_code_is_named(page):
    """Half the sheet, a finger over the top right corner mark and the code beside it (the
    second generator's photo 186): three marks are found, and the message says the fourth or
    the small squares are hidden, and where in the photo the fourth is, not "the four corner
    marks were not found"."""
    import synth_hand

    case = synth_hand.make(page, 186)
    assert case.covered_mark == 1
    with pytest.raises(PhotoError) as caught:
        photo.read_photo(case.jpeg, "p.jpg", case.field_name, LENGTHS)
    message = str(caught.value)
    assert message.startswith("three corner marks of a field were found, not the fourth")
    # the code is hidden too, so which corner of the sheet is unknown: where it is in the photo
    assert "(the fourth at the top right of the field as the photo shows it)" in message
    assert "--" not in message


@pytest.mark.parametrize(("top", "seed"), [(0.2, 51), (-1.3, 52)])
def test_a_pen_over_the_code_the_field_is_placed_by_the_other_field(page, top, seed):
    """A pen over the upper field's column of small squares (from `top`, in rows: -1.3 hides
    the top right corner mark too): the field is placed by the lower field, whose code is read,
    and the upper field's marks seen; the network is read as drawn (or doubted), never refused."""
    import synth

    rng = np.random.default_rng(seed)
    vertices = list(random_network(Field(), LENGTHS, seed).vertices)
    drawn = synth.draw_pencil(page, "upper", vertices, rng)
    a = synth.cell_point(page, "upper", top, 9.9)
    b = synth.cell_point(page, "upper", 4.3, 9.9)
    pen = drawn.copy()
    cv2.line(pen, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), 0.25, int(3 * synth.MM))
    jpeg = synth.photograph(pen, rng, turn=0, long_side=2400)
    reading = photo.read_photo(jpeg, "p.jpg", "upper", LENGTHS)
    assert reading.field_name == "upper"
    truth = random_network(Field(), LENGTHS, seed).cells()
    assert reading.decision.cells == truth or reading.uncertain
    assert not reading.uncertain or len(reading.uncertain) < 10


def test_no_placement_without_the_fields_own_marks(page):
    """The upper field's code and all but one of its marks under paper strips: one mark is
    not enough to place it; refused with words for a player, never read."""
    import synth

    rng = np.random.default_rng(53)
    vertices = list(random_network(Field(), LENGTHS, 53).vertices)
    drawn = synth.draw_pencil(page, "upper", vertices, rng)
    covered = drawn.copy()
    for row, col in [(-0.9, -0.9), (-0.9, 9.9), (9.9, -0.9)]:  # TL, TR, BL marks
        x, y = synth.cell_point(page, "upper", row, col)
        r = int(1.2 * synth.MM * 8 / 2)
        cv2.rectangle(covered, (int(x) - r, int(y) - r), (int(x) + r, int(y) + r), 0.95, -1)
    a = synth.cell_point(page, "upper", 0.0, 9.9)
    b = synth.cell_point(page, "upper", 4.3, 9.9)
    cv2.line(covered, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), 0.95, int(3 * synth.MM))
    jpeg = synth.photograph(covered, rng, turn=0, long_side=2400)
    with pytest.raises(PhotoError) as caught:
        photo.read_photo(jpeg, "p.jpg", "upper", LENGTHS)
    assert "hidden" in str(caught.value) and "--" not in str(caught.value)
