"""The Ancient World's components as data: Empire, Military, Titan and District cards, the damage
die and the banner table (§11, §17).

The rulebook prints no card lists, so the shipped ``content/cards.json`` holds the cards it names
with the values it states and designed cards for the rest, with the component counts of the
contents list (p.15). Every value says where it comes from: a card's ``source`` is either one word
for all its values (``"designed"``) or, for a card the rulebook only partly prints, a word per
field (``{"name": "rulebook", "text": "rulebook", "cost_coins": "designed", …}``). An owner of
the physical game can transcribe the real cards into a file of the same format (see
``content/README.md``) and point the bot at its folder; :func:`load_content` validates it and
reports every problem as a sentence.

Sections (§) are those of docs/ancient_world/rules.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.core.content import ContentError as ContentError
from rules.core.content import load_model

CONTENT_DIR = Path(__file__).parent / "content"
CONTENT_FILE = "cards.json"


class Tribe(StrEnum):
    """The five tribes (p.1): red and green are named in the rulebook, the others are designed."""

    RED = "red"
    GREEN = "green"
    BLUE = "blue"
    YELLOW = "yellow"
    PURPLE = "purple"


class ActionEffect(StrEnum):
    """Card actions (§11.2 "Card action", §12)."""

    GAIN = "gain"
    """Gain ``coins`` and ``knowledge`` (the p.13 example card: +1 knowledge)."""
    REPAIR = "repair"
    """Repair ``count`` damaged Empire cards of the player using the action."""
    EXPLORE = "explore"
    """Crypta Ship: perform Explore (even while covered, I-38) and gain ``coins``."""
    COINS_PER_FOOD = "coins_per_food"
    """Desert Caravan: gain 1 coin per food."""
    USE_OPPONENT = "use_opponent"
    """Bridge, Trade City: use an opponent's card action (I-26)."""
    FOREST_HIDEOUT = "forest_hideout"
    """Look at the top 4 of a Titan deck, reorder, and you may attack the top (I-29)."""
    TOWN_HALL = "town_hall"
    """Gain 1 knowledge and take the first-player token if it is hand side down (I-31)."""


class TextEffect(StrEnum):
    """Ongoing or triggered texts (§12)."""

    AQUEDUCT = "aqueduct"
    CRANE = "crane"
    DISTANT_OUTPOST = "distant_outpost"
    SCRIBE_GUILD = "scribe_guild"
    ZORI_DRAMATISTS = "zori_dramatists"


class ScoringEffect(StrEnum):
    """End-game scoring texts (§10 step 4)."""

    TRIBE_BANNERS = "tribe_banners"
    """Citadel: VP by the (uncapped) number of banners of ``tribe``, from ``table``."""
    BANNER_SETS = "banner_sets"
    """Moon Festival: ``vp`` per set of five different banner colours (I-33)."""
    PER_TITAN = "per_titan"
    """``vp`` per defeated Titan."""
    PER_DISTRICT = "per_district"
    """``vp`` per District card."""


Source = Literal["rulebook", "designed"]


class Symbols(BaseModel):
    """The symbols of §11.2 that any Empire, Titan or District card may carry; they add up (§11.1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    food: int = Field(0, ge=0)
    capacity: int = Field(0, ge=0)
    army_limit: int = Field(0, ge=0)
    swords: int = Field(0, ge=0)
    arrows: int = Field(0, ge=0)
    income_coins: int = Field(0, ge=0)
    income_knowledge: int = Field(0, ge=0)
    citizens: int = Field(0, ge=0)
    explore_bonus: int = Field(0, ge=0)


class CardAction(BaseModel):
    """A card action and its parameters."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    effect: ActionEffect
    coins: int = Field(0, ge=0)
    knowledge: int = Field(0, ge=0)
    count: int = Field(1, ge=1)


class Scoring(BaseModel):
    """A scoring text and its parameters."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    effect: ScoringEffect
    tribe: Tribe | None = None
    table: dict[int, int] = Field(default_factory=dict)
    """Banners → VP; the highest entry not above the count applies."""
    vp: int = 0

    @model_validator(mode="after")
    def _tribe_needed(self) -> Scoring:
        if self.effect is ScoringEffect.TRIBE_BANNERS and (self.tribe is None or not self.table):
            raise ValueError("tribe_banners scoring needs a tribe and a table")
        return self


UNSOURCED = frozenset({"id", "source", "note"})
"""Card fields that are bookkeeping rather than content: they carry no source."""


class Card(BaseModel):
    """What every printed card has: an id, a name, its copies and where its values come from.

    ``source`` is one word for every value of the card, or a word per field: then every field the
    card sets must be named, and a field left at its default (no symbol of that kind) is named too
    or counts as designed.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str = Field(min_length=1)
    copies: int = Field(1, ge=1)
    source: Source | dict[str, Source]
    note: str = ""

    @model_validator(mode="after")
    def _sources_name_fields(self) -> Card:
        if isinstance(self.source, str):
            return self
        fields = set(type(self).model_fields) - UNSOURCED
        unknown = sorted(set(self.source) - fields)
        if unknown:
            raise ValueError(f"source names fields the card does not have: {', '.join(unknown)}")
        missing = sorted((self.model_fields_set - UNSOURCED) - set(self.source))
        if missing:
            raise ValueError(f"source does not say where these values come from: {', '.join(missing)}")
        return self

    def source_of(self, field_name: str) -> Source:
        """Where the value of ``field_name`` comes from."""
        if isinstance(self.source, str):
            return self.source
        return self.source.get(field_name, "designed")

    def designed_fields(self) -> list[str]:
        """The card's content fields whose values are designed, in field order."""
        return [f for f in type(self).model_fields if f not in UNSOURCED and self.source_of(f) == "designed"]


class EmpireCard(Card, Symbols):
    """An Empire card (A, B or starting): cost, banners, symbols, action, text, scoring (§11.2)."""

    deck: Literal["A", "B", "start"]
    cost_coins: int = Field(0, ge=0)
    cost_knowledge: int = Field(0, ge=0)
    banners: dict[Tribe, int] = Field(default_factory=dict)
    action: CardAction | None = None
    text: TextEffect | None = None
    scoring: Scoring | None = None


class MilitaryCard(Card):
    """A Military card: recruit cost, front symbols, Legacy symbols (§11.3)."""

    deck: Literal["deck", "start"]
    recruit_cost: int = Field(0, ge=0)
    swords: int = Field(0, ge=0)
    arrows: int = Field(0, ge=0)
    spoils: int = Field(0, ge=0)
    spy: int = Field(0, ge=0)
    repair: int = Field(0, ge=0)
    legacy_swords: int = Field(0, ge=0)
    legacy_arrows: int = Field(0, ge=0)
    legacy_spoils: int = Field(0, ge=0)
    legacy_spy: int = Field(0, ge=0)
    legacy_repair: int = Field(0, ge=0)


class TitanCard(Card, Symbols):
    """A Titan (§11.4): its deck by stars, defence, whether arrows count, banners and symbols."""

    stars: int = Field(ge=1, le=3)
    defence: int = Field(ge=1)
    arrows_allowed: bool
    banners: dict[Tribe, int] = Field(default_factory=dict)
    action: CardAction | None = None


class DistrictCard(Card, Symbols):
    """A District card: capacity and possibly other symbols (§7.4)."""

    banners: dict[Tribe, int] = Field(default_factory=dict)
    action: CardAction | None = None


class DieFace(BaseModel):
    """One damage-die face (§11.5): titan symbols and coin symbols; blank is (0, 0)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    titans: int = Field(0, ge=0)
    coins: int = Field(0, ge=0)


class Content(BaseModel):
    """Everything the engine needs to know about the components."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    banner_vp: dict[int, int]
    """VP for 1–6 banners of one tribe (§10; only 6 → 11 is printed)."""
    banner_vp_source: Source
    damage_die: list[DieFace] = Field(min_length=6, max_length=6)
    damage_die_source: Source
    empire: list[EmpireCard]
    military: list[MilitaryCard]
    titans: list[TitanCard]
    districts: list[DistrictCard]

    @model_validator(mode="after")
    def _consistent(self) -> Content:
        ids = [c.id for c in [*self.empire, *self.military, *self.titans, *self.districts]]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"card ids must be unique; repeated: {', '.join(dupes)}")
        if sorted(self.banner_vp) != [1, 2, 3, 4, 5, 6]:
            raise ValueError("banner_vp must give the VP for 1, 2, 3, 4, 5 and 6 banners")
        for card in self.empire:
            if card.deck != "start" and not card.banners:
                raise ValueError(f"Empire card {card.name!r} has no banner; every Empire card has one")
        for name in ("fishing_port", "wheat_fields"):
            if not any(c.id == name and c.deck == "start" for c in self.empire):
                raise ValueError(f"the starting Empire card {name!r} is missing")
        for name in ("city_guard", "militia"):
            if not any(c.id == name and c.deck == "start" for c in self.military):
                raise ValueError(f"the starting Military card {name!r} is missing")
        for stars in (1, 2, 3):
            if not any(t.stars == stars for t in self.titans):
                raise ValueError(f"there is no {stars}-star Titan")
        return self

    # ---- lookups ------------------------------------------------------------------------------

    def empire_card(self, card_id: str) -> EmpireCard:
        return _index(self).empire[card_id]

    def military_card(self, card_id: str) -> MilitaryCard:
        return _index(self).military[card_id]

    def titan(self, card_id: str) -> TitanCard:
        return _index(self).titans[card_id]

    def district(self, card_id: str) -> DistrictCard:
        return _index(self).districts[card_id]

    @property
    def memo(self) -> dict[object, object]:
        """A scratch cache for values derived from this (immutable) content, e.g. card pictures."""
        return _index(self).memo

    def deck(self, kind: Literal["A", "B"]) -> list[str]:
        """The Empire deck ``kind`` as card ids, one per copy, in content order."""
        return [c.id for c in self.empire if c.deck == kind for _ in range(c.copies)]

    def military_deck(self) -> list[str]:
        return [c.id for c in self.military if c.deck == "deck" for _ in range(c.copies)]

    def titan_deck(self, stars: int) -> list[str]:
        return [c.id for c in self.titans if c.stars == stars for _ in range(c.copies)]

    def district_deck(self) -> list[str]:
        return [c.id for c in self.districts for _ in range(c.copies)]


@dataclass
class _Index:
    """Plain dictionaries by card id: lookups on the hot path stay fast."""

    content: Content
    empire: dict[str, EmpireCard]
    military: dict[str, MilitaryCard]
    titans: dict[str, TitanCard]
    districts: dict[str, DistrictCard]
    memo: dict[object, object] = field(default_factory=dict)


_INDEXES: dict[int, _Index] = {}


_LAST: list[_Index] = []


def _index(content: Content) -> _Index:
    if _LAST and _LAST[0].content is content:
        return _LAST[0]
    found = _INDEXES.get(id(content))
    if found is None or found.content is not content:
        found = _Index(content, {c.id: c for c in content.empire}, {c.id: c for c in content.military},
                       {c.id: c for c in content.titans}, {c.id: c for c in content.districts})
        _INDEXES[id(content)] = found
    _LAST[:] = [found]
    return found


def load_content(directory: Path | None = None) -> Content:
    """Read and validate ``directory/cards.json`` (the shipped content by default).

    :raises ContentError: naming the file and each problem, e.g. "empire → 3 → cost_coins: Input
        should be greater than or equal to 0."
    """
    return load_model((directory or CONTENT_DIR) / CONTENT_FILE, Content, what="card data")
