"""The shipped JSON Schema: shipped templates validate, bad definitions do not, and it lists
exactly the fields the loader knows. A tiny validator of the keywords the schema uses."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest
import yaml

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
from pnp.model import KINDS

SCHEMA = json.loads(resources.files("pnp").joinpath("definition.schema.json").read_text("utf-8"))
TYPES = {
    "object": dict,
    "array": list,
    "string": str,
    "boolean": bool,
    "null": type(None),
}


def _type_ok(value, name: str) -> bool:
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, TYPES[name])


def errors(value, schema: dict, path: str = "$") -> list[str]:
    """Problems of `value` against `schema` (draft 2020-12 subset used by our schema)."""
    if "$ref" in schema:
        target = SCHEMA
        for part in schema["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        return errors(value, target, path)
    out: list[str] = []
    if "type" in schema:
        names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_type_ok(value, n) for n in names):
            return [f"{path}: not {names}"]
    if "enum" in schema and value not in schema["enum"]:
        out.append(f"{path}: not in {schema['enum']}")
    if "const" in schema and value != schema["const"]:
        out.append(f"{path}: not {schema['const']!r}")
    if "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
        out.append(f"{path}: does not match {schema['pattern']}")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            out.append(f"{path}: below {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            out.append(f"{path}: above {schema['maximum']}")
        if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
            out.append(f"{path}: not above {schema['exclusiveMinimum']}")
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                out.append(f"{path}: missing {key}")
        for key, item in value.items():
            if key in props:
                out += errors(item, props[key], f"{path}.{key}")
            elif schema.get("additionalProperties") is False:
                out.append(f"{path}.{key}: not allowed")
            elif isinstance(schema.get("additionalProperties"), dict):
                out += errors(item, schema["additionalProperties"], f"{path}.{key}")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            out.append(f"{path}: too few items")
        if len(value) > schema.get("maxItems", len(value)):
            out.append(f"{path}: too many items")
        prefix = schema.get("prefixItems", [])
        for i, item in enumerate(value):
            sub = prefix[i] if i < len(prefix) else schema.get("items")
            if sub is not None:
                out += errors(item, sub, f"{path}[{i}]")
    if "anyOf" in schema and all(errors(value, s, path) for s in schema["anyOf"]):
        out.append(f"{path}: matches none of anyOf")
    if "oneOf" in schema:
        matches = sum(not errors(value, s, path) for s in schema["oneOf"])
        if matches != 1:
            out.append(f"{path}: matches {matches} of oneOf")
    return out


def _yaml_files() -> list[Path]:
    return sorted((REPO_ROOT / "templates").glob("*/*.yaml"))


@pytest.mark.parametrize("path", _yaml_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_template_validates(path):
    assert errors(yaml.safe_load(path.read_text("utf-8")) or {}, SCHEMA) == []


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
}


@pytest.mark.parametrize("document", BAD.values(), ids=BAD.keys())
def test_bad_definitions_do_not_validate(document):
    assert errors(document, SCHEMA) != []


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


def test_validator_catches_what_it_should():
    assert errors({"components": {}}, SCHEMA) == []
    assert errors({"title": 3}, SCHEMA) == []
    assert errors({"title": ["x"]}, SCHEMA) != []


@pytest.mark.parametrize("document", BAD.values(), ids=BAD.keys())
def test_the_loader_rejects_the_same_bad_definitions(make_game, document):
    from deaddrop.errors import InputError
    from pnp.definitions import load_game

    folder = make_game({"extra.yaml": yaml.safe_dump(document, allow_unicode=True)})
    with pytest.raises(InputError):
        load_game(folder)
