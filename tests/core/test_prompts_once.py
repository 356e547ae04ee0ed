"""The base Engine computes a state's prompts once: the seat check of ``apply``, the table service
and the bots share it, and each state has its own."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules import registry
from rules.core import Prompt, Seat
from rules.core.engine import Engine
from tests.fixtures.sealed_bid import Bid, SealedBid, State


class CountingSealedBid(SealedBid):
    """Sealed Bid counting how often its prompts are built."""

    built = 0

    def pending(self, state: State) -> dict[Seat, Prompt]:
        self.built += 1
        return super().pending(state)


def test_a_states_prompts_are_built_once_for_every_caller_and_apply() -> None:
    engine = CountingSealedBid()
    state = engine.new_game(2, {}, 1)
    first = engine.prompts(state)
    assert engine.prompts(state) == first
    engine.apply(state, 0, Bid(coins=1))
    assert engine.built == 1


def test_the_state_a_move_leads_to_has_its_own_prompts() -> None:
    engine = CountingSealedBid()
    state = engine.new_game(2, {}, 1)
    after, _ = engine.apply(state, 0, Bid(coins=1))
    assert set(engine.prompts(state)) == {0, 1}
    assert set(engine.prompts(after)) == {1}


def test_changing_the_prompts_handed_out_changes_nothing_kept() -> None:
    engine = CountingSealedBid()
    state = engine.new_game(2, {}, 1)
    engine.prompts(state).pop(0)
    assert set(engine.prompts(state)) == {0, 1}


def test_prompts_of_a_freed_state_are_not_kept() -> None:
    engine = CountingSealedBid()
    for seed in range(3):
        engine.prompts(engine.new_game(2, {}, seed))
    memo = engine.__dict__["_prompt_memo"]
    assert len(memo._by_id) == 0


def _counting(game: str) -> tuple[Engine[Any, Any], list[int]]:
    """The registered engine with a fresh prompt memo, counting how often its prompts are built."""
    engine = copy.copy(registry.get(game))
    engine.__dict__.pop("_prompt_memo", None)
    built = [0]
    pending = engine.pending

    def counted(state: Any) -> dict[Seat, Prompt]:
        built[0] += 1
        return pending(state)

    engine.pending = counted  # type: ignore[method-assign]
    return engine, built


@pytest.mark.parametrize("game", ["rftg", "ancient_world", "patchistory"])
def test_the_prompts_a_move_ends_on_are_not_built_again(game: str) -> None:
    """The engine's play looks for single-answer questions after each move: the prompts it
    finds are those of the state the move leads to, kept for it (Engine.settled)."""
    engine, built = _counting(game)
    state = engine.new_game(3, {}, 1)
    for _ in range(20):
        prompts = engine.prompts(state)
        seat = min(prompts)
        state, _ = engine.apply(state, seat, prompts[seat].options[0].action)
        during = built[0]
        assert engine.prompts(state) == engine.__class__.pending(engine, state)
        engine.prompts(state)
        assert built[0] == during
