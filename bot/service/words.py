"""Turning a table's messages into sentences in the reader's language.

A message is looked up in the game's catalogue first, then the service's own
(``bot/service/messages``), then the engine core's; ``seat`` parameters become player names.
"""

from __future__ import annotations

from rules import registry
from rules.core.messages import Message
from rules.core.messages import render as render_message

SERVICE_PACKAGE = "bot.service"


def packages_for(game_id: str) -> tuple[str, ...]:
    """The catalogue packages to search for a game's messages, most specific first."""
    try:
        engine = registry.get(game_id)
    except registry.UnknownGame:
        return (SERVICE_PACKAGE, "rules.core")
    own = engine.info.messages_package or f"rules.{engine.info.id}"
    return (own, SERVICE_PACKAGE, "rules.core")


def render(message: Message, locale: str, game_id: str, names: tuple[str, ...] = ()) -> str:
    """The sentence for ``message`` at a table of ``game_id`` whose seats are called ``names``."""
    return render_message(message, locale, packages_for(game_id), names)


def render_error(key: str, params: dict[str, object], fallback: str, locale: str, game_id: str = "",
                 names: tuple[str, ...] = ()) -> str:
    """A refusal (``RuleError``/``ServiceError``) in the reader's language; its English sentence when
    no catalogue has the key."""
    packages = packages_for(game_id) if game_id else (SERVICE_PACKAGE, "rules.core")
    message = Message.model_validate({"key": key, "params": params})
    text = render_message(message, locale, packages, names)
    return fallback if text.startswith(key) else text
