"""Models built without validation, for the engine's hot paths: the state copied before every
move (:meth:`State.__deepcopy__`) and the options and actions every prompt offers by the dozen.

A model built here is the one validating the same fields would make (the same values, every
field in the model's order, the same fields set); the fields are typed where they are written
(mypy --strict). The models built here have no extra fields and no private attributes.
"""

from __future__ import annotations

from collections.abc import Set
from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_new = object.__new__
_set = object.__setattr__


def built(model: type[M], fields: dict[str, Any], given: Set[str]) -> M:
    """A ``model`` holding ``fields`` (every field, in the model's order), of which ``given`` were
    passed (the rest are defaults)."""
    made: M = _new(model)
    _set(made, "__dict__", fields)
    _set(made, "__pydantic_fields_set__", set(given))
    _set(made, "__pydantic_extra__", None)
    _set(made, "__pydantic_private__", None)
    return made


def made(model: M, fields: dict[str, Any]) -> M:
    """A model of ``model``'s type holding ``fields`` (every field), as validating its dump would
    make it: every field set."""
    return built(type(model), fields, fields.keys())


def flat(model: M) -> M:
    """A copy of a model whose fields are all numbers, strings, booleans or tuples."""
    fields = model.__dict__.copy()
    return built(type(model), fields, fields.keys())


def construct(model: type[M], **fields: Any) -> M:
    """``model(**fields)`` without validation: the defaults of the fields not given."""
    return built(model, {**defaults(model), **fields}, fields.keys())


@cache
def defaults(model: type[BaseModel]) -> dict[str, Any]:
    """Every field of ``model`` with its default, in the model's order (``None`` stands for a
    required field, which :func:`construct` is always given)."""
    return {name: None if f.is_required() else f.get_default(call_default_factory=True)
            for name, f in model.model_fields.items()}
