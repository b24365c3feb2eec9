"""Write pnp/fonts/vera_metrics.json: glyph advance widths of reportlab's four Vera TTFs.

Run once (and again only if reportlab's fonts change): `python tools/make_font_metrics.py`.
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
OUT = Path(__file__).resolve().parent.parent / "pnp" / "fonts" / "vera_metrics.json"


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


if __name__ == "__main__":
    main()
