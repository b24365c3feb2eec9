"""The shipped JSON Schema: it is a valid draft 2020-12 schema, shipped templates validate against
it, bad definitions do not, and it lists exactly the fields the loader knows. Validation is the
`jsonschema` library's, as editors do it."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from deaddrop.paths import REPO_ROOT
from pnp.definitions.format_keys import (
    BOX_KEYS,
    COMPONENT_KEYS,
    COMPONENT_REQUIRED,
    ELEMENT_KEYS,
    ELEMENT_REQUIRED,
    GAME_KEYS,
    STYLE_KEYS,
)
from pnp.definitions.map_spec import (
    CITY_KEYS,
    CITY_REQUIRED,
    LINE_KEYS,
    MAP_KEYS,
    MAP_REQUIRED,
    ZONE_KEYS,
    ZONE_REQUIRED,
)
from pnp.model import KINDS

SCHEMA = json.loads(resources.files("pnp").joinpath("definition.schema.json").read_text("utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA)


def errors(document: object) -> list[str]:
    """Every way `document` breaks the schema, one line each (none when it is valid)."""
    return [f"{error.json_path}: {error.message}" for error in VALIDATOR.iter_errors(document)]


def test_the_schema_is_a_valid_draft_2020_12_schema():
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(SCHEMA)


def _yaml_files() -> list[Path]:
    return sorted((REPO_ROOT / "templates").glob("*/*.yaml"))


@pytest.mark.parametrize("path", _yaml_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_template_validates(path):
    assert errors(yaml.safe_load(path.read_text("utf-8")) or {}) == []


BAD = {
    "unknown top-level field": {"colour": "red"},
    "unknown component kind": {
        "components": {"a": {"kind": "cardd", "size": ["1mm", "1mm"], "front": []}}
    },
    "missing size": {"components": {"a": {"kind": "card", "front": []}}},
    "bare number length": {
        "components": {"a": {"kind": "card", "size": [63, "88mm"], "front": []}}
    },
    "bad colour": {"styles": {"s": {"color": "red"}}},
    "text turned by 45 degrees": {
        "components": {
            "a": {
                "kind": "card",
                "size": ["63mm", "88mm"],
                "front": [{"text": "x", "box": "full", "rotate": 45}],
            }
        }
    },
    "unknown element": {
        "components": {"a": {"kind": "card", "size": ["1mm", "1mm"], "front": [{"txt": "x"}]}}
    },
    "two element kinds": {
        "components": {
            "a": {"kind": "card", "size": ["1mm", "1mm"], "front": [{"text": "x", "rect": "full"}]}
        }
    },
    "grid without cols": {
        "components": {
            "a": {"kind": "card", "size": ["1mm", "1mm"], "front": [{"grid": "full", "rows": 2}]}
        }
    },
    "image not png or svg": {
        "components": {
            "a": {
                "kind": "card",
                "size": ["1mm", "1mm"],
                "front": [{"image": "a.jpg", "box": "full"}],
            }
        }
    },
    "count zero": {
        "components": {"a": {"kind": "card", "size": ["1mm", "1mm"], "count": 0, "front": []}}
    },
    "count over 1000": {
        "components": {"a": {"kind": "card", "size": ["1mm", "1mm"], "count": 1001, "front": []}}
    },
    "box field typo": {"boxes": {"b": {"wdth": "3mm"}}},
    "percentage size": {"components": {"a": {"kind": "card", "size": ["50%", "1mm"], "front": []}}},
    "map without bounds": {"map": {"rail_km": 700, "cities": []}},
    "map city without a position": {
        "map": {
            "bounds": {"west": 0, "east": 1, "south": 0, "north": 1},
            "rail_km": 700,
            "cities": [{"city": "A", "country": "X", "owner": "n", "kind": "city"}],
        }
    },
    "map line of three cities": {
        "map": {
            "bounds": {"west": 0, "east": 1, "south": 0, "north": 1},
            "rail_km": 700,
            "cities": [],
            "rail": [["A", "B", "C"]],
        }
    },
}


@pytest.mark.parametrize("document", BAD.values(), ids=BAD.keys())
def test_bad_definitions_do_not_validate(document):
    assert errors(document) != []


def _props(ref: str) -> set[str]:
    return set(SCHEMA["$defs"][ref]["properties"])


def test_schema_and_loader_know_the_same_fields():
    defs = SCHEMA["$defs"]
    assert _props("file") == set(GAME_KEYS)
    assert _props("component") == set(COMPONENT_KEYS)
    assert tuple(defs["component"]["required"]) == COMPONENT_REQUIRED
    assert set(defs["component"]["properties"]["kind"]["enum"]) == set(KINDS)
    assert set(defs["box"]["oneOf"][1]["properties"]) == set(BOX_KEYS)
    assert set(defs["style"]["oneOf"][1]["properties"]) == set(STYLE_KEYS)
    schema_elements = {}
    for variant in defs["element"]["oneOf"]:
        kind = next(k for k in variant["required"] if k in ELEMENT_KEYS)
        schema_elements[kind] = (set(variant["properties"]), set(variant["required"]) - {kind})
    loader_elements = {
        kind: (set(keys), set(ELEMENT_REQUIRED.get(kind, ())))
        for kind, keys in ELEMENT_KEYS.items()
    }
    assert schema_elements == loader_elements
    game_map = defs["map"]
    assert set(game_map["properties"]) == MAP_KEYS
    assert tuple(game_map["required"]) == MAP_REQUIRED
    city = game_map["properties"]["cities"]["items"]
    assert (set(city["properties"]), tuple(city["required"])) == (CITY_KEYS, CITY_REQUIRED)
    zone = game_map["properties"]["sea_zones"]["items"]
    assert (set(zone["properties"]), tuple(zone["required"])) == (ZONE_KEYS, ZONE_REQUIRED)
    assert set(defs["map_line"]["oneOf"][1]["properties"]) == LINE_KEYS


def test_the_schema_accepts_and_refuses_what_the_format_says():
    assert errors({"components": {}}) == []
    assert errors({"title": 3}) == []  # a number is read as text, as the loader does
    assert errors({"title": ["x"]}) != []


@pytest.mark.parametrize("document", BAD.values(), ids=BAD.keys())
def test_the_loader_rejects_the_same_bad_definitions(make_game, document):
    from deaddrop.errors import InputError
    from pnp.definitions import load_game

    folder = make_game({"extra.yaml": yaml.safe_dump(document, allow_unicode=True)})
    with pytest.raises(InputError):
        load_game(folder)
