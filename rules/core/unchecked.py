"""Models built without validation, for the engines' hot paths: the state copied before every move,
and the actions a move makes by the dozen (``docs/contract.md``, "Models built without
validation"); and prompts, events and options, frozen slotted dataclasses, made without their
``__init__`` (a prompt still checked as ``Prompt(...)`` checks it).

A model built here is the one validating the same values would make: every field in the model's
order, the same fields marked as set. The values are typed where they are written (mypy --strict),
so nothing is checked again here. Only models without extra fields or private attributes may be
built this way; a model read from JSON or made as ``Model(...)`` is validated as before.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel

from rules.core.contract import Event, NumberChoice, Option, Parts, Prompt, Seat
from rules.core.messages import Message
from rules.core.slots import writer

M = TypeVar("M", bound=BaseModel)

_new = object.__new__
_set = object.__setattr__


def built(model: type[M], fields: dict[str, Any], given: Iterable[str]) -> M:
    """A ``model`` holding ``fields`` (every field, in the model's order), of which ``given`` were
    passed (the rest are defaults)."""
    made: M = _new(model)
    _set(made, "__dict__", fields)
    _fields_set(made, set(given))
    _extra(made, None)
    _private(made, None)
    return made


_fields_set = writer(BaseModel, "__pydantic_fields_set__")
_extra = writer(BaseModel, "__pydantic_extra__")
_private = writer(BaseModel, "__pydantic_private__")


def made(model: M, fields: dict[str, Any]) -> M:
    """A model of ``model``'s type holding ``fields`` (every field), as validating its dump would
    make it: every field set. Where every field of ``model`` is set already, the copy shares that
    set: setting a field adds its name, which it holds, so the set never changes (a state's copy
    makes dozens of models, and a state copied from a state has every field set; :func:`built`,
    and so :func:`replaced`, always makes a set of its own). (The body is :func:`built`'s.)"""
    given = model.__pydantic_fields_set__
    new: M = _new(type(model))
    _set(new, "__dict__", fields)
    _fields_set(new, given if len(given) == len(fields) else set(fields))
    _extra(new, None)
    _private(new, None)
    return new


def flat(model: M) -> M:
    """A copy of a model whose fields are all numbers, strings, booleans or tuples."""
    return made(model, model.__dict__.copy())


def shallow(model: M) -> M:
    """A shallow copy of ``model``, as pydantic's ``__copy__`` makes it (its fields, the fields set)."""
    return built(type(model), model.__dict__.copy(), model.__pydantic_fields_set__)


def replaced(model: M, **update: Any) -> M:
    """``model.model_copy(update=update)``: a :func:`shallow` copy with ``update`` set."""
    new = shallow(model)
    new.__dict__.update(update)
    new.__pydantic_fields_set__.update(update)
    return new


def event(message: Message, *, visible_to: frozenset[Seat] | None = None, reveals: bool = False,
          data: dict[str, Any] | None = None) -> Event:
    """``Event(message=message, …)``, made without the dataclass's ``__init__`` (a move makes a
    few); ``data`` not given is a new empty dict."""
    made = _new(Event)
    _event_message(made, message)
    _event_visible_to(made, visible_to)
    _event_reveals(made, reveals)
    _event_data(made, {} if data is None else data)
    return made


_event_message = writer(Event, "message")
_event_visible_to = writer(Event, "visible_to")
_event_reveals = writer(Event, "reveals")
_event_data = writer(Event, "data")


def construct(model: type[M], **fields: Any) -> M:
    """``model(**fields)`` without validation: the defaults of the fields not given."""
    return built(model, {**defaults(model), **fields}, fields.keys())


@cache
def defaults(model: type[BaseModel]) -> dict[str, Any]:
    """Every field of ``model`` with its default, in the model's order (``None`` stands for a
    required field, which :func:`construct` is always given)."""
    return {name: None if f.is_required() else f.get_default(call_default_factory=True)
            for name, f in model.model_fields.items()}


_NOT_GIVEN: Any = object()


def option(action: Any, label: Message, description: Message | None = _NOT_GIVEN, *,
           navigation: bool | None = None) -> Option:
    """``Option(action=…, label=…[, description=…][, navigation=…])``, made without the
    dataclass's ``__init__``: a prompt offers dozens of options, made on every move."""
    made = _new(Option)
    _option_action(made, action)
    _option_label(made, label)
    _option_description(made, None if description is _NOT_GIVEN else description)
    _option_navigation(made, bool(navigation))
    return made


_option_action = writer(Option, "action")
_option_label = writer(Option, "label")
_option_description = writer(Option, "description")
_option_navigation = writer(Option, "navigation")


def question(seat: Seat, title: Message, options: Iterable[Option] = (), *,
             number: NumberChoice | None = None, parts: Parts | None = None, secret: bool = False,
             simultaneous: bool = False, default: int | None = None) -> Prompt:
    """``Prompt(seat=…, title=…, options=…, …)`` built without validating again the options,
    number and parts an engine made; the contract's own checks of a prompt (at most 25 options,
    something to answer, a default among the options) are made as validation makes them."""
    made = _new(Prompt)
    _prompt_seat(made, seat)
    _prompt_title(made, title)
    _prompt_options(made, tuple(options))
    _prompt_number(made, number)
    _prompt_parts(made, parts)
    _prompt_secret(made, secret)
    _prompt_simultaneous(made, simultaneous)
    _prompt_default(made, default)
    return made.checked()


_prompt_seat = writer(Prompt, "seat")
_prompt_title = writer(Prompt, "title")
_prompt_options = writer(Prompt, "options")
_prompt_number = writer(Prompt, "number")
_prompt_parts = writer(Prompt, "parts")
_prompt_secret = writer(Prompt, "secret")
_prompt_simultaneous = writer(Prompt, "simultaneous")
_prompt_default = writer(Prompt, "default")


def with_options(prompt: Prompt, options: Iterable[Option]) -> Prompt:
    """``prompt`` offering ``options`` instead, checked as a prompt made so is."""
    return question(prompt.seat, prompt.title, options, number=prompt.number, parts=prompt.parts,
                    secret=prompt.secret, simultaneous=prompt.simultaneous, default=prompt.default)
