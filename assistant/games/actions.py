"""How a game is written: its actions declared as data, one refusal type, one shape check (pure).

A game lists its actions in an `Actions` table. Each `Action` has a name, a one-line help, its
parameters (`Param`: name, `Kind` of value, required or not, help), when it is allowed (`When`: in
words, the phases, and a check) and its handler. `Actions.apply` is the whole of a game's `apply`:

1. the shape check: a mapping, a known type, no key the action does not take, the required
   parameters given, each parameter's kind checked (rule "action" unless the kind names another);
2. the game's `before` check (e.g. "the game is over"), then the action's `When` check;
3. the handler, on deep copies of the state and the action: it changes the state's copy in
   place (so the new state shares nothing with what was given); then `after`.

Anything may raise `Refuse(rule, why)`, and `Actions.apply` turns it into the engine's `Refusal`:
the state given is never changed. A rule that `--force` may waive (a house rule) is
`turn.rule(condition, rule, why)`: it refuses unless the action is forced, and records the
override in `turn.overridden` when it is. `deaddrop table actions GAME` prints the declaration.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeGuard, TypeVar

from assistant.engine import Json, Refusal


def whole(value: object) -> TypeGuard[int]:
    """A whole number (an int, not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


class Refuse(Exception):
    """The rules forbid the action: raised from anywhere while it is checked or carried out, and
    turned into the engine's `Refusal` by `Actions.apply` (the one place that catches it)."""

    def __init__(self, rule: str, why: str) -> None:
        super().__init__(f"{rule}: {why}")
        self.refusal = Refusal(rule, why)


@dataclass
class Turn:
    """What one `apply` carries besides the state: whether the action is forced (a house rule),
    and the rules the force overrode. A game may extend it (Spies & Lies adds data and notes)."""

    force: bool = False
    overridden: list[Refusal] = field(default_factory=list)

    def rule(self, ok: bool, rule: str, why: str) -> None:
        """The rules forbid this unless forced: refuse with (rule, why) when `ok` is false, unless
        the action is forced; then the override is recorded and the action goes on."""
        if ok:
            return
        if not self.force:
            raise Refuse(rule, why)
        self.overridden.append(Refusal(rule, why))


T = TypeVar("T", bound=Turn)
# (value, state, action type) -> why the value is not of the kind, or None
Problem = Callable[[Any, Json, str], str | None]
# (state, action, turn) -> None, raising Refuse: a check (which changes nothing), or a handler
# (which changes `state`, a copy, in place)
Check = Callable[[Json, Json, T], None]


@dataclass(frozen=True)
class Kind:
    """What a parameter takes. `name` is how the vocabulary shows it; when the shape check tests
    it, `problem(value, state, action_type)` says why a value is not one (None: it is), refused
    under `rule`. A kind without `problem` is tested by the handler, where the rules put it."""

    name: str
    problem: Problem | None = None
    rule: str = "action"


@dataclass(frozen=True)
class Param:
    """One parameter of an action."""

    name: str
    kind: Kind
    required: bool = True
    help: str = ""


@dataclass(frozen=True)
class When(Generic[T]):
    """When an action is allowed: in words, the phases (empty: any; what the check tests), and
    the check (raises Refuse), run after the shape check and the game's `before` check."""

    text: str
    phases: tuple[str, ...] = ()
    check: Check[T] | None = None


@dataclass(frozen=True)
class Action(Generic[T]):
    """One action a game takes: `{type: name, param: value, ...}`."""

    name: str
    help: str
    handler: Check[T]
    params: tuple[Param, ...] = ()
    when: When[T] = When("any time")

    def takes(self) -> list[str]:
        return sorted(p.name for p in self.params)


_ATOMS = (str, int, float, bool, type(None))


def copied(value: Any) -> Any:
    """A deep copy of a state or an action, which share nothing with `value` (what
    `copy.deepcopy` gives for JSON values, three times faster: a table replays every action of
    its history each time it is read). Dicts and lists are copied here, anything else by
    `copy.deepcopy`."""
    kind = type(value)
    if kind is dict:
        return {key: copied(item) for key, item in value.items()}
    if kind is list:
        return [copied(item) for item in value]
    if kind in _ATOMS:
        return value
    return copy.deepcopy(value)


class Actions(Generic[T]):
    """A game's declared actions, and the `apply` they make.

    `missing` says how a missing required parameter is refused: "named" (`probe needs cells=...`,
    before any kind is checked), or "checked" (its kind's check, or the handler, sees None)."""

    def __init__(
        self,
        *actions: Action[T],
        before: Check[T] | None = None,
        after: Callable[[Json, T], None] | None = None,
        missing: Literal["named", "checked"] = "named",
    ) -> None:
        self.actions = actions
        self.named = {action.name: action for action in actions}
        self.before = before
        self.after = after
        self.missing = missing

    def apply(self, state: Json, action: Json, turn: T) -> Json | Refusal:
        """The new state (a new object), or the Refusal a check or the handler raised."""
        try:
            declared = self.shape(state, action)
            if self.before is not None:
                self.before(state, action, turn)
            if declared.when.check is not None:
                declared.when.check(state, action, turn)
            out = copied(state)
            declared.handler(out, copied(action), turn)
            if self.after is not None:
                self.after(out, turn)
            return out
        except Refuse as refused:
            return refused.refusal

    def shape(self, state: Json, action: object) -> Action[T]:
        """The declared action `action` is, or Refuse: not a mapping, an unknown type, a key it
        does not take, a required parameter missing, a value not of its parameter's kind."""
        if not isinstance(action, dict):
            raise Refuse("action", f"expected a mapping with a type (got {action!r})")
        kind = action.get("type")
        declared = self.named.get(kind) if isinstance(kind, str) else None
        if declared is None:
            raise Refuse("action", f"unknown action {kind!r} (known: {', '.join(self.named)})")
        takes = declared.takes()
        extra = sorted(set(action) - set(takes) - {"type"}, key=str)
        if extra:
            raise Refuse("action", f"{kind} takes no '{extra[0]}' (it takes {', '.join(takes)})")
        if self.missing == "named":
            absent = sorted(p.name for p in declared.params if p.required and p.name not in action)
            if absent:
                raise Refuse("action", f"{kind} needs {absent[0]}=...")
        for param in declared.params:
            problem = param.kind.problem
            if problem is not None and (param.required or param.name in action):
                why = problem(action.get(param.name), state, declared.name)
                if why is not None:
                    raise Refuse(param.kind.rule, why)
        return declared

    def as_json(self) -> list[Json]:
        """The vocabulary (`deaddrop table actions GAME --json`, "actions")."""
        return [
            {
                "name": action.name,
                "help": action.help,
                "when": {"text": action.when.text, "phases": list(action.when.phases)},
                "params": [
                    {
                        "name": p.name,
                        "type": p.kind.name,
                        "required": p.required,
                        "help": p.help,
                    }
                    for p in action.params
                ],
            }
            for action in self.actions
        ]


def vocabulary_text(vocabulary: Json) -> str:
    """A game's vocabulary (the `table actions GAME --json` shape) as text: each action and its
    help, when it is allowed, then a line a parameter: name, type, required or optional, help."""
    lines = [f"{vocabulary['game']}: {vocabulary['title']}"]
    for action in vocabulary["actions"]:
        lines += ["", f"{action['name']}: {action['help']}", f"  when: {action['when']['text']}"]
        params = action["params"]
        name = max((len(p["name"]) for p in params), default=0)
        kind = max((len(p["type"]) for p in params), default=0)
        for p in params:
            need = "required" if p["required"] else "optional"
            line = f"  {p['name']:<{name}}  {p['type']:<{kind}}  {need}  {p['help']}"
            lines.append(line.rstrip())
    return "\n".join(lines)


def _player_problem(value: Any, state: Json, action: str) -> str | None:
    if value in state["players"]:
        return None
    return f"no player '{value}' at this table (players: {', '.join(state['players'])})"


PLAYER = Kind("player", _player_problem, rule="player")  # one of the state's "players"
TEXT = Kind("text")
