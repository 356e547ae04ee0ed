"""What a player's city provides: the totals of §4 and §11 computed from the cards they hold.

The Capital gives 1 food, 4 capacity, 5 coin income and army limit 2 (§2); intact built Empire
cards, District cards and Titan cards add their symbols (§11.1: damaged and stored cards give
nothing; Districts and Titans are never damaged).

Sections (§) are those of docs/ancient_world/rules.md.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from rules.ancient_world.content import (
    ActionEffect,
    CardAction,
    Content,
    EmpireCard,
    Symbols,
    TextEffect,
    Tribe,
)
from rules.ancient_world.state import Player

CAPITAL = Symbols(food=1, capacity=4, army_limit=2, income_coins=5)


def symbol_cards(content: Content, player: Player) -> Iterator[Symbols]:
    """The Capital and every card whose symbols count now."""
    yield CAPITAL
    for built in player.empire:
        if not built.damaged:
            yield content.empire_card(built.card)
    for card_id in player.districts:
        yield content.district(card_id)
    for card_id in player.titans:
        yield content.titan(card_id)


SYMBOL_NAMES = tuple(Symbols.model_fields)
MEMO_LIMIT = 20_000
"""Memoised cities kept before the cache starts afresh (a long-running bot sees many cities)."""


class Facts(NamedTuple):
    """What a city's cards give, found once per set of cards held (:func:`facts`)."""

    sums: dict[str, int]
    """Every symbol summed over the counting cards (:func:`totals`)."""
    names: frozenset[str]
    """The names of the built Empire cards, damaged ones too (:func:`built_names`)."""
    actions: tuple[tuple[str, CardAction], ...]
    """The card actions (:func:`action_cards`)."""
    texts: frozenset[TextEffect]
    """The texts of the intact built Empire cards (:func:`has_text`)."""
    crane: int | None
    """Where the first intact Crane stands in the Empire (:func:`crane_index`)."""


def facts(content: Content, player: Player) -> Facts:
    """The player's :class:`Facts`, memoised on the cards held, since a move asks for them many times."""
    key = ("city", tuple([(b.card, b.damaged) for b in player.empire]), tuple(player.districts),
           tuple(player.titans))
    memo = content.memo
    found = memo.get(key)
    if found is None:
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        found = memo[key] = _facts(content, player)
    assert isinstance(found, Facts)
    return found


def _facts(content: Content, player: Player) -> Facts:
    sums = dict.fromkeys(SYMBOL_NAMES, 0)
    for card in symbol_cards(content, player):
        for name in SYMBOL_NAMES:
            sums[name] += getattr(card, name)
    intact = [(i, card) for i, card in enumerate(content.empire_card(b.card) for b in player.empire)
              if not player.empire[i].damaged]
    return Facts(sums, frozenset(content.empire_card(b.card).name for b in player.empire),
                 tuple(_action_cards(content, player)),
                 frozenset(card.text for _, card in intact if card.text is not None),
                 next((i for i, card in intact if card.text is TextEffect.CRANE), None))


def totals(content: Content, player: Player) -> dict[str, int]:
    """Every symbol summed over the player's counting cards (§11.1: symbols add up)."""
    return facts(content, player).sums


def total(content: Content, player: Player, symbol: str) -> int:
    """The sum of one symbol over the player's counting cards."""
    return totals(content, player)[symbol]


def food(content: Content, player: Player) -> int:
    return total(content, player, "food")


def capacity(content: Content, player: Player) -> int:
    return total(content, player, "capacity")


def army_limit(content: Content, player: Player) -> int:
    return total(content, player, "army_limit")


def permanent_attack(content: Content, player: Player, arrows_allowed: bool) -> int:
    """Sword (and, where allowed, arrow) symbols of intact Empire, District and Titan cards (§8.3)."""
    sums = totals(content, player)
    return sums["swords"] + (sums["arrows"] if arrows_allowed else 0)


def intact_empire(content: Content, player: Player) -> Iterator[EmpireCard]:
    for built in player.empire:
        if not built.damaged:
            yield content.empire_card(built.card)


def has_text(content: Content, player: Player, text: TextEffect) -> bool:
    """Whether an intact built card of the player carries this ongoing or triggered text."""
    return text in facts(content, player).texts


def crane_index(content: Content, player: Player) -> int | None:
    """Where the player's first intact Crane stands in their Empire, if they have one."""
    return facts(content, player).crane


def built_names(content: Content, player: Player) -> frozenset[str]:
    return facts(content, player).names


def action_cards(content: Content, player: Player) -> tuple[tuple[str, CardAction], ...]:
    """The player's own cards with a card action they may use (intact Empire cards, and District and
    Titan cards, I-25, I-53), in table order."""
    return facts(content, player).actions


def _action_cards(content: Content, player: Player) -> list[tuple[str, CardAction]]:
    cards: list[tuple[str, CardAction]] = []
    for built in player.empire:
        card = content.empire_card(built.card)
        if card.action is not None and not built.damaged:
            cards.append((card.id, card.action))
    for district in player.districts:
        action = content.district(district).action
        if action is not None:
            cards.append((district, action))
    for titan_id in player.titans:
        titan_action = content.titan(titan_id).action
        if titan_action is not None:
            cards.append((titan_id, titan_action))
    return cards


def card_name(content: Content, card_id: str) -> str:
    """The printed name of any card id."""
    for lookup in (content.empire_card, content.district, content.titan, content.military_card):
        try:
            return lookup(card_id).name
        except KeyError:
            continue
    return card_id


def card_action(content: Content, card_id: str) -> CardAction | None:
    for lookup in (content.empire_card, content.district, content.titan):
        try:
            card = lookup(card_id)
        except KeyError:
            continue
        return card.action
    return None


def banners(content: Content, player: Player) -> dict[Tribe, int]:
    """Banners per tribe on built Empire cards (damaged ones too: they are repaired for scoring),
    Titans and Districts; stored cards do not count (I-33). Uncapped."""
    counts = {tribe: 0 for tribe in Tribe}
    holders = [content.empire_card(b.card).banners for b in player.empire]
    holders += [content.titan(t).banners for t in player.titans]
    holders += [content.district(d).banners for d in player.districts]
    for held in holders:
        for tribe, n in held.items():
            counts[tribe] += n
    return counts


def uses_opponent(action: CardAction) -> bool:
    return action.effect is ActionEffect.USE_OPPONENT
