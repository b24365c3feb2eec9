"""Write pnp/fonts/vera_metrics.json (glyph advance widths of reportlab's four Vera TTFs) and
pnp/fonts/display_metrics.json (the four Red Hat Display TTFs shipped in pnp/fonts/, SIL OFL).

Run once (and again only if the fonts change): `python tools/make_font_metrics.py`.
The widths are read with reportlab's own TTF parser, so `pnp.textfit.text_width` matches
`pdfmetrics.stringWidth` exactly. Tools may import reportlab; pnp's runtime must not.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import reportlab
from reportlab.pdfbase.ttfonts import TTFontFile

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from deaddrop.files import write_atomic  # noqa: E402

FACES = {"Vera": "Vera.ttf", "VeraBd": "VeraBd.ttf", "VeraIt": "VeraIt.ttf", "VeraBI": "VeraBI.ttf"}
FONTS = Path(__file__).resolve().parent.parent / "pnp" / "fonts"
OUT = FONTS / "vera_metrics.json"
DISPLAY = {  # the face names pnp.draw.textfit and pnp.backends.pdf use
    "RHD": "RedHatDisplay-Regular.ttf",
    "RHDBd": "RedHatDisplay-Bold.ttf",
    "RHDIt": "RedHatDisplay-Italic.ttf",
    "RHDBI": "RedHatDisplay-BoldItalic.ttf",
}
DISPLAY_OUT = FONTS / "display_metrics.json"


def face_metrics(path: str) -> dict:
    face = TTFontFile(path)
    widths = {str(code): width for code, width in sorted(face.charWidths.items())}
    return {
        "default": face.defaultWidth,
        "ascent": face.ascent,
        "descent": face.descent,
        "widths": widths,
    }


def main() -> None:
    folder = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
    data = {
        "source": "reportlab/fonts Vera*.ttf, advance widths in 1/1000 em (reportlab's scale)",
        "reportlab": reportlab.Version,
        "faces": {name: face_metrics(os.path.join(folder, file)) for name, file in FACES.items()},
    }
    write_atomic(OUT, json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n")
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")
    display = {
        "source": "pnp/fonts/RedHatDisplay-*.ttf (SIL OFL 1.1), advance widths in 1/1000 em",
        "reportlab": reportlab.Version,
        "faces": {name: face_metrics(str(FONTS / file)) for name, file in DISPLAY.items()},
    }
    write_atomic(DISPLAY_OUT, json.dumps(display, sort_keys=True, separators=(",", ":")) + "\n")
    print(f"wrote {DISPLAY_OUT} ({DISPLAY_OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
