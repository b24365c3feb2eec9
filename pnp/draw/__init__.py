"""Components -> drawing operations (pnp.ops), one face at a time, in the component's own frame.

    face.py (face_ops, cut_line) --> shapes.py (rect, circle, line, grid, track)
                                 --> text.py --> textfit.py (Vera metrics, wrap, shrink to fit)
                                 --> images.py --> svg_reader.py (SVG files as plain ops)

No reportlab: text is measured from the shipped font metrics, so the loader can check with the
very functions that draw (textfit, shapes.track_cells, images.image_problem).
"""

from pnp.draw.face import cut_line, element_ops, face_ops

__all__ = ["cut_line", "element_ops", "face_ops"]
