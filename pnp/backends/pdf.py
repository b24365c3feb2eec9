"""PDF backend: Document -> PDF bytes with reportlab (the only module that imports it).

Deterministic (invariant=1: no dates, fixed ids), Vera TTFs embedded (subset), TrimBox and BleedBox
on every page, an outline entry per component. Ops arrive with y down; the page frame is flipped
once per page and text/images are flipped back locally.

Each page's operators are written by _Painter and handed to the canvas as one literal
(Canvas.addLiteral); reportlab keeps the document: fonts (subset, embedded), images, pages,
outline. A piece's art (a top-level Group's ops, the same tuple for every copy of the piece:
pnp.imposition.sheet_ops.Art) is turned into operators once per build and reused, by every
document the build writes with the same `Drawn`, wherever the piece appears.
"""

from __future__ import annotations

import io
import re
import zlib
from functools import cache
from itertools import chain
from pathlib import Path
from typing import Any

from pnp.backends import pillow_on_demand  # noqa: F401  (first: see its text)

# isort: split
import reportlab
from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.pdfdoc import xObjectName
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.pdfgen import pathobject as rl_pathobject

from deaddrop.files import write_atomic
from pnp import ops
from pnp.draw.textfit import FACE_NAMES, FONTS
from pnp.model import Box

# reportlab's own fonts folder, named in full: a bare "Vera.ttf" is searched for along
# reportlab's font path, and its URL fallback imports urllib.request (about 20 ms) on every build
_RL_FONTS = Path(reportlab.__file__).parent / "fonts"
_FILES = {  # face name (pnp.draw.textfit.FACE_NAMES) -> TTF: reportlab's Vera, our display face
    "Vera": str(_RL_FONTS / "Vera.ttf"),
    "VeraBd": str(_RL_FONTS / "VeraBd.ttf"),
    "VeraIt": str(_RL_FONTS / "VeraIt.ttf"),
    "VeraBI": str(_RL_FONTS / "VeraBI.ttf"),
    "RHD": str(FONTS / "RedHatDisplay-Regular.ttf"),
    "RHDBd": str(FONTS / "RedHatDisplay-Bold.ttf"),
    "RHDIt": str(FONTS / "RedHatDisplay-Italic.ttf"),
    "RHDBI": str(FONTS / "RedHatDisplay-BoldItalic.ttf"),
}
_registered: dict[str, bool] = {}  # face -> whether it has every ASCII glyph (ascii_text)


def register_face(name: str) -> None:
    """Register one face of _FILES with reportlab, once (only the faces a document uses are
    parsed: the display face costs nothing to a kit set in Vera)."""
    if name not in _registered:
        font = TTFont(name, _FILES[name])
        _subsets_once(font.face)
        pdfmetrics.registerFont(font)
        _registered[name] = all(code in font.face.charToGlyph for code in range(32, 127))


def _subsets_once(face: Any) -> None:
    """The face's subset of the same letters made once (a font file of each document of a
    build: the kit's and its components' PDFs use many of the same), the same bytes."""
    made: dict[tuple[int, ...], bytes] = {}
    make = face.makeSubset

    def subset(codes: list[int]) -> bytes:
        key = tuple(codes)
        found = made.get(key)
        if found is None:
            found = made[key] = make(codes)
        return found

    face.makeSubset = subset


def register_fonts() -> None:
    """Register Vera, the canvas's initial font; every other face is registered (its TTF parsed)
    when a text op first uses it (font_name)."""
    register_face("Vera")


def font_name(op: ops.Text) -> str:
    """The registered face for a text op (an unknown family is drawn with Vera)."""
    key = (op.font, op.bold, op.italic)
    name = FACE_NAMES.get(key) or FACE_NAMES[("Vera", op.bold, op.italic)]
    register_face(name)
    return name


class _Flate(pdfdoc.PDFStreamFilterZCompress):
    """reportlab's Flate filter at zlib's level 1, each stream compressed once: the documents
    of a build hold many of the same streams (a split board's form in the kit PDF and its own,
    fonts subset to the same letters, the same page), and the same bytes in give the same bytes
    out. Kept up to KEEP bytes of streams, then forgotten."""

    KEEP = 16 << 20  # (the map and the fonts fit many times over)
    LEVEL = 1  # zlib's fastest: a third of level 6's time on these streams, 14 % more bytes

    def __init__(self) -> None:
        self.done: dict[bytes, bytes] = {}
        self.kept = 0

    def encode(self, text: str | bytes) -> bytes:
        data = text.encode("utf8") if isinstance(text, str) else text
        found = self.done.get(data)
        if found is None:
            found = zlib.compress(data, self.LEVEL)
            if self.kept + len(data) > self.KEEP:
                self.done.clear()
                self.kept = 0
            self.done[data] = found
            self.kept += len(data)
        return found


# every stream reportlab compresses goes through this one filter (pages, forms, fonts)
pdfdoc.PDFZCompress = _Flate()

_UNMAPPED = re.compile("[\x18-\x1f]")  # ASCII that PDFDocEncoding does not map (an error)


def _pdfdoc_bytes(text: str | bytes) -> bytes:
    """reportlab's pdfdocEnc, the same bytes: ASCII text (most of what it formats: names,
    numbers, operators) by the C codec rather than its own PDFDocEncoding codec, written in
    Python (a fifth of a component PDF's time went to it); anything else by that codec."""
    if isinstance(text, str):
        found = _ENCODED.get(text)
        if found is None:
            if text.isascii() and _UNMAPPED.search(text) is None:
                found = text.encode("ascii")
            else:
                found = text.encode("extpdfdoc")
            if len(text) <= 32:  # names, numbers, operators: the same few again and again
                if len(_ENCODED) >= 1 << 14:
                    _ENCODED.clear()
                _ENCODED[text] = found
        return found
    return text


_ENCODED: dict[str, bytes] = {}


pdfdoc.pdfdocEnc = _pdfdoc_bytes


@cache
def _rgb(value: str) -> str:
    """A "#rrggbb" colour as PDF's three numbers, as reportlab's HexColor gives them."""
    colour = HexColor(value)
    return fp_str(colour.red, colour.green, colour.blue)


def _placed(box: Box, page: ops.Page) -> Box:
    """`box` (page frame) through the page's transform, kept on the page."""
    if page.transform.is_identity():
        return box
    b = page.transform.map_box(box)
    x0, y0 = max(b.x, 0.0), max(b.y, 0.0)
    return Box(x0, y0, min(b.x + b.w, page.width) - x0, min(b.y + b.h, page.height) - y0)


def _pdf_box(box: Box, page_h: float) -> tuple[float, float, float, float]:
    return (box.x, page_h - box.y - box.h, box.x + box.w, page_h - box.y)


# The path painting operators, as reportlab's canvas paints (its fill rule is even-odd).
_PAINT = {(1, 0): "S", (0, 1): "f*", (1, 1): "B*"}
Pen = tuple[str | None, float, tuple[float, ...] | None, str | None]
_UNSET: Pen = (None, -1.0, None, None)  # stroke colour, line width, dash, fill colour: unset
_MARK = "\x00"  # brackets a face's name where its font's resource name goes (see _Painter)


Coded = tuple[tuple[int, ops.Text], ...]


class Drawn:
    """The operators of each piece's art, drawn once for every document of a build.

    Keyed by the identity of the art's tuple of ops, which it keeps (so that the identity is
    not reused). Operators name a font by a mark (the face's name between two NULs) that each
    document replaces by its own resource name, so that they hold in every document; art with
    text outside printable ASCII (whose codes a document assigns in the order it meets the
    letters) or with an image (which a document embeds itself) is kept for its own document."""

    def __init__(self) -> None:
        # id of a piece's ops -> the ops (kept), their operators, the one document they hold in
        # (None: every one) and the faces they name, in order
        self.art: dict[int, tuple[tuple[ops.Op, ...], str, object, tuple[str, ...]]] = {}
        # a form's operators, one string an op, and where a text outside ASCII stands in them
        # (its codes are each document's own: coded again in each, in the same order)
        self.forms: dict[int, tuple[tuple[ops.Op, ...], tuple[str, ...], Coded]] = {}


class _Painter:
    """Ops -> the PDF operators of one document's pages.

    The stroke colour, line width, dash and fill colour are set only when they change (their
    state saved and restored with q/Q), each colour formatted once. Texts in printable ASCII
    are written directly (their codes in reportlab's subset fonts are the characters' own:
    TTFont's "ASCII readable" subset 0); other texts are encoded by the fonts (splitString).
    A text's operators are those reportlab's drawString writes, but for the colour and font
    set directly: what reads the PDF back (text extraction, the tests) sees the same."""

    def __init__(self, canv: rl_canvas.Canvas, drawn: Drawn) -> None:
        self.c = canv
        self.doc = canv._doc  # the document the subset fonts encode for (as text objects do)
        self.drawn = drawn
        self.out: list[str] = []
        self.pen = _UNSET
        self.saved: list[Pen] = []
        self.faces: dict[str, str] = {}  # face -> its font's resource name in this document
        self.own = False  # the art being drawn holds only in this document
        self.flushes = 0  # how many times the operators went to the canvas
        self.forms: dict[int, str] = {}  # id of a form group's ops -> its form's name here
        self.placed_form = False  # the art being drawn places a form (kept for its page only)
        self.coded: list[tuple[int, ops.Text]] | None = None  # in a form: its texts not ASCII

    def page(self, page: ops.Page) -> None:
        """Draw `page` (ops with y down) onto the canvas's current page."""
        self.out = [f"q 1 0 0 -1 0 {fp_str(page.height)} cm"]
        t = page.transform
        if not t.is_identity():  # a printer profile's scale, about the page's centre
            self.out.append(fp_str(t.a, t.b, t.c, t.d, t.e, t.f) + " cm")
        self.pen = _UNSET
        for op in page.ops:
            if type(op) is ops.Group:
                self._piece(op)
            else:
                self.draw((op,))
        self.out.append("Q")
        self.flush()

    def flush(self) -> None:
        if self.out:
            code = "\n".join(self.out)
            if _MARK in code:  # each mark replaced by its font's name here, in one pass
                parts = code.split(_MARK)
                faces = self.faces
                parts[1::2] = [faces[face] for face in parts[1::2]]
                code = "".join(parts)
            self.c.addLiteral(code)
            self.out = []
            self.flushes += 1

    def _piece(self, op: ops.Group) -> None:
        """A top-level group: its art's operators drawn once (Drawn), placed and clipped."""
        found = self.drawn.art.get(id(op.ops))
        if found is not None and found[2] in (None, self.doc):
            for face in found[3]:
                self._face(face)
            self._open(op)
            self.out.append(found[1])
            self._close()
            return
        self._open(op)
        self.pen, self.own, self.placed_form = _UNSET, False, False
        start, flushes = len(self.out), self.flushes
        self.draw(op.ops)
        if self.flushes == flushes and not self.placed_form:
            # else an image or a form went to the canvas: drawn again next time
            code = "\n".join(self.out[start:])
            faces = tuple(dict.fromkeys(_faces_in(code)))  # in the order drawing met them
            self.drawn.art[id(op.ops)] = (op.ops, code, self.doc if self.own else None, faces)
        self._close()

    def _open(self, op: ops.Group) -> None:
        out = self.out
        out.append("q")
        t = op.transform
        if not t.is_identity():
            out.append(fp_str(t.a, t.b, t.c, t.d, t.e, t.f) + " cm")
        if op.clip is not None:
            box = op.clip
            out.append(f"{fp_str(box.x, box.y, box.w, box.h)} re W n")
        self.saved.append(self.pen)

    def _close(self) -> None:
        self.pen = self.saved.pop()
        self.out.append("Q")

    def draw(self, items: tuple[ops.Op, ...]) -> None:
        for op in items:
            if type(op) is ops.Text:
                self._text(op)
            elif type(op) is ops.Group:
                self._open(op)
                if op.form:
                    self._form(op)
                else:
                    self.draw(op.ops)
                self._close()
            elif type(op) is ops.Rect:
                self._rect(op)
            elif type(op) is ops.Polyline:
                self._polyline(op)
            elif type(op) is ops.Ellipse:
                self._ellipse(op)
            elif type(op) is ops.Path:
                self._path(op)
            elif type(op) is ops.Image:
                self._image(op)
            else:
                raise TypeError(f"unknown op {type(op).__name__}")

    def _form(self, op: ops.Group) -> None:
        """A form group's children as one form XObject of this document, defined where it is
        first placed (its operators drawn once a build: Drawn.forms), then placed by name."""
        name = self.forms.get(id(op.ops))
        if name is None:
            name = self.forms[id(op.ops)] = f"Art{len(self.forms) + 1}"
            self.flush()  # the page's operators so far, before the form's own
            box = op.clip or Box(-1e4, -1e4, 2e4, 2e4)
            self.c.beginForm(name, box.x, box.y, box.x + box.w, box.y + box.h)
            found = self.drawn.forms.get(id(op.ops))
            if found is not None:
                parts, coded = list(found[1]), dict(found[2])
                for at, part in enumerate(parts):  # fonts met in the order drawing meets them
                    text = coded.get(at)
                    if text is not None:  # letters outside ASCII: coded by this document
                        parts[at] = self._line(text)
                    else:
                        for face in _faces_in(part):
                            self._face(face)
                self.out.append("\n".join(parts))
            else:
                pen, own, outer = self.pen, self.own, self.coded
                self.pen, self.own, flushes, self.coded = _UNSET, False, self.flushes, []
                self.draw(op.ops)
                if self.flushes == flushes:  # (no image went to the canvas)
                    self.drawn.forms[id(op.ops)] = (op.ops, tuple(self.out), tuple(self.coded))
                self.pen, self.own, self.coded = pen, own, outer
            self.flush()
            self.c.endForm()
        self.out.append(f"/{xObjectName(name)} Do")
        self.c._formsinuse.append(name)  # the page's resources name it (as Canvas.doForm does)
        self.placed_form = True

    def _pen(self, op: ops.Painted, dash: ops.Dash = None) -> str:
        """Set the stroke and fill for `op`; its painting operator ("" for nothing to paint)."""
        stroke_colour, width, old_dash, fill_colour = pen = self.pen
        stroke = 1 if op.stroke and op.width > 0 else 0
        out = self.out
        if stroke:
            if op.stroke != stroke_colour:
                stroke_colour = op.stroke
                out.append(_rgb(op.stroke) + " RG")
            if op.width != width:
                width = op.width
                out.append(fp_str(width) + " w")
            wanted = dash or ()
            if wanted != old_dash:
                old_dash = wanted
                out.append(f"[{fp_str(wanted) if wanted else ''}] 0 d")
        if op.fill and op.fill != fill_colour:
            fill_colour = op.fill
            out.append(_rgb(fill_colour) + " rg")
        new: Pen = (stroke_colour, width, old_dash, fill_colour)
        if new != pen:
            self.pen = new
        return _PAINT.get((stroke, 1 if op.fill else 0), "")

    def _rect(self, op: ops.Rect) -> None:
        paint = self._pen(op, op.dash)
        if not paint:
            return
        if op.radius > 0:
            r = min(op.radius, op.w / 2, op.h / 2)
            self.out.append(f"{_round_rect(op.x, op.y, op.w, op.h, r)} {paint}")
        else:
            self.out.append(f"{fp_str(op.x, op.y, op.w, op.h)} re {paint}")

    def _ellipse(self, op: ops.Ellipse) -> None:
        paint = self._pen(op)
        if paint:
            path = rl_pathobject.PDFPathObject()
            path.ellipse(op.x, op.y, op.w, op.h)
            self.out.append(f"{path.getCode()} {paint}")

    def _polyline(self, op: ops.Polyline) -> None:
        paint = self._pen(op, op.dash)
        points = op.points
        if not paint or len(points) < 2:
            return
        line = [_lines(points)]
        if op.closed:
            line.append("h")
        line.append(paint)
        self.out.append(" ".join(line))

    def _path(self, op: ops.Path) -> None:
        paint = self._pen(op)
        if not paint:
            return
        line = []
        for points in op.subpaths:
            if len(points) < 2:
                continue
            line.append(_lines(points))
            if points[0] == points[-1]:
                line.append("h")
        line.append(paint)
        self.out.append(" ".join(line))

    def _face(self, face: str) -> str:
        """The mark standing for `face`'s resource name (the font used in this document)."""
        if face not in self.faces:
            font = pdfmetrics.getFont(face)
            self.faces[face] = font.getSubsetInternalName(0, self.doc)
        return f"{_MARK}{face}{_MARK}"

    def _text(self, op: ops.Text) -> None:
        """One line of text, as reportlab's canvas draws a string in a flipped frame: its anchor
        placed (and the text turned upright) by cm, the line's start by Tm, ended by T* (a new
        line, which text extraction reads as the end of a line: words side by side on the page
        stay apart)."""
        name = font_name(op)
        if op.color != self.pen[3]:
            self.out.append(_rgb(op.color) + " rg")
            self.pen = (*self.pen[:3], op.color)
        text = op.text
        if not (text.isascii() and text.isprintable() and _registered[name]):
            self.own = True  # its codes are this document's
            if self.coded is not None:
                self.coded.append((len(self.out), op))
        self.out.append(self._line(op, name))

    def _line(self, op: ops.Text, name: str | None = None) -> str:
        """A text op's operators, but for its colour."""
        name = name or font_name(op)
        dx = 0.0
        if op.anchor != "start":
            width = stringWidth(op.text, name, op.size)
            dx = -width / 2 if op.anchor == "middle" else -width
        text = op.text
        if text.isascii() and text.isprintable() and _registered[name]:
            shown = f"{self._face(name)} {_size(op.size)} ({escapePDF(text)}) Tj"
        else:
            font = pdfmetrics.getFont(name)
            parts = []
            for subset, codes in font.splitString(text, self.doc):
                resource = font.getSubsetInternalName(subset, self.doc)
                parts.append(f"{resource} {_size(op.size)} ({escapePDF(codes)}) Tj")
            shown = " ".join(parts)
        return f"q\n1 0 0 -1 {fp_str(op.x, op.y)} cm\nBT 1 0 0 1 {fp_str(dx)} 0 Tm {shown} T* ET\nQ"

    def _image(self, op: ops.Image) -> None:
        self.own = True  # the image is this document's
        self.flush()  # drawImage writes to the canvas itself
        c = self.c
        c.saveState()
        c.translate(op.x, op.y + op.h)
        c.scale(1, -1)
        c.drawImage(op.path, 0, 0, op.w, op.h, mask="auto")
        c.restoreState()


def _lines(points: tuple[tuple[float, float], ...]) -> str:
    """`x0 y0 m x1 y1 l ...`: a subpath's operators, its numbers formatted by one call."""
    numbers = iter(fp_str(*chain.from_iterable(points)).split(" "))
    pairs = map(" ".join, zip(numbers, numbers, strict=True))  # "x y" for each point
    first = next(pairs)
    return first + " m " + " l ".join(pairs) + " l"


@cache
def _size(size: float) -> str:
    """Font size and leading operands, as reportlab's text objects set them."""
    return f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"


def _faces_in(code: str) -> list[str]:
    """The faces whose marks `code` holds."""
    return code.split(_MARK)[1::2] if _MARK in code else []


@cache
def _round_rect(x: float, y: float, w: float, h: float, r: float) -> str:
    """The path of a rounded rectangle, as reportlab draws it (one per size and place: every
    card of a deck has the same frame in its own frame)."""
    path = rl_pathobject.PDFPathObject()
    path.roundRect(x, y, w, h, r)
    return str(path.getCode())


def pdf_bytes(doc: ops.Document, drawn: Drawn | None = None) -> bytes:
    """The PDF of `doc`, byte for byte the same for the same document. `drawn`, shared by the
    documents of one build, draws each piece's art once for all of them."""
    register_fonts()
    buffer = io.BytesIO()
    first = doc.pages[0] if doc.pages else None
    size = (first.width, first.height) if first else (595.0, 842.0)
    canv = rl_canvas.Canvas(
        buffer, pagesize=size, invariant=1, pageCompression=1, initialFontName="Vera"
    )
    canv.setTitle(doc.title)
    canv.setCreator("deaddrop")
    canv.setProducer("deaddrop (reportlab)")
    painter = _Painter(canv, drawn or Drawn())
    marks: dict[int, list[str]] = {}  # several components may start on the same page
    for title, index in doc.outline:
        marks.setdefault(index, []).append(title)
    for index, page in enumerate(doc.pages):
        canv.setPageSize((page.width, page.height))
        canv.setTrimBox(_pdf_box(_placed(page.trim, page), page.height))
        canv.setBleedBox(_pdf_box(_placed(page.bleed, page), page.height))
        for number, title in enumerate(marks.get(index, ())):
            key = f"p{index}" if number == 0 else f"p{index}-{number}"  # a key per entry
            canv.bookmarkPage(key)
            canv.addOutlineEntry(title, key, level=0)
        painter.page(page)
        canv.showPage()
    if doc.outline:
        canv.showOutline()
    canv.save()
    return buffer.getvalue()


def write_pdf(doc: ops.Document, path: Path, drawn: Drawn | None = None) -> None:
    """Write `doc` to `path` atomically (`drawn`: see pdf_bytes)."""
    write_atomic(path, pdf_bytes(doc, drawn), sync=False)  # a build can make it again
