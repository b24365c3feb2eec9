"""`deaddrop build` and `deaddrop list` end to end: exact messages and exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from deaddrop.commands.main import app
from deaddrop.paths import templates_dir
from pnp.definitions import game_names, load_game

runner = CliRunner()


pytestmark = pytest.mark.usefixtures("isolated")


def test_build_sample_writes_the_kit_and_one_pdf_per_component(tmp_path):
    result = runner.invoke(app, ["build", "sample", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    kit = load_game(templates_dir() / "sample")
    assert (tmp_path / "out" / "sample.pdf").is_file()
    made = sorted(p.name for p in (tmp_path / "out" / "sample").glob("*.pdf"))
    assert made == sorted(f"{c.name}.pdf" for c in kit.components)
    reader = PdfReader(tmp_path / "out" / "sample.pdf")
    # the cover, the guide, the duplex test sheet, the cards and counters double-sided, the
    # map single-sided
    assert len(reader.pages) == 7
    assert "Sample game" in reader.pages[0].extract_text()
    assert "print-and-play kit" in reader.pages[1].extract_text()
    titles = [item.title for item in reader.outline]
    assert titles[:3] == ["Cover", "Print guide", "Duplex test sheet"]
    assert not list(tmp_path.joinpath("out").rglob("*.tmp"))  # no temporary file left


def test_default_out_is_output_in_the_current_folder(tmp_path):
    result = runner.invoke(app, ["build", "sample"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "output" / "sample.pdf").is_file()


def test_unknown_game_is_exit_2_with_the_known_games():
    result = runner.invoke(app, ["build", "nosuch"])
    known = ", ".join(game_names(templates_dir()))
    assert result.exit_code == 2
    assert result.stderr == f"deaddrop: unknown game 'nosuch' (known: {known})\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--paper", "a3"], "--paper: unknown paper 'a3' (expected a4 or letter)"),
        (["--flip", "sideways"], "--flip: 'sideways' is not a flip (expected long or short)"),
        (
            ["--back-offset", "1;2"],
            "--back-offset: '1;2' is not X,Y in mm (expected two numbers, e.g. 0.5,-1)",
        ),
        (
            ["--bleed", "3"],
            "--bleed: '3' is not a length (expected a number with mm, cm, in or pt)",
        ),
        (["--bleed", "30mm"], "--bleed: '30mm' is out of range (expected 0mm to 20mm)"),
        (
            ["--back-offset", "100,0"],
            "--back-offset: '100,0' is out of range (expected -20 to 20 mm each)",
        ),
        (
            ["--back-offset", "nan,0"],
            "--back-offset: 'nan,0' is out of range (expected -20 to 20 mm each)",
        ),
        (["--out", "a-file"], "--out: a-file is a file (expected a folder)"),
        (["--out", "a-file/kits"], "--out: a-file is a file (expected a folder)"),
    ],
)
def test_bad_options_are_exit_2_with_one_line(args, message, tmp_path):
    (tmp_path / "a-file").write_text("not a folder")
    result = runner.invoke(app, ["build", "sample", *args])
    assert result.exit_code == 2
    assert result.stderr == f"deaddrop: {message}\n"
    assert "Traceback" not in result.output


def test_a_failed_write_is_exit_2_with_one_line_naming_the_output(tmp_path):
    """A folder where the PDF should go: the real write fails, and the line names that path."""
    (tmp_path / "out" / "sample.pdf").mkdir(parents=True)
    (tmp_path / "out" / "calibration-a4.pdf").mkdir()
    for args, name in (
        (["build", "sample"], "sample.pdf"),
        (["build", "--calibration"], "calibration-a4.pdf"),
    ):
        result = runner.invoke(app, [*args, "--out", "out"])
        assert result.exit_code == 2, result.output
        assert result.stderr == f"deaddrop: out/{name}: cannot write the PDF: is a directory\n"
        assert not [p for p in (tmp_path / "out").iterdir() if p.name.endswith(".tmp")]


def test_calibration_writes_a_front_and_a_back_page(tmp_path):
    result = runner.invoke(app, ["build", "--calibration", "--paper", "letter", "--out", "cal"])
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "cal" / "calibration-letter.pdf")
    assert len(reader.pages) == 2
    assert abs(float(reader.pages[0].mediabox.width) - 612) < 0.5
    front, back = (" ".join(page.extract_text().split()) for page in reader.pages)
    assert "deaddrop printer set NAME --back-offset X,Y --scale 98.6%" in front
    assert "Back of the calibration sheet" in back
    for side in (front, back):  # a numbered 100 mm ruler on each side
        assert "0 1 2 3 4 5 6 7 8 9 10 cm 0 to 10 is 100 mm" in side


def test_svg_writes_one_file_per_face(tmp_path):
    result = runner.invoke(app, ["build", "sample", "--svg", "--out", "out"])
    assert result.exit_code == 0, result.output
    kit = load_game(templates_dir() / "sample")
    svgs = sorted(p.name for p in (tmp_path / "out" / "sample" / "svg").glob("*.svg"))
    expected = sorted(
        f"{c.name}-{i + 1:02d}-{side}.svg"
        for c in kit.components
        for i in range(len(c.faces))
        for side in (["front", "back"] if c.back is not None else ["front"])
    )
    assert svgs == expected
    first = (tmp_path / "out" / "sample" / "svg" / expected[0]).read_text(encoding="utf-8")
    assert first.startswith("<svg") or first.startswith("<?xml")
    assert 'viewBox="0 0 ' in first


def test_list_json_shows_games_components_kinds_sizes_and_counts():
    result = runner.invoke(app, ["list", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    names = [g["name"] for g in data["games"]]
    assert names == game_names(templates_dir())
    sample = next(g for g in data["games"] if g["name"] == "sample")
    kit = load_game(templates_dir() / "sample")
    assert [c["name"] for c in sample["components"]] == [c.name for c in kit.components]
    first, model = sample["components"][0], kit.components[0]
    assert first["kind"] == model.kind and first["count"] == model.copies
    assert abs(first["width_mm"] - model.width / 72 * 25.4) < 0.01
    assert set(first) == {
        "name",
        "title",
        "kind",
        "width_mm",
        "height_mm",
        "faces",
        "count",
        "back",
    }


def test_list_text_names_each_component():
    result = runner.invoke(app, ["list"])
    assert result.exit_code == 0
    kit = load_game(templates_dir() / "sample")
    for component in kit.components:
        assert component.name in result.stdout
    (line,) = [row for row in result.stdout.splitlines() if row.strip().startswith("map ")]
    assert line.endswith("1 piece  (1 face, front only)"), line  # singular for one


def test_list_does_not_load_reportlab():
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from deaddrop.commands.main import app\n"
        "r = CliRunner().invoke(app, ['list'])\n"
        "print(r.exit_code, 'reportlab' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0", "False"]


def test_two_builds_of_every_game_are_byte_identical(tmp_path):
    for folder in ("one", "two"):
        result = runner.invoke(app, ["build", "--out", folder, "--svg"])
        assert result.exit_code == 0, result.output
    files = sorted(p.relative_to(tmp_path / "one") for p in (tmp_path / "one").rglob("*.*"))
    assert any(f.suffix == ".pdf" for f in files) and any(f.suffix == ".svg" for f in files)
    for rel in files:
        assert (tmp_path / "one" / rel).read_bytes() == (tmp_path / "two" / rel).read_bytes(), rel


def test_the_sample_pdfs_hold_every_word_of_their_text(tmp_path):
    from reportlab.pdfbase.ttfonts import TTFont

    from pnp.model import Text, fill_fields

    glyphs = TTFont("Vera", "Vera.ttf").face.charToGlyph  # letters Vera lacks are drawn in parts

    result = runner.invoke(app, ["build", "sample", "--out", "out"])
    assert result.exit_code == 0, result.output
    kit = load_game(templates_dir() / "sample")
    for component in kit.components:
        reader = PdfReader(tmp_path / "out" / "sample" / f"{component.name}.pdf")
        words = set(" ".join(p.extract_text() for p in reader.pages).split())
        for face in component.faces:
            for el in (*component.front, *(component.back or ())):
                if isinstance(el, Text):
                    for word in fill_fields(el.text, face.data).split():
                        if all(ord(c) in glyphs for c in word):
                            assert word in words, (component.name, word)


def test_list_of_a_folder_without_games_says_so(tmp_path):
    (tmp_path / "none").mkdir()
    result = runner.invoke(app, ["list", "--templates", "none"])
    assert result.exit_code == 0
    assert result.stdout == "no games under none (expected <game>/game.yaml)\n"
    result = runner.invoke(app, ["list", "--templates", "none", "--json"])
    assert json.loads(result.stdout) == {"games": []}


def test_a_build_that_fails_part_way_leaves_no_file_it_wrote(tmp_path, templates):
    """A command that fails changes no file: the first game's kit, written before the second
    failed, is not left behind, and an earlier build's files stay as they were."""
    import shutil

    second = templates / "zeta"
    shutil.copytree(templates / "sample", second)
    game = second / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8").replace("game: sample", "game: zeta"), encoding="utf-8"
    )
    args = ["build", "--templates", str(templates), "--out", "out"]
    out = tmp_path / "out"
    first = runner.invoke(app, [*args, "sample"])
    assert first.exit_code == 0, first.output
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    (out / "zeta").write_text("a file where the second kit's folder goes")
    before[out / "zeta"] = (out / "zeta").read_bytes()
    failed = runner.invoke(app, [*args, "--paper", "letter"])
    assert failed.exit_code == 2
    assert failed.output.startswith("deaddrop: out/zeta/") and failed.output.count("\n") == 1
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in out.iterdir()) == ["sample", "sample.pdf", "zeta"]


def test_a_failed_build_removes_the_folders_it_made(tmp_path, templates, monkeypatch):
    """The disk fills up at the third PDF: no file, and none of the folders made for them."""
    import errno

    import pnp.backends.pdf as backend

    real, calls = backend.pdf_bytes, [0]

    def filling(*args, **kwargs):
        calls[0] += 1
        if calls[0] == 3:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), "x.pdf")
        return real(*args, **kwargs)

    monkeypatch.setattr(backend, "pdf_bytes", filling)
    out = tmp_path / "new" / "deeper"
    args = ["build", "sample", "--templates", str(templates), "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "no space left on device" in result.output
    assert calls[0] == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["templates"]  # (no cache kept either)
