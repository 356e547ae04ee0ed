"""The components of Roll for the Galaxy: dice, the 55 game tiles, 9 factions and 9 home worlds.

The rulebook gives the dice counts and the tile distribution but not the printed tiles; those come
from public sources. Every die and every tile side names the ``source`` of each of its values,
field by field ("cost": "public tile list…", "power": "rulebook p. 11…"), so an owner of the
physical game can tell what to check and correct ``content/tiles.json`` (or a copy passed to
:func:`load_content`). Loading validates everything with pydantic and reports problems as sentences.

Sections (§) are those of docs/rftg/rules.md.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.core.content import ContentError as ContentError
from rules.core.content import load_model

Colour = Literal["white", "red", "purple", "blue", "brown", "green", "yellow"]
"""Die colours: Home, Military, Consumption, Novelty, Rare Elements, Genes, Alien Technology."""
WorldColour = Literal["gray", "blue", "brown", "green", "yellow"]
Face = Literal["explore", "develop", "settle", "produce", "ship", "wild"]
Phase = Literal["explore", "develop", "settle", "produce", "ship"]

COLOURS: tuple[Colour, ...] = ("white", "red", "purple", "blue", "brown", "green", "yellow")
PHASES: tuple[Phase, ...] = ("explore", "develop", "settle", "produce", "ship")

CONTENT_DIR = Path(__file__).parent / "content"


class DieSpec(BaseModel):
    """One die colour: its name, how many the box holds, its six faces."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    count: int = Field(ge=0)
    faces: tuple[Face, Face, Face, Face, Face, Face]
    source: Sources

    @model_validator(mode="after")
    def _sourced(self) -> DieSpec:
        _check_sources(self.source, ("name", "count", "faces"), f"die {self.name!r}")
        return self


Sources = dict[str, str]
"""Where each value of an entry comes from, by field name ("rulebook p. 8 …", "public tile list …")."""

SIDE_FIELDS = ("name", "cost", "colour", "category", "phases", "power", "grants", "endgame",
               "starting_credits", "text")
"""The fields of a tile side that carry a printed value and so need a source once set."""


def _check_sources(source: Sources, fields: tuple[str, ...], what: str) -> None:
    missing = [f for f in fields if f not in source]
    if missing:
        raise ValueError(f"{what} gives no source for {', '.join(missing)}")
    unknown = sorted(set(source) - set(fields))
    if unknown:
        raise ValueError(f"{what} gives a source for {', '.join(unknown)}, which it does not set")


def _legacy_source(data: object) -> object:
    """An entry written before sources were kept field by field has one ``source`` text for the
    whole tile: every side takes it for each of its values."""
    if isinstance(data, dict) and isinstance(data.get("source"), str):
        text = data["source"]
        data = {k: v for k, v in data.items() if k != "source"}
        for key in ("development", "world"):
            if isinstance(data.get(key), dict):
                data[key] = {**data[key], "source": data[key].get("source", text)}
        if isinstance(data.get("sides"), list):
            data["sides"] = [{**s, "source": s.get("source", text)} if isinstance(s, dict) else s
                             for s in data["sides"]]
        if "kind" in data:
            data["source"] = text
    return data


class DiceGain(BaseModel):
    """Dice a tile grants: ``count`` dice of ``colour`` to the cup, the Citizenry or as a good on it."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    colour: Colour
    count: int = Field(ge=1)
    to: Literal["cup", "citizenry", "good"]


class Grants(BaseModel):
    """An immediate effect: remove one of your dice first, then gain credits and dice (§5.8)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    remove_die: bool = False
    credits: int = 0
    dice: tuple[DiceGain, ...] = ()


class Power(BaseModel):
    """A development's power: ``kind`` names the rule, the other fields are its parameters.

    The kinds and their parameters are described in the shared data file's ``power_kinds``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal[
        "immediate", "reassign", "dictate_modifier", "explore_rearrange", "explore_bonus_tile",
        "scout_place_on_top", "stock_bonus", "virtual_workers", "cost_reduction", "completers_to_cup",
        "credits_per_completion", "credits_end_of_phase", "credits_if_most_developments",
        "credits_per_good_on_worlds", "credits_per_good_die_colour", "credits_per_citizenry_dice",
        "trade_bonus", "trade_buy_vp", "consume_bonus_credits", "consume_bonus_vp",
        "vp_chips_end_of_phase", "goods_capacity", "space_tourism",
    ]
    max_dice: int = 0
    exact: bool = False
    same_source_column: bool = False
    die_colours: list[Colour] | Literal["non_white"] | None = None
    from_phases: list[Phase] | None = None
    to: Literal["any", "selected_phase"] | list[Phase] | None = None
    condition: Literal["most_novelty_worlds"] | None = None
    max_dice_if_tied: int = 0
    max_dice_if_fewer: int = 0
    dictate_uses_per_round: int | None = None
    dictate_reassigns_up_to: int = 0
    phase: Phase | None = None
    colours: list[Colour] = Field(default_factory=list)
    target: Literal["world", "development"] | None = None
    world_colours: list[WorldColour] | None = None
    development_filter: Literal["reassign"] | None = None
    amount: int = 0
    minimum: int | None = None
    excluding_self: bool = False
    count: Literal["one_or_two", "all"] | None = None
    credits: int = 0
    applies_to: list[Literal["development", "world"]] = Field(default_factory=list)
    extra_if_world_colour: WorldColour | None = None
    extra_credits: int = 0
    vp_chips: int = 0
    die_colour: Colour | None = None
    dice_per_credit: int = 1
    round: Literal["up"] | None = None
    when: str | None = None
    explorer_colour: Colour | None = None
    credits_instead: int = 0
    tiles: int = 0
    credits_if_scouted_with_colour: Colour | None = None
    pay_credits: int = 0
    optional: bool = False
    per_world: int = 1
    continuous: bool = False
    includes_phase_built: bool = False
    ties: str | None = None
    cost_basis: str | None = None
    extra_credits_if_sole_owner_of_highest_cost_worlds: int = 0


class Endgame(BaseModel):
    """The end-game bonus of a cost-6 "6+" development (§6)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal[
        "per_development", "per_development_without_reassign", "fraction_of_base_cost", "per_die_set",
        "distinct_die_colours_owned", "per_world", "per_good", "triangular_vp_chips",
    ]
    of: Literal["developments", "novelty_worlds", "reassign_developments"] | None = None
    numerator: int = 1
    denominator: int = 1
    round: Literal["up"] | None = None
    vp: int = 1
    vp_per_colour: int = 1
    die_colour: Colour | None = None
    set_size: int = 1
    vp_per_set: int = 1
    world_colours: list[WorldColour] | None = None


class Side(BaseModel):
    """One face of a tile: a development (with a power) or a world (with a colour and grants)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["development", "world"]
    name: str
    cost: int = Field(ge=0, le=6)
    category: Literal["reassign", "immediate", "phase_power"] | None = None
    phases: list[Phase | Literal["assign"]] = Field(default_factory=list)
    """When a development's power applies ("assign" = the Assign step)."""
    power: Power | None = None
    endgame: Endgame | None = None
    colour: WorldColour | None = None
    grants: Grants = Grants()
    starting_credits: int | None = None
    text: str = ""
    source: Sources
    """Per set field, where its value comes from (a single text is taken for every field)."""

    @model_validator(mode="before")
    @classmethod
    def _one_text_for_all(cls, data: object) -> object:
        if isinstance(data, dict) and isinstance(data.get("source"), str):
            fields = [f for f in SIDE_FIELDS if data.get(f) not in (None, [], "", {})]
            data = {**data, "source": dict.fromkeys(fields, data["source"])}
        return data

    @model_validator(mode="after")
    def _shape(self) -> Side:
        if self.kind == "world" and self.colour is None:
            raise ValueError(f"world {self.name!r} has no colour")
        if self.kind == "development" and (self.power is None or self.category is None):
            raise ValueError(f"development {self.name!r} needs a category and a power")
        set_fields = tuple(f for f in SIDE_FIELDS
                           if getattr(self, f) not in (None, [], "") and f in self.model_fields_set)
        _check_sources(self.source, set_fields, f"{self.kind} {self.name!r}")
        return self

    @property
    def is_reassign(self) -> bool:
        """A Reassign-power development (the 18 of the rulebook's table; not Biological Adaptation)."""
        return self.category == "reassign"


class GameTile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: int
    development: Side
    world: Side

    _legacy = model_validator(mode="before")(_legacy_source)


class FactionTile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    number: int = Field(ge=1, le=9)
    sides: tuple[Side, Side]

    _legacy = model_validator(mode="before")(_legacy_source)


class HomeWorld(Side):
    id: int


class Content(BaseModel):
    """Everything in the box that the rules need, validated."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    dice: dict[Colour, DieSpec]
    trade_values: dict[WorldColour, int]
    tiles: tuple[GameTile, ...]
    factions: tuple[FactionTile, ...]
    home_worlds: tuple[HomeWorld, ...]

    @model_validator(mode="after")
    def _consistent(self) -> Content:
        ids = [t.id for t in self.tiles]
        if len(set(ids)) != len(ids):
            raise ValueError("two game tiles share an id")
        if sorted(f.number for f in self.factions) != list(range(1, len(self.factions) + 1)):
            raise ValueError("faction numbers must run 1, 2, 3, … without gaps")
        names = [s.name for s in self.all_sides()]
        if len(set(names)) != len(names):
            dup = next(n for n in names if names.count(n) > 1)
            raise ValueError(f"the name {dup!r} is used by two tile sides")
        return self

    def all_sides(self) -> list[Side]:
        sides: list[Side] = []
        for t in self.tiles:
            sides += [t.development, t.world]
        for f in self.factions:
            sides += list(f.sides)
        sides += list(self.home_worlds)
        return sides

    @cached_property
    def by_name(self) -> dict[str, Side]:
        """Every tile side by its printed name (names are unique; they identify tableau entries)."""
        return {s.name: s for s in self.all_sides()}

    @cached_property
    def tile_by_id(self) -> dict[int, GameTile]:
        return {t.id: t for t in self.tiles}

    def side_of(self, tile: int, as_world: bool) -> Side:
        """The face of game tile ``tile`` shown when it is a world (or a development)."""
        t = self.tile_by_id[tile]
        return t.world if as_world else t.development

    def faction(self, number: int) -> FactionTile:
        return next(f for f in self.factions if f.number == number)


def load_content(directory: Path | None = None) -> Content:
    """Read and validate ``tiles.json`` from ``directory`` (default: the shipped content).

    :raises ContentError: naming the file, the entry and the problem.
    """
    return load_model((directory or CONTENT_DIR) / "tiles.json", Content, what="tiles")


CONTENT = load_content()
"""The shipped content, loaded once at import."""
