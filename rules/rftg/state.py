"""The state of a game of Roll for the Galaxy: plain data that round-trips through JSON (§3).

Dice are their colours: once assigned, only a die's colour and place matter (§3, FAQ F1).
Rolled faces live only in :class:`AssignCore` during Assign.

Sections (§) are those of docs/rftg/rules.md.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from rules.core import Rng
from rules.core.unchecked import flat, made
from rules.rftg.content import Colour, Face, Phase
from rules.rftg.options import Options

Stage = Literal["setup", "assign", "phase", "manage", "over"]
Where = Literal["column", "select", "dictate"]


class Built(BaseModel):
    """A tile side in a tableau, by its printed name, with the goods (die colours) on it."""

    name: str
    goods: list[Colour] = Field(default_factory=list)


class AssignDie(BaseModel):
    """A rolled die during Assign: its face, its column (``None`` = a wild die not yet placed)."""

    colour: Colour
    face: Face
    column: Phase | None = None
    where: Where = "column"


class AssignCore(BaseModel):
    """One player's secret Assign step (§5.2); undo restores earlier copies of it."""

    dice: list[AssignDie] = Field(default_factory=list)
    selected: Phase | None = None
    """The phase this player selected (the die with ``where == "select"`` sits on its slot)."""
    choosing_phase: Phase | None = None
    """Selection started: the phase is chosen, the die not yet."""
    reassign_first: bool = False
    """The player will Dictate or Reassign after selecting, so selecting does not confirm."""
    then_confirm: bool = False
    """The die picked for ``choosing_phase`` also confirms the assignment."""
    used: list[str] = Field(default_factory=list)
    """Reassign powers used this round ("Dictate" once per Dictate)."""
    power: str | None = None
    """The Reassign power being used now, if any ("Dictate" for a Dictate)."""
    dictating: bool = False
    """Dictate started: the die for the Dictate area is still to be picked."""
    moved: list[int] = Field(default_factory=list)
    """Dice moved by the power in use."""
    source: Phase | None = None
    """The column the first die of the power in use came from (Executive Power)."""
    picked: int | None = None
    """A die picked for the power in use, waiting for its target column."""
    narrow: Phase | None = None
    """The column chosen first when a die choice was too big for one prompt."""


class AssignState(AssignCore):
    history: list[AssignCore] = Field(default_factory=list)
    """Earlier versions, most recent last (spec I-33)."""
    confirmed: bool = False


class Work(BaseModel):
    """What one player is in the middle of during the current phase."""

    done: bool = False
    virtual: list[Colour] = Field(default_factory=list)
    """Workers that are not dice (Major Research Labs, Alien Research Ship, Space Docks, Organic
    Shipyards; spec I-12)."""
    # Explore
    scouting: bool = False
    scout_yellow: bool = False
    """A Scout by a yellow explorer happened this phase (Alien Research Team)."""
    returned: list[int] = Field(default_factory=list)
    """Tiles this player returned under the Explore tile this phase (known to them only)."""
    returning: int = 0
    """Tiles returned by the Scout in progress."""
    drawn: list[int] = Field(default_factory=list)
    """Tiles drawn and not yet placed (seen by this player only)."""
    owed: int = 0
    """Tiles still to draw once the other players have given tiles back (bag and pile empty)."""
    logistics: int | None = None
    """Advanced Logistics: the zone tile being moved (an index into dev stack + world stack)."""
    page: int = 0
    """Which page of the construction zone is shown when its tiles do not fit one prompt."""
    # Develop / Settle
    completers: list[Colour] = Field(default_factory=list)
    """Dice chosen so far to complete a top tile that holds more dice than it needs."""
    to_cup_from: list[Colour] = Field(default_factory=list)
    """Completers of which one or two go to the cup (Galactic Federation / Galactic Exchange)."""
    removing: str | None = None
    """Name of the just-completed tile whose immediate effect and credits are still to apply."""
    remove_from: tuple[str, int] | None = None
    """The place chosen first when the dice to remove (or recall) do not fit one prompt."""
    effect_removed: bool = False
    """The die of that effect has been removed."""
    narrow: int | None = None
    """Produce/Ship: the world chosen first when the choice is too big for one prompt."""
    # Produce
    producer: Colour | None = None
    # Ship
    shipper: Colour | None = None
    shipper_virtual: bool = False
    bankers: bool = False
    """A Trade just happened and Galactic Bankers may buy 1 VP for $1."""
    # Manage
    recruited: bool = False
    one_by_one: bool = False
    """Recruiting die by die (the sets to choose from do not fit one prompt, or a log of an
    earlier version recruits so)."""


class Player(BaseModel):
    faction: int
    home: str
    credits: int = 1
    vp: int = 0
    tableau: list[Built] = Field(default_factory=list)
    dev_stack: list[int] = Field(default_factory=list)
    """Tile ids, top first."""
    world_stack: list[int] = Field(default_factory=list)
    dev_dice: list[Colour] = Field(default_factory=list)
    """Developers waiting on top of the development stack."""
    world_dice: list[Colour] = Field(default_factory=list)
    cup: list[Colour] = Field(default_factory=list)
    citizenry: list[Colour] = Field(default_factory=list)
    start_tiles: list[int] = Field(default_factory=list)
    """The two tiles drawn at setup, before this player splits them (private)."""
    assign: AssignState | None = None
    chose: Phase | None = None
    """The phase this player selected this round, public from Reveal on."""
    columns: dict[Phase, list[Colour]] = Field(default_factory=dict)
    """Workers per column after Reveal; a phase's workers are taken from here as they act."""
    work: Work = Field(default_factory=Work)


class State(BaseModel):
    rng: Rng
    options: Options
    round: int = 1
    stage: Stage = "setup"
    phase: Phase | None = None
    selected: list[Phase] = Field(default_factory=list)
    phase_die: Face | None = None
    """The 2-player extra white die of this round, after Reveal."""
    explore_end: bool = False
    """Explore's actions are over; Alien Research Team's extra tile is being placed."""
    giveback: list[int] = Field(default_factory=list)
    """Seats (timing order) that must put one zone tile back in the bag: bag and pile ran out
    during a draw (§5.5, X17, I-23)."""
    giveback_for: int | None = None
    """The seat whose draw waits for those tiles."""
    sequential: bool = False
    """This phase is prompted one player at a time in timing order (§11, I-19)."""
    bag: list[int]
    pile: list[int] = Field(default_factory=list)
    """Tiles returned under the Explore phase tile this phase."""
    vp_pool: int
    vp_reserve: int = 10
    pool_exhausted: bool = False
    supply: dict[Colour, int]
    players: list[Player]
    timing: list[int]
    """Seats in timing order: clockwise from the lowest faction number (§11)."""
    legacy_flow: bool = False
    """Set for a game begun before the engine played single-answer questions itself: its action
    log holds those answers as moves (and draws tiles at their moment), so there they still wait
    for the player. Set by the first two-step phase selection of such a log, and for a stored
    state without the field."""

    @model_validator(mode="before")
    @classmethod
    def _stored_before_forced_answers(cls, data: Any) -> Any:
        if isinstance(data, dict) and "legacy_flow" not in data and "timing" in data:
            data = {**data, "legacy_flow": True}
        return data

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> State:
        """A full copy, built field by field without validation (every value is already valid):
        each list, dict and model anew, save the table options (frozen) and the Assign undo
        history, which is shared: a version in it is never changed once kept, and Undo restores a
        copy of it (:func:`rules.rftg.assign.act`). A move copies the state before it is played,
        so this is part of every move's cost."""
        return _state_copy(self, [_player_copy(p) for p in self.players])

    def copy_for(self, seat: int) -> State:
        """A copy for a move that changes no player but ``seat``'s: the other players are shared
        with this state, not copied."""
        return _state_copy(self, [_player_copy(p) if s == seat else p for s, p in enumerate(self.players)])

    def own(self, seat: int) -> None:
        """Give this state a copy of ``seat``'s player of its own, before a change to a player that
        :meth:`copy_for` may have shared."""
        self.players[seat] = _player_copy(self.players[seat])


def _state_copy(state: State, players: list[Player]) -> State:
    fields = state.__dict__.copy()
    fields["rng"] = flat(state.rng)
    for name in ("selected", "giveback", "bag", "pile", "timing"):
        fields[name] = fields[name][:]
    fields["supply"] = state.supply.copy()
    fields["players"] = players
    return made(state, fields)


_PLAYER_LISTS = ("dev_stack", "world_stack", "dev_dice", "world_dice", "cup", "citizenry", "start_tiles")
"""The Player fields holding lists of strings or numbers."""

_WORK_LISTS = ("virtual", "returned", "drawn", "completers", "to_cup_from")
"""The Work fields holding lists of strings or numbers (its other fields are numbers, strings,
booleans and tuples)."""


def _player_copy(player: Player) -> Player:
    fields = player.__dict__.copy()
    for name in _PLAYER_LISTS:
        fields[name] = fields[name][:]
    fields["tableau"] = [made(built, {"name": built.name, "goods": built.goods[:]})
                         for built in player.tableau]
    fields["columns"] = {phase: workers[:] for phase, workers in player.columns.items()}
    work = player.work.__dict__.copy()
    for name in _WORK_LISTS:
        work[name] = work[name][:]
    fields["work"] = made(player.work, work)
    if player.assign is not None:
        assign = player.assign.__dict__.copy()
        assign["dice"] = [flat(die) for die in player.assign.dice]
        for name in ("used", "moved", "history"):
            assign[name] = assign[name][:]
        fields["assign"] = made(player.assign, assign)
    return made(player, fields)
