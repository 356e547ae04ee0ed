"""The state of a game of Praetor: plain data that round-trips through JSON exactly (§3).

Sections (§) are those of docs/praetor/rules.md.
"""

from __future__ import annotations

from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field

from rules.core import Rng
from rules.core.unchecked import built, replaced, shallow
from rules.praetor.content import RESOURCES
from rules.praetor.options import Options

Task = Literal["build", "red", "plain"]
"""What a placed worker did: building and red activations earn +1 exp in the update (U3)."""
Phase = Literal["actions", "academy", "emergency", "over"]


class _Flat(BaseModel):
    """A model whose fields are all atomic: a deep copy is a shallow one (much faster)."""

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        return shallow(self)


class Stock(_Flat):
    """A player's resources. Resources are unlimited (§2), so there is no supply to draw from."""

    gold: int = 0
    wood: int = 0
    stone: int = 0
    marble: int = 0
    weapons: int = 0

    def get(self, resource: str) -> int:
        value: int = getattr(self, resource)
        return value

    def add(self, resource: str, amount: int) -> None:
        setattr(self, resource, self.get(resource) + amount)

    def covers(self, costs: dict[str, int]) -> bool:
        held = self.__dict__
        for r, n in costs.items():  # noqa: SIM110 (a loop is faster than all() of a generator)
            if held[r] < n:
                return False
        return True

    def pay(self, costs: dict[str, int]) -> None:
        for r, n in costs.items():
            self.add(r, -n)

    def as_dict(self) -> dict[str, int]:
        return {r: self.get(r) for r in RESOURCES}


class Worker(_Flat):
    """An active worker die: its experience and, once placed this round, where and how.

    Frozen, so state copies share workers; a change replaces the record."""

    model_config = ConfigDict(frozen=True)

    exp: int = Field(ge=1, le=6)
    on: str | None = None
    """The city tile it was placed on this round (``None`` while in the pool)."""
    task: Task | None = None


class Player(BaseModel):
    board: str = "A"
    stock: Stock
    favour: int
    moved: int = 0
    """When the favour marker last moved (a global sequence): the latest arrival is on top (§6.1)."""
    morale: int
    """Index of the morale space on this player's board."""
    peasants: int = 5
    level1: int = 0
    """Apprentices on training level 1."""
    level2: int = 0
    workers: list[Worker] = Field(default_factory=list)
    retired: int = 0
    """Retired workers in the retired area (those lent out through the Encampment excluded)."""
    lent: list[str] = Field(default_factory=list)
    """Tiles where a retired worker sent through the Encampment sits this round (back in U2)."""
    walls: list[str] = Field(default_factory=list)
    """Wall tiles taken, in the order taken (face down: their backs count)."""
    passed: bool = False
    specials: list[str] = Field(default_factory=list)
    """Special tiles this player used this round (once per special tile per player per round)."""

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        fields = self.__dict__.copy()
        fields["stock"] = shallow(self.stock)
        fields["workers"] = fields["workers"][:]
        fields["lent"] = fields["lent"][:]
        fields["walls"] = fields["walls"][:]
        fields["specials"] = fields["specials"][:]
        new = built(type(self), fields, self.__pydantic_fields_set__)
        return new

    def pool(self) -> list[int]:
        """Exps of the active workers not yet placed this round, lowest first."""
        return sorted([w.exp for w in self.workers if w.on is None])

    def dice(self) -> int:
        return self.peasants + self.level1 + self.level2 + len(self.workers) + self.retired + len(self.lent)


class Placed(_Flat):
    """A city tile in the city: where it lies, who owns it, and this round's use of its slot.

    Frozen, so state copies share placements; a change replaces the record (:meth:`State.mark`).
    """

    model_config = ConfigDict(frozen=True)

    uid: str
    x: int
    y: int
    owner: int | None = None
    activated: bool = False
    """The slot was used this round (every tile once per round, §6.3)."""


class Draft(_Flat):
    """The steps a seat has chosen so far towards one action (tile, then worker, then cell).

    Frozen, so state copies share drafts; a step replaces the record."""

    model_config = ConfigDict(frozen=True)

    group: Literal["build", "activate", "special"] | None = None
    build: str | None = None
    """The available tile chosen for building."""
    type: str | None = None
    """The tile type chosen for activation (several tiles of it may be legal)."""
    tile: str | None = None
    """The city tile chosen for activation."""
    exp: int | None = None
    via: str | None = None
    """The Encampment whose retired worker is being sent."""
    page: int = 0
    """Which page of legal cells is shown (24 per page)."""


class Market(_Flat):
    """An open Market activation: the seat trades step by step, then says it is done."""

    seat: int
    tile: str
    trades: int = 0


class State(BaseModel):
    rng: Rng
    options: Options
    players: list[Player]
    city: list[Placed]
    available: list[str]
    """Face-up city tiles that can be built, ``players + 1`` after each refill."""
    stack: list[str]
    """Face-down city stack, top first (hidden order; era I on top of era II)."""
    walls: list[str]
    """Face-down wall stack, top first (hidden order)."""
    wall: str | None = None
    """The single face-up wall tile, or ``None`` once taken this round."""
    round: int = 1
    last_round: bool = False
    phase: Phase = "actions"
    order: list[int] = Field(default_factory=list)
    """This round's turn order, first to act first (§6.1)."""
    turn: int = 0
    """Index into ``order`` of the seat whose turn it is."""
    moves: int = 0
    """Global counter behind :attr:`Player.moved`."""
    draft: Draft = Field(default_factory=Draft)
    market: Market | None = None
    played_for: list[tuple[int, str]] = Field(default_factory=list)
    """Answers the engine has just given for a seat with no other choice, as (seat, action kind):
    a pass with nothing else legal, a Market visit ending with nothing left to trade. Action logs
    recorded before the engine gave them hold them as moves; such a move is taken as read (see
    ``Praetor.apply``) until the next move is made."""
    choices: dict[int, str] = Field(default_factory=dict)
    """Update-phase answers collected so far (Academy skip, emergency worker)."""
    final: dict[int, dict[str, int]] = Field(default_factory=dict)
    """Final scoring per seat, by source, once the game is over."""

    def mark(self, uid: str, activated: bool) -> None:
        """Set whether city tile ``uid``'s slot has been used this round."""
        for i, tile in enumerate(self.city):
            if tile.uid == uid:
                self.city[i] = replaced(tile, activated=activated)
                return

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        """A full copy, written out because every action copies the state (see Engine.apply).
        The options and the draft are frozen and shared."""
        return self._copy([p.__deepcopy__() for p in self.players])

    def copy_for(self, seat: int | None) -> Self:
        """A copy for a move that writes to no player but ``seat`` (to none when ``None``) unless it
        calls :meth:`own` first: the other players are shared with this state, not copied."""
        return self._copy([p.__deepcopy__() if s == seat else p for s, p in enumerate(self.players)])

    def own(self, seat: int) -> Player:
        """Give this state a copy of ``seat``'s player of its own, before a change to a player that
        :meth:`copy_for` may have shared (an owner's fee, a forced pass, the update phase); the
        player held before is no longer this state's."""
        player = self.players[seat].__deepcopy__()
        self.players[seat] = player
        return player

    def _copy(self, players: list[Player]) -> Self:
        new = shallow(self)
        fields = new.__dict__
        fields["rng"] = shallow(self.rng)
        fields["players"] = players
        fields["city"] = list(self.city)
        for name in ("available", "stack", "walls", "order"):
            fields[name] = list(fields[name])
        fields["market"] = None if self.market is None else shallow(self.market)
        fields["choices"] = dict(self.choices)
        fields["played_for"] = list(self.played_for)
        fields["final"] = {k: dict(v) for k, v in self.final.items()}
        return new
