"""A build of several kits on two cores: the games split into two lanes of about the same work
(the bytes of their files), one lane read and built by a forked process while this one reads and
builds the other. The kits are independent, so each PDF has the same bytes as when they are
built one after another (pnp.build.build_kits).

What the user sees does not change: the files are renamed into place together once both lanes
succeeded (deaddrop.files.all_or_nothing; the other process's files are handed over with
deaddrop.files.adopt), the same lines are printed, and a failure is reported as the serial build
would report it: every game's definition problems at once, in the games' order; else the first
kit, in the games' order, whose build failed. The files both processes read are recorded as the
build's and the definitions' inputs (pnp.uptodate, pnp.kit_cache).

A build stays in one process when there is one core, no fork (Windows), one game, a lane too
small to pay for a second process (LANE_MIN), or DEADDROP_BUILD_JOBS=1 in the environment.
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import struct
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deaddrop.errors import InputError
from pnp import uptodate

if TYPE_CHECKING:
    from pnp.imposition import Settings
    from pnp.model import GameKit

LANE_MIN = 48 * 1024  # bytes of a game folder's files: ~80 ms of reading and drawing
JOBS_ENV = "DEADDROP_BUILD_JOBS"

Game = tuple[int, str, "GameKit | None"]  # its place in the build's order, name, kit if kept


class Ticker:
    """A build's progress: `steps(n)` adds to the total once a lane knows it, `tick(label)`
    reports one step done."""

    def steps(self, count: int) -> None:
        """`count` more steps to do."""

    def tick(self, label: str) -> None:
        """One step done."""


def split(
    templates: Path, names: list[str] | None, kept: list[GameKit] | None = None
) -> list[list[Game]] | None:
    """The games of a build (`names`, all when empty; `kept`: their kits, kept from the last
    build) in two lanes of about the same bytes, the heavier game first; None when the build is
    better done in one process (see the module's text). Unknown names are left to the serial
    build, which reports them."""
    if os.environ.get(JOBS_ENV, "").strip() == "1" or not hasattr(os, "fork"):
        return None
    if _cores() < 2:
        return None
    from pnp.definitions import game_names

    known = game_names(templates)
    wanted = list(dict.fromkeys(names)) if names else known
    if len(wanted) < 2 or any(name not in known for name in wanted):
        return None
    kits: dict[str, GameKit] = {kit.name: kit for kit in kept or []}
    weights = [_bytes(templates / name) for name in wanted]
    lanes = partition(weights)
    if min(sum(weights[place] for place in lane) for lane in lanes) < LANE_MIN:
        return None
    return [[(place, wanted[place], kits.get(wanted[place])) for place in lane] for lane in lanes]


def partition(weights: list[int]) -> list[list[int]]:
    """The places of `weights` in two lanes, each in order: the heaviest first, each to the
    lane with less so far (the lanes differ by at most the heaviest weight); the first lane
    holds the heaviest."""
    lanes: list[list[int]] = [[], []]
    loads = [0, 0]
    for place in sorted(range(len(weights)), key=lambda p: (-weights[p], p)):
        lane = loads.index(min(loads))
        lanes[lane].append(place)
        loads[lane] += weights[place]
    return [sorted(lane) for lane in lanes]


def _cores() -> int:
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else os.cpu_count() or 1


def _bytes(folder: Path) -> int:
    """The bytes of the files directly in a game's folder (its YAML and map data)."""
    total = 0
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_file():
                    total += entry.stat().st_size
    except OSError:
        pass
    return total


@dataclass
class Lane:
    """What a lane did: its kits (by place), the problems reading them, the first kit whose
    build failed, the files written (staged: temporary names and targets, folders made) and the
    paths read while reading the definitions and while building."""

    kits: list[tuple[int, GameKit]] = field(default_factory=list)
    load_errors: list[tuple[int, Exception]] = field(default_factory=list)
    build_error: tuple[int, Exception] | None = None
    written: list[tuple[int, list[Path]]] = field(default_factory=list)
    renames: list[tuple[str, Path]] = field(default_factory=list)
    made: list[Path] = field(default_factory=list)
    read_loading: set[str] = field(default_factory=set)
    read_building: set[str] = field(default_factory=set)


def run_lane(
    templates: Path, games: list[Game], out: Path, settings: Settings, svg: bool, ticker: Ticker
) -> Lane:
    """Read and build one lane's games, as the serial build would: no kit built when one of its
    games cannot be read, none after a kit that failed. Its files stay staged (Lane.renames)."""
    from deaddrop.files import staged
    from pnp import build as builder
    from pnp.definitions import load_game

    lane = Lane()
    with uptodate.Recorder() as reading:
        for place, name, kit in games:
            try:
                lane.kits.append((place, kit if kit is not None else load_game(templates / name)))
            except Exception as error:  # reported by the parent, in the serial build's order
                lane.load_errors.append((place, error))
    lane.read_loading = reading.seen()
    ticker.steps(builder.steps([kit for _, kit in lane.kits], svg))
    with uptodate.Recorder() as building, staged() as stage:
        for place, kit in [] if lane.load_errors else lane.kits:
            try:
                lane.written.append(
                    (place, builder.build_kit(kit, out, settings, svg, ticker.tick))
                )
            except Exception as error:
                lane.build_error = (place, error)
                break
    lane.read_building = building.seen()
    lane.renames, lane.made = stage.renames, stage.made
    return lane


def build(
    templates: Path,
    lanes: list[list[Game]],
    out: Path,
    settings: Settings,
    svg: bool,
    progress: Callable[[], AbstractContextManager[Ticker]],
) -> tuple[list[GameKit], list[Path], dict[str, uptodate.Stat]]:
    """Build two lanes (`split`), the second in a forked process; the kits and the files written,
    in the games' order, and the inputs of the definitions (for pnp.kit_cache). `progress` makes
    the progress display, started once the other process runs. Raises what the serial build
    would; nothing is renamed into place unless both lanes succeeded."""
    from deaddrop.files import adopt, all_or_nothing
    from pnp.backends import pdf  # noqa: F401  (imported once, before the fork, for both lanes)
    from pnp.definitions import load_game  # noqa: F401

    with all_or_nothing():
        child = _Child(lambda ticker: run_lane(templates, lanes[1], out, settings, svg, ticker))
        try:
            with progress() as ticker:
                mine = run_lane(templates, lanes[0], out, settings, svg, child.draining(ticker))
                theirs = child.result(ticker)
        except BaseException:
            child.stop()
            raise
        if theirs is None:  # the other process could not report: its lane is built here
            with progress() as ticker:
                theirs = run_lane(templates, lanes[1], out, settings, svg, ticker)
        both = [mine, theirs]
        for lane in both:
            adopt(lane.renames, lane.made)
        uptodate.note_read(theirs.read_loading | theirs.read_building)
        _raise_first(both)
    kits = sorted((pair for lane in both for pair in lane.kits), key=lambda pair: pair[0])
    written = sorted((pair for lane in both for pair in lane.written), key=lambda pair: pair[0])
    inputs = uptodate.inputs_of(mine.read_loading | theirs.read_loading)
    return [kit for _, kit in kits], [path for _, paths in written for path in paths], inputs


def _raise_first(lanes: list[Lane]) -> None:
    """What the serial build raises: the first game that could not be read for a reason other
    than its definitions; else every definition problem, in the games' order; else the first
    kit whose build failed."""
    load = sorted((pair for lane in lanes for pair in lane.load_errors), key=lambda p: p[0])
    other = [error for _, error in load if not isinstance(error, InputError)]
    if other:
        raise other[0]
    if load:
        raise InputError(
            "\n".join(error.message for _, error in load if isinstance(error, InputError))
        )
    failed = [lane.build_error for lane in lanes if lane.build_error is not None]
    if failed:
        raise min(failed, key=lambda pair: pair[0])[1]


class _Child:
    """A forked process running one lane; it reports its steps and ticks as it goes, then the
    Lane, in pickled frames over a pipe. Its files stay staged for this process to rename."""

    def __init__(self, work: Callable[[Ticker], Lane]) -> None:
        self.pid = 0
        self.lane: Lane | None = None
        self.done = False
        self.buffer = b""
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
        read, write = os.pipe()
        try:
            self.pid = os.fork()
        except OSError:
            os.close(read)
            os.close(write)
            self.reader = -1
            self.done = True  # no second process: the lane is built here
            return
        if self.pid == 0:  # the child
            os.close(read)
            _child_main(work, write)
        os.close(write)
        self.reader = read

    def draining(self, ticker: Ticker) -> Ticker:
        """`ticker`, also passing on what the child reported so far at each of its calls."""
        child = self

        class Draining(Ticker):
            def steps(self, count: int) -> None:
                ticker.steps(count)
                child._drain(ticker, block=False)

            def tick(self, label: str) -> None:
                ticker.tick(label)
                child._drain(ticker, block=False)

        return Draining()

    def result(self, ticker: Ticker) -> Lane | None:
        """The child's Lane once it ended (None: it could not report one)."""
        self._drain(ticker, block=True)
        return self.lane

    def stop(self) -> None:
        """Interrupt the child (it removes its files) and wait for it."""
        if self.done or not self.pid:
            return
        try:
            os.kill(self.pid, signal.SIGINT)
        except OSError:
            pass
        self._finish()

    def _drain(self, ticker: Ticker, *, block: bool) -> None:
        while not self.done:
            if not block and not select.select([self.reader], [], [], 0)[0]:
                return
            chunk = os.read(self.reader, 1 << 16)
            if not chunk:
                self._finish()
                return
            self.buffer += chunk
            while len(self.buffer) >= 4:
                (size,) = struct.unpack("<I", self.buffer[:4])
                if len(self.buffer) < 4 + size:
                    break
                kind, value = pickle.loads(self.buffer[4 : 4 + size])
                self.buffer = self.buffer[4 + size :]
                if kind == "steps":
                    ticker.steps(value)
                elif kind == "tick":
                    ticker.tick(value)
                elif kind == "lane":
                    self.lane = value

    def _finish(self) -> None:
        self.done = True
        os.close(self.reader)
        os.waitpid(self.pid, 0)


def _child_main(work: Callable[[Ticker], Lane], pipe: int) -> None:
    """The forked process: run the lane, report it, and leave without the interpreter's exit
    (its buffers, atexit handlers and objects are the parent's)."""
    code = 0
    try:

        def send(kind: str, value: Any) -> None:
            frame = pickle.dumps((kind, value), protocol=pickle.HIGHEST_PROTOCOL)
            data = struct.pack("<I", len(frame)) + frame
            while data:
                data = data[os.write(pipe, data) :]

        class Reporting(Ticker):
            def steps(self, count: int) -> None:
                send("steps", count)

            def tick(self, label: str) -> None:
                send("tick", label)

        lane = work(Reporting())
        try:
            send("lane", lane)
        except Exception:  # a kit that cannot be pickled: remove the files, the parent builds it
            from deaddrop.files import _discard, _Stage

            stage = _Stage()
            stage.renames, stage.made = lane.renames, lane.made
            _discard(stage)
            code = 1
    except BaseException:
        code = 1
    finally:
        os._exit(code)


@contextmanager
def quiet() -> Iterator[Ticker]:
    """No progress display."""
    yield Ticker()
