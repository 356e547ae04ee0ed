"""A move never changes the state it is made in (``Engine.apply``: "``state`` is never
modified"), though the state it returns shares parts with it (docs/patchistory/notes.md,
"Twelfth round")."""

from __future__ import annotations

from collections.abc import Iterator
from copy import deepcopy
from dataclasses import fields, is_dataclass
from itertools import product

from pydantic import BaseModel

from rules.core import Rng, random_choice
from tests.patchistory.helpers import ENGINE


def test_a_move_leaves_the_state_it_was_made_in_as_it_was() -> None:
    """Over whole random games at 2, 3 and 4 players, the state given to every move dumps the
    same after the move as before it: nothing the new state shares with it was changed by the
    move, nor by the forced answers and steps played with it."""
    moves = 0
    for players, seed in product((2, 3, 4), range(20, 24)):
        state = ENGINE.new_game(players, {}, seed)
        rng = Rng.from_seed(seed)
        prompts = ENGINE.prompts(state)
        while prompts:
            seat = rng.choice(sorted(prompts))
            before = ENGINE.dump(state)
            new, _ = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
            assert ENGINE.dump(state) == before, (players, seed, state.moves)
            state = new
            prompts = ENGINE.prompts(state)
            moves += 1
    assert moves > 1500


def models(part: object) -> Iterator[BaseModel]:
    """Every model ``part`` holds, itself too, in lists, dicts and the state's plain classes, but
    frozen ones (shared)."""
    if isinstance(part, BaseModel):
        if part.model_config.get("frozen"):
            return
        yield part
        values = list(part.__dict__.values())
    elif is_dataclass(part):
        values = [getattr(part, f.name) for f in fields(part)]
    else:
        return
    for value in values:
        items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else [value]
        for item in items:
            yield from models(item)


def test_setting_a_field_of_a_copy_marks_nothing_on_the_state_copied() -> None:
    """A state's copy may share with the state copied the set of fields each model has set
    (``State.__deepcopy__``): setting every field of every model of the copy, as a rule sets it,
    leaves each set of the state copied as it was, fresh states (some fields at their defaults,
    not set) and states played into as well."""
    seen = 0
    for players, seed in product((2, 3, 4), (5, 6)):
        state = ENGINE.new_game(players, {}, seed)
        rng = Rng.from_seed(seed)
        for _ in range(40):
            marked = [(m, set(m.model_fields_set)) for m in models(state)]
            copy = deepcopy(state)
            for m in models(copy):
                for name, value in m.__dict__.items():
                    setattr(m, name, value)
            assert all(m.model_fields_set == given for m, given in marked), (players, seed)
            seen += 1
            prompts = ENGINE.prompts(state)
            if not prompts:
                break
            seat = rng.choice(sorted(prompts))
            state, _ = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
    assert seen > 200
