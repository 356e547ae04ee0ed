"""The building reference of Praetor: the 21 buildings with each of their city tiles, the wall
tiles and the player boards, with where each value comes from (:mod:`rules.core.reference`).

The rulebook describes the buildings and their effects (p. 8) but prints none of the 42 tiles'
values, the 14 wall tiles or the boards; ``data/praetor.json`` gives each value a source note that
starts with ``rulebook p. N`` or ``designed`` (:meth:`~rules.praetor.content._Sourced.designed`).
"""

from __future__ import annotations

from rules.core import Message, msg
from rules.core.messages import MESSAGE, Param
from rules.core.reference import CardEntry, Origin, source_note
from rules.praetor.content import GOODS, Board, CityTile, Content, TileType, WallTile, _Sourced
from rules.praetor.describe import effect_text
from rules.praetor.table import amount_message, cost_message, joined

TYPE_FIELDS = ("name", "effect", "activation", "activation_cost", "amount", "resource")
"""A building's own values."""
TILE_FIELDS = ("type", "era", "min_players", "build_cost", "favour", "corners")
"""A city tile's values, told tile by tile."""
WALL_FIELDS = ("demand", "favour", "back")
"""A wall tile's values."""

ERAS = ("0", "I", "II")
"""The era marks on the tiles' backs as the rulebook writes them (0 for the starting tiles)."""


def entries(content: Content) -> tuple[CardEntry, ...]:
    """Every building (with its city tiles), then the wall tiles, then each player-board side."""
    found = [_building(content, kind) for kind in content.tile_types]
    found.append(_walls(content.wall_tiles))
    found += [_board(board) for board in content.boards]
    return tuple(found)


def where(note: str) -> tuple[bool, Message]:
    """Whether a source note says designed, and where the value comes from in words."""
    return source_note(note)


Item = tuple[str, int | None, str, bool, Message]
"""A value: its field name, the tile it is on (``None``: the entry itself), its name, and its source."""


def _items(entry: _Sourced, prefix: str, fields: tuple[str, ...], tile: int | None = None) -> list[Item]:
    return [(f"{prefix}{field}", tile, field, *where(entry.source[field]))
            for field in entry.valued_fields() if field in fields]


def _origins(items: list[Item], tile_key: str) -> tuple[Origin, ...]:
    """Values with the same source told together: the entry's own fields by name, then the tiles
    whose same fields share that source as one group ("tiles 2, 3: era, build cost")."""
    by_source: dict[tuple[bool, str], list[Item]] = {}
    for item in items:
        by_source.setdefault((item[3], MESSAGE.dump_json(item[4]).decode()), []).append(item)
    origins = []
    for (is_designed, _), group_items in by_source.items():
        words = [_field(name) for _, tile, name, _, _ in group_items if tile is None]
        per_tile: dict[int, list[str]] = {}
        for _, tile, name, _, _ in group_items:
            if tile is not None:
                per_tile.setdefault(tile, []).append(name)
        tiles_by_fields: dict[tuple[str, ...], list[int]] = {}
        for tile, tile_fields in per_tile.items():
            tiles_by_fields.setdefault(tuple(tile_fields), []).append(tile)
        for shared, tiles in tiles_by_fields.items():
            said: list[Param] = [_field(name) for name in shared]
            words.append(msg(tile_key, tiles=", ".join(map(str, tiles)), n=len(tiles), fields=said))
        origins.append(Origin(fields=tuple(item[0] for item in group_items), words=tuple(words),
                              designed=is_designed, where=group_items[0][4]))
    return tuple(origins)


def _field(name: str, **params: object) -> Message:
    return msg(f"praetor.ref.field.{name}", **params)  # type: ignore[arg-type]


def _building(content: Content, kind: TileType) -> CardEntry:
    lines = [effect_text(kind)]
    tiles = [t for t in content.city_tiles if t.type == kind.id]
    items = _items(kind, "", TYPE_FIELDS)
    for number, tile in enumerate(tiles, start=1):
        lines.append(_tile_line(number, tile))
        items += _items(tile, f"{tile.uid}.", TILE_FIELDS, number)
    cost = msg("praetor.ref.fee", cost=cost_message(dict(kind.activation_cost))) if kind.is_action else None
    return CardEntry(key=f"building.{kind.id}", name=msg(f"praetor.tile.{kind.id}"),
                     kind=msg(f"praetor.ref.kind.{kind.activation}"), cost=cost, lines=tuple(lines),
                     origins=_origins(items, "praetor.ref.field.tiles"))


def _tile_line(number: int, tile: CityTile) -> Message:
    return msg("praetor.ref.tile", number=number, era=ERAS[tile.era], players=tile.min_players,
               cost=cost_message(dict(tile.build_cost)), favour=tile.favour)


def _walls(walls: list[WallTile]) -> CardEntry:
    lines: list[Message] = []
    items: list[Item] = []
    for number, wall in enumerate(walls, start=1):
        lines.append(msg("praetor.ref.wall", number=number, cost=cost_message(dict(wall.demand)),
                         favour=wall.favour, back=wall.back))
        items += _items(wall, f"{wall.uid}.", WALL_FIELDS, number)
    return CardEntry(key="walls", name=msg("praetor.ref.name.walls"), kind=msg("praetor.ref.kind.walls"),
                     lines=tuple(lines), origins=_origins(items, "praetor.ref.field.walls"))


def _board(board: Board) -> CardEntry:
    market = [msg("praetor.ref.price", good=amount_message(good, 1), buy=board.market[good].buy,
                  sell=board.market[good].sell) for good in GOODS]
    lines = (
        msg("praetor.ref.wages", values=", ".join(str(v) for v in board.wages)),
        msg("praetor.ref.pensions", values=", ".join(str(v) for v in board.pensions)),
        msg("praetor.ref.morale", values=", ".join(f"{v:+d}" if v else "0" for v in board.morale)),
        msg("praetor.ref.market", prices=joined(market)),
    )
    return CardEntry(key=f"board.{board.id}", name=msg("praetor.ref.name.board", side=board.id),
                     kind=msg("praetor.ref.kind.board"), lines=lines,
                     origins=_origins(_items(board, "", board.VALUES), ""))
