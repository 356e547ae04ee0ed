"""What makes a move cheaper keeps every answer as it was: the state's copy is a full copy, the
turn's options kept from earlier turns are those built afresh, and a question with one answer is
told as before (docs/ancient_world/notes.md, "What a move costs")."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from pydantic import BaseModel

from rules.ancient_world import ENGINE, attack
from rules.ancient_world.engine import _one_answer
from rules.ancient_world.state import State
from rules.ancient_world.turn import turn_prompt
from rules.core import Rng, random_choice
from rules.core.contract import PROMPT

CONTENT = ENGINE.content


def _played(players: int, seed: int) -> Iterator[State]:
    """Every state of a random game, from the first to the last."""
    state = ENGINE.new_game(players, {}, seed)
    rng = Rng.from_seed(seed)
    yield state
    prompts = ENGINE.prompts(state)
    while prompts:
        seat = rng.choice(sorted(prompts))
        state, _ = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
        prompts = ENGINE.prompts(state)
        yield state


def _mutable(value: Any) -> Iterator[Any]:
    """Every list, dict and model a copy must not share, below ``value``."""
    if isinstance(value, BaseModel):
        if not value.model_config.get("frozen"):
            yield value
        for field in type(value).model_fields:
            yield from _mutable(getattr(value, field))
    elif isinstance(value, list | dict):
        yield value
        for item in value.values() if isinstance(value, dict) else value:
            yield from _mutable(item)
    elif isinstance(value, tuple):
        for item in value:
            yield from _mutable(item)


@pytest.mark.parametrize("players", [2, 4])
def test_a_copied_state_is_the_same_and_shares_nothing_it_could_change(players: int) -> None:
    for state in list(_played(players, seed=7))[::5]:
        copied = copy.deepcopy(state)
        assert copied.model_dump_json() == state.model_dump_json()
        assert copied.model_fields_set == State.model_validate(state.model_dump()).model_fields_set
        shared = {id(v) for v in _mutable(state)} & {id(v) for v in _mutable(copied)}
        assert not shared


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_turn_with_options_kept_is_the_turn_built_afresh(players: int) -> None:
    turns = 0
    for seed in (3, 11):
        for state in _played(players, seed):
            if state.over or state.steps:
                continue
            kept = turn_prompt(CONTENT, state, state.current)
            CONTENT.memo.clear()
            assert PROMPT.dump_json(kept) == PROMPT.dump_json(turn_prompt(CONTENT, state, state.current))
            turns += 1
    assert turns > 50


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_attacks_kept_are_those_found_afresh(players: int) -> None:
    tried = 0
    for seed in (3, 11, 19):
        for state in _played(players, seed):
            for seat in range(players):
                unused = attack.unused_armies(state, seat)
                afresh = [(deck, titan_id, power, ways)
                          for deck, titan_id, power in attack.titan_strengths(CONTENT, state, seat)
                          if (ways := power.ways(unused))]
                assert attack.turn_attacks(CONTENT, state, seat) == afresh
                tried += bool(afresh)
    assert tried > 100


def test_one_answer_is_told_as_prompt_answers_tells_it() -> None:
    told = set()
    for state in _played(3, seed=5):
        for whole in ENGINE.prompts(state).values():
            for prompt in (whole, *(replace(whole, options=whole.options[i:i + 2], default=None)
                                    for i in range(len(whole.options)))):
                told.add(prompt.answers)
                assert _one_answer(prompt) == (prompt.answers == 1)
    assert {0, 1, 2} <= told
