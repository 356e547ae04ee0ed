"""Decisions per game: how many questions a player answers, measured as issue "a turn on a phone"
states it: greedy bots in every seat, 3 players, seeds 101-103, counting the prompts seat 0 answers.

A *decision* is a prompt that offers two or more answers (:attr:`rules.core.Prompt.answers`:
navigation such as Back, Undo or Start over does not count); a *forced* prompt offers one answer
only, which the contract asks the engine to play itself. Both are averaged per game and printed
beside the figures measured before the turns were folded.

Seat 0's moves are counted as a person taps them: a bot may answer a prompt with a complete move
that its options offer only in steps (Praetor's tile type, tile and worker), so each move is walked
through the options that lead to it (:meth:`rules.core.Engine.toward`), every prompt on the way
counted. A prompt's parts answered together (a panel of menus and one button: Praetor's build) are
one decision, as any prompt is: the combination that makes the move is one answer. The "offered"
column says how many of seat 0's answers were options of their prompt: at 100% every move was
walked, and the figure is one a person can reproduce.
"""

from __future__ import annotations

import statistics
from typing import Any

from bench.common import report, table
from rules import registry
from rules.core import Prompt, Rng
from rules.core.engine import Engine

SEEDS = (101, 102, 103)
PLAYERS = 3

BASELINE: dict[str, tuple[float, float]] = {
    "rftg": (138, 4.3),
    "ancient_world": (55, 6.0),
    # Praetor: walked as a person taps it, on the commit before its turn was folded (829d1b4), with
    # Back and "more cells" counted as navigation as they are now: seeds 101-103 gave 50, 48, 46
    # decisions and 12, 15, 15 forced prompts. Counting the greedy bot's complete move as one answer
    # and Back as an answer, as first measured, gave 30 and 0.
    "praetor": (48, 14.0),
    "patchistory": (313, 78),
}
"""Seat 0's decisions and forced prompts per game before the folding, by this measurement (the mean
of the three seeds)."""


class Count:
    """Seat 0's prompts in one game, walked as a person taps them."""

    def __init__(self) -> None:
        self.decisions = 0
        self.forced = 0
        self.answers = 0
        self.offered = 0
        """Answers that were options of their prompt (all of them when every walk is complete)."""

    def prompt(self, prompt: Prompt) -> None:
        if prompt.answers >= 2:
            self.decisions += 1
        else:
            self.forced += 1


def walk(engine: Engine[Any, Any], state: Any, seat: int, action: Any, count: Count) -> Any:
    """Play ``action`` as a person would: one offered option per prompt on the way to it
    (:meth:`Engine.toward`), each prompt counted; a move no option leads to is played as it is and
    counted as one answer that was not offered."""
    target = action
    while True:
        prompt = engine.prompts(state)[seat]
        count.prompt(prompt)
        count.answers += 1
        step = engine.toward(state, seat, prompt, target)
        if step is None:
            state, _ = engine.apply(state, seat, target)
            return state
        answer, rest = step
        count.offered += 1
        state, _ = engine.apply(state, seat, answer)
        if rest is None or seat not in engine.prompts(state):
            return state
        target = rest


def count_game(engine: Engine[Any, Any], seed: int, players: int = PLAYERS) -> Count:
    """One game with greedy bots in every seat, seat 0's moves walked through the options (the
    other seats play theirs as they are; the walk leaves the game as the move itself would)."""
    bots = engine.bots()
    greedy = bots.get("greedy", bots["random"])
    state = engine.new_game(players, {}, seed)
    rng = Rng.from_seed(seed)
    count = Count()
    prompts = engine.prompts(state)
    while prompts:
        seat = rng.choice(sorted(prompts))
        action = greedy.choose(engine, state, seat, prompts[seat], rng.fork())
        if seat == 0:
            state = walk(engine, state, seat, action, count)
        else:
            state, _ = engine.apply(state, seat, action)
        prompts = engine.prompts(state)
    return count


def run(seeds: tuple[int, ...] = SEEDS) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    rows = []
    for gid in registry.available():
        engine = registry.get(gid)
        counted = [count_game(engine, seed) for seed in seeds]
        decisions = statistics.mean(c.decisions for c in counted)
        forced = statistics.mean(c.forced for c in counted)
        offered = sum(c.offered for c in counted) / max(1, sum(c.answers for c in counted))
        before, forced_before = BASELINE.get(gid, (0.0, 0.0))
        change = f"{(decisions - before) / before:+.0%}" if before else "—"
        figures[gid] = {
            "decisions_per_game": decisions,
            "forced_prompts_per_game": forced,
            "offered_answers": offered,
            "baseline_decisions": before,
            "baseline_forced": forced_before,
        }
        target = f"{0.6 * before:.0f}" if before else "—"
        rows.append([gid, f"{decisions:.1f}", f"{before:g}", target, change, f"{forced:.1f}",
                     f"{forced_before:g}", f"{offered:.1%}"])
    print(table(
        f"decisions (greedy bots, {PLAYERS} players, seeds {seeds[0]}-{seeds[-1]}, seat 0, per game, "
        "walked through the options as a person taps them; target: 40% fewer than before, no forced "
        "prompt; offered: seat 0's answers that were options of their prompt)",
        ["game", "decisions", "before", "target", "change", "forced", "forced before", "offered"], rows,
    ))
    print(f"-> {report('decisions', figures)}")
    return figures
