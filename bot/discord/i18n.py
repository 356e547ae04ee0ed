"""Every word a player reads, in their language: catalogue lookups for the adapter.

A message is looked up in the game's catalogue, then the table service's, then the engine core's,
then the bot's own (``bot/messages/{en,el}.json``), in the reader's locale with English as the
fallback (:func:`rules.core.messages.render`). The reader's locale is their own setting when they
chose one, else their Discord client's language when a catalogue exists for it.
"""

from __future__ import annotations

from typing import Any

from bot.service.words import packages_for
from rules.core.messages import LOCALES, Message, msg
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

    def __call__(self, message: Message) -> str:
        return render_message(message, self.locale, self._packages, self.names)

    def t(self, key: str, **params: Any) -> str:
        """The sentence for catalogue ``key`` with ``params``."""
        return self(msg(key, **params))

    def error(self, key: str, params: dict[str, Any], fallback: str) -> str:
        """A refusal in the reader's language; its English sentence when no catalogue has the key."""
        if not key:
            return fallback
        text = self(Message.model_validate({"key": key, "params": _plain(params)}))
        return fallback if text.startswith(key) else text


def _plain(params: dict[str, Any]) -> dict[str, Any]:
    return {
        k: v if isinstance(v, str | int | float | bool | list) or v is None else str(v)
        for k, v in params.items()
    }
