"""Fixtures of the Spies! (SPI 1981) kit tests; the helpers are in spies_kit_helpers.py."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from spies_kit_helpers import (  # noqa: E402
    Built,
    Cell,
    RulesTile,
    build,
    load_components,
    parse_counter_cells,
    parse_rules_tiles,
)


@pytest.fixture(scope="session")
def components() -> dict:
    """Every component of the kit by name, anchors resolved, as a tracker reads the files."""
    return load_components()


@pytest.fixture(scope="session")
def kit_a4(tmp_path_factory) -> Built:
    return build(tmp_path_factory.mktemp("a4-long"))


@pytest.fixture(scope="session")
def kits(tmp_path_factory, kit_a4) -> dict[tuple[str, str], Built]:
    """The kit on A4 and Letter, flipped on the long and on the short edge."""
    out = {("a4", "long"): kit_a4}
    for paper, flip in (("a4", "short"), ("letter", "long"), ("letter", "short")):
        out[(paper, flip)] = build(tmp_path_factory.mktemp(f"{paper}-{flip}"), paper, flip)
    return out


@pytest.fixture(scope="session")
def rules_tiles() -> list[RulesTile]:
    return parse_rules_tiles()


@pytest.fixture(scope="session")
def counter_cells() -> list[Cell]:
    return parse_counter_cells()
