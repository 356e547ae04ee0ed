"""The fields of a frozen slotted record written without its ``__init__`` (rules/core/slots.py)."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass

import pytest

from rules.core.contract import Option
from rules.core.messages import Message, msg
from rules.core.slots import writer


@dataclass(frozen=True, slots=True)
class Pair:
    left: int
    right: int


def test_a_writer_sets_the_field_of_a_frozen_record_made_without_init() -> None:
    pair = object.__new__(Pair)
    writer(Pair, "left")(pair, 1)
    writer(Pair, "right")(pair, 2)
    assert pair == Pair(left=1, right=2)
    with pytest.raises(FrozenInstanceError):
        pair.left = 3  # type: ignore[misc]


def test_a_writer_is_refused_for_a_name_without_a_slot() -> None:
    with pytest.raises(TypeError, match="no slot 'middle'"):
        writer(Pair, "middle")
    with pytest.raises(TypeError, match="no slot"):
        writer(Option, "__init__")


def test_a_message_made_through_the_writers_is_the_one_its_init_makes() -> None:
    assert msg("core.yes", n=1) == Message(key="core.yes", params={"n": 1})
