"""Play many complete games with bots and check the engine contract at every step.

    python -m rules.selfplay --game rftg --games 300 --seed 1 --players 4 --bots greedy,random
    python -m rules.selfplay --game rftg --games 300 --players 5 --jobs 2
    python -m rules.selfplay --game patchistory --games 20 --option capital_side=liberty

Prints one summary line per player count and exits non-zero on the first violation, naming the seed
and step that reproduce it (see :mod:`rules.core.conformance`). With ``--jobs N`` the games of a
player count are shared out over N processes in batches of consecutive seeds; every game is the
same game it would be in one process, and progress is reported on stderr as batches finish.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from rules import registry
from rules.core.conformance import ConformanceError, Summary, check_games
from rules.core.engine import Engine
from rules.core.errors import RuleError


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
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes to share the games between (default 1)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a table option for every game (repeatable; default: the game's defaults)")
    parser.add_argument("--engine", help=argparse.SUPPRESS)  # module:ATTR, for the test suite's fixture games
    return parser


def _engine(game: str, spec: str | None) -> Engine[Any, Any]:
    if spec:
        module, _, attr = spec.partition(":")
        engine: Engine[Any, Any] = getattr(importlib.import_module(module), attr or "ENGINE")
        registry.register(engine)
    return registry.get(game)


@dataclass(frozen=True)
class _Batch:
    """Consecutive seeds of one player count, checked in one worker process."""

    game: str
    engine: str | None
    players: int
    seed: int
    games: int
    bots: str
    every_option: bool
    options: tuple[tuple[str, str], ...]

    def run(self) -> Summary:
        return check_games(_engine(self.game, self.engine), players=self.players, games=self.games,
                           seed=self.seed, bots=self.bots, every_option=self.every_option,
                           options=dict(self.options))


def _batches(args: argparse.Namespace, players: int) -> list[_Batch]:
    """About four batches per process, so a slow batch does not leave a core idle for long."""
    size = max(1, -(-args.games // (args.jobs * 4)))
    return [
        _Batch(args.game, args.engine, players, args.seed + start, min(size, args.games - start),
               args.bots, not args.fast, tuple(args.options.items()))
        for start in range(0, args.games, size)
    ]


def _check_parallel(args: argparse.Namespace, players: int) -> Summary:
    started = time.perf_counter()
    total = Summary()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        running = {pool.submit(_Batch.run, batch) for batch in _batches(args, players)}
        while running:
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                failure = future.exception()
                if failure is not None:
                    pool.shutdown(wait=False, cancel_futures=True)
                    raise failure
                total.add(future.result())
            print(f"  {total.games}/{args.games} games of {players} players", file=sys.stderr, flush=True)
    total.seconds = time.perf_counter() - started
    return total


def _options(engine: Engine[Any, Any], pairs: list[str]) -> dict[str, str]:
    """``["name=value", ...]`` as a mapping, checked against the game's options model.

    :raises ValueError: for a pair without ``=``; :raises RuleError: for an unknown name or bad value.
    """
    options: dict[str, str] = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals or not name.strip():
            raise ValueError(f"--option wants NAME=VALUE, not {pair!r}")
        options[name.strip()] = value.strip()
    engine.parse_options(options)
    return options


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.jobs < 1:
        print("selfplay: --jobs must be at least 1", file=sys.stderr)
        return 2
    try:
        engine = _engine(args.game, args.engine)
    except registry.UnknownGame as exc:
        print(f"selfplay: {exc}", file=sys.stderr)
        return 2
    try:
        args.options = _options(engine, args.option)
    except (ValueError, RuleError) as exc:
        print(f"selfplay: {exc}", file=sys.stderr)
        return 2
    info = engine.info
    counts = [args.players] if args.players else list(range(info.min_players, info.max_players + 1))
    for players in counts:
        try:
            if args.jobs > 1:
                summary = _check_parallel(args, players)
            else:
                summary = check_games(engine, players=players, games=args.games, seed=args.seed,
                                      bots=args.bots, every_option=not args.fast, options=args.options)
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
