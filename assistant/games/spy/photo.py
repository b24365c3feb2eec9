"""Read a drawn Spy! network from a photo of the printed sheet (`deaddrop spy check --photo`).

`read_photo` finds the field on the photo (photo_image), decides what is drawn (photo_decide),
rebuilds the lines and checks them as a typed drawing is checked (check.check_input), and names
the cells it is unsure of. `overlay_png` draws the reading over the rectified field: the picture
of `--debug` and of the phone page. OpenCV is imported (through photo_cv) by photo_image,
photo_marks and photo_field only, when a photo is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from assistant.games.spy.check import CheckResult, check_input
from assistant.games.spy.model import Cell, Field, format_cell
from assistant.games.spy.network_input import NetworkInput
from assistant.games.spy.photo_decide import (
    COVERED,
    FITS_MORE,
    SURE,
    UNSURE,
    WASHED,
    Decision,
    compare_layouts,
    decide,
    faint_joins,
    glare_grains,
    groups,
    near_misses,
    settle_faint,
    settle_washed,
    without,
)

NEAR = 2  # an illegal reading this many cells from a legal network is uncertain
DARKER = 1.4  # a group apart with a step this dark (the pencil 1.0) may be a finger or a pen
RUBBED_OUT = (SURE, 0.65, 0.8)  # joined edges under these levels are left out in turn


@dataclass(frozen=True)
class PhotoReading:
    """What was read from a photo, the verdict on it, and the cells it is unsure of."""

    source: str
    field_name: str
    field: Field
    decision: Decision
    result: CheckResult
    canvas: Any  # the rectified field (numpy, paper 1.0), for the pictures

    @property
    def uncertain(self) -> list[tuple[Cell, str]]:
        """The uncertain cells, row-major, each with why."""
        return sorted(self.decision.uncertain.items())

    def drawing(self) -> list[str]:
        """The reading as a drawing (`#` covered, `.` empty, `?` an uncertain cell)."""
        rows = []
        for r in range(self.field.rows):
            row = ""
            for c in range(self.field.cols):
                if (r, c) in self.decision.uncertain:
                    row += "?"
                else:
                    row += "#" if (r, c) in self.decision.cells else "."
            rows.append(row)
        return rows

    def as_json(self) -> dict[str, Any]:
        """The check's JSON with `photo`: the field read, the drawing, the uncertain cells."""
        data = self.result.as_json()
        data["photo"] = {
            "field": self.field_name,
            "rows": self.field.rows,
            "cols": self.field.cols,
            "drawing": self.drawing(),
            "uncertain": [{"cell": format_cell(c), "why": why} for c, why in self.uncertain],
            "notes": list(self.decision.notes),
        }
        return data

    def text(self) -> str:
        """The reading as a drawing, the uncertain cells, then the check's report."""
        out = [f"read from {self.source}: the {self.field_name} field, {self.field.describe()}"]
        out += [f"  {row}" for row in self.drawing()]
        if self.uncertain:
            n = len(self.uncertain)
            out.append(f"uncertain: {n} cell{'s' * (n != 1)} (? above), check them on the sheet:")
            out += [f"  {format_cell(c)}: {why}" for c, why in self.uncertain]
        out += [f"note: {note}" for note in self.decision.notes]
        out.append(self.result.text())
        return "\n".join(out)


def _nearby_legal(cells: frozenset[Cell], field: Field, lengths: Sequence[int]) -> list:
    """Legal networks at most NEAR cells from `cells` (their cell sets)."""
    import numpy as np

    from assistant.games.spy.enumerate import int_to_words, networks
    from assistant.games.spy.model import cells_of_mask, mask_of_cells

    try:
        nets = networks(field, lengths)
    except Exception:  # a field or lengths too large to enumerate: no suggestion
        return []
    if len(nets) == 0:
        return []
    words = int_to_words(mask_of_cells(cells, field), nets.masks.shape[1])
    distance = np.bitwise_count(nets.masks ^ words).sum(axis=1)
    found = np.flatnonzero(distance <= NEAR)[:20]
    return [frozenset(cells_of_mask(nets.mask(int(i)), field)) for i in found]


def weigh(
    decision: Decision, field: Field, lengths: Sequence[int], source: str = "photo"
) -> tuple[Decision, CheckResult]:
    """The decision weighed against the rules, and the verdict on it. Pure.

    A reading that is illegal but legal without its weaker joined edges (under each level of
    RUBBED_OUT in turn: a line rubbed out leaves a weaker stroke) is read without them, and
    their cells are doubted: never read either way in silence; a reading that stays illegal has
    its weaker joined edges doubted (read as drawn), and so has a stroke apart from the rest
    when the rest is a legal network (an eraser may leave half a stroke's darkness), or when it
    is much darker than the pencil (`DARKER`: the edge of a finger or a pen). A legal
    reading's joined edges are compared with its line layouts; an illegal one's cells with the
    legal networks near it.
    """

    def check(cells: frozenset[Cell]) -> CheckResult:
        return check_input(NetworkInput(source, "drawing", drawn=cells), field, lengths)

    hidden = {c: why for c, why in decision.uncertain.items() if why.startswith(HIDDEN)}
    evidence = decision
    decision, result = _weigh_edges(decision, check, field, lengths)
    if decision.uncertain:
        prior = _with_prior(evidence, hidden, field, lengths)
        if prior is not None:
            decision, result = _weigh_edges(prior, check, field, lengths)
    if result.legal and decision.uncertain:
        _weighed_in_glare(decision, hidden, field, lengths)
    if result.legal and decision.uncertain:
        _hidden_apart(decision, field, lengths)
    return decision, result


def _weighed_in_glare(
    decision: Decision, hidden: dict[Cell, str], field: Field, lengths: Sequence[int]
) -> None:
    """A legal reading whose lines across the glare stood out of its white (settle_washed lifted
    the washed-out cells' doubts) and whose only doubts left are where networks nearly as
    likely differ (the prior weighed nothing in the glare): the prior asked again, the steps in
    the glare now weighed against the glare's own white (photo_decide.glare_grains). When it
    reads this network, beating every other by MARGIN with nothing else to doubt, the doubts go:
    the networks that differed there would have shown their steps in the glare, or lacked this
    one's."""
    from assistant.games.spy.photo_prior import MARGIN, best_network

    washed = decision.washed
    if not washed or any(why != FITS_MORE for why in decision.uncertain.values()):
        return
    grains = glare_grains(decision)
    if grains is None:
        return
    z = {**decision.z, **grains}
    z_halves = {**decision.z_halves, **{e: (g, g) for e, g in grains.items()}}
    still = frozenset(c for c in hidden if c not in washed)
    prior = best_network(field, tuple(lengths), z, z_halves, still, decision.across)
    if (
        prior is not None
        and prior.cells == decision.cells
        and prior.margin >= MARGIN
        and not (prior.doubtful or prior.covered or prior.faint)
    ):
        decision.uncertain.clear()


def _hidden_apart(decision: Decision, field: Field, lengths: Sequence[int]) -> None:
    """A legal reading whose only doubts are cells glare washed out or something covers (a
    finger, a pen), crossed by none of its lines, nothing seen in the washed ones, and the
    network it is the one the rest of the photo points to (photo_prior, those cells saying
    nothing): those cells are read as empty and a note names them (and asks for another photo
    if a line was drawn there). A network of all its lines, legal, leaves no line to hide."""
    from assistant.games.spy.photo_prior import MARGIN, best_network

    hidden = dict(decision.uncertain)
    if not hidden or any(not why.startswith(HIDDEN) for why in hidden.values()):
        return
    if any(set(e) & hidden.keys() for e in decision.joined):
        return
    washed = {c for c, why in hidden.items() if why == WASHED}
    if any(level >= UNSURE[0] for e, level in decision.edge_levels.items() if set(e) & washed):
        return
    prior = best_network(
        field, tuple(lengths), decision.z, decision.z_halves, frozenset(hidden), decision.across
    )
    if prior is None or prior.cells != decision.cells or prior.margin < MARGIN:
        return
    for c in hidden:
        del decision.uncertain[c]
    decision.apart = frozenset(hidden)
    covered = sorted(c for c in hidden if c not in washed)
    if washed:
        named = ", ".join(format_cell(c) for c in sorted(washed))
        decision.notes.append(
            f"glare washed out {named}: no line of the network crosses them and nothing is "
            "seen there; if you drew there, take the photo again out of the glare"
        )
    if covered:
        named = ", ".join(format_cell(c) for c in covered)
        decision.notes.append(
            f"something covers {named} (a finger, a pen?): no line of the network crosses "
            "them; if you drew there, take the photo again with the sheet clear"
        )


HIDDEN = ("something covers it", WASHED)  # doubts of cells whose edges say nothing


def _with_prior(
    decision: Decision, hidden: dict[Cell, str], field: Field, lengths: Sequence[int]
) -> Decision | None:
    """The decision replaced by the legal network the evidence points to (photo_prior), the
    doubts of hidden cells kept, the cells nearly as likely networks differ in doubted; None
    when the prior does not read the photo."""
    from assistant.games.spy.photo_prior import best_network

    if not decision.z:
        return None
    prior = best_network(
        field, tuple(lengths), decision.z, decision.z_halves, frozenset(hidden), decision.across
    )
    if prior is None:
        return None
    out = Decision(
        prior.cells,
        prior.joined,
        dict(hidden),
        decision.contrast,
        decision.edge_levels,
        decision.grain,
        decision.z,
        decision.z_halves,
        decision.washed,
        across=decision.across,
    )
    for c in sorted(prior.covered):
        out.doubt(c, COVERED)
    for c in sorted(prior.doubtful):
        out.doubt(c, FITS_MORE)
    if prior.faint:
        from assistant.games.spy.photo_prior import STRAY_SHARE, straight_runs

        out.faint = prior.faint

        runs = ", ".join(
            f"{format_cell(run[0][0])}-{format_cell(run[-1][1])}"
            for run in straight_runs(prior.faint)
        )
        out.notes.append(
            f"a faint stroke off the network ({runs}), under {STRAY_SHARE:.0%} as dark as its "
            "lines, is read as not drawn (rubbed out? a shadow's edge?)"
        )
    return out


def _weigh_edges(
    decision: Decision, check: Any, field: Field, lengths: Sequence[int]
) -> tuple[Decision, CheckResult]:
    """weigh's reading of the edge-by-edge decision (see weigh)."""
    result = check(decision.cells)
    if not result.legal and decision.cells:
        for cut in RUBBED_OUT:
            weak = frozenset(e for e in decision.joined if decision.edge_levels.get(e, 1.0) < cut)
            if not weak or weak == decision.joined:
                continue
            why = "a weaker stroke, perhaps rubbed out: read as not drawn"
            trial = without(decision, weak, why)
            trial_result = check(trial.cells)
            if trial_result.legal:
                decision, result = trial, trial_result
                break
    if not result.legal:
        # still illegal: a stroke weaker than the rest may be one rubbed out, or pressed
        # lightly; read as drawn, but named
        for e in sorted(faint_joins(decision)):
            for c in e:
                decision.doubt(c, "a weaker stroke than the others (rubbed out? pressed lightly?)")
        # a stroke apart from the rest: drawn, or rubbed out (ink does not rub out, pencil may
        # keep half its darkness); read as drawn, but named, with what sets it apart
        for group in groups(decision)[1:]:
            darkest = max(
                decision.edge_levels.get(e, 0.0) for e in decision.joined if e[0] in group
            )
            if check(decision.cells - group).legal:
                why = "a stroke apart from the network (rubbed out?): read as drawn"
            elif darkest < RUBBED_OUT[-1]:  # all of it weaker than the pencil: rubbed out?
                why = "a stroke apart from the rest, weaker than it (rubbed out?): read as drawn"
            elif darkest >= DARKER:  # much darker than the pencil: the edge of a finger or a pen?
                why = "a mark apart from the rest, darker than the pencil (a finger? a pen?)"
            else:
                why = "a stroke apart from the rest (rubbed out?): read as drawn"
            for c in sorted(group):
                decision.doubt(c, why)
    if result.legal:
        layouts = [layout.vertices for layout in result.layouts]
        compare_layouts(decision, layouts)
        settle_faint(decision, layouts)
        settle_washed(decision, layouts)
    elif decision.cells:
        near_misses(decision, _nearby_legal(decision.cells, field, lengths))
    return decision, result


def read_photo(
    data: bytes,
    source: str,
    field_name: str,
    lengths: Sequence[int],
    expect: Field | None = None,
) -> PhotoReading:
    """Read the field named `field_name` ("upper" or "lower") from a photo's bytes.

    PhotoError (a ValueError) when the photo cannot be used, or when its field (the size its
    code gives) is not `expect`: refused before anything is decided or enumerated."""
    from assistant.games.spy import photo_field, photo_image

    try:
        gray = photo_image.decode_image(data)
        norm = photo_image.normalise(gray)
        located = photo_image.locate(norm, field_name)
        if expect is not None and located.field != expect:
            raise photo_image.PhotoError(
                f"the sheet's {located.field_name} field is {located.field.rows} x "
                f"{located.field.cols} (expected {expect.rows} x {expect.cols}: the size of "
                "the game's field)"
            )
        canvas = photo_image.rectify(norm, located)
        saturated = photo_image.rectify(photo_field.saturation(gray), located)
        coloured = photo_field.colour(data, gray.shape, located)
        scores = photo_field.scores(canvas, located.field, saturated, coloured)
    except photo_image.cv2.error as error:  # an image OpenCV cannot work on: never a traceback
        reason = str(getattr(error, "err", "") or "an OpenCV error")
        raise photo_image.PhotoError(f"the image cannot be read as a photo ({reason})") from error
    decision, result = _read_scores(scores, located.field, lengths, source)
    return PhotoReading(source, located.field_name, located.field, decision, result, canvas)


LIGHT = "read otherwise against the paper around it (uneven light?): look at the sheet"


def _read_scores(
    scores: Any, field: Field, lengths: Sequence[int], source: str
) -> tuple[Decision, CheckResult]:
    """The decision from the scores, weighed. When the paper's level over the whole field
    leaves doubts (uneven light, a shadow's edge across the field), the paper's level is taken
    around each edge instead (photo_decide `local`): read so when that reads a legal network
    with no doubt at all, or when the first found the photo too grainy (and this one does not:
    its doubts are named); the first reading otherwise. An illegal first reading with no doubt
    is read the second way too: the cells where the two differ are doubted (`LIGHT`)."""

    from assistant.games.spy.photo_across import in_grains

    across = in_grains(scores.across)

    def read(local: bool) -> tuple[Decision, CheckResult] | None:
        decision = decide(
            field,
            lengths,
            scores.cells,
            scores.edges,
            scores.blots,
            scores.washed,
            scores.halves,
            local=local,
            covered=scores.covered,
        )
        if decision.too_grainy:
            return None
        decision.across = across
        return weigh(decision, field, lengths, source)

    first = read(False)
    if first is None or first[0].uncertain:
        second = read(True)
        if second is not None and second[1].legal and not second[0].uncertain:
            return second
        if first is None and second is not None and (second[0].cells or second[0].uncertain):
            return second  # pencil seen against the local paper only: read, with its doubts
    elif not first[1].legal:
        # illegal with nothing in doubt: read against the paper around each place too; where
        # the two readings differ (a shadow's edge swells the grain), those cells are doubted
        second = read(True)
        if second is not None and second[1].legal and not second[0].uncertain:
            return second
        if second is not None:
            for c in sorted(first[0].cells ^ second[0].cells):
                first[0].doubt(c, LIGHT)
    if first is None:
        from assistant.games.spy.photo_image import PhotoError

        raise PhotoError(
            "the photo is too dark or grainy to tell light pencil from the paper, and no line "
            "stands out: take it again in better light"
        )
    return first


def overlay_png(reading: PhotoReading) -> bytes:
    """The rectified field with the reading drawn over it, as PNG bytes: joined edges and covered
    cells in green, uncertain cells ringed in orange, squares read as empty under something or
    glare (named in a note) hatched in grey, the cells of a problem in red."""
    from assistant.games.spy import photo_field

    return photo_field.overlay(reading)
