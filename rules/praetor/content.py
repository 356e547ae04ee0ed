"""Praetor's components as data: city tiles, wall tiles, player boards and starting layouts.

The rulebook names the 21 tile types and their effects but prints none of the 42 tiles' values, the
14 wall tiles, the boards' wages, pensions, morale track and Market rates, nor the starting-city
diagrams (§15). ``data/praetor.json`` ships a complete, coherent set with the rulebook's counts;
every entry says in ``source`` where its values come from, and ``data/FORMAT.md`` explains how an
owner of the physical game transcribes the real ones. :func:`load_content` validates a file and
reports the first problem as a sentence.

Every value says where it comes from, field by field: an entry's ``source`` maps each of its value
fields to a short note that starts with ``rulebook p. N`` (printed or stated in an example on that
page) or ``designed`` (made up to be coherent, to be corrected from the physical tiles). A single
string is still read as the source of every field, as older files wrote it.

Sections (§) are those of docs/praetor/rules.md.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.core.content import ContentError as ContentError
from rules.core.content import load_model

RESOURCES: tuple[str, ...] = ("gold", "wood", "stone", "marble", "weapons")
"""The five resources, in the order the boards print them."""
GOODS: tuple[str, ...] = RESOURCES[1:]
"""Resources other than gold: what the Market trades and final scoring converts."""
CORNERS: tuple[str, ...] = ("NW", "NE", "SW", "SE")

Resource = Literal["gold", "wood", "stone", "marble", "weapons"]
Activation = Literal["red", "green", "grey", "none"]
Effect = Literal[
    "gain_exp", "forge", "favour_per_active", "favour_per_tile", "favour_per_wood_stone",
    "favour_per_marble_weapons", "favour_morale", "recruit", "market", "wall", "academy",
    "encampment", "gold_per_tile", "gold_per_active", "morale_per_tiles", "morale_per_retired", "none",
]
Costs = dict[str, int]


def _check_costs(costs: dict[str, int], where: str) -> None:
    for resource, amount in costs.items():
        if resource not in RESOURCES:
            raise ValueError(f"{where}: unknown resource {resource!r} (use {', '.join(RESOURCES)})")
        if amount < 0:
            raise ValueError(f"{where}: {resource} cannot be negative")


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


ALL_FIELDS = "*"
"""The key a single-string ``source`` is read as: the source of every value field."""


class _Sourced(_Entry):
    """An entry whose values each carry their own ``source`` (see the module docstring)."""

    VALUES: ClassVar[tuple[str, ...]] = ()
    """The fields holding content values, each of which needs a source."""

    source: dict[str, str]

    @model_validator(mode="before")
    @classmethod
    def _one_source_for_all(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("source"), str):
            return {**data, "source": {ALL_FIELDS: data["source"]}}
        return data

    @model_validator(mode="after")
    def _every_value_sourced(self) -> _Sourced:
        need = self.valued_fields()
        given = dict(self.source)
        if ALL_FIELDS in given:
            every = given.pop(ALL_FIELDS)
            given = {field: given.get(field, every) for field in need}
            object.__setattr__(self, "source", given)
        for field in given:
            if field not in need:
                raise ValueError(f"{self.describe()}: source names {field!r}, which is not one of its values "
                                 f"({', '.join(need)})")
        for field in need:
            if not given.get(field, "").strip():
                raise ValueError(f"{self.describe()}: source does not say where {field!r} comes from")
        return self

    def valued_fields(self) -> tuple[str, ...]:
        return self.VALUES

    def describe(self) -> str:
        return type(self).__name__

    def designed(self) -> tuple[str, ...]:
        """The value fields whose source says they are designed rather than printed."""
        return tuple(f for f in self.valued_fields() if self.source[f].startswith("designed"))


class TileType(_Sourced):
    """One of the 21 buildings (§8, rulebook p. 8): what its activation slot does and costs."""

    VALUES: ClassVar[tuple[str, ...]] = ("name", "effect", "activation", "activation_cost", "amount")

    id: str
    name: str
    """The English edition's name, used in plain-text refusals; players read the name of their
    language from the catalogues (``praetor.tile.<id>``, the Greek rulebook's names in Greek)."""
    effect: Effect
    activation: Activation
    """Slot colour: red gives the worker +1 exp, grey is a special tile, none has no slot."""
    activation_cost: Costs = Field(default_factory=dict)
    """What a player pays the owner to activate another's tile (nothing for your own or unowned)."""
    amount: int = 1
    """The effect's rate: "2 favour per active worker" has amount 2; the Encampment's exp is 6."""
    resource: Resource | None = None
    """For ``gain_exp``: the resource gained, one per exp."""

    def valued_fields(self) -> tuple[str, ...]:
        return self.VALUES + (("resource",) if self.resource is not None else ())

    def describe(self) -> str:
        return f"tile type {self.id}"

    @model_validator(mode="after")
    def _coherent(self) -> TileType:
        if self.effect == "gain_exp" and self.resource is None:
            raise ValueError(f"tile type {self.id}: gain_exp needs a resource")
        if (self.effect in ("academy", "encampment")) != (self.activation == "grey"):
            raise ValueError(f"tile type {self.id}: only the Academy and Encampment are grey")
        _check_costs(self.activation_cost, f"tile type {self.id} activation_cost")
        if (self.effect == "none") != (self.activation == "none"):
            raise ValueError(f"tile type {self.id}: a tile without effect has no slot")
        return self

    @property
    def is_action(self) -> bool:
        """Whether a worker (or, for grey tiles, a turn) can be spent activating it."""
        return self.activation in ("red", "green") or self.effect == "encampment"


class CityTile(_Sourced):
    """One of the 42 city tiles: its type and the values printed on front and back (rulebook p. 2)."""

    VALUES: ClassVar[tuple[str, ...]] = ("type", "era", "min_players", "build_cost", "favour", "corners")

    uid: str
    type: str
    era: Literal[0, 1, 2]
    min_players: int = Field(ge=2, le=5)
    """The player-count mark on the back: 2 means 2+, ..., 5 means 5 only."""
    build_cost: Costs = Field(default_factory=dict)
    favour: int = Field(ge=0)
    corners: dict[str, str | None]

    def describe(self) -> str:
        return f"city tile {self.uid}"

    @model_validator(mode="after")
    def _costs(self) -> CityTile:
        _check_costs(self.build_cost, f"city tile {self.uid} build_cost")
        return self


class WallTile(_Sourced):
    """One of the 14 wall tiles: Caesar's demand, its favour and the back's bonus for later tiles."""

    VALUES: ClassVar[tuple[str, ...]] = ("demand", "favour", "back")

    uid: str
    demand: Costs
    favour: int = Field(ge=0)
    back: int = Field(ge=0)

    def describe(self) -> str:
        return f"wall tile {self.uid}"

    @model_validator(mode="after")
    def _costs(self) -> WallTile:
        _check_costs(self.demand, f"wall tile {self.uid} demand")
        return self


class Prices(_Entry):
    buy: int = Field(ge=1)
    """Gold paid to the bank for one unit."""
    sell: int = Field(ge=0)
    """Gold received for one unit (also the final-scoring conversion rate)."""


class Board(_Sourced):
    """One player-board side: wages, pensions, morale track and Market rates (§5)."""

    VALUES: ClassVar[tuple[str, ...]] = ("wages", "pensions", "morale", "morale_start", "market")

    id: str
    wages: list[int] = Field(min_length=8, max_length=8)
    """Gold per occupied active-worker slot, first slot first."""
    pensions: list[int] = Field(min_length=8, max_length=8)
    morale: list[int] = Field(min_length=2)
    """Favour printed on each morale space, lowest first."""
    morale_start: int
    """Index of the space worth 0, where the marker starts."""
    market: dict[str, Prices]

    def describe(self) -> str:
        return f"board {self.id}"

    @model_validator(mode="after")
    def _start_is_zero(self) -> Board:
        if not 0 <= self.morale_start < len(self.morale) or self.morale[self.morale_start] != 0:
            raise ValueError(f"board {self.id}: morale_start must point at the space worth 0")
        if set(self.market) != set(GOODS):
            raise ValueError(f"board {self.id}: the market needs prices for {', '.join(GOODS)}")
        for good, prices in self.market.items():
            if prices.sell >= prices.buy:
                raise ValueError(f"board {self.id}: {good} must sell for less than it costs to buy")
        return self


class StartCell(_Entry):
    x: int
    y: int
    tile: str
    owner: int | None = None
    """The seat that marks this tile (each Gold Mine), or none."""


class StartLayout(_Sourced):
    VALUES: ClassVar[tuple[str, ...]] = ("cells",)

    players: int = Field(ge=2, le=5)
    cells: list[StartCell]

    def describe(self) -> str:
        return f"start layout for {self.players} players"


class Content(_Sourced):
    """Everything the engine reads from the data file, cross-checked on load."""

    VALUES: ClassVar[tuple[str, ...]] = ("patterns", "starting_resources")

    source: dict[str, str] = Field(default_factory=lambda: {ALL_FIELDS: "not stated in the file"})
    about: str = ""
    patterns: list[str] = Field(min_length=1)
    starting_resources: Costs
    tile_types: list[TileType]
    city_tiles: list[CityTile]
    wall_tiles: list[WallTile]
    boards: list[Board]
    start_layouts: list[StartLayout]

    def describe(self) -> str:
        return "the content file"

    @model_validator(mode="after")
    def _references(self) -> Content:
        types = {t.id for t in self.tile_types}
        tiles = {t.uid: t for t in self.city_tiles}
        _unique("tile type", [t.id for t in self.tile_types])
        _unique("city tile", [t.uid for t in self.city_tiles])
        _unique("wall tile", [t.uid for t in self.wall_tiles])
        _unique("board", [b.id for b in self.boards])
        for tile in self.city_tiles:
            if tile.type not in types:
                raise ValueError(f"city tile {tile.uid}: unknown type {tile.type!r}")
            for corner, pattern in tile.corners.items():
                if pattern is not None and pattern not in self.patterns:
                    raise ValueError(f"city tile {tile.uid}: corner {corner} has unknown pattern {pattern!r}")
            if set(tile.corners) != set(CORNERS):
                raise ValueError(f"city tile {tile.uid}: give all four corners NW, NE, SW, SE")
        if "A" not in {b.id for b in self.boards}:
            raise ValueError("a board side 'A' is needed: it is every player's default")
        for layout in self.start_layouts:
            self._check_layout(layout, tiles)
        return self

    def _check_layout(self, layout: StartLayout, tiles: dict[str, CityTile]) -> None:
        where = f"start layout for {layout.players} players"
        cells = Counter((c.x, c.y) for c in layout.cells)
        if any(n > 1 for n in cells.values()):
            raise ValueError(f"{where}: two tiles on one cell")
        owners = sorted(c.owner for c in layout.cells if c.owner is not None)
        if owners != list(range(layout.players)):
            raise ValueError(f"{where}: each seat must own exactly one starting tile")
        for cell in layout.cells:
            tile = tiles.get(cell.tile)
            if tile is None:
                raise ValueError(f"{where}: unknown tile {cell.tile!r}")
            if tile.era != 0 or tile.min_players > layout.players:
                raise ValueError(f"{where}: tile {cell.tile} is not an era-0 tile for this count")

    # ---- look-ups -------------------------------------------------------------------------------

    def tile(self, uid: str) -> CityTile:
        return self._tiles()[uid]

    def type_of(self, uid: str) -> TileType:
        kinds = self.__dict__.get("_kind_index")
        if kinds is None:
            kinds = self.kinds()
        kind: TileType = kinds[uid]
        return kind

    def kinds(self) -> dict[str, TileType]:
        """Each city tile's type by its uid (:meth:`type_of` of every tile; read-only)."""
        kinds: dict[str, TileType] | None = self.__dict__.get("_kind_index")
        if kinds is None:
            types = self._types()
            kinds = {t.uid: types[t.type] for t in self.city_tiles}
            object.__setattr__(self, "_kind_index", kinds)
        return kinds

    def tile_type(self, type_id: str) -> TileType:
        """A tile type by its id."""
        return self._types()[type_id]

    def wall(self, uid: str) -> WallTile:
        walls: dict[str, WallTile] = self.memo("wall_index")
        if not walls:
            walls.update((w.uid, w) for w in self.wall_tiles)
        return walls[uid]

    def board(self, board_id: str) -> Board:
        boards: dict[str, Board] = self.memo("board_index")
        if not boards:
            boards.update((b.id, b) for b in self.boards)
        return boards[board_id]

    def layout(self, players: int) -> StartLayout:
        for layout in self.start_layouts:
            if layout.players == players:
                return layout
        raise KeyError(players)

    def memo(self, name: str) -> dict[Any, Any]:
        """A dictionary kept with this content set, for values worked out from it alone."""
        memos: dict[str, dict[Any, Any]] | None = self.__dict__.get("_memos")
        if memos is None:
            memos = {}
            object.__setattr__(self, "_memos", memos)
        found = memos.get(name)
        if found is None:
            found = memos.setdefault(name, {})
        return found

    def _tiles(self) -> dict[str, CityTile]:
        cache = self.__dict__.get("_tile_index")
        if cache is None:
            cache = {t.uid: t for t in self.city_tiles}
            object.__setattr__(self, "_tile_index", cache)
        return cache

    def _types(self) -> dict[str, TileType]:
        cache = self.__dict__.get("_type_index")
        if cache is None:
            cache = {t.id: t for t in self.tile_types}
            object.__setattr__(self, "_type_index", cache)
        return cache


def _unique(what: str, ids: list[str]) -> None:
    repeated = [i for i, n in Counter(ids).items() if n > 1]
    if repeated:
        raise ValueError(f"{what} id {repeated[0]!r} is used twice")


DATA_FILE = Path(__file__).parent / "data" / "praetor.json"


def load_content(path: Path = DATA_FILE) -> Content:
    """Read and validate a content file.

    :raises ContentError: naming the file and every problem found.
    """
    return load_model(path, Content, what="Praetor content")
