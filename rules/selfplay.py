"""Play many complete games with bots and check the engine contract at every step.

    python -m rules.selfplay --game rftg --games 300 --seed 1 --players 4 --bots greedy,random

Prints one summary line per player count and exits non-zero on the first violation, naming the seed
and step that reproduce it (see :mod:`rules.core.conformance`).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Any

from rules import registry
from rules.core.conformance import ConformanceError, check_games
from rules.core.engine import Engine


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m rules.selfplay",
        description="Play complete games with bot seats and check the engine contract at every step.",
    )
    parser.add_argument("--game", required=True,
                        help="game id: rftg, ancient_world, praetor or patchistory")
    parser.add_argument("--games", type=int, default=20, help="games per player count (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--players", type=int, help="player count (default: every count the game allows)")
    parser.add_argument("--bots", default="random",
                        help="bot names cycled over the seats, e.g. 'greedy,random' (default random)")
    parser.add_argument("--fast", action="store_true",
                        help="skip applying every option of every prompt (faster, less thorough)")
    parser.add_argument("--engine", help=argparse.SUPPRESS)  # module:ATTR, for the test suite's fixture games
    return parser


def _engine(args: argparse.Namespace) -> Engine[Any, Any]:
    if args.engine:
        module, _, attr = args.engine.partition(":")
        engine: Engine[Any, Any] = getattr(importlib.import_module(module), attr or "ENGINE")
        registry.register(engine)
    return registry.get(args.game)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        engine = _engine(args)
    except registry.UnknownGame as exc:
        print(f"selfplay: {exc}", file=sys.stderr)
        return 2
    info = engine.info
    counts = [args.players] if args.players else list(range(info.min_players, info.max_players + 1))
    for players in counts:
        try:
            summary = check_games(engine, players=players, games=args.games, seed=args.seed,
                                  bots=args.bots, every_option=not args.fast)
        except ConformanceError as exc:
            print(f"selfplay: FAILED: {exc}", file=sys.stderr)
            return 1
        except ValueError as exc:
            print(f"selfplay: {exc}", file=sys.stderr)
            return 2
        print(f"{summary.line(info.id)} [{players} players]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
