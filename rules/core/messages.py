"""Words as data: message keys with parameters, and the catalogues that turn them into sentences.

Engines never build sentences. Prompts, option labels and events carry a :class:`Message` (a key
and its parameters); each game ships ``messages/en.json`` and ``messages/el.json`` in its package,
and the reader's language is chosen at the edge (bot, terminal client). Card and tile names are
proper names and are passed as parameters, unchanged. A string parameter that starts with ``@``
names another catalogue key and is translated too (``phase="@rftg.phase.explore"``), and a
:class:`Message` parameter is rendered as a whole (``cost=msg("praetor.cost", gold=2, wood=1)``),
also inside a list parameter and after a JSON round trip. Words someone typed (a player's name, a
choice they typed) go in a :class:`Text` parameter, shown as they are: a name such as
``@bot.internal_error`` is never read as a key.

Words that vary with a number are written as ICU plural blocks, whose branch is chosen by the
locale's CLDR plural rules (Babel): ``"{n, plural, one {# coin} other {# coins}}"``, in Greek
``"{n, plural, one {# νόμισμα} other {# νομίσματα}}"``. ``#`` is the number in the locale's
digits; ``=0 {…}`` picks an exact value first; a branch may hold ``{name}`` placeholders.
"""

from __future__ import annotations

import json
import string
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from typing import Any, Union

from babel import Locale
from babel.numbers import format_decimal
from pydantic import BaseModel, ConfigDict, TypeAdapter

from rules.core.slots import writer

LOCALES = ("en", "el")
"""Languages every catalogue ships; English is the fallback."""

Scalar = Union[str, int, float, bool, None, "Message", "Text"]
Param = Scalar | list[Scalar | list[Any]]
"""A parameter value; a :class:`Message` parameter, also one inside a list, is rendered in the
reader's language too."""

CORE_PACKAGE = "rules.core"
"""The engine core's own catalogue (its refusals, yes and no), searched after every other."""


class Text(BaseModel):
    """Words someone typed, shown verbatim: never looked up as a catalogue key, whatever they say."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str


def typed(value: str) -> Text:
    """Shorthand for :class:`Text`: ``msg("service.left", name=typed(seat.name))``."""
    return Text(text=value)


@dataclass(frozen=True, slots=True)
class Message:
    """A message key and its parameters, e.g. ``Message(key="rftg.scout", params={"n": 2})``.

    A frozen slotted dataclass rather than a pydantic model: engines make thousands a move, and a
    slotted class is made, read and freed several times faster (docs/contract.md, "Messages,
    events, options and prompts: plain records"). Pydantic reads and writes it as JSON (:data:`MESSAGE`,
    and as a field of a model), as ``{"key": …, "params": …}``."""

    key: str
    params: dict[str, Param] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"key={self.key!r} params={self.params!r}"


MESSAGE: TypeAdapter[Message] = TypeAdapter(Message)
"""Reads a message from JSON or plain data (a parameter that is a mapping with a ``key`` read as a
message, one with ``text`` as :class:`Text`) and writes it back."""


def msg(key: str, **params: Param) -> Message:
    """Shorthand for :class:`Message`: ``msg("praetor.build", tile="Sawmill")``.

    The parameters' types are checked where they are written (``Param``, mypy --strict); a message
    read from data is read by :data:`MESSAGE`. Made without the dataclass's ``__init__``, which
    writes a frozen field through ``object.__setattr__`` by name (:func:`rules.core.slots.writer`):
    engines build thousands of messages per move. The body is :func:`message`'s, written out to
    spare a call."""
    message = _new(Message)
    _write_key(message, key)
    _write_params(message, params)
    return message


def message(key: str, params: dict[str, Param]) -> Message:
    """:func:`msg` of a dict of parameters made already, which the message holds as it is (not a
    copy): for a game's own shorthand, such as one that puts its name before the key, that would
    otherwise pack its parameters into a dict twice."""
    made = _new(Message)
    _write_key(made, key)
    _write_params(made, params)
    return made


_new = object.__new__
_write_key = writer(Message, "key")
_write_params = writer(Message, "params")


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
    """The ``{name}`` placeholders of a catalogue entry, counting the number of each plural block
    and the placeholders inside its branches."""
    names: set[str] = set()
    for piece in _pieces(template):
        if isinstance(piece, _Plural):
            names.add(piece.name)
            for branch in piece.branches.values():
                names |= placeholders(branch)
        else:
            names |= {field for _, field, _, _ in string.Formatter().parse(piece) if field}
    return names


@lru_cache(maxsize=4096, typed=True)
def plural_category(count: float, locale: str) -> str:
    """The CLDR plural category of ``count`` in ``locale`` (``"one"``, ``"other"``, …). Kept by
    count and locale, as the same few counts are written over and over."""
    return str(_locale(locale).plural_form(abs(count)))


@lru_cache(maxsize=4096, typed=True)
def format_number(value: float, locale: str) -> str:
    """``value`` written with the locale's digits and separators (``1,825`` / ``1.825``), kept by
    value (and its type: ``1`` and ``1.0`` are written apart) and locale."""
    return str(format_decimal(value, locale=_locale(locale)))


@cache
def _locale(locale: str) -> Locale:
    return Locale.parse(locale if locale in LOCALES else "en")


class _Plural:
    """One ``{name, plural, …}`` block: the parameter it counts and its branches by selector."""

    def __init__(self, name: str, branches: dict[str, str]) -> None:
        self.name = name
        self.branches = branches

    def choose(self, count: float, locale: str) -> str:
        exact = self.branches.get(f"={count:g}")
        branch = exact if exact is not None else self.branches.get(plural_category(count, locale))
        if branch is None:
            branch = self.branches.get("other", "")
        return branch.replace("#", format_number(count, locale))


@cache
def _pieces(template: str) -> tuple[str | _Plural, ...]:
    """The template cut into plain text (with ``{name}`` placeholders) and plural blocks."""
    pieces: list[str | _Plural] = []
    plain_from = 0
    at = template.find("{")
    while at != -1:
        close = _matching(template, at)
        body = template[at + 1:close]
        head, sep, rest = body.partition(",")
        kind, sep2, cases = rest.partition(",")
        if sep and sep2 and kind.strip() == "plural":
            pieces.append(template[plain_from:at])
            pieces.append(_Plural(head.strip(), _branches(cases, template)))
            plain_from = close + 1
        at = template.find("{", close + 1)
    pieces.append(template[plain_from:])
    return tuple(p for p in pieces if p != "")


def _matching(template: str, at: int) -> int:
    depth = 0
    for i in range(at, len(template)):
        if template[i] == "{":
            depth += 1
        elif template[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    raise ValueError(f"unbalanced braces in {template!r}")


def _branches(cases: str, template: str) -> dict[str, str]:
    branches: dict[str, str] = {}
    at = cases.find("{")
    selector_from = 0
    while at != -1:
        selector = cases[selector_from:at].strip()
        close = _matching(cases, at)
        if not selector:
            raise ValueError(f"a plural branch without a selector in {template!r}")
        branches[selector] = cases[at + 1:close]
        selector_from = close + 1
        at = cases.find("{", selector_from)
    if "other" not in branches:
        raise ValueError(f"a plural block without an 'other' branch in {template!r}")
    return branches


def _fill(template: str, values: dict[str, Any], counts: dict[str, Param], locale: str) -> str:
    out: list[str] = []
    for piece in _pieces(template):
        if isinstance(piece, _Plural):
            count = counts.get(piece.name)
            if isinstance(count, int | float) and not isinstance(count, bool):
                piece_text = piece.choose(count, locale)
            else:
                piece_text = piece.branches["other"].replace("#", str(values.get(piece.name, "")))
            out.append(_fill(piece_text, values, counts, locale))
        else:
            out.append(string.Formatter().vformat(piece, (), _Lenient(values)))
    return "".join(out)


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
        else _word(v, locale, packages, seat_names)
        for k, v in message.params.items()
    }
    searched = packages if CORE_PACKAGE in packages else (*packages, CORE_PACKAGE)
    for loc in dict.fromkeys((locale, "en")):
        for package in searched:
            template = catalogue(package, loc).get(message.key)
            if template is not None:
                return _fill(template, params, message.params, loc)
    shown = ", ".join(f"{k}={v}" for k, v in params.items())
    return f"{message.key}({shown})" if shown else message.key


def _word(value: Any, locale: str, packages: tuple[str, ...], seat_names: tuple[str, ...] = ()) -> str:
    if isinstance(value, list):
        return ", ".join(_word(v, locale, packages, seat_names) for v in value)
    if isinstance(value, dict) and isinstance(value.get("key"), str):
        return render(MESSAGE.validate_python(value), locale, packages, seat_names)
    if isinstance(value, bool):
        return render(Message(key="core.yes" if value else "core.no"), locale, packages)
    if isinstance(value, Text):
        return value.text
    if isinstance(value, Message):
        return render(value, locale, packages, seat_names)
    if isinstance(value, str) and value.startswith("@"):
        return render(Message(key=value[1:]), locale, packages)
    return "" if value is None else str(value)
