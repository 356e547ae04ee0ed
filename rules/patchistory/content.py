"""Patchistory components as data: capitals, land tiles, buildings, prosperity cards, routes, costs.

The rulebook shows the tiles only as pictures, so the shipped ``content/content.json`` is a designed
set with the rulebook's counts (25 land tiles per era, 15 prosperity cards, 36 building tiles, 14 + 4
trade routes); every entry says where its values come from in ``source``. An owner of the physical
game can transcribe the real components into the same format (``content/FORMAT.md``) and point the
bot at a folder holding a corrected ``content.json``: :func:`load_content` validates it and reports
every problem as a sentence.

Sections (§N) and interpretations (#N) are those of docs/patchistory/rules.md.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.core.content import ContentError as ContentError
from rules.core.content import load_model

CONTENT_FILE = "content.json"
SHIPPED_DIR = Path(__file__).parent / "content"


class Stat(StrEnum):
    """The eight overview-board tracks (p. 3): four productions and four static abilities."""

    COINS = "coins"
    FOOD = "food"
    RESOURCES = "resources"
    CULTURE = "culture"
    POLITICS = "politics"
    TRANSPORT = "transport"
    MILITARY = "military"
    DEFENCE = "defence"


STATS: tuple[Stat, ...] = tuple(Stat)
"""The eight tracks in the board's order, kept as a tuple: prompts go through them for every
option, and going through the enum itself is several times slower."""

PRODUCTION: tuple[Stat, ...] = (Stat.COINS, Stat.FOOD, Stat.RESOURCES, Stat.CULTURE)
"""The "gear" tracks gained every Production phase (p. 13)."""

Symbols = dict[Stat, int]
Cell = tuple[int, int]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SpaceDef(_Frozen):
    """One space of a tile side: a 1x1 square or a multi-square area holding at most one worker."""

    cells: tuple[Cell, ...]
    """(row, column) squares of the side, relative to its top-left corner."""
    kind: Literal["land", "wonder", "personality", "special"] = "land"
    name: str = ""
    """Proper name of a Wonder, Personality or Special Building."""
    ability: str = ""
    """Id of the named ability the engine implements (see ``abilities.py``); empty for none."""
    sea: bool = False
    wasteland: bool = False
    yields: Symbols = Field(default_factory=dict)
    """Symbols outside a gold frame: they count while the square is visible."""
    framed: Symbols = Field(default_factory=dict)
    """Symbols inside the gold frame: they count only while one of the owner's workers is there."""
    source: str = ""
    """Where a named space's name and ability come from (the tile's ``source`` covers its layout
    and symbols); required for a space with an ability."""

    @model_validator(mode="after")
    def _shape(self) -> SpaceDef:
        if not self.cells:
            raise ValueError("a space needs at least one square")
        if self.sea and (self.yields or self.framed or len(self.cells) > 1):
            raise ValueError("a sea is a single square without symbols")
        if self.kind != "land" and not self.name:
            raise ValueError(f"a {self.kind} space needs its name")
        if self.ability and not self.source.strip():
            raise ValueError(f"the space {self.name or self.ability!r} needs the source of its ability")
        return self


class SideDef(_Frozen):
    """One printed side of a tile: its spaces cover a rectangle of squares exactly once."""

    colour: Literal["white", "black", "capital"]
    spaces: tuple[SpaceDef, ...]

    @model_validator(mode="after")
    def _covers(self) -> SideDef:
        cells = [c for s in self.spaces for c in s.cells]
        if len(set(cells)) != len(cells):
            raise ValueError("two spaces share a square")
        rows = {r for r, _ in cells}
        cols = {c for _, c in cells}
        if min(rows) != 0 or min(cols) != 0 or len(cells) != len(rows) * len(cols):
            raise ValueError("the spaces must fill a rectangle whose top-left square is (0, 0)")
        return self

    @cached_property
    def height(self) -> int:
        return 1 + max(r for s in self.spaces for r, _ in s.cells)

    @cached_property
    def width(self) -> int:
        return 1 + max(c for s in self.spaces for _, c in s.cells)


class LandTile(_Frozen):
    """A double-sided era tile: White side general buildings, Black side named spaces (p. 3)."""

    id: str
    era: Literal[1, 2, 3]
    white: SideDef
    black: SideDef
    source: str

    def side(self, name: str) -> SideDef:
        return self.white if name == "white" else self.black


class Capital(_Frozen):
    """A player's starting tile with its Liberty and Equality sides (p. 2)."""

    id: str
    liberty: SideDef
    equality: SideDef
    source: str


class BuildingDef(_Frozen):
    """A building tile's building side (the other side is a Wasteland, p. 3, p. 10)."""

    id: str
    type: Literal["politics", "transport", "economy", "industry", "military", "culture"]
    cost: int = Field(ge=1)
    """Resources to build it (2 or 3, p. 10)."""
    yields: Symbols
    framed: Symbols = Field(default_factory=dict)
    source: str


Category = Literal[
    "military",
    "food_production",
    "culture_production",
    "personalities",
    "trade_routes",
    "wastelands",
    "coins_production",
    "politics",
    "wonders",
    "transport",
]


class ProsperityCard(_Frozen):
    """A prosperity card: the category players are ranked in when it is voted on (p. 13–14)."""

    id: str
    category: Category
    source: str


class UpkeepTrack(_Frozen):
    """The descendant track: upkeep after k workers are born (k = 0..8), p. 3 and p. 13."""

    values: tuple[int, ...]
    source: str

    @model_validator(mode="after")
    def _nine(self) -> UpkeepTrack:
        if len(self.values) != 9:
            raise ValueError("the descendant track needs 9 upkeep values (0 to 8 workers born)")
        return self


class RouteSpace(_Frozen):
    name: str
    yields: Symbols = Field(default_factory=dict)


class Routes(_Frozen):
    """Trade-route spaces and what a worker gains on each in Production (p. 11, p. 13)."""

    general: tuple[RouteSpace, ...]
    """Start → … → negotiation (Return/Preparation) → war (War/Return); the last two are fixed."""
    rest_yields: Symbols = Field(default_factory=dict)
    alliance: tuple[RouteSpace, ...]
    """Start → … → the other ally's Start (arrival sends the worker home)."""
    general_supply: int = 14
    alliance_supply: int = 4
    source: str

    @model_validator(mode="after")
    def _ends(self) -> Routes:
        names = [s.name for s in self.general]
        if len(names) < 3 or names[-2:] != ["negotiation", "war"]:
            raise ValueError("a general route must end with the 'negotiation' and 'war' spaces")
        if len(self.alliance) < 2:
            raise ValueError("an alliance route needs at least its two Start spaces")
        return self

    @property
    def negotiation(self) -> int:
        return len(self.general) - 2

    @property
    def war(self) -> int:
        return len(self.general) - 1


class PoliticsCosts(_Frozen):
    """The purple dots of the screen: PP per action (§20.1; Campaign and Break Alliance vary)."""

    aid: int = 2
    threat: int = 3
    trade: int = 1
    exchange: int = 1
    birth: int = 1
    honour_wonders: int = 1
    honour_personalities: int = 1
    build_route: int = 2
    reclaim: int = 1
    build_building: int = 1
    source: str


class Content(_Frozen):
    """Every component the engine reads, validated as one file."""

    format: Literal[1] = 1
    capitals: tuple[Capital, ...]
    land_tiles: tuple[LandTile, ...]
    buildings: tuple[BuildingDef, ...]
    prosperity: tuple[ProsperityCard, ...]
    descendant_upkeep: UpkeepTrack
    routes: Routes
    pp_costs: PoliticsCosts

    @model_validator(mode="after")
    def _counts(self) -> Content:
        problems: list[str] = []
        if len(self.capitals) != 4:
            problems.append(f"there must be 4 capitals, not {len(self.capitals)}")
        for era in (1, 2, 3):
            n = sum(1 for t in self.land_tiles if t.era == era)
            if n < 10:
                problems.append(f"era {era} has {n} land tiles; at least 10 are needed (25 printed)")
        if len(self.prosperity) < 6:
            problems.append("at least 6 prosperity cards are needed (15 printed)")
        if len(self.buildings) < 4:
            problems.append("at least 4 building tiles are needed (36 printed)")
        ids = [t.id for t in self.land_tiles]
        if len(set(ids)) != len(ids):
            problems.append("two land tiles share an id")
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @cached_property
    def tiles_by_id(self) -> dict[str, LandTile]:
        return {t.id: t for t in self.land_tiles}

    @cached_property
    def buildings_by_id(self) -> dict[str, BuildingDef]:
        return {b.id: b for b in self.buildings}

    @cached_property
    def cards_by_id(self) -> dict[str, ProsperityCard]:
        return {c.id: c for c in self.prosperity}

    def tile_name(self, tile: str) -> str:
        """The printed name a land tile goes by: the name on its Black side (p. 3), or its id."""
        return next((sp.name for sp in self.tiles_by_id[tile].black.spaces if sp.name), "")

    def era_tiles(self, era: int) -> list[str]:
        return [t.id for t in self.land_tiles if t.era == era]


def load_content(directory: Path | None = None) -> Content:
    """The content in ``directory/content.json`` (default: the shipped set).

    :raises ContentError: the file is missing, is not JSON, or breaks the format; the message names
        the file and every problem found.
    """
    path = (directory or SHIPPED_DIR) / CONTENT_FILE
    return load_model(path, Content, what="Patchistory content")
