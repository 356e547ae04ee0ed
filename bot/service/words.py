"""Turning a table's messages into sentences in the reader's language.

A message is looked up in the game's catalogue first, then the service's own
(``bot/service/messages``), then the engine core's; ``seat`` parameters become player names.
"""

from __future__ import annotations

from rules import registry
from rules.core.errors import RuleError
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


def render_refusal(refusal: RuleError, locale: str, game_id: str = "", names: tuple[str, ...] = ()) -> str:
    """A refusal (the engine's ``RuleError`` or a ``ServiceError``) in the reader's language; its
    English sentence when it has no key or no catalogue has the key."""
    if not refusal.key:
        return refusal.sentence
    params = {k: v for k, v in refusal.params.items() if isinstance(v, str | int | float | bool | list)}
    message = Message(key=refusal.key, params=params)
    packages = packages_for(game_id) if game_id else (SERVICE_PACKAGE, "rules.core")
    text = render_message(message, locale, packages, names)
    return refusal.sentence if text.startswith(refusal.key) else text
