"""Pillow's Image module loaded when it is first used, not when reportlab loads: imported by
pnp.backends.pdf before reportlab. reportlab.lib.utils imports it at its top for the raster images
a document may hold (about 7 ms: Pillow's EXIF and TIFF tables and its C library, a tenth of a
100-card deck's build), and most kits hold none. The module is made lazy by the standard library's
importlib.util.LazyLoader: the first use of it (a PNG or JPEG drawn) runs it as an import would.
Nothing changes when it is loaded already or cannot be found. pnp.uptodate reads the file of a
module so made without loading it."""

from __future__ import annotations

import importlib.util
import sys

NAME = "PIL.Image"


def defer() -> None:
    """Put a lazy PIL.Image in sys.modules and on the PIL package (`from PIL import Image`
    then takes it without running it)."""
    if NAME in sys.modules:
        return
    try:
        spec = importlib.util.find_spec(NAME)
    except ImportError:  # (no Pillow: reportlab reports it as it would)
        return
    if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
        return
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[NAME] = module
    spec.loader.exec_module(module)
    package, _, name = NAME.rpartition(".")
    setattr(sys.modules[package], name, module)


defer()
