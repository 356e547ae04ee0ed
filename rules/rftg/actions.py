"""Actions: small typed models naming ids, colours and numbers only.

Each has a short notation (``str()``) for logs and golden files.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.rftg.content import Colour, Phase

Place = Literal["cup", "citizenry", "dev_stack", "world_stack", "column", "good"]
"""Where a die of a player sits, for removal and recall; ``index`` says which column or world."""


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SplitStart(_Action):
    """Setup: which of the two drawn tiles (0 or 1) becomes the development; the other the world."""

    kind: Literal["split"] = "split"
    development: int


class ToColumn(_Action):
    """Assign: put the wild die, the selection, or the picked die in ``phase``'s column/slot."""

    kind: Literal["column"] = "column"
    phase: Phase


class PickDie(_Action):
    """Assign: the die to use now, named by colour and the column it sits in."""

    kind: Literal["pick"] = "pick"
    colour: Colour
    column: Phase


class Narrow(_Action):
    """Assign: look at one column's dice first (when the die choice is too big for one prompt)."""

    kind: Literal["narrow"] = "narrow"
    column: Phase


class Select(_Action):
    """Assign: select ``phase``; the die is picked next."""

    kind: Literal["select"] = "select"
    phase: Phase


class Choose(_Action):
    """Assign: select ``phase`` with the die of ``colour`` in ``column``, in one step.

    The assignment is then confirmed, unless the player asked to Dictate or Reassign first
    (:class:`ReassignFirst`)."""

    kind: Literal["choose"] = "choose"
    phase: Phase
    colour: Colour
    column: Phase


class SelectWithWild(_Action):
    """Assign: the last wild die to place selects ``phase`` itself, confirming the assignment."""

    kind: Literal["select_wild"] = "select_wild"
    phase: Phase


class ChoosePhase(_Action):
    """Assign, when phase and die do not fit one menu: select ``phase``; the die comes next and
    confirms the assignment (unless the player asked to Reassign first)."""

    kind: Literal["choose_phase"] = "choose_phase"
    phase: Phase
    column: Phase | None = None
    """The column the die comes from, when chosen with the phase (its colour comes next)."""


class ReassignFirst(_Action):
    """Assign: select a phase without confirming, to Dictate or use a Reassign power next."""

    kind: Literal["reassign_first"] = "reassign_first"


class Dictate(_Action):
    kind: Literal["dictate"] = "dictate"


class DictateWith(_Action):
    """Assign: Dictate, putting the die of ``colour`` in ``column`` in the Dictate area."""

    kind: Literal["dictate_with"] = "dictate_with"
    colour: Colour
    column: Phase


class MoveDie(_Action):
    """Assign, a Reassign power in use: move the die of ``colour`` in ``column`` to ``to``."""

    kind: Literal["move_die"] = "move_die"
    colour: Colour
    column: Phase
    to: Phase


class UsePower(_Action):
    """Assign: start using the Reassign development at ``tile`` (an index into the tableau)."""

    kind: Literal["power"] = "power"
    tile: int


class Finish(_Action):
    """Assign: stop moving dice with the power in use."""

    kind: Literal["finish"] = "finish"


class Undo(_Action):
    kind: Literal["undo"] = "undo"


class Reset(_Action):
    kind: Literal["reset"] = "reset"


class Confirm(_Action):
    kind: Literal["confirm"] = "confirm"


class Stock(_Action):
    """Explore: the explorer of ``colour`` (``virtual`` = not a die) Stocks."""

    kind: Literal["stock"] = "stock"
    colour: Colour
    virtual: bool = False


class Scout(_Action):
    """Explore: the explorer of ``colour`` Scouts; ``draw``: returning no tile, it draws at once."""

    kind: Literal["scout"] = "scout"
    colour: Colour
    virtual: bool = False
    draw: bool = False


class StockMany(_Action):
    """Explore: ``count`` explorers Stock at once (the ones Stocking earns most with first)."""

    kind: Literal["stock_many"] = "stock_many"
    count: int


class ReturnTile(_Action):
    """Explore: return the zone tile at ``position`` (dev stack top first, then world stack)."""

    kind: Literal["return"] = "return"
    position: int


class GiveBack(_Action):
    """Explore, bag and pile empty: the zone tile at ``position`` this player puts back in the bag."""

    kind: Literal["give_back"] = "give_back"
    position: int


class Draw(_Action):
    """Explore: stop returning; draw one more tile than were returned."""

    kind: Literal["draw"] = "draw"


class PlaceTile(_Action):
    """Explore: put drawn tile ``tile`` in the world stack (``as_world``) or the development stack."""

    kind: Literal["place"] = "place"
    tile: int
    as_world: bool
    top: bool = False


class Rearrange(_Action):
    """Explore, Advanced Logistics: move the zone tile at ``position``; the destination comes next."""

    kind: Literal["rearrange"] = "rearrange"
    position: int


class MoveTile(_Action):
    """Explore, Advanced Logistics: where the tile being moved goes."""

    kind: Literal["move"] = "move"
    as_world: bool
    top: bool


class MoreTiles(_Action):
    """Explore: show the next ``page`` of a construction zone too big for one prompt."""

    kind: Literal["more_tiles"] = "more_tiles"
    page: int


class PlaceWorker(_Action):
    """Develop/Settle: put a developer (settler) of ``colour`` on the top tile."""

    kind: Literal["worker"] = "worker"
    colour: Colour


class PlaceWorkers(_Action):
    """Develop/Settle: the workers (colours) that go on the top tile now, all at once."""

    kind: Literal["workers"] = "workers"
    colours: tuple[Colour, ...]


class Completer(_Action):
    """Develop/Settle: one of the dice on a full top tile that counts as a completer."""

    kind: Literal["completer"] = "completer"
    colour: Colour


class ToCup(_Action):
    """Galactic Federation / Galactic Exchange: the one or two completers that go to the cup."""

    kind: Literal["to_cup"] = "to_cup"
    first: Colour
    second: Colour | None = None


class RemoveDie(_Action):
    """Immediate effect: the die to return to the supply (``index``: column phase no. or world)."""

    kind: Literal["remove"] = "remove"
    place: Place
    colour: Colour
    index: int = 0


class RemoveFrom(_Action):
    """Immediate effect: look at the dice of one place first (when all do not fit one prompt)."""

    kind: Literal["remove_from"] = "remove_from"
    place: Place
    index: int = 0


class Produce(_Action):
    """Produce: a producer of ``colour`` becomes a good on the tableau world at ``world``."""

    kind: Literal["produce"] = "produce"
    colour: Colour
    world: int


class Shipper(_Action):
    kind: Literal["shipper"] = "shipper"
    colour: Colour
    virtual: bool = False


class ShipGood(_Action):
    """Ship: the chosen shipper Trades or Consumes the good of ``colour`` on world ``world``."""

    kind: Literal["ship"] = "ship"
    world: int
    colour: Colour
    consume: bool


class ChooseWorld(_Action):
    """Ship: look at one world's goods first (when all goods do not fit one prompt)."""

    kind: Literal["world"] = "world"
    world: int


class Bankers(_Action):
    """Galactic Bankers, after a Trade: pay $1 for 1 VP chip, or not."""

    kind: Literal["bankers"] = "bankers"
    buy: bool


class Recruit(_Action):
    """Manage Empire: recruit a Citizenry die of ``colour`` when credits cannot pay for all."""

    kind: Literal["recruit"] = "recruit"
    colour: Colour


class RecruitDice(_Action):
    """Manage Empire: the Citizenry dice to recruit, all at once ($1 each), when credits cannot
    pay for all of them."""

    kind: Literal["recruit_dice"] = "recruit_dice"
    colours: tuple[Colour, ...]


class Recall(_Action):
    kind: Literal["recall"] = "recall"
    place: Place
    colour: Colour
    index: int = 0


class RecallFrom(_Action):
    """Manage Empire: look at the dice of one place first (when all do not fit one prompt)."""

    kind: Literal["recall_from"] = "recall_from"
    place: Place
    index: int = 0


class RecallAll(_Action):
    kind: Literal["recall_all"] = "recall_all"


class Done(_Action):
    """Manage Empire: finished recalling."""

    kind: Literal["done"] = "done"


AnyAction = (
    SplitStart | ToColumn | PickDie | Narrow | Select | Choose | SelectWithWild | ChoosePhase
    | ReassignFirst | Dictate | DictateWith | MoveDie | UsePower | Finish | Undo | Reset | Confirm
    | Stock | StockMany | Scout | ReturnTile | GiveBack | Draw | PlaceTile | Rearrange | MoveTile | MoreTiles
    | PlaceWorker | PlaceWorkers | Completer | ToCup | RemoveDie | RemoveFrom
    | Produce | Shipper | ShipGood | ChooseWorld | Bankers
    | Recruit | RecruitDice | Recall | RecallFrom | RecallAll | Done
)
Action = Annotated[AnyAction, Field(discriminator="kind")]
