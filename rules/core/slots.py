"""The fields of a frozen slotted record written without its ``__init__``, for the records an engine
makes by the thousand on every move (messages, options, prompts, events: ``docs/contract.md``,
"Messages, events, options and prompts: plain records")."""

from __future__ import annotations

from collections.abc import Callable
from types import MemberDescriptorType
from typing import Any


def writer(record: type, name: str) -> Callable[[Any, Any], None]:
    """What writes the field ``name`` of a new ``record``: its slot's own descriptor, which a
    frozen class's ``__setattr__`` (refusing every write) does not stand before. Called directly it
    is about a third cheaper than ``object.__setattr__``, which finds the slot by name first.

    :raises TypeError: where ``record`` keeps ``name`` in no slot of its own."""
    slot = record.__dict__.get(name)
    if not isinstance(slot, MemberDescriptorType):
        raise TypeError(f"{record.__name__} has no slot {name!r}")
    write: Callable[[Any, Any], None] = slot.__set__
    return write
