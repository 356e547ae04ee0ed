"""The game state: plain data that round-trips through JSON exactly (§4).

Decisions still owed (a card to pick, a citizen to send to the Hunger box, an opponent's
out-of-turn choice) and automatic steps (the damage roll, the next turn, the end of the round) wait
in :attr:`State.steps`, first one next, so that every multi-step action is a sequence of small
prompts (≤ 25 options each) and no step is ever lost between two commands.

Sections (§) are those of docs/ancient_world/rules.md.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.ancient_world.options import Options
from rules.core import Rng, Seat
from rules.core.unchecked import made

RANKS = (1, 2, 3, 4, 5)
"""Citizen ranks of one colour (I-18)."""
ROUNDS = 6


class Space(StrEnum):
    """The board action spaces (§7)."""

    WORK = "work"
    BUILD = "build"
    CONSCRIPTION = "conscription"
    EXPAND = "expand"
    EDUCATE = "educate"
    REBUILD = "rebuild"
    RECRUIT = "recruit"
    EXPLORE = "explore"
    GROW = "grow"


SPACES = tuple(Space)
"""The board action spaces in board order, as a tuple: quicker to go through than the enum."""


class StepKind(StrEnum):
    """What a queued step is: a decision a seat owes, or an automatic step the engine runs."""

    TARGET = "target"
    ATTACK_PAY = "attack_pay"
    ATTACK_CHOOSE = "attack_choose"
    BUILD_CARD = "build_card"
    CRANE = "crane"
    EXPAND_PAY = "expand_pay"
    EXPAND_PICK = "expand_pick"
    REBUILD_REPAIR = "rebuild_repair"
    REPAIR = "repair"
    RECRUIT_CARD = "recruit_card"
    RETIRE = "retire"
    EXPLORE_MODE = "explore_mode"
    EXPLORE_STORE = "explore_store"
    DAMAGE = "damage"
    DISCARD_ARMY = "discard_army"
    HUNGER = "hunger"
    OUTPOST = "outpost"
    SCRIBE = "scribe"
    ZORI = "zori"
    OPPONENT_CARD = "opponent_card"
    HIDEOUT_DECK = "hideout_deck"
    HIDEOUT_ORDER = "hideout_order"
    HIDEOUT_ATTACK = "hideout_attack"
    # automatic
    ROLL = "roll"
    AFTER_ATTACK = "after_attack"
    ARMY_CHECK = "army_check"
    NEXT_TURN = "next_turn"
    END_ROUND = "end_round"
    NEW_ROUND = "new_round"


AUTOMATIC = frozenset({StepKind.ROLL, StepKind.AFTER_ATTACK, StepKind.ARMY_CHECK, StepKind.NEXT_TURN,
                       StepKind.END_ROUND, StepKind.NEW_ROUND})


class Step(BaseModel):
    """One queued step. The fields' meaning depends on ``kind`` (see the handlers)."""

    kind: StepKind
    seat: Seat
    count: int = 0
    """Citizen rank (TARGET), surcharge (BUILD_CARD, RECRUIT_CARD), repairs/dice/spoils left."""
    cards: list[str] = Field(default_factory=list)
    """Card ids in play for this step; secret to ``seat`` for Explore draws and Forest Hideout."""
    chosen: list[str] = Field(default_factory=list)
    """Cards already put in order (Forest Hideout), top first; secret to ``seat``."""
    picks: list[int] = Field(default_factory=list)
    """Choices made so far (armies paid for, Forest Hideout order, spy count)."""
    deck: int = 0
    """A Titan deck (1–3 stars) or a row index."""
    source: str = ""
    """Where the step came from: "turn", "hideout", "row", "deck", a card id…"""
    page: int = 0
    """Which page of the choices is shown when they do not fit one prompt."""


class Citizen(BaseModel):
    """A citizen token on a board action space: frozen, so that copies of a state share it."""

    model_config = ConfigDict(frozen=True)

    seat: Seat
    rank: int


class Built(BaseModel):
    """A built Empire card in a player's Empire (§4): intact or damaged (face down). Frozen, so that
    copies of a state share it: damage or a repair puts a new one in its place."""

    model_config = ConfigDict(frozen=True)

    card: str
    damaged: bool = False


class Army(BaseModel):
    """A stack of Military cards: retired cards (Legacy side up) beneath, the active card on top.
    Frozen, so that copies of a state share it: paying for it, a coin taken off it, the round's end
    and a recruit onto it put a new one in its place."""

    model_config = ConfigDict(frozen=True)

    cards: tuple[str, ...]
    """Bottom first; the last one is the active card."""
    name_coins: int = 0
    """Coins paid this round: the card has been used (§8.2)."""
    picture_coins: int = 0
    """Coins paid in earlier rounds."""

    @property
    def active(self) -> str:
        return self.cards[-1]

    @property
    def retired(self) -> tuple[str, ...]:
        return self.cards[:-1]

    @property
    def used(self) -> bool:
        return self.name_coins > 0

    @property
    def use_cost(self) -> int:
        """(coins on the card) + 1 (§8.2)."""
        return self.name_coins + self.picture_coins + 1


class Player(BaseModel):
    """One city-state."""

    coins: int
    knowledge: int = 0
    owned: list[int] = Field(default_factory=lambda: [1, 2, 3])
    """Ranks of the citizen tokens this player owns."""
    hungry: list[int] = Field(default_factory=list)
    """Ranks in the Hunger box: not placeable (§5.3)."""
    placed: list[int] = Field(default_factory=list)
    """Ranks on a board space or on a card this round."""
    empire: list[Built] = Field(default_factory=list)
    stored: list[str] = Field(default_factory=list)
    """Face-down Empire cards: secret to this player (§13)."""
    districts: list[str] = Field(default_factory=list)
    titans: list[str] = Field(default_factory=list)
    armies: list[Army] = Field(default_factory=list)
    on_cards: dict[str, int] = Field(default_factory=dict)
    """Own cards with a citizen on them this round: card id → rank (§6.3)."""
    conscription: int = 0
    """Attack bonus for the rest of this round (§7.3)."""
    passed: bool = False

    def available(self) -> list[int]:
        """Ranks that may be placed now."""
        return [r for r in self.owned if r not in self.hungry and r not in self.placed]


def empty_spaces() -> dict[Space, list[Citizen]]:
    return {s: [] for s in Space}


class State(BaseModel):
    """The whole game."""

    rng: Rng
    options: Options
    players: list[Player]
    round: int = 1
    current: Seat = 0
    """Whose turn it is in the action phase."""
    first_player: Seat = 0
    token_hand_up: bool = False
    """The first-player token was taken this round (§7.6, I-6, I-50)."""
    spaces: dict[Space, list[Citizen]] = Field(default_factory=lambda: empty_spaces())
    era: Literal["A", "B"] = "A"
    empire_deck: list[str] = Field(default_factory=list)
    empire_discard: list[str] = Field(default_factory=list)
    empire_row: list[str] = Field(default_factory=list)
    deck_b: list[str] = Field(default_factory=list)
    """Empire deck B, set aside until round 4."""
    military_deck: list[str] = Field(default_factory=list)
    military_discard: list[str] = Field(default_factory=list)
    military_row: list[str] = Field(default_factory=list)
    district_deck: list[str] = Field(default_factory=list)
    """Top first; the top card is face up."""
    titan_decks: list[list[str]] = Field(default_factory=lambda: [list[str]() for _ in range(3)])
    """The 1-, 2- and 3-star decks, top first."""
    titan_face_up: list[bool] = Field(default_factory=lambda: [True, True, True])
    """Whether each deck's top card is turned up (it is turned after the damage roll, I-14)."""
    someone_passed: bool = False
    """Zori Dramatists looks for the first pass of the round."""
    steps: list[Step] = Field(default_factory=list)
    over: bool = False
    forced: list[tuple[Seat, str]] = Field(default_factory=list)
    """Answers the engine played itself since the last move, as (seat, action JSON): a log recorded
    before those questions were answered automatically still holds them, and replays them as no-ops."""

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> State:
        """A full copy: every list, dict and model of the state anew (the frozen ones, the table
        options, the citizens, the built cards and the armies, are shared), built field by field without
        validation, since every value is already valid. A move copies the state before it is
        played, so this is part of every move's cost."""
        fields = self.__dict__.copy()
        fields["rng"] = made(self.rng, self.rng.__dict__.copy())
        fields["players"] = [_player_copy(p) for p in self.players]
        fields["spaces"] = {space: citizens[:] for space, citizens in self.spaces.items()}
        for name in _STR_LISTS:
            fields[name] = fields[name][:]
        fields["titan_decks"] = [deck[:] for deck in self.titan_decks]
        fields["steps"] = [made(st, {**st.__dict__, "cards": st.cards[:], "chosen": st.chosen[:],
                                        "picks": st.picks[:]}) for st in self.steps]
        return made(self, fields)


_STR_LISTS = ("empire_deck", "empire_discard", "empire_row", "deck_b", "military_deck", "military_discard",
              "military_row", "district_deck", "titan_face_up", "forced")
"""The State fields holding lists of immutable values (strings, booleans, tuples)."""

def _player_copy(player: Player) -> Player:
    fields = player.__dict__.copy()
    for name in ("owned", "hungry", "placed", "stored", "districts", "titans"):
        fields[name] = fields[name][:]
    fields["empire"] = player.empire[:]
    fields["armies"] = player.armies[:]
    fields["on_cards"] = player.on_cards.copy()
    return made(player, fields)
