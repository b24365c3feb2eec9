"""Write templates/sample/art/agent.png: a small spy silhouette, pure Python (zlib + struct).

Run once: `python tools/make_sample_art.py`. The SVG beside it (seal.svg) is written by hand.
"""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from deaddrop.files import write_atomic  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "templates" / "sample" / "art" / "agent.png"
SIZE = 96
BACK, INK, HAT = (232, 224, 204), (40, 40, 48), (150, 30, 30)


def pixel(x: int, y: int) -> tuple[int, int, int]:
    """A hat, a head and shoulders on a paper background."""
    cx = SIZE / 2
    if 18 <= y < 30 and abs(x - cx) < 16 or 28 <= y < 33 and abs(x - cx) < 28:
        return HAT
    if (x - cx) ** 2 + (y - 44) ** 2 < 15**2:
        return INK
    if y >= 62 and (x - cx) ** 2 / 36**2 + (y - 96) ** 2 / 34**2 < 1:
        return INK
    return BACK


def png(width: int, height: int) -> bytes:
    rows = b"".join(
        b"\x00" + bytes(c for x in range(width) for c in pixel(x, y)) for y in range(height)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


if __name__ == "__main__":
    write_atomic(OUT, png(SIZE, SIZE))
    print(f"wrote {OUT}")
