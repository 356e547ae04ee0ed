"""Every word a player reads, in their language: catalogue lookups for the adapter.

A message is looked up in the game's catalogue, then the table service's, then the engine core's,
then the bot's own (``bot/messages/{en,el}.json``), in the reader's locale with English as the
fallback (:func:`rules.core.messages.render`). The reader's locale is their own setting when they
chose one, else their Discord client's language when a catalogue exists for it.

Players' names and what they typed (:class:`~rules.core.messages.Text` parameters) are shown as text:
in message text their markdown and mentions are escaped, in labels they are kept on one line
(:mod:`bot.discord.text`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from bot.discord.text import plain, shown
from bot.service.words import packages_for
from rules.core.messages import LOCALES, MESSAGE, Message, Param, Text, msg
from rules.core.messages import render as render_message

BOT_PACKAGE = "bot"


def supported(locale: str | None) -> str | None:
    """Our catalogue language for a Discord locale (``"el"`` for Greek, ``"en"`` for ``"en-GB"``)."""
    if not locale:
        return None
    base = str(locale).split("-")[0].lower()
    return base if base in LOCALES else None


def choose_locale(discord_locale: str | None, preference: str | None, default: str = "en") -> str:
    """The reader's language: the one they chose (any, English included), else their Discord
    client's language when we have a catalogue for it, else ``default``, else English.

    ``preference`` is ``None`` for a user who never chose a language.
    """
    return supported(preference) or supported(discord_locale) or supported(default) or "en"


def packages(game_id: str = "") -> tuple[str, ...]:
    """Catalogue packages, most specific first: the game's, the service's, the core's, the bot's."""
    base = packages_for(game_id) if game_id else ("bot.service", "rules.core")
    return (*base, BOT_PACKAGE)


class Words:
    """Renders messages for one reader: a locale, a game, and the table's seat names."""

    def __init__(self, locale: str, game_id: str = "", names: tuple[str, ...] = ()) -> None:
        self.locale = locale
        self.game_id = game_id
        self.names = names
        self._packages = packages(game_id)
        self._shown_names = tuple(shown(n) for n in names)
        self._plain_names = tuple(plain(n) for n in names)

    def __call__(self, message: Message) -> str:
        """``message`` as message text (names and typed words escaped)."""
        return render_message(_typed(message, shown), self.locale, self._packages, self._shown_names)

    def label(self, message: Message) -> str:
        """``message`` as a button or menu label, where Discord renders no markdown: names and typed
        words are kept on one line but not escaped."""
        return render_message(_typed(message, plain), self.locale, self._packages, self._plain_names)

    def seat_name(self, seat: int, stored: str) -> str:
        """The name of ``seat`` as this reader reads it (a bot seat's in their language), else the
        ``stored`` name."""
        return self.names[seat] if 0 <= seat < len(self.names) else stored

    def t(self, key: str, **params: Any) -> str:
        """The sentence for catalogue ``key`` with ``params``."""
        return self(msg(key, **params))

    def error(self, key: str, params: dict[str, Any], fallback: str) -> str:
        """A refusal in the reader's language; its English sentence when no catalogue has the key."""
        if not key:
            return fallback
        text = self(MESSAGE.validate_python({"key": key, "params": _plain(params)}))
        return fallback if text.startswith(key) else text


def _typed(message: Message, how: Callable[[str], str]) -> Message:
    """``message`` with every :class:`Text` parameter (nested ones too) passed through ``how``;
    ``message`` itself when it holds none (and nothing the rebuilt message would read otherwise)."""
    if not message.params or _as_is(message):
        return message
    return MESSAGE.validate_python(
        {"key": message.key, "params": {k: _typed_param(v, how) for k, v in message.params.items()}})


_SCALARS = (str, int, float, bool, type(None))
"""Parameter types a rebuilt :class:`Message` keeps as they are (exactly these: not a subclass)."""


def _as_is(value: object) -> bool:
    """Whether ``value`` (a message or a parameter) holds no :class:`Text` and only what
    :class:`Message` validation keeps unchanged, so that :func:`_typed` would rebuild it equal."""
    kind = type(value)
    if kind in _SCALARS:
        return True
    if kind is Message:
        return all(_as_is(v) for v in cast(Message, value).params.values())
    if kind is list:
        return all(_as_is(v) for v in cast(list[object], value))
    return False


def _typed_param(value: Param, how: Callable[[str], str]) -> Param:
    if isinstance(value, Text):
        return Text(text=how(value.text))
    if isinstance(value, Message):
        return _typed(value, how)
    if isinstance(value, list):
        return [_typed_param(v, how) for v in value]
    if isinstance(value, dict) and set(value) == {"text"}:  # a stored list keeps its texts as objects
        return Text(text=how(str(value["text"])))
    return value


def _plain(params: dict[str, Any]) -> dict[str, Any]:
    return {
        k: v if isinstance(v, str | int | float | bool | list | Message | Text) or v is None else str(v)
        for k, v in params.items()
    }
