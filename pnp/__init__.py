"""Print-and-play: game definitions in YAML -> print-ready PDF and SVG.

    templates/<game>/*.yaml --definitions--> model (checked, frozen) --draw--> ops (one face)
        --imposition--> pages of ops (planned, then drawn) --backends--> PDF, SVG

build.py runs `deaddrop build`; render.py draws a component built in code. Only backends/pdf.py
imports reportlab, and only backends/svg.py imports svgwrite.

A build draws each piece once: its art (ops) is made once for the kit PDF and every component's
PDF (imposition.Art), and turned into PDF operators once (backends.pdf.Drawn). The frozen data
classes are `pnp.record`s, which cost a fifth of a dataclass to define (start-up).
"""
