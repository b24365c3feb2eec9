"""Which files the wheel and the sdist carry (the rest of the project's metadata: pyproject.toml).

Here, not in pyproject.toml, because one package is mapped onto a folder of another name: the
game definitions, art and map data are edited in the repository's top-level `templates/` and
installed as `deaddrop/templates/` (read through importlib.resources, deaddrop.paths
.templates_dir), beside the packages found as usual. pyproject.toml can find packages or list them,
not both; a list would have to name every new subpackage by hand.
"""

from setuptools import find_namespace_packages, setup

# namespace packages too: deaddrop/commands has no __init__.py
PACKAGES = find_namespace_packages(include=["deaddrop*", "pnp*", "assistant*"])

setup(
    packages=[*PACKAGES, "deaddrop.templates"],
    package_dir={"deaddrop.templates": "templates"},
    package_data={
        "deaddrop.templates": ["**/*"],
        "deaddrop": ["web/static/*"],
        "pnp": ["*.json", "fonts/*.json", "fonts/*.ttf", "fonts/*.txt"],
    },
)
