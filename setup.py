"""Which files the wheel and the sdist carry (the rest of the project's metadata: pyproject.toml).

Here, not in pyproject.toml, because one package is mapped onto a folder of another name: the
game definitions, art and map data are edited in the repository's top-level `templates/` and
installed as `deaddrop/templates/` (deaddrop.paths.templates_dir finds them there), beside the
packages found as usual. pyproject.toml can find packages or list them, not both; a list would have
to name every new subpackage by hand.
"""

from setuptools import find_namespace_packages, setup

# namespace packages too: deaddrop/commands has no __init__.py
PACKAGES = find_namespace_packages(include=["deaddrop*", "pnp*", "assistant*"])
# templates/ and each folder in it (a package each, so that setuptools takes every file)
TEMPLATES = [
    "deaddrop.templates",
    *(f"deaddrop.templates.{p}" for p in find_namespace_packages("templates")),
]

setup(
    packages=[*PACKAGES, *TEMPLATES],
    package_dir={"deaddrop.templates": "templates"},
    package_data={
        **{name: ["*"] for name in TEMPLATES},
        "deaddrop": ["web/static/*"],
        "pnp": ["*.json", "fonts/*.json", "fonts/*.ttf", "fonts/*.txt"],
    },
)
