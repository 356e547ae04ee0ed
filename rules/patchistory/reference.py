"""The reference of Patchistory: every land tile by the printed name on its Black side (Wonders,
Personalities, Special Buildings), every building tile and every prosperity card, with where each
value comes from (:mod:`rules.core.reference`).

The rulebook shows the tiles only as pictures, so their layout and symbols are designed
(``content/FORMAT.md``); a named space's own ``source`` says where its name and its ability come
from ("name and ability as the rulebook states them, p. 16", or "name in the rulebook p. 16; the
ability is designed (…)"). Building tiles and prosperity cards are the spec's proposal (§20.1).

Sections (§N) are those of docs/patchistory/rules.md.
"""

from __future__ import annotations

import re

from rules.core import Message, msg
from rules.core.reference import CardEntry, designed, group, pages_of, rulebook
from rules.patchistory.common import gains, name_key
from rules.patchistory.content import BuildingDef, Content, LandTile, ProsperityCard, SpaceDef

ERAS = ("I", "II", "III")

DESIGNED_ABILITY = re.compile(r"(?:ability|value) is designed(?: \(([^)]*)\))?")
"""How a named space's source says its ability is designed, with the designed rule in brackets."""


def entries(content: Content) -> tuple[CardEntry, ...]:
    """Every land tile, then the building tiles, then the prosperity cards."""
    found = [_tile(tile) for tile in content.land_tiles]
    found += [_building(building) for building in content.buildings]
    found += [_card(card) for card in content.prosperity]
    return tuple(found)


def _named(tile: LandTile) -> SpaceDef | None:
    return next((space for space in tile.black.spaces if space.name), None)


def _field(name: str) -> Message:
    return msg(f"patchistory.ref.field.{name}")


def _tile(tile: LandTile) -> CardEntry:
    space = _named(tile)
    era = ERAS[tile.era - 1]
    layout_designed = "designed" in tile.source
    layout_where = designed() if layout_designed else rulebook(pages_of(tile.source))
    items: list[tuple[str, Message, bool, Message]] = []
    lines: list[Message] = []
    if space is None:
        name = msg("patchistory.ref.name.tile", era=era)
        kind = msg("patchistory.ref.kind.land", era=era)
    else:
        name = msg(name_key(space.name))
        kind = msg(f"patchistory.ref.kind.{space.kind}", era=era)
        note = space.source or tile.source
        match = DESIGNED_ABILITY.search(note)
        name_pages = pages_of(note.split(";")[0])
        if "name" in note and "designed" not in note.split(";")[0]:
            items.append(("name", _field("name"), False, rulebook(name_pages)))
        else:
            items.append(("name", _field("name"), True, designed()))
        if space.ability:
            lines.append(msg(f"patchistory.ref.ability.{space.ability}"))
            if match is not None:
                items.append(("ability", _field("ability"), True, designed()))
            else:
                items.append(("ability", _field("ability"), False, rulebook(pages_of(note))))
        symbols = gains(dict(space.yields))
        framed = gains(dict(space.framed)) if space.framed else None
        key = "patchistory.ref.space_framed" if framed is not None else "patchistory.ref.space"
        lines.append(msg(key, squares=len(space.cells), gains=symbols, framed=framed))
    lines.append(msg("patchistory.ref.sides", white=_size(tile, "white"), black=_size(tile, "black")))
    items.append(("spaces", _field("spaces"), layout_designed, layout_where))
    return CardEntry(key=f"tile.{tile.id}", name=name, kind=kind, lines=tuple(lines), origins=group(items))


def _size(tile: LandTile, side: str) -> str:
    printed = tile.side(side)
    return f"{printed.height}×{printed.width}"


def _building(building: BuildingDef) -> CardEntry:
    framed = msg("patchistory.ref.framed", gains=gains(dict(building.framed))) if building.framed else None
    lines = [msg("patchistory.ref.yields", gains=gains(dict(building.yields)))]
    if framed is not None:
        lines.append(framed)
    is_designed = not building.source.startswith("rulebook")
    where = designed() if is_designed else rulebook(pages_of(building.source))
    items = [(f, _field(f), is_designed, where) for f in ("type", "cost", "yields", "framed")
             if f != "framed" or building.framed]
    name = msg("patchistory.building_name", kind=f"@patchistory.building_kind.{building.type}",
               gains=gains(dict(building.yields)))
    return CardEntry(key=f"building.{building.id}", name=name, kind=msg("patchistory.ref.kind.building"),
                     cost=msg("patchistory.gain.resources", n=building.cost), lines=tuple(lines),
                     origins=group(items))


def _card(card: ProsperityCard) -> CardEntry:
    is_designed = not card.source.startswith("rulebook")
    where = designed() if is_designed else rulebook(pages_of(card.source))
    category = f"@patchistory.category.{card.category}"
    name = msg("patchistory.ref.name.prosperity", category=category)
    return CardEntry(key=f"prosperity.{card.id}", name=name,
                     kind=msg("patchistory.ref.kind.prosperity"),
                     lines=(msg("patchistory.ref.prosperity", category=category),),
                     origins=group([("category", _field("category"), is_designed, where)]))
