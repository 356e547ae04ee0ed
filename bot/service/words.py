"""Turning a table's messages into sentences in the reader's language.

A message is looked up in the game's catalogue first, then the service's own
(``bot/service/messages``), then the engine core's; ``seat`` parameters become player names.
"""

from __future__ import annotations

import re

from bot.service.models import SeatInfo, TableInfo
from rules import registry
from rules.core.errors import RuleError
from rules.core.messages import MESSAGE, Message, Param, catalogue, msg, typed
from rules.core.messages import render as render_message

SERVICE_PACKAGE = "bot.service"

BOT_NAME = re.compile(r"Bot (\d+) \((\w+)\)")
"""The name a bot seat is stored under, as the lobby gives it (``Bot 2 (greedy)``): English in
storage, told in the reader's language (:func:`seat_name`)."""


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
    message = MESSAGE.validate_python({"key": refusal.key, "params": params})
    packages = packages_for(game_id) if game_id else (SERVICE_PACKAGE, "rules.core")
    text = render_message(message, locale, packages, names)
    return refusal.sentence if text.startswith(refusal.key) else text


def seat_label(seat: SeatInfo) -> Param:
    """A seat's name as a message parameter: a bot seat's stored name («Bot 2 (greedy)») as the
    catalogue's ``service.bot_name`` with its kind in the reader's language; any other name (a
    person's, or a bot seat renamed in storage) as typed words, shown as they are."""
    match = BOT_NAME.fullmatch(seat.name) if seat.bot is not None else None
    if match is None or f"service.bot_kind.{match[2]}" not in catalogue(SERVICE_PACKAGE, "en"):
        return typed(seat.name)
    return msg("service.bot_name", number=int(match[1]), kind=f"@service.bot_kind.{match[2]}")


def seat_name(seat: SeatInfo, locale: str) -> str:
    """A seat's name in ``locale``: «Bot 2 (άπληστο)» in Greek for the seat stored as «Bot 2 (greedy)»."""
    label = seat_label(seat)
    return render_message(label, locale, (SERVICE_PACKAGE,)) if isinstance(label, Message) else seat.name


def seat_names(table: TableInfo, locale: str) -> tuple[str, ...]:
    """Seat names in seat order as ``locale`` reads them, for rendering ``seat`` parameters."""
    return tuple(seat_name(s, locale) for s in table.seats)
