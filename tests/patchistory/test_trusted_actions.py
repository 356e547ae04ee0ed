"""A move given as a model is taken as it is (``Engine.trusted_actions``, docs/contract.md): every
action a prompt offers is built as validating it would build it, so nothing is lost by not
validating it again (docs/patchistory/notes.md, "Twelfth round")."""

from __future__ import annotations

from itertools import product
from typing import Any, get_args

from pydantic import BaseModel

from rules.core import Prompt, Rng, random_choice
from rules.patchistory.actions import AnyAction, BidCoins, Move
from tests.patchistory.helpers import ENGINE


def offered(prompt: Prompt) -> list[Any]:
    """Every action ``prompt`` offers: its options' and the ends of its range of numbers."""
    actions = [o.action for o in prompt.options]
    if prompt.number is not None:
        actions += [prompt.number.action(prompt.number.low), prompt.number.action(prompt.number.high)]
    return actions


def test_every_kind_of_move_is_trusted_and_frozen() -> None:
    """Each model of a move is taken as it is, and none can change once made."""
    assert ENGINE.trusted_actions == frozenset(get_args(AnyAction))
    assert all(kind.model_config.get("frozen") for kind in ENGINE.trusted_actions)


def test_a_move_given_as_a_model_is_taken_as_it_is_and_as_json_is_validated() -> None:
    move = Move(worker=0, row=2, col=3)
    assert ENGINE.parse_action(move) is move
    assert ENGINE.parse_action(move.model_dump_json()) == move
    assert ENGINE.parse_action({"kind": "bid", "tile": 1, "coins": 4}) == BidCoins(tile=1, coins=4)


def test_every_action_a_prompt_offers_is_the_one_its_validated_dump_makes() -> None:
    """Over random games at 2, 3 and 4 players, every action of every seat's prompt (each
    option, each end of a range of numbers) holds the same values of the same types as the
    model validating its dump builds."""
    checked = 0
    for players, seed in product((2, 3, 4), (41, 42)):
        state = ENGINE.new_game(players, {}, seed)
        rng = Rng.from_seed(seed)
        prompts = ENGINE.prompts(state)
        while prompts:
            for prompt in prompts.values():
                for action in offered(prompt):
                    assert isinstance(action, BaseModel)
                    again = type(action).model_validate(action.model_dump())
                    assert list(action.__dict__.items()) == list(again.__dict__.items()), action
                    assert [type(v) for v in action.__dict__.values()] == [
                        type(v) for v in again.__dict__.values()
                    ], action
                    checked += 1
            seat = rng.choice(sorted(prompts))
            state, _ = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
            prompts = ENGINE.prompts(state)
    assert checked > 10_000
