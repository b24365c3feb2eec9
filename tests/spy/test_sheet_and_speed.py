"""The game sheet builds on A4 and Letter with its numbered squares as data; `check` stays light."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from assistant.games.spy.sheet_data import DEFAULT_SQUARES, sheet_squares
from deaddrop.commands.main import app
from deaddrop.errors import InputError
from deaddrop.paths import REPO_ROOT

TEMPLATES = REPO_ROOT / "templates"


@pytest.mark.parametrize(("paper", "size"), [("a4", (595.3, 841.9)), ("letter", (612.0, 792.0))])
def test_the_sheet_builds(tmp_path, paper, size):
    from pypdf import PdfReader

    result = CliRunner().invoke(
        app,
        ["build", "spy", "--templates", str(TEMPLATES), "--out", str(tmp_path), "--paper", paper],
    )
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "spy" / "sheet.pdf")
    box = reader.pages[0].mediabox
    assert (round(float(box.width), 1), round(float(box.height), 1)) == size
    text = reader.pages[0].extract_text()
    for words in ("MY SECRET NETWORK", "MY OPPONENT'S NETWORK", "VICTORIES", "HOT", "WARM", "COLD"):
        assert words in text
    assert len(reader.pages) == 2  # a sheet for each player


def _words_and_trim(pdf: Path) -> tuple[list[tuple[str, float, float, float, float]], tuple]:
    """Every word with its box (points, from the top left) and the TrimBox, from poppler."""
    import re

    html = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    words = [
        (m[4], float(m[0]), float(m[1]), float(m[2]), float(m[3]))
        for m in re.findall(
            r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<', html
        )
    ]
    info = subprocess.run(
        ["pdfinfo", "-box", str(pdf)], capture_output=True, text=True, check=True
    ).stdout
    height = float(re.search(r"MediaBox:\s+\S+\s+\S+\s+\S+\s+(\S+)", info)[1])
    x0, y0, x1, y1 = map(float, re.search(r"TrimBox:\s+(.*)", info)[1].split())
    return words, (x0, height - y1, x1, height - y0)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_text_touches_the_edge_of_the_sheet(tmp_path, paper):
    """Every word on the sheet keeps at least 2 mm from its cut edge (it once did not)."""
    result = CliRunner().invoke(
        app,
        ["build", "spy", "--templates", str(TEMPLATES), "--out", str(tmp_path), "--paper", paper],
    )
    assert result.exit_code == 0, result.output
    words, (left, top, right, bottom) = _words_and_trim(tmp_path / "spy" / "sheet.pdf")
    inside = [w for w in words if top <= w[2] <= bottom]  # the page footer sits below the sheet
    assert len(inside) > 100
    inset = 2 * 72 / 25.4
    close = [
        w[0]
        for w in inside
        if w[1] < left + inset
        or w[3] > right - inset
        or w[2] < top + inset
        or w[4] > bottom - inset
    ]
    assert close == []
    line = " ".join(w[0] for w in inside)
    assert "2 2 3 3 4 5" in line  # the squares read the data row
    assert "FOLD HERE: keep the upper half hidden" in line  # the fold line is labelled


def test_the_squares_are_data(tmp_path):
    assert sheet_squares(TEMPLATES) == DEFAULT_SQUARES == (2, 2, 3, 3, 4, 5)
    copy = tmp_path / "templates"
    shutil.copytree(TEMPLATES / "spy", copy / "spy")
    sheet = copy / "spy" / "sheet.yaml"
    text = sheet.read_text(encoding="utf-8")
    sheet.write_text(text.replace("square_6: 5}", "square_6: 2}"), encoding="utf-8")
    assert sheet_squares(copy) == (2, 2, 3, 3, 4, 2)
    sheet.write_text(text.replace("square_6: 5}", "square_6: 9}"), encoding="utf-8")
    with pytest.raises(InputError, match="expected whole numbers 2 to 5"):
        sheet_squares(copy)
    assert sheet_squares(tmp_path / "nowhere") == DEFAULT_SQUARES


def test_check_on_a_vertex_list_loads_no_heavy_module(tmp_path):
    """numpy, reportlab and pydantic (typer's coercion) stay out: `check` answers in ~0.1 s."""
    network = tmp_path / "n.txt"
    network.write_text("2B 2D 5D 5H 10H 10B 9B\n", encoding="utf-8")
    code = (
        "import sys\n"
        "from deaddrop.commands.main import app\n"
        f"sys.argv = ['deaddrop', 'spy', 'check', {str(network)!r}]\n"
        "try:\n    app()\nexcept SystemExit as e:\n    code = e.code\n"
        "heavy = ('numpy', 'reportlab', 'pydantic')\n"
        "print(*(name in sys.modules for name in heavy), code)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=Path.cwd()
    )
    assert out.stdout.splitlines()[-1] == "False False False 0"


def test_the_squares_read_are_cached_until_the_sheet_changes(tmp_path, monkeypatch):
    from assistant.games.spy import sheet_data

    copy = tmp_path / "templates"
    shutil.copytree(TEMPLATES / "spy", copy / "spy")
    sheet = copy / "spy" / "sheet.yaml"
    text = sheet.read_text(encoding="utf-8")
    stored = tmp_path / "cache" / "spy" / sheet_data.CACHE_FILE
    assert sheet_squares(copy) == DEFAULT_SQUARES
    assert not stored.exists()  # a sheet changed a moment ago is read again next time
    monkeypatch.setattr(sheet_data, "SETTLE_NS", 0)
    assert sheet_squares(copy) == DEFAULT_SQUARES
    assert stored.exists()

    def unread(path):
        raise AssertionError(f"{path} read again")

    with monkeypatch.context() as patch:
        patch.setattr(sheet_data, "_read", unread)
        assert sheet_squares(copy) == DEFAULT_SQUARES  # from the cache
    sheet.write_text(text.replace("square_6: 5}", "square_6: 4, square_7: 2}"), encoding="utf-8")
    assert sheet_squares(copy) == (2, 2, 3, 3, 4, 4, 2)
    stored.write_text("{damaged", encoding="utf-8")
    assert sheet_squares(copy) == (2, 2, 3, 3, 4, 4, 2)
    assert sheet_squares(TEMPLATES) == DEFAULT_SQUARES  # another sheet, another entry


def test_the_sheet_speaks_to_players():
    """Two sheets on paper; no command line or note to developers on the sheet or in the print
    guide's notes, which list what the players supply; no text under 6.5 pt."""
    import re

    from pnp import ops
    from pnp.definitions import load_game
    from pnp.draw import face_ops

    kit = load_game(TEMPLATES / "spy")
    (sheet,) = kit.components
    assert sheet.copies == 2 and sheet.paper_stock == "paper"
    developer = re.compile(r"deaddrop|\.yaml|rules text|are ours|\bcheck\b", re.I)
    assert "You supply: a pencil for each player" in kit.notes
    assert not developer.search(kit.notes) and "House" not in kit.notes
    # the choices and their reasons are on the edition page, not on the sheet
    assert [c.choice.split(",")[0] for c in kit.edition] == [
        "A field of 10 by 10 squares",
        "Multiple-spying squares numbered 2",
        "A game takes about 20 minutes.",  # the time on the cover
        "Four black corner marks and a short row of black squares around each field.",
    ]
    *most, last = sheet_squares(TEMPLATES)  # the edition page says what the sheet prints
    numbers = ", ".join(str(n) for n in most) + f" and {last}."
    assert kit.edition[1].choice == f"Multiple-spying squares numbered {numbers}"
    texts = [op for op in face_ops(sheet, 0) if isinstance(op, ops.Text)]
    assert len(texts) > 50
    for op in texts:
        assert op.size >= 6.5 and not developer.search(op.text), (op.text, op.size)
        assert not re.search(r"house|the original", op.text, re.I), op.text


def test_a_sheet_that_expands_past_the_yaml_bounds_is_one_line(tmp_path, monkeypatch):
    """The sheet is read through the one bounded YAML reader: merge keys that multiply are
    refused at their line, not expanded (this read hung before)."""
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))
    copy = tmp_path / "templates"
    (copy / "spy").mkdir(parents=True)
    levels = ["a0: &a0 {x: 1, y: 2, z: 3, w: 4, v: 5, u: 6, t: 7, s: 8, r: 9, q: 10}"]
    for n in range(1, 9):
        keys = ", ".join(f"k{i}: *a{n - 1}" for i in range(10))
        levels.append(f"a{n}: &a{n} {{<<: *a{n - 1}, {keys}}}")
    (copy / "spy" / "sheet.yaml").write_text("\n".join(levels) + "\n", encoding="utf-8")
    with pytest.raises(InputError) as raised:
        sheet_squares(copy)
    assert str(raised.value).startswith(f"{copy / 'spy' / 'sheet.yaml'}:")
    assert "\n" not in str(raised.value) and "100,000" in str(raised.value)


def test_a_caption_names_the_photo_marks_of_each_field():
    """The small black squares beside each field (the photo marks) would read as stray bullets:
    one small caption on each half says what they are, set along them (turned a quarter), no
    smaller than a piece's 6 pt."""
    from pnp import ops
    from pnp.definitions import load_game
    from pnp.draw import face_ops

    def flat(items, turned=False):
        for op in items:
            if isinstance(op, ops.Group):
                yield from flat(op.ops, turned or abs(op.transform.b) > 0.5)
            elif isinstance(op, ops.Text):
                yield op, turned

    (sheet,) = load_game(TEMPLATES / "spy").components
    captions = [(op, t) for op, t in flat(face_ops(sheet, 0)) if "photo marks" in op.text]
    assert len(captions) == 2  # the upper field and the lower one
    for op, turned in captions:
        assert turned and op.size >= 6.0 and "camera" in op.text, op
