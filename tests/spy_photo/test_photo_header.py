"""A photo's size is read from its header before it is decoded: a tiny image, or one whose
header claims more pixels than a phone takes (a few hundred bytes that decode to gigabytes), is
refused with one line, never decoded."""

from __future__ import annotations

import struct
import zlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

cv2 = pytest.importorskip("cv2")

from assistant.games.spy.photo_image import (  # noqa: E402
    MAX_PIXELS,
    PhotoError,
    decode_image,
    image_size,
)


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 400), st.integers(1, 400), st.sampled_from([".png", ".jpg"]))
def test_the_header_gives_the_size_opencv_decodes(width, height, kind):
    ok, data = cv2.imencode(kind, np.zeros((height, width), np.uint8))
    assert ok
    assert image_size(data.tobytes()) == (width, height)


def _png_header(width: int, height: int) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return (
        b"\x89PNG\r\n\x1a\n"
        + struct.pack(">I", len(ihdr))
        + chunk
        + struct.pack(">I", zlib.crc32(chunk))
    )


def test_a_bomb_is_refused_from_its_header():
    bomb = _png_header(40_000, 40_000) + b"\x00" * 100  # 1.6 gigapixels claimed
    assert image_size(bomb) == (40_000, 40_000)
    assert 40_000 * 40_000 > MAX_PIXELS
    with pytest.raises(PhotoError, match="40000 x 40000 pixels"):
        decode_image(bomb)


@pytest.mark.parametrize(
    "data", [b"", b"not a photo", b"\xff\xd8\xff", b"GIF89a" + b"\x00" * 40, b"\x89PNG\r\n"]
)
def test_what_is_not_a_jpeg_or_png_is_one_error(data):
    assert image_size(data) is None
    with pytest.raises(PhotoError, match="expected a JPEG or PNG photo"):
        decode_image(data)
