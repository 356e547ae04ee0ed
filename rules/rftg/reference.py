"""The tile reference of Roll for the Galaxy: both faces of every game tile, the faction tiles,
the home worlds and the seven dice, with where each value comes from (:mod:`rules.core.reference`).

The rulebook gives the dice and the tile distribution (p. 1) but not the printed tiles: their
values come from the public tile list, each field with its own ``source`` in ``content/tiles.json``.
A value whose source starts with "designed" would be flagged as designed; the shipped file has none.
A power's words are the English edition's, shown as printed.
"""

from __future__ import annotations

from rules.core import Message, msg
from rules.core.messages import Param, typed
from rules.core.reference import CardEntry, Origin, group, proper_name, source_note
from rules.rftg.content import SIDE_FIELDS, Content, Side
from rules.rftg.describe import side_description

TILE_LIST = "public tile list"
IMPLEMENTATIONS = "public implementations"


def entries(content: Content) -> tuple[CardEntry, ...]:
    """Each face of each game tile, of each faction tile and each home world, then the dice."""
    found: list[CardEntry] = []
    for tile in content.tiles:
        sides = (("development", tile.development, tile.world), ("world", tile.world, tile.development))
        for face, side, other in sides:
            kind = msg("rftg.ref.kind.game_tile", side=_kind(side), other=other.name)
            found.append(_side(f"tile.{tile.id}.{face}", side, kind))
    for faction in content.factions:
        first, second = faction.sides
        for index, (side, other) in enumerate(((first, second), (second, first))):
            found.append(_side(f"faction.{faction.number}.{index}", side,
                               msg("rftg.ref.kind.faction", side=_kind(side), other=other.name)))
    for home in content.home_worlds:
        found.append(_side(f"home.{home.id}", home, msg("rftg.ref.kind.home_world")))
    for colour, die in content.dice.items():
        faces: list[Param] = [f"@rftg.phase.{face}" for face in die.faces]
        lines = (msg("rftg.ref.die_count", count=die.count), msg("rftg.ref.die_faces", faces=faces))
        items = [(field, msg(f"rftg.ref.field.die_{field}"), *where(die.source[field]))
                 for field in ("name", "count", "faces")]
        found.append(CardEntry(key=f"die.{colour}", name=msg(f"rftg.colour.{colour}"),
                               kind=msg("rftg.ref.kind.die"), lines=lines, origins=group(items)))
    return tuple(found)


def where(note: str) -> tuple[bool, Message]:
    """Whether a source note says designed, and where the value comes from in words (the public
    tile list and public implementations besides the rulebook)."""
    return source_note(note, {TILE_LIST: msg("rftg.ref.source.tile_list"),
                              IMPLEMENTATIONS: msg("rftg.ref.source.implementations")})


def _kind(side: Side) -> Message:
    return msg("rftg.ref.side.development" if side.kind == "development" else "rftg.ref.side.world")


def _side(key: str, side: Side, kind: Message) -> CardEntry:
    lines = [side_description(side)]
    if side.text:
        lines.append(msg("rftg.ref.printed_text", text=typed(side.text)))
    if side.starting_credits is not None:
        lines.append(msg("rftg.ref.starting_credits", amount=side.starting_credits))
    items = [(field, msg(f"rftg.ref.field.{field}"), *where(side.source[field]))
             for field in SIDE_FIELDS if field in side.source]
    origins: tuple[Origin, ...] = group(items)
    cost = msg(f"rftg.ref.cost_{side.kind}", cost=side.cost)
    return CardEntry(key=key, name=proper_name(side.name), kind=kind, cost=cost, lines=tuple(lines),
                     origins=origins)
