"""What changed between two states of one seat, as a list of operations a page applies
(`static/delta.js`, the same rules in JavaScript), so that a phone's event stream carries what
changed rather than the whole state again (docs/serve.md, "Live").

Pure: `diff(old, new)` gives the operations, `patch(old, ops)` applies them to a copy; for any
two JSON values, `patch(old, diff(old, new)) == new`, types included (`1`, `1.0` and `true`
differ). An operation is a JSON array:

- `["set", path, value]`: the value at `path` becomes `value` (an index one past a list's end
  appends; the empty path is the whole state);
- `["del", path]`: the key at the end of `path` leaves its object;
- `["len", path, n]`: the list at `path` is cut to its first `n` items.

A path is a list of object keys (strings) and list indices (integers). Where the operations of a
part outnumber half its items and would be longer than the part itself (most of it changed), the
part is set whole.

A seat's operations are computed from that seat's two states alone: they depend on nothing its
state does not (docs/serve.md, "Who may see what").
"""

from __future__ import annotations

import copy
import json
from typing import Any

Json = Any
Op = list[Any]


def diff(old: Json, new: Json) -> list[Op]:
    """The operations that turn `old` into `new`."""
    ops: list[Op] = []
    _diff(old, new, [], ops)
    return ops


def _size(value: Json) -> int:
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False))


_CONTAINERS = (dict, list)


def _diff(old: Json, new: Json, path: list[Any], ops: list[Op]) -> None:
    if type(old) is not type(new) or not isinstance(new, _CONTAINERS):
        if type(old) is not type(new) or old != new:
            ops.append(["set", path, new])
        return
    mine: list[Op] = []
    if isinstance(new, dict):
        for key, value in new.items():
            if key not in old:
                mine.append(["set", [*path, key], value])
                continue
            was = old[key]
            if type(was) is type(value) and not isinstance(value, _CONTAINERS):
                if was != value:  # a scalar of the same type (the common case, inline)
                    mine.append(["set", [*path, key], value])
            else:
                _diff(was, value, [*path, key], mine)
        mine.extend(["del", [*path, key]] for key in old if key not in new)
    else:
        if len(new) < len(old):
            mine.append(["len", path, len(new)])
        for index, value in enumerate(new):
            if index >= len(old):
                mine.append(["set", [*path, index], value])
                continue
            was = old[index]
            if type(was) is type(value) and not isinstance(value, _CONTAINERS):
                if was != value:
                    mine.append(["set", [*path, index], value])
            else:
                _diff(was, value, [*path, index], mine)
    if len(mine) > 1 and 2 * len(mine) > len(new) and _size(mine) >= _size(new):
        ops.append(["set", path, new])  # most of it changed: the part whole is shorter
    else:
        ops.extend(mine)


def patch(state: Json, ops: list[Op]) -> Json:
    """`state` with `ops` applied (a copy: `state` is left as it was); ValueError when an
    operation does not fit the state (a path that is not there)."""
    out = copy.deepcopy(state)
    for op in ops:
        out = _apply(out, op)
    return out


def _apply(state: Json, op: Op) -> Json:
    kind, path = op[0], op[1]
    if kind == "set" and not path:
        return copy.deepcopy(op[2])
    try:
        if kind == "len":
            target = state
            for step in path:
                target = target[step]
            if not isinstance(target, list) or not 0 <= op[2] <= len(target):
                raise TypeError(f"a list of at least {op[2]}")
            del target[op[2] :]
            return state
        if kind not in ("set", "del") or not path:
            raise TypeError(f"{kind} at {path}")
        parent = state
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        if kind == "del":
            if not isinstance(parent, dict):
                raise TypeError("del in a list")
            del parent[last]
        elif isinstance(parent, list) and last == len(parent):
            parent.append(copy.deepcopy(op[2]))
        elif isinstance(parent, list) and not 0 <= last < len(parent):
            raise IndexError(last)
        else:
            parent[last] = copy.deepcopy(op[2])
    except (KeyError, IndexError, TypeError) as error:
        raise ValueError(f"{kind} {path}: does not fit the state ({error})") from None
    return state
