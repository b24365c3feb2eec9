"""A build of several kits on two cores (pnp/lanes.py): the same files, bytes, lines and errors
as the build in one process (DEADDROP_BUILD_JOBS=1), nothing written when either lane fails,
and what the other process read recorded as the build's inputs."""

from __future__ import annotations

import os
import shutil

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from deaddrop.commands.main import app
from deaddrop.paths import templates_dir
from pnp import lanes

runner = CliRunner()

pytestmark = pytest.mark.usefixtures("isolated")

GAMES = ["sample", "spy"]  # lanes: [spy] here (more bytes of its own), [sample] forked


@pytest.fixture
def two(tmp_path, monkeypatch):
    """A templates folder of two small games, built in two lanes (however small), and the
    number of processes forked."""
    folder = tmp_path / "templates"
    for name in GAMES:
        shutil.copytree(templates_dir() / name, folder / name)
    monkeypatch.setattr(lanes, "LANE_MIN", 0)
    monkeypatch.setattr(lanes, "_cores", lambda: 2)
    monkeypatch.setattr(lanes, "_load", lambda: 0.5)  # (a core free, however busy the tests)
    forks = [0]
    real = os.fork

    def fork():
        forks[0] += 1
        return real()

    monkeypatch.setattr(os, "fork", fork)
    return folder, forks


def _build(templates, out, *extra, serial=False, monkeypatch=None):
    if serial:
        assert monkeypatch is not None
        monkeypatch.setenv(lanes.JOBS_ENV, "1")
    try:
        args = ["build", "--templates", str(templates), "--out", str(out), "--force", *extra]
        return runner.invoke(app, args)
    finally:
        if serial:
            monkeypatch.delenv(lanes.JOBS_ENV)


def _files(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


def test_two_lanes_write_the_same_files_bytes_and_lines_as_one_process(tmp_path, two, monkeypatch):
    templates, forks = two
    laned = _build(templates, tmp_path / "a")
    assert laned.exit_code == 0, laned.output
    assert forks[0] == 1
    alone = _build(templates, tmp_path / "b", serial=True, monkeypatch=monkeypatch)
    assert alone.exit_code == 0, alone.output
    assert forks[0] == 1
    assert laned.output.replace(str(tmp_path / "a"), "X") == alone.output.replace(
        str(tmp_path / "b"), "X"
    )
    assert _files(tmp_path / "a") == _files(tmp_path / "b")
    assert len(_files(tmp_path / "a")) > 2
    for name in _files(tmp_path / "a"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def test_the_other_process_is_not_waited_for_once_it_reported(tmp_path, two, monkeypatch):
    """Its report is its last word: the build goes on without waiting for it to leave (its
    exit, which unmaps its memory, took ~2 ms of a deck's build); it is reaped later."""
    import time

    from pnp.imposition import Settings

    templates, _ = two
    real_exit = os._exit

    def slow_exit(code):  # (in the other process: leaving takes a second)
        time.sleep(1.5)
        real_exit(code)

    monkeypatch.setattr(os, "_exit", slow_exit)
    split = lanes.split(templates, None)
    assert split is not None
    started = time.monotonic()
    lanes.build(templates, split, tmp_path / "o", Settings(), False, lanes.quiet)
    assert time.monotonic() - started < 1.4
    assert (tmp_path / "o" / "sample.pdf").is_file() and len(lanes._leaving) == 1
    (pid,) = lanes._leaving
    for _ in range(100):
        lanes._reap()
        if not lanes._leaving:
            break
        time.sleep(0.05)
    assert not lanes._leaving
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, 0)  # (reaped)


def _break(templates, outs, game, how):
    if how == "definition":
        path = templates / game / "game.yaml"
        path.write_text(path.read_text(encoding="utf-8") + "nonsense: 1\n", encoding="utf-8")
    else:  # its build fails: a file where its folder of component PDFs goes
        for out in outs:
            (out / game).write_text("in the way", encoding="utf-8")


SLOW = pytest.mark.slow  # (the fast tier keeps one case of each kind)


@pytest.mark.parametrize(
    "broken",
    [
        pytest.param({"sample": "definition"}, marks=SLOW),
        {"sample": "definition", "spy": "definition"},
        pytest.param({"sample": "build"}, marks=SLOW),
        {"sample": "build", "spy": "build"},
        {"sample": "build", "spy": "definition"},
        pytest.param({"sample": "definition", "spy": "build"}, marks=SLOW),
    ],
    ids=lambda broken: "+".join(f"{game}-{how}" for game, how in broken.items()),
)
def test_a_failing_lane_writes_nothing_and_says_what_one_process_says(
    tmp_path, two, monkeypatch, broken
):
    templates, forks = two
    outs = [tmp_path / "a", tmp_path / "b"]
    for out in outs:
        out.mkdir()
        (out / "old.txt").write_text("kept", encoding="utf-8")  # an earlier build's file
    for game, how in broken.items():
        _break(templates, outs, game, how)
    before = _files(outs[0])
    laned = _build(templates, outs[0])
    alone = _build(templates, outs[1], serial=True, monkeypatch=monkeypatch)
    assert forks[0] == 1
    assert laned.exit_code == alone.exit_code == 2
    assert laned.output.replace(str(outs[0]), "X") == alone.output.replace(str(outs[1]), "X")
    assert "Traceback" not in laned.output
    assert _files(outs[0]) == _files(outs[1]) == before  # no PDF, no temporary file
    assert [p for p in outs[0].rglob("*") if p.is_dir()] == []  # no folder made


def test_what_the_other_process_read_is_an_input_of_the_build_and_of_the_kept_definitions(
    tmp_path, two
):
    templates, _ = two
    out = tmp_path / "a"
    args = ["build", "--templates", str(templates), "--out", str(out)]
    assert runner.invoke(app, args).exit_code == 0
    again = runner.invoke(app, args)
    assert again.exit_code == 0 and "(up to date)" in again.output
    before = (out / "sample.pdf").read_bytes()
    cards = templates / "sample" / "cards.yaml"  # read by the forked process only
    cards.write_text(cards.read_text(encoding="utf-8").replace("Agent", "Agnt"), "utf-8")
    changed = runner.invoke(app, args)
    assert changed.exit_code == 0, changed.output
    assert "(up to date)" not in changed.output
    assert (out / "sample.pdf").read_bytes() != before  # read again, not the kept definitions


@pytest.mark.parametrize(
    "games", [[], pytest.param(["sample"], marks=SLOW)], ids=["two games", "one game"]
)
def test_a_process_that_cannot_report_leaves_its_lane_to_this_one(
    tmp_path, two, monkeypatch, games
):
    templates, forks = two
    monkeypatch.setattr(lanes, "KIT_MIN", 0)
    parent = os.getpid()
    real = lanes.run_lane

    def dying(*args, **kwargs):
        if os.getpid() != parent:
            os._exit(3)  # a crash: no report, no file handed over
        return real(*args, **kwargs)

    monkeypatch.setattr(lanes, "run_lane", dying)
    laned = _build(templates, tmp_path / "a", *games)
    assert laned.exit_code == 0, laned.output
    assert forks[0] == 1
    alone = _build(templates, tmp_path / "b", *games, serial=True, monkeypatch=monkeypatch)
    assert alone.exit_code == 0, alone.output
    assert _files(tmp_path / "a") == _files(tmp_path / "b")
    for name in _files(tmp_path / "a"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


@pytest.mark.parametrize("when", ["building here", "after its report"])
def test_an_interrupt_leaves_no_file_temporary_file_or_folder(tmp_path, two, monkeypatch, when):
    """Ctrl-C here while this process builds its lane (the other still building or done), or
    once the other process reported its files: none of either process's files, temporary files
    or the folders made for them is left."""
    from pnp import build as builder
    from pnp.imposition import Settings

    templates, _ = two
    parent = os.getpid()
    real_kit, real_result = builder.build_kit, lanes._Child.result

    def interrupted_kit(*args, **kwargs):
        written = real_kit(*args, **kwargs)  # (its files staged: the interrupt comes after)
        if os.getpid() == parent and when == "building here":
            _other_done(out / "sample", 1 + 3)  # (its report waits in the pipe, unread)
            raise KeyboardInterrupt
        return written

    def interrupted_result(self, ticker):
        lane = real_result(self, ticker)
        assert lane is not None and lane.renames  # (its files, staged for this process)
        if when == "after its report":
            raise KeyboardInterrupt
        return lane

    monkeypatch.setattr(builder, "build_kit", interrupted_kit)
    monkeypatch.setattr(lanes._Child, "result", interrupted_result)
    split = lanes.split(templates, None)
    assert split is not None
    out = tmp_path / "out"
    with pytest.raises(KeyboardInterrupt):
        lanes.build(templates, split, out, Settings(), False, lanes.quiet)
    assert not out.exists(), [str(p) for p in out.rglob("*")]


def _other_done(folder, files):
    """Wait until the other process staged `files` temporary files for `folder` (its kit's PDF
    beside it and its components' in it), and a little more for its report."""
    import time

    def staged():
        kit = [p for p in folder.parent.glob(f".{folder.name}.pdf.*.tmp")]
        return len(kit) + len(list(folder.glob(".*.tmp")))

    for _ in range(600):
        if staged() >= files:
            time.sleep(0.2)
            return
        time.sleep(0.05)
    raise AssertionError("the other process staged no files")


def test_the_steps_announced_are_the_ticks_reported(tmp_path, two):
    from pnp.imposition import Settings

    templates, _ = two
    seen: dict[str, object] = {"steps": 0, "ticks": []}

    class Recording(lanes.Ticker):
        def steps(self, count):
            seen["steps"] += count

        def tick(self, label):
            seen["ticks"].append(label)

    from contextlib import contextmanager

    @contextmanager
    def progress():
        yield Recording()

    split = lanes.split(templates, None)
    assert split is not None and [[g[1] for g in lane] for lane in split] == [["spy"], ["sample"]]
    kits, written, read = lanes.build(templates, split, tmp_path / "o", Settings(), False, progress)
    assert [kit.name for kit in kits] == GAMES
    assert seen["steps"] == len(seen["ticks"]) == sum(1 + len(k.components) for k in kits)
    assert sorted(seen["ticks"]) == sorted(
        [kit.name for kit in kits] + [f"{k.name}/{c.name}" for k in kits for c in k.components]
    )
    assert [p.name for p in written][:1] == ["sample.pdf"] and all(p.is_file() for p in written)
    assert str(templates / "sample" / "cards.yaml") in read  # read by the other process


def test_one_game_one_core_or_jobs_1_stay_in_one_process(tmp_path, two, monkeypatch):
    templates, _ = two
    assert lanes.split(templates, None) is not None
    assert lanes.split(templates, ["spy"]) is None
    assert lanes.split(templates, ["spy", "spy"]) is None
    assert lanes.split(templates, ["spy", "nope"]) is None  # the serial build names it
    monkeypatch.setenv(lanes.JOBS_ENV, "1")
    assert lanes.split(templates, None) is None
    monkeypatch.delenv(lanes.JOBS_ENV)
    monkeypatch.setattr(lanes, "_cores", lambda: 1)
    assert lanes.split(templates, None) is None
    monkeypatch.setattr(lanes, "_cores", lambda: 2)
    monkeypatch.setattr(lanes, "_load", lambda: 2.0)  # no core free
    assert lanes.split(templates, None) is None
    monkeypatch.setenv(lanes.JOBS_ENV, "2")  # two processes all the same
    assert lanes.split(templates, None) is not None
    monkeypatch.delenv(lanes.JOBS_ENV)
    monkeypatch.setattr(lanes, "_load", lambda: 1.9)
    assert lanes.split(templates, None) is not None
    monkeypatch.setattr(lanes, "LANE_MIN", 10**9)
    assert lanes.split(templates, None) is None


@given(st.lists(st.integers(0, 10**6), max_size=12))
def test_partition_puts_every_game_in_one_lane_in_order_and_balances_them(weights):
    lanes_ = lanes.partition(weights)
    assert sorted(lanes_[0] + lanes_[1]) == list(range(len(weights)))
    assert all(lane == sorted(lane) for lane in lanes_)
    loads = [sum(weights[p] for p in lane) for lane in lanes_]
    assert abs(loads[0] - loads[1]) <= max(weights, default=0)
    if weights:
        heaviest = min(range(len(weights)), key=lambda p: (-weights[p], p))
        assert heaviest in lanes_[0]


@pytest.mark.parametrize(
    "broken",
    [
        None,
        pytest.param("kit", marks=SLOW),
        pytest.param("components", marks=SLOW),
        "kit+components",
    ],
)
def test_one_game_writes_its_kit_here_and_its_components_in_the_other_process(
    tmp_path, two, monkeypatch, broken
):
    """A kit without a map: its PDF here, its components' there."""
    templates, forks = two
    monkeypatch.setattr(lanes, "KIT_MIN", 0)
    split = lanes.split(templates, ["sample"], [_kit(templates, "sample")])
    assert split is not None and [[job[3] for job in lane] for lane in split] == [
        [(0,)],
        [(1, 2, 3)],
    ]
    outs = [tmp_path / "a", tmp_path / "b"]
    for out in outs:
        out.mkdir()
        if broken and "kit" in broken.split("+"):  # the kit's PDF cannot be written
            (out / "sample.pdf").mkdir()
        if broken and "components" in broken:  # nor its components' folder made
            (out / "sample").write_text("in the way", encoding="utf-8")
    before = _files(outs[0])
    laned = _build(templates, outs[0], "sample")
    assert forks[0] == 1
    alone = _build(templates, outs[1], "sample", serial=True, monkeypatch=monkeypatch)
    assert forks[0] == 1
    assert laned.exit_code == alone.exit_code == (2 if broken else 0), laned.output
    assert laned.output.replace(str(outs[0]), "X") == alone.output.replace(str(outs[1]), "X")
    assert _files(outs[0]) == _files(outs[1])
    if broken:
        assert _files(outs[0]) == before
    else:
        assert len(_files(outs[0])) == 4
    for name in _files(outs[0]):
        assert (outs[0] / name).read_bytes() == (outs[1] / name).read_bytes(), name


def _kit(templates, name):
    from pnp.definitions import load_game

    return load_game(templates / name)


def test_a_kit_with_a_map_is_written_here_and_its_map_drawn_there():
    """A kit with a map: its map drawn by the other process first, which then writes the map's
    components; the components without a map here first (meanwhile), then the kit's PDF."""
    from pnp.model import MapArt

    kit = _kit(templates_dir(), "spies")
    mine, theirs = lanes._kit_split(kit)
    with_map = [
        1 + i
        for i, c in enumerate(kit.components)
        if any(isinstance(el, MapArt) for el in (*c.front, *(c.back or ())))
    ]
    assert with_map and theirs == (lanes.MAPS, *with_map)
    assert mine == (*sorted(set(range(1, 1 + len(kit.components))) - set(with_map)), 0)


@pytest.mark.slow
def test_a_map_drawn_there_is_taken_here(monkeypatch):
    from dataclasses import replace

    from pnp import ops
    from pnp.draw import face, map_sheet
    from pnp.model import MapArt

    kit = _kit(templates_dir(), "spies")
    art = next(
        el for c in kit.components for el in (*c.front, *(c.back or ())) if isinstance(el, MapArt)
    )
    monkeypatch.setattr(face, "_MAPS", {})
    drawn = map_sheet.map_ops(art)
    given = (ops.Rect(0.0, 0.0, 1.0, 1.0, 0.0, None, "#123456", 0.0),)
    asked = []

    def elsewhere(asked_for):
        asked.append(asked_for)
        return given if asked_for == art else None

    monkeypatch.setattr(face, "drawn_elsewhere", elsewhere)
    assert face.element_ops(art, {}) == given
    assert face.element_ops(art, {}) == given  # (kept: asked once)
    other = replace(art, title=art.title + " (another)")
    assert face.element_ops(other, {}) != given  # none given: drawn here
    assert asked == [art, other]

    reported = []

    class Recording(lanes.Ticker):
        def drawn(self, index, drawn):
            reported.append((index, drawn))

    monkeypatch.setattr(face, "drawn_elsewhere", None)
    monkeypatch.setattr(face, "_MAPS", {})
    lanes._draw_maps(kit, Recording())
    assert lanes._maps(kit) == [art]
    assert reported == [(0, drawn), (None, ())]

    def failing(_art):
        raise ValueError("no map")

    reported.clear()
    monkeypatch.setattr(face, "_MAPS", {})
    monkeypatch.setattr(map_sheet, "map_ops", failing)
    with pytest.raises(ValueError):
        lanes._draw_maps(kit, Recording())
    assert reported == [(None, ())]  # (no more: the other process draws it, and fails)


@pytest.mark.slow
def test_spies_alone_draws_its_map_once_in_the_other_process(tmp_path, monkeypatch):
    """The whole Spies! kit: every file here, the map drawn (its names placed) there only,
    every file the same bytes."""
    from pnp.draw import face, map_sheet

    calls = [0]  # in this process (the other has its own count)
    real = map_sheet.map_ops

    def counting(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(map_sheet, "map_ops", counting)
    monkeypatch.setattr(map_sheet, "_LAYOUTS", {})
    monkeypatch.setattr(face, "_MAPS", {})  # (drawn by an earlier test)
    monkeypatch.setattr(lanes, "_cores", lambda: 2)
    monkeypatch.setattr(lanes, "_load", lambda: 0.5)
    laned = runner.invoke(app, ["build", "spies", "--out", str(tmp_path / "a"), "--force"])
    assert laned.exit_code == 0, laned.output
    assert calls[0] == 0
    monkeypatch.setattr(map_sheet, "_LAYOUTS", {})
    monkeypatch.setattr(face, "_MAPS", {})
    monkeypatch.setenv(lanes.JOBS_ENV, "1")
    alone = runner.invoke(app, ["build", "spies", "--out", str(tmp_path / "b"), "--force"])
    assert alone.exit_code == 0, alone.output
    assert calls[0] >= 1
    assert _files(tmp_path / "a") == _files(tmp_path / "b")
    for name in _files(tmp_path / "a"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name
    import json

    from pnp import uptodate

    outputs = [  # the files written, in the serial build's order (the kit's, then its folder's)
        [
            os.path.relpath(path, out)
            for path in json.loads(uptodate.record_path(out).read_text(encoding="utf-8"))["outputs"]
        ]
        for out in (tmp_path / "a", tmp_path / "b")
    ]
    assert outputs[0] == outputs[1] and outputs[0][0] == "spies.pdf"


def test_a_kit_without_a_map_loads_no_map_code_here(tmp_path, two, monkeypatch):
    """Splitting a kit without a map loads no map code (numpy) here."""
    import sys

    from pnp.imposition import Settings

    templates, _ = two
    monkeypatch.setattr(lanes, "KIT_MIN", 0)
    monkeypatch.delitem(sys.modules, "pnp.draw.map_sheet", raising=False)
    split = lanes.split(templates, ["sample"], [_kit(templates, "sample")])
    assert split is not None
    lanes.build(templates, split, tmp_path / "o", Settings(), False, lanes.quiet)
    assert (tmp_path / "o" / "sample.pdf").is_file()
    assert "pnp.draw.map_sheet" not in sys.modules


# ---------------------------------------------------------------- the helper forked at start-up

SCRIPT = (  # (what it prints, at exit: the console script's build leaves at once, atexit run)
    "import atexit, os, sys\n"
    "sys.argv = ['deaddrop', *sys.argv[1:]]  # as the console script runs it\n"
    "forks, fork = [], os.fork\n"
    "os.fork = lambda: forks.append(1) or fork()\n"
    "drawing = ('reportlab', 'pnp.build', 'pnp.imposition')\n"
    "def report():\n"
    "    print('forks:', len(forks), file=sys.stderr)\n"
    "    print('here:', *[m for m in drawing if m in sys.modules], file=sys.stderr)\n"
    "atexit.register(report)\n"
    "from deaddrop.commands.main import main\n"
    "main()\n"
)


def _script(tmp_path, *args, one=False):
    import subprocess
    import sys

    env = {**os.environ, "DEADDROP_CACHE": str(tmp_path / "cache")}
    env[lanes.JOBS_ENV] = "1" if one else "2"  # (two processes however busy the tests)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, "build", *args], env=env, capture_output=True, text=True
    )
    *said, forks, here = done.stderr.splitlines()
    return done.returncode, done.stdout, "\n".join(said), here, int(forks.split()[1])


@pytest.mark.parametrize("broken", [None, "definition", "build"])
def test_a_build_in_one_lane_is_drawn_by_the_helper_forked_at_start_up(tmp_path, broken):
    templates = tmp_path / "templates"
    shutil.copytree(templates_dir() / "sample", templates / "sample")
    outs = [tmp_path / "a", tmp_path / "b"]
    for out in outs:
        out.mkdir()
        if broken == "build":
            (out / "sample").write_text("in the way", encoding="utf-8")
    if broken == "definition":
        _break(templates, [], "sample", "definition")
    args = ["--templates", str(templates), "--out"]
    laned = _script(tmp_path, *args, str(outs[0]))
    alone = _script(tmp_path, *args, str(outs[1]), one=True)
    assert laned[0] == alone[0] == (2 if broken else 0), laned
    assert laned[1].replace(str(outs[0]), "X") == alone[1].replace(str(outs[1]), "X")
    assert laned[2].replace(str(outs[0]), "X") == alone[2].replace(str(outs[1]), "X")
    if broken != "definition":  # (a definition problem stops the build before it draws)
        assert "reportlab" not in laned[3].split()  # drawn by the helper
        assert alone[3] == "here: reportlab pnp.build pnp.imposition"
    assert _files(outs[0]) == _files(outs[1])
    for name in _files(outs[0]):
        assert (outs[0] / name).read_bytes() == (outs[1] / name).read_bytes(), name
    if not broken:  # the helper's reads, reportlab's modules too, are the build's inputs
        import json

        from pnp import uptodate

        for out in outs:
            record = json.loads(uptodate.record_path(out).read_text(encoding="utf-8"))
            assert any(p.endswith("reportlab/pdfgen/canvas.py") for p in record["inputs"]), out
            assert str(templates / "sample" / "cards.yaml") in record["inputs"]
    again = _script(tmp_path, *args, str(outs[0]))  # up to date: the helper is not used
    assert again[0] == laned[0]
    if not broken:
        assert "(up to date)" in again[1]
        kept = _script(tmp_path, *args, str(tmp_path / "c"))  # the definitions kept: a deck's
        assert kept[0] == 0 and kept[3] == "here:"  # parent loads neither reportlab nor layout
        assert (tmp_path / "c" / "sample.pdf").read_bytes() == (outs[0] / "sample.pdf").read_bytes()


@pytest.mark.parametrize("broken", [None, pytest.param("build", marks=SLOW)])
def test_one_game_gives_its_components_to_the_helper_forked_at_start_up(tmp_path, broken):
    """A game of KIT_MIN bytes or more, built alone: its kit's PDF here, its components by the
    helper (no second fork), told before the definitions are read (it imports the map's modules
    meanwhile: an input of the build); the same bytes, lines and errors as one process."""
    import json

    from pnp import uptodate

    templates = tmp_path / "templates"
    shutil.copytree(templates_dir() / "sample", templates / "sample")
    (templates / "sample" / "notes.txt").write_bytes(b"-" * lanes.KIT_MIN)  # (bytes, no game)
    outs = [tmp_path / "a", tmp_path / "b"]
    for out in outs:
        out.mkdir()
        if broken:  # the components' folder cannot be made: the helper's part fails
            (out / "sample").write_text("in the way", encoding="utf-8")
    args = ["sample", "--templates", str(templates), "--out"]
    laned = _script(tmp_path, *args, str(outs[0]))
    alone = _script(tmp_path, *args, str(outs[1]), one=True)
    assert laned[0] == alone[0] == (2 if broken else 0), laned
    assert laned[1].replace(str(outs[0]), "X") == alone[1].replace(str(outs[1]), "X")
    assert laned[2].replace(str(outs[0]), "X") == alone[2].replace(str(outs[1]), "X")
    assert (laned[4], alone[4]) == (1, 0)  # the helper only
    assert _files(outs[0]) == _files(outs[1])
    for name in _files(outs[0]):
        assert (outs[0] / name).read_bytes() == (outs[1] / name).read_bytes(), name
    if not broken:
        inputs = [
            json.loads(uptodate.record_path(out).read_text(encoding="utf-8"))["inputs"]
            for out in outs
        ]
        assert str(templates / "sample" / "cards.yaml") in inputs[0]
        maps = [any(p.endswith("numpy/__init__.py") for p in found) for found in inputs]
        assert maps == [True, False]  # (imported by the helper only: the kit has no map)


def test_only_a_console_script_build_that_draws_forks_a_helper():
    from deaddrop.commands.build_helper import wanted

    assert wanted(["/venv/bin/deaddrop", "build"])
    assert wanted(["deaddrop", "build", "spies", "--paper", "letter"])
    assert not wanted(["deaddrop"])
    assert not wanted(["deaddrop", "list"])
    assert not wanted(["pytest", "build"])
    assert not wanted(["deaddrop", "table", "build"])
    for option in ("--help", "--images", "--images=out", "--calibration"):
        assert not wanted(["deaddrop", "build", "spies", option])


def test_the_helper_warms_up_while_it_waits_and_notes_what_it_read():
    """_warm (the helper, no lane given yet): the Vera faces every kit's guide uses, parsed and
    registered, and the cover's modules; what it read is noted (an input of the build)."""
    import subprocess
    import sys

    read, write = os.pipe()
    assert not lanes._readable(read)
    os.write(write, b"K")
    assert lanes._readable(read)
    os.close(read)
    os.close(write)
    code = (
        "import sys\n"
        "from pnp import lanes, uptodate\n"
        "from pnp.backends import pdf\n"
        "with uptodate.Recorder() as warming:\n"
        "    lanes._warm()\n"
        "print(sorted(pdf._registered), 'pnp.imposition.cover' in sys.modules)\n"
        "print(sorted(p.rsplit('/', 1)[1] for p in warming.seen() if p.endswith('.ttf')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == ["['Vera', 'VeraBd'] True", "['Vera.ttf', 'VeraBd.ttf']"]
