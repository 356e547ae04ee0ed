"""Words as data: message keys with parameters, and the catalogues that turn them into sentences.

Engines never build sentences. Prompts, option labels and events carry a :class:`Message` (a key
and its parameters); each game ships ``messages/en.json`` and ``messages/el.json`` in its package,
and the reader's language is chosen at the edge (bot, terminal client). Card and tile names are
proper names and are passed as parameters, unchanged. A string parameter that starts with ``@``
names another catalogue key and is translated too (``phase="@rftg.phase.explore"``), and a
:class:`Message` parameter is rendered as a whole (``cost=msg("praetor.cost", gold=2, wood=1)``).
"""

from __future__ import annotations

import json
import string
from functools import cache
from importlib import resources
from typing import Any, Union

from pydantic import BaseModel, ConfigDict, Field

LOCALES = ("en", "el")
"""Languages every catalogue ships; English is the fallback."""

Param = Union[str, int, float, bool, None, list[Any], "Message"]
"""A parameter value; a :class:`Message` parameter is rendered in the reader's language too."""


class Message(BaseModel):
    """A message key and its parameters, e.g. ``Message(key="rftg.scout", params={"n": 2})``."""

    model_config = ConfigDict(frozen=True)

    key: str
    params: dict[str, Param] = Field(default_factory=dict)


Message.model_rebuild()


def msg(key: str, **params: Param) -> Message:
    """Shorthand for :class:`Message`: ``msg("praetor.build", tile="Sawmill")``."""
    return Message(key=key, params=params)


@cache
def catalogue(package: str, locale: str) -> dict[str, str]:
    """The ``messages/<locale>.json`` catalogue of a package (``{}`` if it ships none)."""
    try:
        text = resources.files(package).joinpath("messages", f"{locale}.json").read_text("utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return {}
    data: dict[str, str] = json.loads(text)
    return data


def placeholders(template: str) -> set[str]:
    """The ``{name}`` placeholders of a catalogue entry."""
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


class _Lenient(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def is_seat_param(name: str) -> bool:
    """Parameters named ``seat`` or ``*_seat`` hold seat numbers, shown as the player's name."""
    return name == "seat" or name.endswith("_seat")


def render(
    message: Message,
    locale: str,
    packages: tuple[str, ...],
    seat_names: tuple[str, ...] = (),
) -> str:
    """The sentence for ``message`` in ``locale``, looked up in ``packages`` in order.

    Seat parameters (see :func:`is_seat_param`) become ``seat_names[seat]`` when given. Falls back
    to English, then to the bare key with its parameters, so a missing entry shows up as readable
    text rather than an error in front of a player.
    """
    params = {
        k: seat_names[v]
        if is_seat_param(k) and isinstance(v, int) and 0 <= v < len(seat_names)
        else _word(v, locale, packages)
        for k, v in message.params.items()
    }
    for loc in dict.fromkeys((locale, "en")):
        for package in packages:
            template = catalogue(package, loc).get(message.key)
            if template is not None:
                return string.Formatter().vformat(template, (), _Lenient(params))
    shown = ", ".join(f"{k}={v}" for k, v in params.items())
    return f"{message.key}({shown})" if shown else message.key


def _word(value: Param, locale: str, packages: tuple[str, ...]) -> str:
    if isinstance(value, list):
        return ", ".join(_word(v, locale, packages) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Message):
        return render(value, locale, packages)
    if isinstance(value, str) and value.startswith("@"):
        return render(Message(key=value[1:]), locale, packages)
    return "" if value is None else str(value)
