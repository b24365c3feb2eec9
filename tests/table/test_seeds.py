"""A seed entered with an action is the one the tracker draws from (issue 23, item 10): the same
seed, the same draw; a seed that is no whole number 0..2**63-1 is one line, exit 2. Values span
the whole 64 bits, the smallest included."""

from __future__ import annotations

import yaml

from assistant.history import value_problem


def test_a_given_seed_is_drawn_from_and_kept(cli):
    assert cli("table", "new", "spies", "--name", "a").exit_code == 0
    assert cli("table", "new", "spies", "--name", "b").exit_code == 0
    for name in ("a", "b"):
        done = cli("table", "do", "--table", name, "hand", "power=Germany", "seed=42")
        assert done.exit_code == 0, done.stderr
    hands = []
    for name in ("a", "b"):
        action = yaml.safe_load(cli("table", "export", name).stdout)["events"][0]["action"]
        assert action["seed"] == 42
        hands.append(action["random"])
    assert hands[0] == hands[1] and len(hands[0]) == 3


def test_a_seed_that_is_not_a_whole_number_is_refused(cli):
    assert cli("table", "new", "spies", "--name", "a").exit_code == 0
    for given, shown in (("-1", "-1"), ("1.5", "1.5"), ("'7'", "'7'"), ("true", "True")):
        result = cli("table", "do", "hand", "power=Germany", f"seed={given}")
        assert result.exit_code == 2
        assert result.stderr == (
            f"deaddrop: seed: expected a whole number 0 to 9223372036854775807 (got {shown})\n"
        )
    assert "events: []" in cli("table", "export").stdout


def test_every_64_bit_number_is_a_value():
    assert value_problem(-(2**63)) is None and value_problem(2**63 - 1) is None
    assert value_problem(2**63) is not None and value_problem(-(2**63) - 1) is not None
