"""Events, steps and places built without validation (:mod:`rules.ancient_world.effects`,
:mod:`rules.ancient_world.actions`) are the validated models in every way the project reads them; an
action model is taken as it is, text validated. Options and prompts: tests/core/test_unchecked.py."""

from __future__ import annotations

from typing import Any

import pytest

from rules.ancient_world import ENGINE
from rules.ancient_world.actions import ACTION_ADAPTER, Back, Build, Place, place
from rules.ancient_world.effects import event, step
from rules.ancient_world.state import Space, Step, StepKind
from rules.core import Event, InvalidAction, Option, msg
from rules.core.contract import EVENT


@pytest.mark.parametrize("then", [None, Build(source="stored", index=0)])
def test_a_place_built_without_validation_is_the_validated_one(then: Build | None) -> None:
    built = place(Space.RECRUIT, 3, then)
    validated = Place(space=Space.RECRUIT, rank=3) if then is None else Place(space=Space.RECRUIT, rank=3,
                                                                              then=then)
    assert built == validated and hash(built) == hash(validated)
    assert ACTION_ADAPTER.dump_json(built) == ACTION_ADAPTER.dump_json(validated)
    assert built.model_fields_set == validated.model_fields_set
    assert ACTION_ADAPTER.validate_json(ACTION_ADAPTER.dump_json(built)) == built


@pytest.mark.parametrize(("to", "data"), [(None, None), (1, {"card": "granary"})])
def test_an_event_built_without_validation_is_the_validated_one(to: int | None,
                                                                data: dict[str, str] | None) -> None:
    built = event("built", to=to, reveals=True, data=data, seat=0, card="Granary")
    validated = Event(message=msg("ancient_world.built", seat=0, card="Granary"),
                      visible_to=None if to is None else frozenset({to}), reveals=True, data=data or {})
    assert built == validated
    assert EVENT.dump_json(built) == EVENT.dump_json(validated)


@pytest.mark.parametrize("fields", [{}, {"count": 2, "cards": ["granary"], "picks": [1], "deck": 3,
                                        "source": "turn"}])
def test_a_step_built_without_validation_is_the_validated_one(fields: dict[str, Any]) -> None:
    built = step(StepKind.CRANE, 1, **fields)
    validated = Step(kind=StepKind.CRANE, seat=1, **fields)
    assert built == validated
    assert built.model_dump_json() == validated.model_dump_json()
    assert built.model_fields_set == set(Step.model_fields)
    if fields:
        assert built.cards is not fields["cards"] and built.picks is not fields["picks"]


def test_an_action_model_is_taken_as_it_is_and_text_is_validated() -> None:
    action = place(Space.BUILD, 2, Build(source="row", index=1))
    assert ENGINE.parse_action(action) is action
    assert ENGINE.parse_action(ACTION_ADAPTER.dump_json(action).decode()) == action
    assert ENGINE.parse_action({"kind": "place", "space": "work", "rank": 1}) == place(Space.WORK, 1)
    for wrong in ('{"kind": "place", "space": "nowhere"}', {"kind": "place", "space": "work", "rank": "x"},
                  Option(action=Back(), label=msg("ancient_world.opt.back"))):
        with pytest.raises(InvalidAction):
            ENGINE.parse_action(wrong)
