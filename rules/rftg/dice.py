"""Choosing one die out of many with prompts that fit Discord (≤ 25 options; §14).

A die is named by colour and place. When the groups do not fit one prompt, the player picks the
place (column, world, stack) first, then the colour.

Sections (§) are those of docs/rftg/rules.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from rules.core import MAX_OPTIONS, Message, Option, msg
from rules.core.messages import Scalar
from rules.rftg.content import COLOURS, Colour

Words = list[Scalar | list[Any]]
"""A list parameter of a message: words and messages, each rendered in the reader's language."""

K = TypeVar("K")


def grouped(
    keys: Sequence[K],
    extras: Sequence[Option],
    narrow: Any,
    place_of: Callable[[K], Any],
    option_for: Callable[[K], Option],
    narrow_option: Callable[[Any], Option],
) -> list[Option]:
    """Options for distinct ``keys`` (in first-seen order), narrowed by place when too many."""
    distinct = list(dict.fromkeys(keys))
    if narrow is not None:
        distinct = [k for k in distinct if place_of(k) == narrow]
    if narrow is None and len(distinct) + len(extras) > MAX_OPTIONS:
        places = list(dict.fromkeys(place_of(k) for k in distinct))
        return [narrow_option(pl) for pl in places][: MAX_OPTIONS - len(extras)] + list(extras)
    return [option_for(k) for k in distinct][: MAX_OPTIONS - len(extras)] + list(extras)


def colour_word(colour: str) -> str:
    """The catalogue reference for a die colour, for message parameters."""
    return f"@rftg.colour.{colour}"


def phase_word(phase: str) -> str:
    return f"@rftg.phase.{phase}"


def label(key: str, **params: Any) -> Message:
    return Message(key=key, params=params)


def dice_words(colours: Sequence[Colour]) -> Words:
    """"2 white dice, 1 red die": a die list for a sentence, colour by colour."""
    counts = Counter(colours)
    return [msg(f"rftg.dice_of.{c}", n=counts[c]) for c in COLOURS if counts[c]]
