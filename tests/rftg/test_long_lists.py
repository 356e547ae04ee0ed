"""A construction zone too big for one prompt is shown a page at a time (spec §14: prompts fit
Discord), and every tile stays reachable."""

from __future__ import annotations

import pytest

from rules.core import MAX_OPTIONS, Prompt, RuleError
from rules.rftg import ENGINE
from rules.rftg.actions import Draw, GiveBack, MoreTiles, PlaceTile, ReturnTile, Scout
from rules.rftg.state import State

from .helpers import bare, enter, give, play

ZONE = 30
"""Tiles in the big construction zone: more than one prompt can hold."""


def _big_zone(state: State, seat: int = 0) -> list[int]:
    tiles = state.bag[:ZONE]
    del state.bag[:ZONE]
    state.players[seat].dev_stack = tiles[:ZONE // 2]
    state.players[seat].world_stack = tiles[ZONE // 2:]
    return tiles


def _scouting(*powers: str) -> State:
    state = bare()
    give(state, 0, *powers)
    _big_zone(state)
    enter(state, "explore", {0: ["white"]})
    state.players[1].work.done = True
    return play(state, 0, Scout(colour="white"))


def _prompt(state: State, seat: int = 0) -> Prompt:
    return ENGINE.pending(state)[seat]


def _positions(prompt: Prompt, kind: type) -> list[int]:
    return [o.action.position for o in prompt.options if isinstance(o.action, kind)]


def _more(prompt: Prompt) -> MoreTiles:
    [turn] = [o.action for o in prompt.options if isinstance(o.action, MoreTiles)]
    return turn


def test_a_zone_too_big_for_one_prompt_shows_a_page_with_draw_and_more() -> None:
    prompt = _prompt(_scouting())
    assert len(prompt.options) == MAX_OPTIONS
    assert prompt.options[0].action == Draw()
    assert _positions(prompt, ReturnTile) == list(range(MAX_OPTIONS - 2))
    assert _more(prompt) == MoreTiles(page=1)


def test_more_tiles_turns_to_the_rest_of_the_zone_and_changes_nothing_else() -> None:
    state = _scouting()
    turned = play(state, 0, MoreTiles(page=1))
    prompt = _prompt(turned)
    assert _positions(prompt, ReturnTile) == list(range(MAX_OPTIONS - 2, ZONE))
    assert _more(prompt) == MoreTiles(page=0)
    turned.players[0].work.page = 0
    assert turned == state


def test_a_tile_on_the_second_page_can_be_returned() -> None:
    state = play(_scouting(), 0, MoreTiles(page=1))
    last = state.players[0].world_stack[-1]
    state = play(state, 0, ReturnTile(position=ZONE - 1))
    assert state.pile == [last]
    assert _positions(_prompt(state), ReturnTile)[0] == 0  # back to the first page


def test_with_improved_reconnaissance_more_than_six_drawn_tiles_are_all_offered() -> None:
    state = _scouting("Improved Reconnaissance")
    state = play(state, 0, *[ReturnTile(position=0) for _ in range(8)], Draw())
    drawn = state.players[0].work.drawn
    assert len(drawn) == 9
    first = {o.action.tile for o in _prompt(state).options if isinstance(o.action, PlaceTile)}
    state = play(state, 0, _more(_prompt(state)))
    second = {o.action.tile for o in _prompt(state).options if isinstance(o.action, PlaceTile)}
    assert first | second == set(drawn)
    state = play(state, 0, PlaceTile(tile=drawn[-1], as_world=True, top=True))
    assert state.players[0].world_stack[0] == drawn[-1]


def test_a_big_zone_gives_back_from_any_page() -> None:
    state = bare(3)
    state.timing = [0, 1, 2]
    tiles = _big_zone(state, 1)
    state.players[0].dev_stack = state.bag[:2]
    state.bag, state.pile = [], []
    enter(state, "explore", {0: ["white"]})
    for s in (1, 2):
        state.players[s].work.done = True
    state = play(state, 0, Scout(colour="white"), ReturnTile(position=0), Draw())
    state = play(state, 0, PlaceTile(tile=state.players[0].work.drawn[0], as_world=False))
    assert state.giveback == [1]
    assert len(_prompt(state, 1).options) == MAX_OPTIONS
    state = play(state, 1, MoreTiles(page=1))
    assert _positions(_prompt(state, 1), GiveBack)[-1] == ZONE - 1
    state = play(state, 1, GiveBack(position=ZONE - 1))
    assert tiles[-1] not in state.players[1].world_stack


def test_more_tiles_is_refused_when_no_list_of_tiles_is_shown() -> None:
    state = bare()
    enter(state, "explore", {0: ["white"]})
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, MoreTiles(page=1))
