"""Spies! bots: whole games of bots in process (issue 41's figures).

    python bench/bench_spies_bots.py mixed [--games 200] [--from 1]
    python bench/bench_spies_bots.py duel best [--games 100]     # one best against four easy
    python bench/bench_spies_bots.py duel fair [--games 100]     # one fair against four easy
    python bench/bench_spies_bots.py duel best --against fair    # one best against four fair

`mixed`: five bots, each power's level drawn from the game's seed (easy, fair, best), played from
the set up to the end with the invariants (assistant/games/spies/bots/invariants.py) checked after
every action: prints the bot actions refused, the invariants broken, the time of a game (mean,
worst), the longest bot action run, and that a replay of the recorded actions gives the same end.
`duel LEVEL`: that level plays one power (Germany, Italy, Russia, France, Britain in turn as the
seed goes), easy bots the four others: prints how often it wins (a fifth would be chance).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

LEVELS = ("easy", "fair", "best")


def mixed(games: int, first: int) -> int:
    from assistant.games.spies.bots.simulate import play
    from assistant.games.spies.rules import GAME
    from assistant.history import Entry, final

    powers = GAME.data.powers
    refused = broken = unequal = unfinished = 0
    times, turns = [], []
    winners: dict[str, int] = {}
    for seed in range(first, first + games):
        source = random.Random(f"levels:{seed}")
        levels = {power: source.choice(LEVELS) for power in powers}
        started = time.perf_counter()
        played = play({"bots": "all", "bot_level": levels, "seed": seed}, checked=True)
        took = time.perf_counter() - started
        times.append(took)
        turns += played.turns
        refused += len(played.refused)
        broken += len(played.broken)
        for action, why in played.refused[:3]:
            print(f"  seed {seed}: refused {action}: {why}")
        for line in played.broken[:3]:
            print(f"  seed {seed}: {line}")
        if played.state["phase"] != "over":
            unfinished += 1
            print(f"  seed {seed}: not over ({played.state['phase']} {played.state['year']})")
        start = GAME.setup({"players": 5, "bots": "all", "bot_level": levels, "seed": seed})
        entries = [Entry(d.action, None, None, None, None) for d in played.driver.done]
        if final(GAME, start, entries) != played.state:
            unequal += 1
        winner = played.state["winner"]
        level = levels[winner] if winner else "tie"
        winners[level] = winners.get(level, 0) + 1
    print(
        f"{games} games (seeds {first}-{first + games - 1}), five bots at mixed levels: "
        f"{refused} bot actions refused, {broken} invariant breaks, {unfinished} not finished, "
        f"{unequal} replays that differ"
    )
    print(
        f"a game: mean {statistics.mean(times):.2f} s, worst {max(times):.2f} s; "
        f"wins by level: {winners}"
    )
    turns.sort()
    print(
        f"a bot turn ({len(turns)}, invariants checked after each action): median "
        f"{statistics.median(turns) * 1000:.0f} ms, 99th percentile "
        f"{turns[int(len(turns) * 0.99)] * 1000:.0f} ms, worst {turns[-1] * 1000:.0f} ms"
    )
    bad = refused or broken or unfinished or unequal or max(times) > 30 or turns[-1] > 1
    return 1 if bad else 0


def duel(level: str, games: int, first: int, against: str = "easy") -> int:
    from assistant.games.spies.bots.simulate import play
    from assistant.games.spies.rules import GAME

    powers = GAME.data.powers
    wins = 0
    by_power: dict[str, list[int]] = {p: [0, 0] for p in powers}
    margin = []
    for seed in range(first, first + games):
        hero = powers[seed % len(powers)]
        levels = {p: (level if p == hero else against) for p in powers}
        played = play({"bots": "all", "bot_level": levels, "seed": seed})
        won = played.state["winner"] == hero
        wins += won
        by_power[hero][0] += won
        by_power[hero][1] += 1
        points = dict(GAME.view(played.state)["points"])
        others = max(v for p, v in points.items() if p != hero)
        margin.append(points[hero] - others)
    rate = wins / games
    table = ", ".join(f"{p} {w}/{n}" for p, (w, n) in by_power.items())
    print(
        f"one {level} bot against four {against} ones, {games} games (seeds {first}-"
        f"{first + games - 1}): wins {wins} ({rate:.0%}; chance 20%); by power: {table}; "
        f"points ahead of the best other: median {statistics.median(margin):+.0f}"
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("mixed", "duel"))
    parser.add_argument("level", nargs="?", default="best", choices=LEVELS)
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--from", dest="first", type=int, default=1)
    parser.add_argument("--against", default="easy", choices=LEVELS, help="the four others")
    args = parser.parse_args()
    if args.what == "mixed":
        return mixed(args.games or 200, args.first)
    return duel(args.level, args.games or 100, args.first, args.against)


if __name__ == "__main__":
    raise SystemExit(main())
