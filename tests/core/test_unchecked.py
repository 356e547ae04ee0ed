"""Options, prompts, events and copies built without validation (rules.core.unchecked) are the
validated models in every way the project reads them, and a prompt, a menu of parts and the parts
are still refused where validation refuses them."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest
from pydantic import BaseModel, TypeAdapter

from rules import registry
from rules.core import Event, NumberChoice, Option, Prompt, Rng, msg, random_choice
from rules.core.contract import MAX_PARTS, Choice, Part, Parts
from rules.core.unchecked import construct, event, flat, option, question
from tests.fixtures.sealed_bid import Bid, Pass, Take

SHIPPED = ("rftg", "ancient_world", "praetor", "patchistory")


def _same(built: Any, validated: Any) -> None:
    assert built == validated
    adapter: TypeAdapter[Any] = TypeAdapter(type(built))
    assert adapter.dump_json(built) == adapter.dump_json(validated)
    if isinstance(built, BaseModel):
        assert built.model_fields_set == validated.model_fields_set


@pytest.mark.parametrize("navigation", [None, False, True])
@pytest.mark.parametrize("description", ["absent", None, msg("sealed.pass")])
def test_an_option_built_without_validation_is_the_validated_one(description: Any,
                                                                 navigation: bool | None) -> None:
    given: dict[str, Any] = {} if description == "absent" else {"description": description}
    if navigation is not None:
        given["navigation"] = navigation
    built = option(Take(token=1), msg("sealed.take", slot=2, value=1), **given)
    _same(built, Option(action=Take(token=1), label=msg("sealed.take", slot=2, value=1), **given))
    assert built.navigation is bool(navigation)


def test_a_question_built_without_validation_is_the_validated_one() -> None:
    options = [option(Take(token=i), msg("sealed.take", slot=i + 1, value=1)) for i in range(2)]
    number = NumberChoice(low=0, high=5, template=Bid(coins=0), field="coins", label=msg("sealed.bid_coins"))
    for more in ({}, {"number": number, "secret": True}, {"simultaneous": False, "default": 1}):
        built = question(0, msg("sealed.choose"), options, **more)
        assert isinstance(built.options, tuple)
        _same(built, Prompt(seat=0, title=msg("sealed.choose"), options=tuple(options), **more))


@pytest.mark.parametrize("given", [
    {}, {"visible_to": frozenset({1})}, {"reveals": True}, {"data": {"chapter": True}},
    {"visible_to": None, "reveals": False, "data": {}}])
def test_an_event_built_without_validation_is_the_validated_one(given: dict[str, Any]) -> None:
    built = event(msg("sealed.pass"), **given)
    _same(built, Event(message=msg("sealed.pass"), **given))


def test_events_built_without_data_do_not_share_it() -> None:
    first, second = event(msg("sealed.pass")), event(msg("sealed.pass"))
    first.data["chapter"] = True
    assert second.data == {}


def test_setting_a_field_of_a_copy_marks_nothing_on_the_model_copied() -> None:
    """A copy of a model with every field set shares its set of fields (it never changes); one of a
    model with fields left at their defaults has a set of its own, which setting a field grows."""
    for original in (_Tally(name="a", count=1), _Tally(name="a")):
        before = set(original.model_fields_set)
        copy = flat(original)
        copy.count = 2
        assert original.model_fields_set == before
        assert copy.model_fields_set == {"name", "count"}


class _Tally(BaseModel):
    name: str
    count: int = 0


@pytest.mark.parametrize(("count", "default", "refusal"), [
    (0, None, "options, a number or parts"), (26, None, "at most 25"), (2, 2, "default option 2")])
def test_a_question_is_refused_where_validation_refuses_it(count: int, default: int | None,
                                                           refusal: str) -> None:
    options = [option(Pass(), msg("sealed.pass"))] * count
    with pytest.raises(ValueError, match=refusal):
        question(0, msg("sealed.choose"), options, default=default)


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_prompt_a_game_builds_is_the_validated_one(game_id: str) -> None:
    engine = registry.get(game_id)
    players = min(3, engine.info.max_players)
    state, rng, prompts_seen = engine.new_game(players, {}, 5), Rng.from_seed(5), 0
    prompts = engine.prompts(state)
    while prompts and prompts_seen < 600:
        for built in prompts.values():
            _same(built, Prompt(**{f.name: getattr(built, f.name) for f in fields(built)}))
            for each in built.options:
                _same(each, Option(**{f.name: getattr(each, f.name) for f in fields(each)}))
            prompts_seen += 1
        seat = rng.choice(sorted(prompts))
        state, _ = engine.apply(state, seat, random_choice(prompts[seat], rng))
        prompts = engine.prompts(state)
    assert prompts_seen >= 100


@pytest.mark.parametrize(("count", "default", "refusal"), [
    (0, None, "1 to 25"), (26, None, "1 to 25"), (2, 2, "default choice 2")])
def test_a_menu_built_without_validation_is_refused_where_validation_refuses_it(
        count: int, default: int | None, refusal: str) -> None:
    choices = tuple(Choice(values={"token": i}, label=msg("sealed.pass")) for i in range(count))
    with pytest.raises(ValueError, match=refusal):
        construct(Part, label=msg("sealed.choose"), choices=choices, default=default).checked()
    if count == 2:
        assert construct(Part, label=msg("sealed.choose"), choices=choices).checked().choices == choices


@pytest.mark.parametrize("menus", [0, MAX_PARTS + 1])
def test_parts_built_without_validation_are_refused_where_validation_refuses_them(menus: int) -> None:
    part = Part(label=msg("sealed.choose"), choices=(Choice(values={"token": 0}, label=msg("sealed.pass")),))
    with pytest.raises(ValueError, match="menus"):
        construct(Parts, template=Take(token=0), menus=(part,) * menus, label=msg("sealed.choose")).checked()
