"""PDF backend: Document -> PDF bytes with reportlab (the only module that imports it).

Deterministic (invariant=1: no dates, fixed ids), Vera TTFs embedded (subset), TrimBox and BleedBox
on every page, an outline entry per component. Ops arrive with y down; the page frame is flipped
once per page and text/images are flipped back locally.
"""

from __future__ import annotations

import io
from pathlib import Path

import reportlab
from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.pdfgen.canvas import FILL_EVEN_ODD

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
_registered: set[str] = set()


def register_face(name: str) -> None:
    """Register one face of _FILES with reportlab, once (only the faces a document uses are
    parsed: the display face costs nothing to a kit set in Vera)."""
    if name not in _registered:
        pdfmetrics.registerFont(TTFont(name, _FILES[name]))
        _registered.add(name)


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


def _colour(value: str) -> HexColor:
    return HexColor(value)


def _pdf_box(box: Box, page_h: float) -> tuple[float, float, float, float]:
    return (box.x, page_h - box.y - box.h, box.x + box.w, page_h - box.y)


class _Painter:
    def __init__(self, canv: rl_canvas.Canvas) -> None:
        self.c = canv

    def _pen(self, op: ops.Painted) -> tuple[int, int]:
        """Set the canvas's stroke and fill for `op`; whether to stroke, whether to fill."""
        c = self.c
        do_stroke = 0
        if op.stroke and op.width > 0:
            do_stroke = 1
            c.setStrokeColor(_colour(op.stroke))
            c.setLineWidth(op.width)
            dash = ops.dash_of(op)
            c.setDash(list(dash) if dash else [])
        if op.fill:
            c.setFillColor(_colour(op.fill))
        return do_stroke, int(bool(op.fill))

    def draw(self, items: tuple[ops.Op, ...]) -> None:
        for op in items:
            getattr(self, "_" + type(op).__name__.lower())(op)

    def _rect(self, op: ops.Rect) -> None:
        stroke, fill = self._pen(op)
        if not (stroke or fill):
            return
        if op.radius > 0:
            r = min(op.radius, op.w / 2, op.h / 2)
            self.c.roundRect(op.x, op.y, op.w, op.h, r, stroke=stroke, fill=fill)
        else:
            self.c.rect(op.x, op.y, op.w, op.h, stroke=stroke, fill=fill)

    def _ellipse(self, op: ops.Ellipse) -> None:
        stroke, fill = self._pen(op)
        if stroke or fill:
            self.c.ellipse(op.x, op.y, op.x + op.w, op.y + op.h, stroke=stroke, fill=fill)

    def _polyline(self, op: ops.Polyline) -> None:
        stroke, fill = self._pen(op)
        if not (stroke or fill) or len(op.points) < 2:
            return
        path = self.c.beginPath()
        path.moveTo(*op.points[0])
        for point in op.points[1:]:
            path.lineTo(*point)
        if op.closed:
            path.close()
        self.c.drawPath(path, stroke=stroke, fill=fill)

    def _path(self, op: ops.Path) -> None:
        stroke, fill = self._pen(op)
        if not (stroke or fill):
            return
        path = self.c.beginPath()
        for points in op.subpaths:
            if len(points) < 2:
                continue
            path.moveTo(*points[0])
            for point in points[1:]:
                path.lineTo(*point)
            if points[0] == points[-1]:
                path.close()
        self.c.drawPath(path, stroke=stroke, fill=fill, fillMode=FILL_EVEN_ODD)

    def _text(self, op: ops.Text) -> None:
        c = self.c
        c.saveState()
        c.translate(op.x, op.y)
        c.scale(1, -1)
        c.setFont(font_name(op), op.size)
        c.setFillColor(_colour(op.color))
        draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}
        draw[op.anchor](0, 0, op.text)
        c.restoreState()

    def _image(self, op: ops.Image) -> None:
        c = self.c
        c.saveState()
        c.translate(op.x, op.y + op.h)
        c.scale(1, -1)
        c.drawImage(op.path, 0, 0, op.w, op.h, mask="auto")
        c.restoreState()

    def _group(self, op: ops.Group) -> None:
        c = self.c
        c.saveState()
        t = op.transform
        if not t.is_identity():
            c.transform(t.a, t.b, t.c, t.d, t.e, t.f)
        if op.clip is not None:
            path = c.beginPath()
            path.rect(op.clip.x, op.clip.y, op.clip.w, op.clip.h)
            c.clipPath(path, stroke=0, fill=0)
        self.draw(op.ops)
        c.restoreState()


def pdf_bytes(doc: ops.Document) -> bytes:
    """The PDF of `doc`, byte for byte the same for the same document."""
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
    marks: dict[int, list[str]] = {}  # several components may start on the same page
    for title, index in doc.outline:
        marks.setdefault(index, []).append(title)
    for index, page in enumerate(doc.pages):
        canv.setPageSize((page.width, page.height))
        canv.setTrimBox(_pdf_box(page.trim, page.height))
        canv.setBleedBox(_pdf_box(page.bleed, page.height))
        for number, title in enumerate(marks.get(index, ())):
            key = f"p{index}" if number == 0 else f"p{index}-{number}"  # a key per entry
            canv.bookmarkPage(key)
            canv.addOutlineEntry(title, key, level=0)
        canv.saveState()
        canv.transform(1, 0, 0, -1, 0, page.height)
        _Painter(canv).draw(page.ops)
        canv.restoreState()
        canv.showPage()
    if doc.outline:
        canv.showOutline()
    canv.save()
    return buffer.getvalue()


def write_pdf(doc: ops.Document, path: Path) -> None:
    """Write `doc` to `path` atomically."""
    write_atomic(path, pdf_bytes(doc), sync=False)  # a build can make it again
