"""What a card gives, in words: its banners, its symbols (§11.2), its action, text or scoring (§12),
for option descriptions and the card pictures.

Sections (§) are those of docs/ancient_world/rules.md.
"""

from __future__ import annotations

from rules.ancient_world import city
from rules.ancient_world.content import ActionEffect, CardAction, Content, EmpireCard, MilitaryCard, Symbols
from rules.ancient_world.effects import GAME
from rules.ancient_world.state import State
from rules.core import Message, Seat, msg

SYMBOLS = ("food", "capacity", "army_limit", "swords", "arrows", "income_coins", "income_knowledge",
           "citizens", "explore_bonus")
"""The symbols of §11.2 in the order they are told."""


def _m(key: str, **params: object) -> Message:
    return msg(f"{GAME}.{key}", **params)  # type: ignore[arg-type]


def symbol_parts(card: Symbols, banners: dict[str, int] | None = None, *,
                 short: bool = False) -> list[Message]:
    """The card's banners (:func:`banner_parts`), then one short phrase per symbol it carries."""
    parts = banner_parts({tribe: n for tribe, n in (banners or {}).items() if n}, short=short)
    parts += [_m(f"gives.{name}", count=getattr(card, name)) for name in SYMBOLS if getattr(card, name)]
    return parts


def banner_parts(banners: dict[str, int], *, short: bool = False) -> list[Message]:
    """One phrase per colour ("1 red banner, 1 blue banner"); with ``short``, for a select line,
    several colours in one phrase that names the word once ("banners 1 red, 1 blue")."""
    if not short or len(banners) < 2:
        return [_m(f"gives.banner.{tribe}", count=n) for tribe, n in banners.items()]
    return [_m("gives.banners", parts=[_m(f"gives.colour.{tribe}", count=n) for tribe, n in banners.items()])]


def empire_parts(content: Content, card: EmpireCard, *, short: bool = False) -> list[Message]:
    """Everything an Empire card gives, phrase by phrase (``short``: as :func:`symbol_parts`)."""
    parts = symbol_parts(card, {str(t): n for t, n in card.banners.items()}, short=short)
    if card.action is not None:
        parts.append(_m("gives.action", what=action_description(content, None, None, card.action)))
    if card.text is not None:
        parts.append(_m(f"gives.text.{card.text}"))
    if card.scoring is not None:
        scoring = card.scoring
        parts.append(_m(f"gives.scoring.{scoring.effect}", vp=scoring.vp,
                        tribe=f"@{GAME}.tribe.{scoring.tribe}" if scoring.tribe else ""))
    return parts


MILITARY = ("swords", "arrows", "spoils", "spy", "repair")
"""Military card symbols (§11.3), told for the front and for the Legacy side."""


def legacy_parts(card: MilitaryCard) -> list[Message]:
    """What a Military card adds to its army once retired (its Legacy side, §11.3)."""
    return [_m(f"gives.{name}", count=getattr(card, f"legacy_{name}")) for name in MILITARY
            if getattr(card, f"legacy_{name}")]


def military_gives(card: MilitaryCard) -> Message:
    """A Military card's front symbols, then its Legacy (what it adds once retired)."""
    front = [_m(f"gives.{name}", count=getattr(card, name)) for name in MILITARY if getattr(card, name)]
    legacy = legacy_parts(card)
    if legacy:
        front.append(_m("gives.legacy", parts=legacy))
    return _m("gives.list", parts=front)


def empire_gives(content: Content, card: EmpireCard, *, short: bool = False) -> Message:
    """The card's phrases joined in one message (``short``: for a select line). Kept per card: the
    message is frozen, and the card's words never change."""
    key = ("gives", card.id, short)
    found = content.memo.get(key)
    if not isinstance(found, Message):
        found = content.memo[key] = _m("gives.list", parts=empire_parts(content, card, short=short))
    return found


def action_description(content: Content, state: State | None, seat: Seat | None,
                       action: CardAction | None) -> Message:
    """What a card action does (§12), in a few words; with a seat, Desert Caravan counts its food."""
    assert action is not None
    match action.effect:
        case ActionEffect.GAIN if action.coins and action.knowledge:
            return _m("desc.action.gain", coins=action.coins, knowledge=action.knowledge)
        case ActionEffect.GAIN if action.coins:
            return _m("desc.action.gain_coins", coins=action.coins)
        case ActionEffect.GAIN:
            return _m("desc.action.gain_knowledge", knowledge=action.knowledge)
        case ActionEffect.REPAIR:
            return _m("desc.action.repair", count=action.count)
        case ActionEffect.EXPLORE:
            return _m("desc.action.explore", coins=action.coins)
        case ActionEffect.COINS_PER_FOOD if state is not None and seat is not None:
            return _m("desc.action.coins_per_food_now", coins=city.food(content, state.players[seat]))
    return _m(f"desc.action.{action.effect}")
