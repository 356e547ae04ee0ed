"""A square's, a placement's and a move's description says what the engine then does to the
overview board (issue #13 item 3): each answer sampled from played games is applied, and the stats
it changes are read back from the description's English words; a row of a menu says how many
answers it opens."""

from __future__ import annotations

import re

import pytest

from rules.core import Option, Prompt
from rules.core.messages import render
from rules.patchistory import ENGINE
from rules.patchistory.actions import Build, Move, Patch, Pick, PlaceWorker, Reclaim, ReturnWorker
from rules.patchistory.content import Stat
from rules.patchistory.empire import stats
from rules.patchistory.state import State
from tests.patchistory.test_option_lengths import played_games

PACKAGES = ("rules.patchistory", "rules.core")
NAMES = ("Ann", "Bo", "Cy", "Di")
WORDS = {
    "coin": Stat.COINS,
    "coins": Stat.COINS,
    "food": Stat.FOOD,
    "res.": Stat.RESOURCES,
    "cult.": Stat.CULTURE,
    "pol.": Stat.POLITICS,
    "transp.": Stat.TRANSPORT,
    "mil.": Stat.MILITARY,
    "def.": Stat.DEFENCE,
}
"""The short English words of a stat's change ("+2 cult.")."""
CHANGE = re.compile(r"([+−])(\d+) (\S+)")
SAYS_CHANGE = (Patch, Build, Reclaim, PlaceWorker, Move, ReturnWorker)
"""Answers whose description ends in the change they make to the overview board."""


def change_said(text: str) -> dict[Stat, int]:
    """The stat changes an English description ends with ("2 spaces away · +1 cult., −2 food")."""
    tail = re.split(r" · |: | adds ", text)[-1]
    if tail in ("no change", "nothing"):
        return {}
    found: dict[Stat, int] = {}
    for part in tail.split(", "):
        m = CHANGE.fullmatch(part)
        assert m is not None, f"{part!r} of {text!r} is not a stat change"
        found[WORDS[m[3]]] = int(m[2]) * (1 if m[1] == "+" else -1)
    return found


def board(state: State, seat: int) -> dict[Stat, int]:
    return stats(state.players[seat], seat, ENGINE.ctx.content, state.routes)


def change_made(state: State, seat: int, option: Option) -> dict[Stat, int]:
    after, _ = ENGINE.apply(state, seat, option.action)
    before, now = board(state, seat), board(after, seat)
    return {s: now[s] - before[s] for s in Stat if now[s] != before[s]}


def sampled(prompt: Prompt) -> list[Option]:
    """A few answers of each prompt, first and last among them, to keep the test quick."""
    answers = [o for o in prompt.options if not o.navigation]
    return answers[:: max(1, len(answers) // 3)] + answers[-1:]


@pytest.mark.parametrize(("players", "seed", "bots"), [(3, 301, ("greedy",)), (2, 302, ("random", "greedy"))])
def test_a_description_names_the_stats_the_answer_changes(
    players: int, seed: int, bots: tuple[str, ...]
) -> None:
    wrong: list[str] = []
    checked: dict[str, int] = {}
    for state, prompt in played_games(players, seed, bots):
        for option in sampled(prompt):
            if not isinstance(option.action, SAYS_CHANGE):
                continue
            assert option.description is not None
            text = render(option.description, "en", PACKAGES, NAMES)
            made = change_made(state, prompt.seat, option)
            if change_said(text) != made:
                wrong.append(f"{option.action!r}: {text!r}, made {made}")
            kind = type(option.action).__name__
            checked[kind] = checked.get(kind, 0) + 1
    assert wrong == []
    assert {"Patch", "Build", "PlaceWorker", "Move"} <= checked.keys(), checked


@pytest.mark.parametrize(("players", "seed"), [(4, 303)])
def test_a_row_says_how_many_squares_it_opens(players: int, seed: int) -> None:
    wrong: list[str] = []
    rows = 0
    for state, prompt in played_games(players, seed, ("random",)):
        for option in prompt.options:
            action = option.action
            if not isinstance(action, Pick) or option.label.key != "patchistory.menu.row":
                continue
            assert option.description is not None
            said = int(render(option.description, "en", PACKAGES, NAMES).split()[0])
            after, _ = ENGINE.apply(state, prompt.seat, action)
            opened = ENGINE.pending(after)[prompt.seat]
            row = option.label.params["row"]
            answers = sum(getattr(o.action, "row", None) == row for o in opened.options)
            if said != answers:
                wrong.append(f"{option.label.params}: says {said}, opens {answers}")
            rows += 1
    assert rows > 3
    assert wrong == []
