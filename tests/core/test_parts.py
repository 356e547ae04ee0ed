"""Parts answered together: a prompt's menus that make one answer (docs/contract.md, "Parts")."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pydantic import BaseModel, ValidationError

from rules.core import Choice, Event, Option, Part, Parts, Prompt, Rng, RuleError, Seat, msg, random_choice
from rules.core.conformance import ConformanceError, check_games
from tests.fixtures.sealed_bid import Pass, SealedParts, State, Take


class Move(BaseModel):
    kind: str = "move"
    tile: str = ""
    x: int = 0
    y: int = 0


def cells(*where: tuple[int, int]) -> Part:
    return Part(label=msg("sealed.choose"), choices=tuple(
        Choice(values={"x": x, "y": y}, label=msg("sealed.take", slot=x, value=y)) for x, y in where))


def tiles(*names: str, default: int | None = None) -> Part:
    return Part(label=msg("sealed.choose"), default=default, choices=tuple(
        Choice(values={"tile": name}, label=msg("sealed.take", slot=i, value=0))
        for i, name in enumerate(names)))


def panel(*menus: Part) -> Parts:
    return Parts(template=Move(), menus=menus, label=msg("sealed.pass"))


def test_every_combination_of_the_menus_is_an_answer() -> None:
    parts = panel(tiles("a", "b", "c"), cells((0, 1), (2, 3)))
    prompt = Prompt(seat=0, title=msg("sealed.choose"), parts=parts,
                    options=(Option(action=Pass(), label=msg("sealed.pass")),))
    assert parts.combinations == 6
    assert prompt.answers == 7


def test_a_combination_sets_each_menus_fields_of_the_template() -> None:
    parts = panel(tiles("a", "b"), cells((0, 1), (2, 3)))
    assert parts.action([1, 1]) == Move(tile="b", x=2, y=3)
    assert parts.picks(Move(tile="b", x=2, y=3)) == (1, 1)


def test_a_prompt_offers_the_combinations_of_its_parts_and_nothing_else() -> None:
    prompt = Prompt(seat=0, title=msg("sealed.choose"), parts=panel(tiles("a", "b"), cells((0, 1), (2, 3))))
    assert prompt.offers(Move(tile="a", x=2, y=3))
    assert not prompt.offers(Move(tile="a", x=0, y=3))  # a cell no menu entry names
    assert not prompt.offers(Move(tile="z", x=0, y=1))
    assert not prompt.offers(Take(token=0))


def test_a_combination_needs_one_choice_in_each_menu() -> None:
    parts = panel(tiles("a", "b"), cells((0, 1)))
    with pytest.raises(ValueError, match="2 menus"):
        parts.action([0])
    with pytest.raises(ValueError, match="not one of the 1"):
        parts.action([0, 1])


def test_parts_hold_one_to_three_menus_of_at_most_twenty_five_choices() -> None:
    with pytest.raises(ValidationError, match="4 menus"):
        panel(tiles("a", "b"), tiles("a", "b"), tiles("a", "b"), tiles("a", "b"))
    with pytest.raises(ValidationError, match="26 choices"):
        tiles(*(f"t{i}" for i in range(26)))
    with pytest.raises(ValidationError, match="default choice 2"):
        tiles("a", "b", default=2)


def test_a_prompt_may_offer_parts_alone() -> None:
    prompt = Prompt(seat=0, title=msg("sealed.choose"), parts=panel(tiles("a", "b")))
    assert prompt.answers == 2 and not prompt.options


def test_a_random_answer_to_parts_is_a_combination_the_engine_accepts() -> None:
    parts = panel(tiles("a", "b", "c", "d"))
    prompt = Prompt(seat=0, title=msg("sealed.choose"), parts=parts)
    rng = Rng.from_seed(3)
    picked = {random_choice(prompt, rng, lambda a: a.tile == "c").tile for _ in range(10)}
    assert picked == {"c"}


# ---- the conformance kit -------------------------------------------------------------------


def test_parts_whose_combinations_apply_or_are_refused_pass() -> None:
    check_games(SealedParts(), players=2, games=2, seed=4)


class CrashOnAMissingToken(SealedParts):
    def play(self, state: State, seat: Seat, action: BaseModel) -> list[Event]:
        if isinstance(action, Take) and action.token >= len(state.market):
            raise IndexError("no such token")
        return super().play(state, seat, action)  # type: ignore[arg-type]


def test_a_combination_that_raises_is_caught() -> None:
    with pytest.raises(ConformanceError, match=r"parts combination .* not a RuleError"):
        check_games(CrashOnAMissingToken(), players=2, games=1, seed=4)


class OneSlot(SealedParts):
    def slots(self, state: State) -> int:
        return 1


def test_parts_with_a_single_combination_are_caught() -> None:
    with pytest.raises(ConformanceError, match="1 combination"):
        check_games(OneSlot(), players=2, games=1, seed=4)


class OnlyMissingTokens(SealedParts):
    def pending(self, state: State) -> dict[Seat, Prompt]:
        prompts = super().pending(state)
        for seat, prompt in prompts.items():
            if prompt.parts is not None:
                far = len(state.market)
                menu = Part(label=msg("sealed.choose"), choices=tuple(
                    Choice(values={"token": far + i}, label=msg("sealed.take", slot=i, value=0))
                    for i in (0, 1)))
                prompts[seat] = replace(prompt, parts=prompt.parts.model_copy(update={"menus": (menu,)}))
        return prompts


def test_parts_none_of_whose_combinations_is_legal_are_caught() -> None:
    with pytest.raises(ConformanceError, match="is legal"):
        check_games(OnlyMissingTokens(), players=2, games=1, seed=4)


def test_a_refused_combination_is_a_rule_error() -> None:
    engine = SealedParts()
    state = engine.new_game(2, {}, 4)
    while not state.order:
        seat = min(engine.pending(state))
        state, _ = engine.apply(state, seat, {"kind": "bid", "coins": 0})
    prompt = engine.pending(state)[state.order[0]]
    assert prompt.parts is not None
    with pytest.raises(RuleError, match="no token"):
        engine.apply(state, prompt.seat, prompt.parts.action([len(state.market)]))
