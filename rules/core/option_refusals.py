"""A table option's value refused in words: what the option takes, in the reader's language.

Pydantic says why a value failed in English only ("Input should be greater than or equal to 1");
a player who typed ``great_victory_margin=0`` reads instead what the option must be ("a whole number,
1 or more"; «ακέραιος αριθμός, 1 ή μεγαλύτερος»), from the option's own type and bounds
(docs/options.md lists every option).
"""

from __future__ import annotations

import types
import typing
from typing import Any, Literal

import annotated_types
from pydantic import BaseModel, ValidationError

from rules.core.errors import InvalidAction
from rules.core.messages import Message, msg, render, typed


def option_refusal(exc: ValidationError, options_type: type[BaseModel]) -> InvalidAction:
    """The refusal of the first value ``exc`` found wrong, naming the option and what it takes."""
    error = exc.errors()[0]
    where = ".".join(str(p) for p in error["loc"]) or "?"
    field = options_type.model_fields.get(str(error["loc"][0])) if error["loc"] else None
    takes = None if field is None else _what_it_takes(field.annotation, field.metadata)
    if takes is None:
        refusal = msg("core.option_not_allowed", option=typed(where))
    else:
        refusal = msg("core.bad_option", option=typed(where), detail=takes)
    return InvalidAction(render(refusal, "en", ()), key=refusal.key, **refusal.params)


def _what_it_takes(annotation: Any, metadata: list[Any]) -> Message | None:
    """What an option of type ``annotation`` with bounds ``metadata`` takes, in words."""
    choices = _choices(annotation)
    if choices:
        return msg("core.option_one_of", choices=", ".join(choices))
    if annotation is bool:
        return msg("core.option_true_or_false")
    if annotation is int:
        low = next((_whole(m.ge) for m in metadata if isinstance(m, annotated_types.Ge)), None)
        high = next((_whole(m.le) for m in metadata if isinstance(m, annotated_types.Le)), None)
        if low is not None and high is not None:
            return msg("core.option_number_from_to", low=low, high=high)
        if low is not None:
            return msg("core.option_number_at_least", low=low)
        if high is not None:
            return msg("core.option_number_at_most", high=high)
        return msg("core.option_whole_number")
    return None


def _whole(bound: object) -> int:
    """An integer option's bound (a field's ``ge``/``le``, typed loosely by annotated-types)."""
    assert isinstance(bound, int)
    return bound


def _choices(annotation: Any) -> list[str]:
    """The values a ``Literal[...]`` option (or an optional one) allows, as a player types them."""
    if typing.get_origin(annotation) is Literal:
        return [str(value) for value in typing.get_args(annotation)]
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        return [choice for arg in typing.get_args(annotation) for choice in _choices(arg)]
    return []


__all__ = ["option_refusal"]
