"""The game protocol every tracker implements (docs/table.md, "Writing a game").

Rules are pure: no I/O, no clock, no randomness. Dice and shuffles are actions that carry their
result. State and actions are plain JSON-serialisable data (dicts, lists, str, int, float, bool,
None). An action is a dict with a "type" key, e.g. {"type": "guess", "player": "red", ...}.

Optional: a game may also offer `complete(state, action, seed) -> action`, which fills in the
random result an action entered without it needs (dice, a shuffle), drawn from `seed` and recorded
in the returned action. `deaddrop table do` calls it with a fresh seed before `apply`.

Optional too: `public_action(action) -> action`, the action with its secrets replaced (a Spy!
seal's network): the table prints this form wherever it shows an action as typed (undo, void,
the log's undone and voided lines). Stored actions and `export` keep the whole action.

Optional, for the players' phones (`deaddrop serve`, docs/serve.md): `seats(state) -> [str]`,
the seats at the table (a player, a side, a spy); `seat_view(state, seat) -> view`, what that
seat may see: the public `view(state)` plus the seat's own secrets under "secret" (the Spy!
network it sealed, its Spies & Lies deployment, its Spy vs Spy arsenal), never another seat's;
seat None is the spectator and sees exactly `view(state)`. `seat_params` ({action: parameter})
names the parameter that is the acting seat, which the server fills in; `seat_values(state,
seat) -> [str]` the values that parameter may take for the seat (several powers for one
Spies! player); `seat_action(action, seat) -> action` the action as that seat may read it in
the log (`public_action`, but the seat's own secrets left in). Each game keeps these in
`assistant/games/<game>/seats.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from assistant.games.actions import Actions

Json = dict[str, Any]


@dataclass(frozen=True)
class Refusal:
    """The rules forbid an action: which rule, and why. Applying it changes nothing."""

    rule: str
    why: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.why}"


@dataclass(frozen=True)
class Option:
    """A game option for `deaddrop table new GAME --option value`."""

    default: Any
    help: str


class Game(Protocol):
    """What a game module exposes as `GAME`."""

    name: str  # as typed on the command line, e.g. "spies-and-lies"
    title: str
    options: dict[str, Option]
    actions: Actions[Any]  # the declared vocabulary (assistant/games/actions.py)

    def setup(self, options: Json) -> Json | Refusal:
        """The initial state for these options (unknown options are refused by the caller), or
        the Refusal of options that break a rule (tally: a start above the maximum)."""
        ...

    def apply(self, state: Json, action: Json, *, force: bool = False) -> Json | Refusal:
        """The new state (a new object; `state` is not mutated), or why the rules forbid it: for a
        game written on `assistant.games.actions`, `ACTIONS.apply(state, action, Turn(force))`.

        With force=True the game carries out the action as a house rule, skipping the rule that
        would refuse it; it still refuses what it cannot carry out at all (a malformed action)."""
        ...

    def view(self, state: Json) -> Json:
        """The public view of the state (no secrets), as printed by `show --json`."""
        ...

    def describe(self, action: Json, before: Json, after: Json) -> str:
        """One readable log line for an applied action, e.g. "red guesses Scout on blue mission 2:
        wrong; blue's Miner activates, +3"."""
        ...

    def render(self, state: Json) -> str:
        """The table as text for the terminal."""
        ...
