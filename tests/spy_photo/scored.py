"""A synthetic photo's scores, as photo.read_photo measures them before deciding anything: for
tests that change the evidence (a twin photo) and read it again with photo._read_scores."""

from __future__ import annotations


def scores_of(case):
    """(photo_field.Scores, photo_image.Located) of a synth_hand case's photo."""
    from assistant.games.spy import photo_field as pf
    from assistant.games.spy import photo_image as pi

    gray = pi.decode_image(case.jpeg)
    norm = pi.normalise(gray)
    located = pi.locate(norm, case.field_name)
    saturated = pi.rectify(pf.saturation(gray), located)
    coloured = pf.colour(case.jpeg, gray.shape, located)
    return pf.scores(pi.rectify(norm, located), located.field, saturated, coloured), located
