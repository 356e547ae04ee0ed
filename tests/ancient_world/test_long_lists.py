"""A decision with more choices than one prompt holds is shown a page at a time; the ways out
(Done, Back, Decline) stay on every page and every choice stays reachable."""

from __future__ import annotations

import pytest

from rules.ancient_world import ENGINE
from rules.ancient_world.actions import Done, More, Repair
from rules.ancient_world.state import State, Step, StepKind
from rules.core import MAX_OPTIONS, RuleError

from .helpers import CONTENT, give_empire, new_game, option_actions, play

CITY = 30
"""Damaged cards in the big city: more than one prompt can hold."""


def _rebuilding(damaged: int = CITY) -> State:
    state = new_game()
    cards = [c.id for c in CONTENT.empire][:damaged]
    give_empire(state, 0, *cards, damaged=True)
    state.steps.insert(0, Step(kind=StepKind.REBUILD_REPAIR, seat=0, count=2))
    return state


def _repairs(actions: list[object]) -> list[int]:
    return [a.index for a in actions if isinstance(a, Repair)]


def test_a_long_list_shows_a_page_and_more_and_keeps_done_last() -> None:
    actions = option_actions(_rebuilding(), 0)
    damaged = [i for i, b in enumerate(_rebuilding().players[0].empire) if b.damaged]
    assert len(actions) == MAX_OPTIONS
    assert _repairs(actions) == damaged[:MAX_OPTIONS - 2]
    assert actions[-2:] == [More(page=1), Done()]


def test_more_turns_to_the_rest_and_changes_nothing_else() -> None:
    state = _rebuilding()
    turned, events = play(state, 0, More(page=1))
    damaged = [i for i, b in enumerate(state.players[0].empire) if b.damaged]
    actions = option_actions(turned, 0)
    assert _repairs(actions) == damaged[MAX_OPTIONS - 2:]
    assert actions[-2:] == [More(page=0), Done()]
    assert events == []
    turned.steps[0].page = 0
    assert turned == state


def test_a_card_on_the_second_page_can_be_repaired() -> None:
    state, _ = play(_rebuilding(), 0, More(page=1))
    last = max(_repairs(option_actions(state, 0)))
    state, _ = play(state, 0, Repair(index=last))
    assert not state.players[0].empire[last].damaged
    assert _repairs(option_actions(state, 0))[0] < MAX_OPTIONS  # back to the first page


def test_more_is_refused_when_every_choice_fits_one_page() -> None:
    state = _rebuilding(damaged=3)
    assert More(page=1) not in option_actions(state, 0)
    with pytest.raises(RuleError, match="one page"):
        ENGINE.apply(state, 0, More(page=1))
