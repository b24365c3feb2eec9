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

A build of one game, once its definitions are read, is split in two: for a kit with a map,
the other process draws the map (its names placed: the longest step), hands its ops over
(pnp.draw.face.drawn_elsewhere) and writes the map's components, while this one writes the PDFs
of the components without a map, then the kit's PDF (the pieces each drawn once for all of them:
pnp.imposition.Art, pnp.backends.pdf.Drawn); for a kit without a map, the kit's PDF is written
here and the component PDFs there (each draws the pieces it needs: the same bytes). Each process
writes every file it was given even when one fails, so that the error reported is the serial
build's: the first file's, in the kit's order, that failed. An error or an interrupt leaves no
file, temporary file or folder of either process (_both, _remove_empty, _child_main).

A build stays in one process when there is one core, no fork (Windows), no core free (the
load average of the last minute at least the cores), a lane too small to pay for a second process
(LANE_MIN; KIT_MIN for one game), or DEADDROP_BUILD_JOBS=1 in the environment;
DEADDROP_BUILD_JOBS=2 uses two processes however busy the machine.

The console script's `deaddrop build` forks that other process as it starts
(deaddrop.commands.build_helper, start_helper), before the command line's modules load: it
imports the engine (reportlab, the layout) meanwhile and waits for its lane, readying what any
kit's PDF needs first if the lane has not come yet (_warm), and a build in one lane (a deck) is
then drawn there whole, while this process only read the command line and the kept definitions
(and stats the build's inputs meanwhile: uptodate.stat_ahead). The other process's report is
its last word: it is not waited for to leave (_Child._finish, _reap). A build of one game tells
it so before reading the definitions (expect_kit): it imports the map's modules (numpy, which
reading the definitions does not need) meanwhile, and is given its part of the kit (the kit
pickled). Without it (another caller) the process is forked when the build begins.
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deaddrop.errors import InputError
from pnp import uptodate

if TYPE_CHECKING:
    from pnp import ops
    from pnp.model import Component, GameKit, MapArt
    from pnp.settings import Settings

LANE_MIN = 48 * 1024  # bytes of a game folder's files: ~80 ms of reading and drawing
KIT_MIN = 96 * 1024  # one game split into its kit's PDF and its components' (~0.3 s to draw)
JOBS_ENV = "DEADDROP_BUILD_JOBS"

# A lane's job: its place in the build's order (the game's, then the lane's), the game's name,
# its kit when read already, and what of it to write: "all" (the whole kit) or its files
# (pnp.build.build_kit's items: 0 the kit's PDF, i its component i - 1's, in the order written),
# MAPS first among them to draw its maps for the other process (_draw_maps).
Place = tuple[int, int]
Game = tuple[Place, str, "GameKit | None", "str | tuple[int, ...]"]
MAPS = -1


class Ticker:
    """A build's progress: `steps(n)` adds to the total once a lane knows it, `tick(label)`
    reports one step done."""

    def steps(self, count: int) -> None:
        """`count` more steps to do."""

    def tick(self, label: str) -> None:
        """One step done."""

    def drawn(self, index: int | None, drawn: tuple[ops.Op, ...]) -> None:
        """The ops of a map (its place among the kit's maps: _maps), for the other process
        (None: no more maps)."""

    def staged(self, lane: Lane) -> None:
        """The lane's files are staged (for the process that renames them, or removes them)."""


_helper: _Child | None = None  # the process start_helper forked, its lane not given yet


def start_helper() -> None:
    """Fork now the process that will build a lane of this build (see the module's text); it
    leaves when this process leaves without giving it one."""
    global _helper
    if _helper is not None or _one_process():
        return
    job_read, job_write = os.pipe()
    helper = _Child(lambda ticker: _awaited(job_read, job_write, ticker))
    os.close(job_read)
    if helper.done:  # no fork
        os.close(job_write)
        return
    helper.job = job_write
    _helper = helper


def _awaited(job_read: int, job_write: int, ticker: Ticker) -> Lane:
    """In the helper: the engine imported, the lane read from `job_read` and built (the modules
    imported for it counted among the lane's reads: inputs of the build, as in one process)."""
    os.close(job_write)
    engine = uptodate.Recorder()  # (not entered: only its modules' count)
    engine.modules = set(sys.modules)
    from pnp import build  # noqa: F401  (the layout and its modules)
    from pnp.backends import pdf  # noqa: F401  (reportlab)

    warming = uptodate.Recorder()
    if not _readable(job_read):  # (no lane yet: what any kit's PDF needs first, meanwhile)
        with warming:
            _warm()
    chunks: list[bytes] = []
    while chunk := os.read(job_read, 1 << 16):
        if not chunks and chunk[:1] == _KIT_AHEAD:  # (expect_kit) meanwhile, the maps' modules
            from pnp.draw import map_sheet  # noqa: F401  (numpy)

            chunk = chunk[1:]
        chunks.append(chunk)
    os.close(job_read)
    data = b"".join(chunks)
    if not data:  # this build needs no lane of it
        raise SystemExit(0)
    templates, games, out, settings, svg = pickle.loads(data)
    lane = run_lane(templates, games, out, settings, svg, ticker)
    lane.read_building |= engine.seen() | warming.seen()
    return lane


def _readable(fd: int) -> bool:
    """Whether `fd` has something to read now."""
    import select

    return bool(select.select([fd], [], [], 0)[0])


def _warm() -> None:
    """What drawing a kit's PDF needs first, whatever the kit: its cover's modules and the Vera
    faces of its guide (parsed and registered), made while the helper waits for its lane (the
    files read are the lane's inputs: _awaited)."""
    from pnp.backends import pdf
    from pnp.imposition import cover  # noqa: F401

    for face in ("Vera", "VeraBd"):
        pdf.register_face(face)


def helper_ready() -> bool:
    """Whether start_helper's process waits for a lane."""
    return _helper is not None


_KIT_AHEAD = b"K"  # (never the first byte of a pickle: protocol 2 and up begin with 0x80)


def expect_kit() -> None:
    """Tell start_helper's process that the build is of one game's kit (one_kit), so that it
    imports what drawing a map needs (numpy: ~0.1 s) while this process reads the definitions
    (which need none of it); it will draw the kit's map, or write its components (split)."""
    if _helper is not None and _helper.job >= 0:
        try:
            os.write(_helper.job, _KIT_AHEAD)
        except OSError:  # the helper is gone: build() finds no lane from it and builds it here
            pass


def all_there(kits: list[GameKit]) -> list[list[Game]]:
    """A build in one lane, given whole to start_helper's process (the engine is imported there
    already, this process has not imported it)."""
    return [[], [((place, 0), kit.name, kit, "all") for place, kit in enumerate(kits)]]


def _one_process() -> bool:
    """DEADDROP_BUILD_JOBS=1, no fork or one core; unless DEADDROP_BUILD_JOBS=2, a machine with
    no core free (the last minute's load average at least the cores: a second process would only
    wait for one, and a busy machine's wall time was worse with it)."""
    jobs = os.environ.get(JOBS_ENV, "").strip()
    if jobs == "1" or not hasattr(os, "fork") or _cores() < 2:
        return True
    return jobs != "2" and _load() >= _cores()


def _load() -> float:
    """The load average of the last minute (0 where the system does not tell)."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return 0.0


def split(
    templates: Path, names: list[str] | None, kept: list[GameKit] | None = None
) -> list[list[Game]] | None:
    """The games of a build (`names`, all when empty; `kept`: their kits, when read already) in
    two lanes of about the same bytes, the heavier game first, or one game's kit (read already)
    in its kit's PDF and its components; None when the build is better done in one process (see
    the module's text). Unknown names are left to the serial build, which reports them."""
    wanted = _wanted(templates, names)
    if wanted is None:
        return None
    kits: dict[str, GameKit] = {kit.name: kit for kit in kept or []}
    weights = [_bytes(templates / name) for name in wanted]
    if len(wanted) == 1:
        kit = kits.get(wanted[0])
        if kit is None or not kit.components or weights[0] < KIT_MIN:
            return None
        mine, theirs = _kit_split(kit)
        return [[((0, 0), kit.name, kit, mine)], [((0, 1), kit.name, kit, theirs)]]
    lanes = partition(weights)
    if min(sum(weights[place] for place in lane) for lane in lanes) < LANE_MIN:
        return None
    return [
        [((place, 0), wanted[place], kits.get(wanted[place]), "all") for place in lane]
        for lane in lanes
    ]


def _kit_split(kit: GameKit) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What of one game's kit each process writes (split): with a map, the other process draws
    the map and hands it over, then writes the map's components; this one writes the components
    without a map first (meanwhile), then the kit's PDF. Without one, the kit's PDF here and its
    components there."""
    components = range(1, 1 + len(kit.components))
    if not _maps(kit):
        return (0,), tuple(components)
    plain = [i for i in components if not _maps_of(kit.components[i - 1])]
    return (*plain, 0), (MAPS, *(i for i in components if i not in plain))


def one_kit(templates: Path, names: list[str] | None) -> bool:
    """Whether the build is of one game that `split` splits once its kit is read."""
    wanted = _wanted(templates, names)
    return wanted is not None and len(wanted) == 1 and _bytes(templates / wanted[0]) >= KIT_MIN


def _wanted(templates: Path, names: list[str] | None) -> list[str] | None:
    """The games a build names (all when none), when it may use two processes: None with one
    core, no fork, DEADDROP_BUILD_JOBS=1, no game or an unknown one."""
    if _one_process():
        return None
    from pnp.game_folders import game_names

    known = game_names(templates)
    wanted = list(dict.fromkeys(names)) if names else known
    if not wanted or any(name not in known for name in wanted):
        return None
    return wanted


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


class Lane:
    """What a lane did: its kits (by place), the problems reading them, the first kit whose
    build failed (by game and item: pnp.build.build_kit), the files written (staged: temporary
    names and targets, folders made) and the paths read while reading the definitions and while
    building. (A plain class: a dataclass costs a deck's build 2 ms to import.)"""

    def __init__(self) -> None:
        self.kits: list[tuple[Place, GameKit]] = []  # those it read
        self.load_errors: list[tuple[Place, Exception]] = []
        self.build_error: tuple[tuple[int, int], Exception] | None = None
        self.written: list[tuple[tuple[int, int], list[Path]]] = []  # by game and item
        self.renames: list[tuple[str, Path]] = []
        self.made: list[Path] = []
        self.read_loading: set[str] = set()
        self.read_building: set[str] = set()


def run_lane(
    templates: Path, games: list[Game], out: Path, settings: Settings, svg: bool, ticker: Ticker
) -> Lane:
    """Read and build one lane's games, as the serial build would: no kit built when one of its
    games cannot be read, none after a kit that failed. Its files stay staged (Lane.renames)."""
    from deaddrop.files import staged

    lane = Lane()
    jobs: list[tuple[Place, GameKit, str | tuple[int, ...]]] = []
    with uptodate.Recorder() as reading:
        for place, name, kit, part in games:
            if kit is not None:
                jobs.append((place, kit, part))
                continue
            from pnp.definitions import load_game  # (only where a game is read)

            try:
                kit = load_game(templates / name)
            except Exception as error:  # reported by the parent, in the serial build's order
                lane.load_errors.append((place, error))
                continue
            lane.kits.append((place, kit))
            jobs.append((place, kit, part))
    lane.read_loading = reading.seen()
    per = 2 if svg else 1
    items = {
        place: range(1 + len(k.components)) if part == "all" else part for place, k, part in jobs
    }
    ticker.steps(sum(0 if i == MAPS else 1 if i == 0 else per for p in items for i in items[p]))
    for _, kit, part in jobs:
        if isinstance(part, tuple) and MAPS in part:  # first, for the process writing the kit
            try:
                _draw_maps(kit, ticker)
            except Exception:  # (drawn again where it is needed: its error reported there)
                pass
    with uptodate.Recorder() as building, staged() as stage:
        for place, kit, part in [] if lane.load_errors else jobs:
            from pnp import build as builder  # (only where a kit is drawn)

            failed: list[tuple[int, Exception]] = []
            written: dict[int, list[Path]] = {}
            try:
                given, noted = None, None
                if isinstance(part, tuple):
                    given, noted = tuple(item for item in part if item != MAPS), failed
                builder.build_kit(kit, out, settings, svg, ticker.tick, given, noted, written)
            except Exception as error:  # (the whole kit: build_kit raises its first failure)
                failed.append((0, error))
            if failed:
                first = min(failed, key=lambda pair: pair[0])
                lane.build_error = ((place[0], first[0]), first[1])
                break
            lane.written += [((place[0], item), paths) for item, paths in written.items()]
    lane.renames, lane.made = stage.renames, stage.made
    ticker.staged(lane)
    lane.read_building = building.seen()
    return lane


def _draw_maps(kit: GameKit, ticker: Ticker) -> None:
    """Draw each map of `kit` (as drawing a face would, and kept for it: pnp.draw.face) and
    report its ops, then that there are no more (at once when one cannot be drawn: the process
    writing the kit draws it, and reports its error)."""
    from pnp.draw.face import element_ops

    try:
        for index, art in enumerate(_maps(kit)):
            ticker.drawn(index, element_ops(art, {}))
    finally:
        ticker.drawn(None, ())


def _maps(kit: GameKit) -> list[MapArt]:
    """The map elements of `kit`'s components, each once."""
    return list(dict.fromkeys(art for component in kit.components for art in _maps_of(component)))


def _maps_of(component: Component) -> list[MapArt]:
    """The map elements of `component`."""
    from pnp.model import MapArt

    return [el for el in (*component.front, *(component.back or ())) if isinstance(el, MapArt)]


def build(
    templates: Path,
    lanes: list[list[Game]],
    out: Path,
    settings: Settings,
    svg: bool,
    progress: Callable[[], AbstractContextManager[Ticker]],
) -> tuple[list[GameKit], list[Path], set[str]]:
    """Build two lanes (`split`), the second in a forked process; the kits and the files written,
    in the games' order, and the paths read reading the definitions (their inputs, for
    pnp.kit_cache: uptodate.inputs_of, when they were read). `progress` makes the progress
    display, started once the other process runs. Raises what the serial build would; nothing is
    renamed into place unless both lanes succeeded."""
    from deaddrop.files import all_or_nothing

    folders = _absent_folders(out, lanes)
    try:
        with all_or_nothing():
            mine, theirs = _both(templates, lanes, out, settings, svg, progress)
            _raise_first([mine, theirs])
    except BaseException:
        _remove_empty(folders)
        raise
    kits: dict[int, GameKit] = {}
    given = [(place, kit) for lane in lanes for place, _, kit, _ in lane if kit is not None]
    for (game, _), kit in sorted([*given, *mine.kits, *theirs.kits], key=lambda pair: pair[0]):
        kits.setdefault(game, kit)
    written = sorted((pair for lane in (mine, theirs) for pair in lane.written), key=lambda p: p[0])
    read = mine.read_loading | theirs.read_loading
    return list(kits.values()), [path for _, paths in written for path in paths], read


def _both(
    templates: Path,
    lanes: list[list[Game]],
    out: Path,
    settings: Settings,
    svg: bool,
    progress: Callable[[], AbstractContextManager[Ticker]],
) -> tuple[Lane, Lane]:
    """The two lanes built (build), the second by the other process, their files handed to the
    all_or_nothing block around (adopt) as soon as each is known, so that an error or an
    interrupt at any point removes them."""
    global _helper
    from deaddrop.files import adopt

    child, _helper = _helper, None
    if child is not None and not child.give((templates, lanes[1], out, settings, svg)):
        child = None  # (its lane could not be given: a kit that cannot be pickled)
    if child is None:
        from pnp.backends import pdf  # noqa: F401  (imported once, before the fork, for both)
        from pnp.definitions import load_game  # noqa: F401

        child = _Child(lambda ticker: run_lane(templates, lanes[1], out, settings, svg, ticker))
    try:
        with progress() as ticker, _maps_from(child, lanes[1]):
            mine = run_lane(templates, lanes[0], out, settings, svg, child.draining(ticker))
            adopt(mine.renames, mine.made)
            if not child.done:  # (while it works: the inputs known here, stat'ed now)
                uptodate.stat_ahead()
            theirs = child.result(ticker)
    except BaseException:
        child.stop()
        if child.lane is not None:  # it had reported its files: removed with ours
            adopt(child.lane.renames, child.lane.made)
        raise
    if theirs is None:  # the other process could not report: its lane is built here
        with progress() as ticker:
            theirs = run_lane(templates, lanes[1], out, settings, svg, ticker)
    adopt(theirs.renames, theirs.made)
    uptodate.note_read(theirs.read_loading | theirs.read_building)
    return mine, theirs


def _absent_folders(out: Path, lanes: list[list[Game]]) -> list[Path]:
    """The folders a build of `lanes` may make that are not there yet: `out`, a folder for each
    kit and one for its SVGs."""
    names = [name for lane in lanes for _, name, _, _ in lane]
    folders = [out, *(out / name for name in names), *(out / name / "svg" for name in names)]
    return [folder for folder in folders if not os.path.isdir(folder)]


def _remove_empty(folders: list[Path]) -> None:
    """Remove those of `folders` that are empty, innermost first: the two processes make the
    same folders, and the one that made a folder may have found the other's file still in it
    when it was interrupted and removed its own."""
    for folder in sorted(folders, key=lambda folder: -len(folder.parts)):
        try:
            os.rmdir(folder)  # (only when empty)
        except OSError:
            pass


@contextmanager
def _maps_from(child: _Child, lane: list[Game]) -> Iterator[None]:
    """The maps of a kit that the other process draws (_draw_maps), taken from it here (the
    map's modules, numpy, are not loaded here)."""
    arts = [
        art
        for _, _, kit, part in lane
        if isinstance(part, tuple) and MAPS in part and kit
        for art in _maps(kit)
    ]
    if not arts:
        yield
        return
    from pnp.draw import face

    child.arts = arts
    face.drawn_elsewhere = child.maps
    try:
        yield
    finally:
        face.drawn_elsewhere = None


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
        self.ticker = Ticker()  # where its steps and ticks go (draining)
        self.job = -1  # start_helper's: where its lane is written
        self.arts: list[MapArt] = []  # the maps it draws (_maps_from)
        self.drawn: dict[int, tuple[ops.Op, ...]] = {}  # their ops, by map
        self.all_drawn = False
        _reap()
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
        if self.pid == 0:  # the child: it prints nothing, and holds no pipe of the caller's open
            _interrupted_once()
            os.close(read)
            quiet = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(quiet, fd)
            _child_main(work, write)
        os.close(write)
        self.reader = read

    def give(self, job: tuple[Any, ...]) -> bool:
        """Write a helper's lane (start_helper) and close the pipe; False (the pipe closed, the
        helper leaving) when it cannot be pickled."""
        try:
            data = pickle.dumps(job, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:
            data = b""
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(self.job, view) :]
        except OSError:  # the helper is gone: result() finds no lane, and it is built here
            pass
        finally:
            os.close(self.job)
            self.job = -1
        if not data:
            self._drain(self.ticker, block=True)  # (it leaves at once: reaped here)
        return bool(data)

    def draining(self, ticker: Ticker) -> Ticker:
        """`ticker`, also passing on what the child reported so far at each of its calls."""
        child = self
        self.ticker = ticker

        class Draining(Ticker):
            def steps(self, count: int) -> None:
                ticker.steps(count)
                child._drain(ticker, block=False)

            def tick(self, label: str) -> None:
                ticker.tick(label)
                child._drain(ticker, block=False)

        return Draining()

    def maps(self, art: MapArt) -> tuple[ops.Op, ...] | None:
        """The ops of `art` as the child drew them (waiting for them); None when it drew none
        for it."""
        index = next((i for i, known in enumerate(self.arts) if known == art), None)
        if index is None:
            return None
        while index not in self.drawn:
            if self.all_drawn or self.done:
                return None
            self._drain(self.ticker, block=True, once=True)
        return self.drawn[index]

    def result(self, ticker: Ticker) -> Lane | None:
        """The child's Lane once it ended (None: it could not report one)."""
        self._drain(ticker, block=True)
        return self.lane

    def stop(self) -> None:
        """Interrupt the child (it removes its files) and wait for it, taking in what it wrote
        meanwhile: its Lane, when it had ended before (its files then are the caller's to
        remove: they were staged for it)."""
        if self.done or not self.pid:
            return
        import signal

        try:
            os.kill(self.pid, signal.SIGINT)
        except OSError:
            pass
        self._drain(Ticker(), block=True)

    def _drain(self, ticker: Ticker, *, block: bool, once: bool = False) -> None:
        """Take in what the child wrote (all it will write, with `block`; one read, with `once`)."""
        import select
        import struct

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
                elif kind == "drawn":
                    if value is None:
                        self.all_drawn = True
                    else:
                        self.drawn[value[0]] = value[1]
                elif kind == "lane":
                    self.lane = value
            if self.lane is not None:  # (its last frame: what follows is only its exit)
                self._finish()
                return
            if once:
                return

    def _finish(self) -> None:
        """Done with the child: its pipe closed; the child reaped now if it has left, else
        later (_reap): its exit (unmapping its memory) is not waited for."""
        self.done = True
        os.close(self.reader)
        _leaving.append(self.pid)
        _reap()


_leaving: list[int] = []  # children done with (_Child._finish), not reaped yet


def _reap() -> None:
    """Reap the children of _leaving that have left (each _Child reaps those before it)."""
    for pid in list(_leaving):
        try:
            left = os.waitpid(pid, os.WNOHANG)[0]
        except ChildProcessError:  # (reaped by someone else)
            left = pid
        if left:
            _leaving.remove(pid)


def _interrupted_once() -> None:
    """In the child: the first Ctrl-C interrupts it, and later ones (the parent's stop() after
    the terminal's own) are ignored, so that removing its files is not cut short."""
    import signal

    def interrupted(_signum: int, _frame: object) -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        raise KeyboardInterrupt

    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, interrupted)


def _child_main(work: Callable[[Ticker], Lane], pipe: int) -> None:
    """The forked process: run the lane, report it, and leave without the interpreter's exit
    (its buffers, atexit handlers and objects are the parent's)."""
    import signal
    import struct

    from deaddrop.files import discard

    code = 0
    unsent: list[Lane] = []  # its files staged, not handed over yet: removed if it cannot
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

            def drawn(self, index: int | None, drawn: tuple[ops.Op, ...]) -> None:
                send("drawn", None if index is None else (index, drawn))

            def staged(self, lane: Lane) -> None:
                unsent.append(lane)

        lane = work(Reporting())
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # (sent whole: the parent's files then)
        try:
            send("lane", lane)
            unsent.clear()
        except Exception:  # a kit that cannot be pickled: its files removed, the parent builds it
            code = 1
    except BaseException:
        code = 1
    finally:
        for staged in unsent:
            discard(staged.renames, staged.made)
        os._exit(code)


@contextmanager
def quiet() -> Iterator[Ticker]:
    """No progress display."""
    yield Ticker()
