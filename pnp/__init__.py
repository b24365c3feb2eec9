"""Print-and-play: game definitions in YAML -> print-ready PDF and SVG.

    templates/<game>/*.yaml --definitions--> model (checked, frozen) --draw--> ops (one face)
        --imposition--> pages of ops (planned, then drawn) --backends--> PDF, SVG

build.py runs `deaddrop build`; render.py draws a component built in code. Only backends/pdf.py
imports reportlab, and only backends/svg.py imports svgwrite.
"""
