"""Helpers for the Spy vs Spy kit tests: the rules' figures (parsed from rules_excerpt.txt, the
copied lines of the rules text), the templates (read as plain YAML), a build through the CLI,
and a small reader of the built PDF's pieces."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import yaml

HERE = Path(__file__).parent
REPO = HERE.parents[1]
TEMPLATES = REPO / "templates"
FOLDER = TEMPLATES / "spy-vs-spy"
DOC = REPO / "docs" / "spy-vs-spy.md"
GAME = "spy-vs-spy"
MM = 72 / 25.4

WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


# ---- the rules' figures ------------------------------------------------------------------------


@cache
def rules_text() -> str:
    """The copied rules lines, without our # comments and the NNN| line numbers."""
    lines = (HERE / "rules_excerpt.txt").read_text(encoding="utf-8").splitlines()
    return "\n".join(line.split("| ", 1)[1] for line in lines if not line.startswith("#"))


def figure(pattern: str) -> int:
    """The number (digits or a word) caught by the one group of `pattern` in the rules."""
    found = re.findall(pattern, rules_text())
    assert len(found) == 1, (pattern, found)
    value = found[0]
    return int(value) if value.isdigit() else WORDS[value.lower()]


def colour_name(text: str) -> str:
    name = text.strip().lower()
    return "light blue" if name in ("lt blue", "lt. blue") else name


@dataclass(frozen=True)
class Equipment:
    colour: str
    weapon: str
    weapon_text: str
    trap: str
    trap_text: str


@cache
def equipment() -> tuple[Equipment, ...]:
    """The Special Equipment lines: an E) line (the weapon) and the T) line after it (the trap);
    the colour is the 2-pip the weapon's text names."""
    lines = rules_text().splitlines()
    out = []
    for line, after in zip(lines, lines[1:], strict=False):
        if line.startswith("E) "):
            assert after.startswith("T) "), after
            weapon, weapon_text = line[3:].split(". ", 1)
            trap, trap_text = after[3:].split(". ", 1)
            colour = re.search(r"does not have the (.+?) 2-pip", weapon_text).group(1)
            out.append(Equipment(colour_name(colour), weapon, weapon_text, trap, trap_text))
    return tuple(out)


@dataclass(frozen=True)
class Cop:
    name: str
    pips: int
    speed: int
    damage: tuple[tuple[str, int], ...]  # (die roll, damage); ("", n) when there is no roll
    toughness: int

    @property
    def damage_text(self) -> str:
        """As the kit prints it: '1', or '1-3: 1, 4-6: 2'."""
        if self.damage[0][0] == "":
            return str(self.damage[0][1])
        return ", ".join(f"{roll}: {hits}" for roll, hits in self.damage)


@cache
def cops() -> tuple[Cop, ...]:
    out = []
    for line in rules_text().splitlines():
        head = re.match(
            r"Blue (\d)-pip[.:] (?:The )?([^.]+)\. He moves (\d) squares? per turn", line
        )
        if not head:
            continue
        rolls = tuple(
            (f"{a}-{b}", int(d))
            for a, b, d in re.findall(r"On a (\d)-(\d) he (?:will deal|deals) (\d) damage", line)
        )
        if not rolls:
            rolls = (("", int(re.search(r"he will deal (\d) damage", line).group(1))),)
        toughness = int(re.search(r"(\d) damage to this piece kills it", line).group(1))
        name = head.group(2)
        out.append(
            Cop(
                name[0].upper() + name[1:], int(head.group(1)), int(head.group(3)), rolls, toughness
            )
        )
    return tuple(out)


def bag_excluded() -> list[str]:
    """The colours the 1-pip bag leaves out."""
    found = re.search(
        r"all 1-pip pieces from all colors except (.+?) in the other bag", rules_text()
    ).group(1)
    return [colour_name(c) for c in re.split(r", | & ", found)]


# ---- the templates -----------------------------------------------------------------------------


# PyYAML's safe loader in C where libyaml is there (as in the project's wheels): the same values,
# six times faster (these files are read as the tests are collected)
SAFE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@cache
def components() -> dict[str, dict]:
    """Every component of the kit, by name, read as plain YAML (anchors resolved)."""
    out: dict[str, dict] = {}
    for path in sorted(FOLDER.glob("*.yaml")):
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE) or {}
        for name, spec in (data.get("components") or {}).items():
            assert name not in out, name
            out[name] = spec
    return out


def copies(spec: dict) -> int:
    if "rows" in spec:
        return sum(int(row.get("count", 1)) for row in spec["rows"])
    return int(spec.get("count", 1))


def row(name: str) -> dict:
    (only,) = components()[name]["rows"]
    return only


# ---- building ----------------------------------------------------------------------------------


def build(out: Path, *options: str, templates: Path = TEMPLATES) -> Path:
    """The kit built by `deaddrop build` into `out`; the path of its PDF."""
    from typer.testing import CliRunner

    from deaddrop.commands.main import app

    args = ["build", GAME, "--templates", str(templates), "--out", str(out), *options]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return out / f"{GAME}.pdf"


def sheets(paper: str = "a4", bleed: float | None = None) -> list[tuple[int, int | None]]:
    """(front page, back page or None) of each printed sheet of the kit PDF, 0-based, as the
    build plans them: the guide first, then sheets double-sided where they have backs."""
    from pnp.definitions import load_game
    from pnp.imposition import Settings, kit_document
    from pnp.imposition.kit_plan import plan_kit
    from pnp.imposition.paper import Paper

    kit = load_game(FOLDER)
    settings = Settings(paper=paper, bleed=bleed)
    total = len(kit_document(kit, settings).pages)
    plan = plan_kit(kit.components, Paper.of(settings), 1)
    guide = total - plan.last_page
    return [
        (guide + page - 1, guide + page if sheet.back is not None else None)
        for page, sheet in zip(plan.pages, plan.sheets, strict=True)
    ]


def guide_pages(reader) -> int:
    """How many pages the print guide takes (its footer says "Print guide, page 1 of N"; page
    1 is the cover)."""
    return int(re.search(r"Print guide, page 1 of (\d+)", reader.pages[1].extract_text())[1])


def front_pages(reader) -> int:
    """The pages before the pieces: the cover, the guide, the "About this edition" page and its
    back, the duplex test sheet (the first bookmark of a component is the first piece page)."""
    before = ("Cover", "Print guide", "About this edition", "Duplex test sheet")
    pages = [
        reader.get_destination_page_number(item)
        for item in reader.outline
        if not isinstance(item, list) and item.title not in before
    ]
    return min(pages)


def guide_text(reader) -> str:
    """The print guide's words (all its pages), whitespace made single."""
    pages = reader.pages[1 : 1 + guide_pages(reader)]
    return " ".join(" ".join(page.extract_text() for page in pages).split())


# ---- reading the PDF ---------------------------------------------------------------------------


@dataclass
class Piece:
    """One top-level group of a page: what it paints, in PDF points (y up)."""

    first: tuple[float, float, float, float] | None = None  # bounds of its first painted path
    first_fill: tuple[float, ...] | None = None  # the fill colour of that path
    sizes: list[float] = field(default_factory=list)  # its text sizes
    clipped: bool = False


def _times(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E,
            e * B + f * D + F)  # fmt: skip


def _bounds(points):
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (min(xs), min(ys), max(xs), max(ys))


def pieces(page, reader) -> list[Piece]:
    """The pieces drawn on a page: every group one level inside the page's own state that paints
    something (footers and crop marks are not pieces)."""
    from pypdf.generic import ContentStream

    ctm, fill = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), (0.0, 0.0, 0.0)
    stack: list = []
    path: list[tuple[float, float]] = []
    out: list[Piece] = []
    piece: Piece | None = None

    def at(x, y):
        a, b, c, d, e, f = ctm
        x, y = float(x), float(y)
        return (a * x + c * y + e, b * x + d * y + f)

    for operands, raw in ContentStream(page.get_contents(), reader).operations:
        op = raw.decode() if isinstance(raw, bytes) else raw
        if op == "q":
            stack.append((ctm, fill))
            if len(stack) == 2:
                piece = Piece()
        elif op == "Q":
            if len(stack) == 2 and piece is not None:
                if piece.first is not None:
                    out.append(piece)
                piece = None
            ctm, fill = stack.pop()
        elif op == "cm":
            ctm = _times(tuple(float(v) for v in operands), ctm)
        elif op == "rg":
            fill = tuple(round(float(v), 3) for v in operands)
        elif op == "Tf" and piece is not None:
            piece.sizes.append(float(operands[1]))
        elif op in ("m", "l"):
            path.append(at(*operands))
        elif op == "c":
            path += [at(*operands[i : i + 2]) for i in (0, 2, 4)]
        elif op in ("v", "y"):
            path += [at(*operands[i : i + 2]) for i in (0, 2)]
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            path += [at(x, y), at(x + w, y), at(x, y + h), at(x + w, y + h)]
        elif op in ("W", "W*") and piece is not None:
            piece.clipped = True
        elif op in ("S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"):
            if piece is not None and piece.first is None and op != "n" and path:
                piece.first = _bounds(path)
                piece.first_fill = fill if op not in ("S", "s") else None
            path = []
    return out


def hex_rgb(colour: str) -> tuple[float, ...]:
    return tuple(round(int(colour[i : i + 2], 16) / 255, 3) for i in (1, 3, 5))


def grey_image(pdf: Path, page: int, dpi: int, out: Path) -> tuple[int, int, bytes]:
    """Page `page` (1-based) rendered grey by pdftoppm: width, height, one byte a pixel."""
    import subprocess

    stem = out / f"p{page}"
    subprocess.run(
        [
            "pdftoppm",
            "-gray",
            "-r",
            str(dpi),
            "-f",
            str(page),
            "-l",
            str(page),
            "-singlefile",
            str(pdf),
            str(stem),
        ],
        check=True,
    )
    data = Path(f"{stem}.pgm").read_bytes()
    magic, width, height, top, body = data.split(maxsplit=4)
    assert magic == b"P5" and top == b"255"
    return int(width), int(height), body
