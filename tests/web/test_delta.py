"""The event stream's deltas (deaddrop/web/delta.py and static/delta.js): applied to the state a
page holds they give the new state exactly, in Python and in the page's JavaScript (run by node),
and they are small when little changed."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deaddrop.web.delta import diff, patch

DELTA_JS = Path(__file__).resolve().parents[2] / "deaddrop" / "web" / "static" / "delta.js"

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.floats(-2, 2, allow_nan=False).filter(lambda x: x != int(x)),
    st.sampled_from(["", "a", "b", "__proto__", "constructor", "é"]),
)
keys = st.sampled_from(["a", "b", "c", "log", "view", "__proto__", "constructor", "0"])
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(keys, inner, max_size=5)),
    max_leaves=25,
)


def same(a: object, b: object) -> bool:
    """Equal as JSON texts are: types included (1, 1.0 and true differ), key order aside."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@given(values, values)
def test_a_patch_gives_the_new_state_exactly(old, new):
    before = json.dumps(old, sort_keys=True)
    ops = diff(old, new)
    assert same(patch(old, ops), new)
    assert json.dumps(old, sort_keys=True) == before  # the state held is not changed
    assert json.loads(json.dumps(ops)) == ops  # plain JSON
    if same(old, new):
        assert ops == []


@settings(deadline=None)  # a 300-line log diffed and patched: over 200 ms on a busy machine
@given(st.lists(values, min_size=1, max_size=4), st.integers(0, 3))
def test_a_change_in_a_long_list_sends_that_change(items, at):
    """A log of 300 lines and one more (or one line's status changed): a few operations, not
    the log again."""
    log = [{"n": n, "text": f"line {n}", "state": "applied"} for n in range(1, 301)]
    old = {"version": 1, "log": log, "view": {"items": items}}
    new = json.loads(json.dumps(old))
    new["version"] = 2
    new["log"].append({"n": 301, "text": "line 301", "state": "applied"})
    new["log"][at]["state"] = "voided"
    ops = diff(old, new)
    assert same(patch(old, ops), new)
    assert len(json.dumps(ops)) < 200 < len(json.dumps(new))


@pytest.mark.parametrize(
    "ops",
    [
        [["set", ["nowhere", "x"], 1]],
        [["del", ["missing"]]],
        [["len", ["a"], 1]],
        [["set", ["b", 5], 1]],
        [["len", ["b"], 9]],
        [["nonsense", ["a"]]],
        [["del", []]],
    ],
)
def test_an_operation_that_does_not_fit_is_a_value_error(ops):
    with pytest.raises(ValueError):
        patch({"a": 1, "b": [1, 2]}, ops)


NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(values, values), min_size=1, max_size=40))
def test_the_page_applies_a_delta_as_python_does(tmp_path_factory, pairs):
    """static/delta.js, run by node, on the same cases: the same new states."""
    folder = tmp_path_factory.mktemp("delta")
    (folder / "delta.mjs").write_text(DELTA_JS.read_text(encoding="utf-8"), encoding="utf-8")
    cases = [[old, diff(old, new)] for old, new in pairs]
    (folder / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    script = (
        "import { patch } from './delta.mjs';\n"
        "import { readFileSync } from 'node:fs';\n"
        "const cases = JSON.parse(readFileSync('./cases.json', 'utf8'));\n"
        "process.stdout.write(JSON.stringify(cases.map(([old, ops]) => {\n"
        "  const before = JSON.stringify(old);\n"
        "  const out = patch(old, ops);\n"
        "  if (JSON.stringify(old) !== before) throw new Error('the state held changed');\n"
        "  return out;\n"
        "})));\n"
    )
    (folder / "run.mjs").write_text(script, encoding="utf-8")
    done = subprocess.run(
        [str(NODE), "run.mjs"], cwd=folder, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    for (_, new), out in zip(pairs, got, strict=True):
        assert same(out, new)


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_page_refuses_an_operation_that_does_not_fit(tmp_path):
    (tmp_path / "delta.mjs").write_text(DELTA_JS.read_text(encoding="utf-8"), encoding="utf-8")
    script = (
        "import { patch } from './delta.mjs';\n"
        "const bad = [[['set', ['nowhere', 'x'], 1]], [['del', ['missing']]], [['len', ['a'], 1]],"
        " [['set', ['b', 5], 1]], [['len', ['b'], 9]], [['nonsense', ['a']]], [['del', []]]];\n"
        "let thrown = 0;\n"
        "for (const ops of bad) { try { patch({ a: 1, b: [1, 2] }, ops); } catch { thrown++; } }\n"
        "const odd = patch({}, [['set', ['__proto__'], { polluted: 1 }]]);\n"
        "process.stdout.write(JSON.stringify([thrown, Object.keys(odd), ({}).polluted ?? null]));\n"
    )
    (tmp_path / "run.mjs").write_text(script, encoding="utf-8")
    done = subprocess.run(
        [str(NODE), "run.mjs"], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [7, ["__proto__"], None]
