"""OpenCV (the `photo` extra) for the photo modules, which import it from here only: its limit
on an image's size is set before it is first imported (a larger image is refused from its
header, photo_image.decode_image, before OpenCV would decode it)."""

import os

os.environ.setdefault("OPENCV_IO_MAX_IMAGE_PIXELS", str(2**26))  # before cv2 reads a size
import cv2  # noqa: E402

__all__ = ["cv2"]
