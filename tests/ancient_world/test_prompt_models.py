"""Options, events and steps built without validation (:mod:`rules.ancient_world.effects`) are the
validated models in every way the project reads them."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from rules.ancient_world.actions import ACTION_ADAPTER, Back, Build, Place, place
from rules.ancient_world.effects import event, option, step
from rules.ancient_world.state import Space, Step, StepKind
from rules.core import Event, Option, msg


@pytest.mark.parametrize("navigation", [None, False, True])
def test_an_option_built_without_validation_is_the_validated_one(navigation: bool | None) -> None:
    action = Back() if navigation else Place(space=Space.BUILD, rank=2, then=Build(source="row", index=1))
    label, description = msg("ancient_world.opt.back"), msg("ancient_world.desc.pass", coins=2)
    built = option(action, label, description, navigation=navigation)
    fields = {"action": action, "label": label, "description": description}
    validated = Option(**fields) if navigation is None else Option(**fields, navigation=navigation)
    assert built == validated
    assert built.model_dump_json() == validated.model_dump_json()
    assert built.model_fields_set == validated.model_fields_set
    assert built.navigation is bool(navigation)
    with pytest.raises(ValidationError):
        built.label = msg("ancient_world.opt.pass")  # type: ignore[misc]


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
    assert built.model_dump_json() == validated.model_dump_json()
    assert built.model_fields_set == validated.model_fields_set


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
