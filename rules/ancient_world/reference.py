"""The card reference of The Ancient World: every Empire, Military, Titan and District card, the
banner table and the damage die, with where each value comes from (:mod:`rules.core.reference`).

The rulebook prints no card lists (p. 15 gives only the counts); a card's ``source`` in
``content/cards.json`` says, as a whole or field by field, which values the rulebook states and
which are designed. The pages are those the card's note cites.

Sections (§) are those of docs/ancient_world/rules.md.
"""

from __future__ import annotations

from rules.ancient_world.content import (
    UNSOURCED,
    Card,
    Content,
    DistrictCard,
    EmpireCard,
    MilitaryCard,
    TitanCard,
)
from rules.ancient_world.effects import GAME
from rules.ancient_world.gives import action_description, empire_gives, military_gives, symbol_parts
from rules.core import Message, msg
from rules.core.reference import CardEntry, Origin, designed, group, pages_of, proper_name, rulebook


def _m(key: str, **params: object) -> Message:
    return msg(f"{GAME}.{key}", **params)  # type: ignore[arg-type]


def entries(content: Content) -> tuple[CardEntry, ...]:
    """Every card of ``content`` (one entry per card, whatever its copies), then the banner table
    and the damage die."""
    found: list[CardEntry] = []
    for empire in content.empire:
        found.append(_card(empire, _m(f"ref.kind.empire_{empire.deck.lower()}"), _empire_cost(empire),
                           [empire_gives(content, empire)]))
    for military in content.military:
        found.append(_card(military, _m(f"ref.kind.military_{military.deck}"),
                           _m("ref.recruit_cost", coins=military.recruit_cost), [military_gives(military)]))
    for titan in content.titans:
        kind = _m("ref.kind.titan", stars=titan.stars)
        found.append(_card(titan, kind, None, _titan_lines(content, titan)))
    for district in content.districts:
        found.append(_card(district, _m("ref.kind.district"), None, _district_lines(content, district)))
    found.append(_banner_table(content))
    found.append(_damage_die(content))
    return tuple(found)


def shown_fields(card: Card) -> list[str]:
    """The card's content fields the reference tells the source of: those it sets or its source
    names, in field order (a symbol it does not carry is not told)."""
    named = set(card.source) if isinstance(card.source, dict) else set()
    return [f for f in type(card).model_fields
            if f not in UNSOURCED and (f in card.model_fields_set or f in named)]


def _card(card: Card, kind: Message, cost: Message | None, lines: list[Message]) -> CardEntry:
    pages = pages_of(card.note)
    items = [_item(field, card.source_of(field), pages) for field in shown_fields(card)]
    return CardEntry(key=f"{_section(card)}.{card.id}", name=proper_name(card.name), kind=kind, cost=cost,
                     lines=tuple(lines), origins=group(items))


def _section(card: Card) -> str:
    if isinstance(card, EmpireCard):
        return "empire"
    if isinstance(card, MilitaryCard):
        return "military"
    if isinstance(card, TitanCard):
        return "titan"
    return "district"


def _empire_cost(card: EmpireCard) -> Message:
    if card.cost_knowledge:
        return _m("ref.cost_both", coins=card.cost_coins, knowledge=card.cost_knowledge)
    return _m("ref.cost_coins", coins=card.cost_coins)


def _titan_lines(content: Content, titan: TitanCard) -> list[Message]:
    key = "ref.titan_defence" if titan.arrows_allowed else "ref.titan_defence_swords"
    lines = [_m(key, defence=titan.defence, dice=sum(titan.banners.values()))]
    rewards = symbol_parts(titan, {str(t): n for t, n in titan.banners.items()})
    if titan.action is not None:
        rewards.append(_m("gives.action", what=action_description(content, None, None, titan.action)))
    if rewards:
        lines.append(_m("ref.titan_reward", parts=rewards))
    return lines


def _district_lines(content: Content, district: DistrictCard) -> list[Message]:
    parts = symbol_parts(district, {str(t): n for t, n in district.banners.items()})
    if district.action is not None:
        parts.append(_m("gives.action", what=action_description(content, None, None, district.action)))
    return [_m("gives.list", parts=parts)] if parts else []


def _item(field: str, source: str, pages: list[str]) -> tuple[str, Message, bool, Message]:
    """One field for :func:`~rules.core.reference.group`: designed, or printed on ``pages``."""
    is_designed = source == "designed"
    return field, _m(f"ref.field.{field}"), is_designed, designed() if is_designed else rulebook(pages)


def _whole(field: str, source: str, pages: list[str]) -> tuple[Origin, ...]:
    return group([_item(field, source, pages)])


def _banner_table(content: Content) -> CardEntry:
    """VP for 1–6 banners of one tribe (§10; the rulebook prints only 6 → 11)."""
    lines = tuple(_m("ref.banner_vp", banners=n, vp=vp) for n, vp in sorted(content.banner_vp.items()))
    return CardEntry(key="banner_table", name=_m("ref.name.banner_table"), kind=_m("ref.kind.table"),
                     lines=lines, origins=_whole("banner_vp", content.banner_vp_source, []))


def _damage_die(content: Content) -> CardEntry:
    """The damage die's six faces (§11.5)."""
    lines = tuple(_m("ref.die_face", face=i, titans=face.titans, coins=face.coins)
                  for i, face in enumerate(content.damage_die, start=1))
    return CardEntry(key="damage_die", name=_m("ref.name.damage_die"), kind=_m("ref.kind.die"),
                     lines=lines, origins=_whole("damage_die", content.damage_die_source, []))
