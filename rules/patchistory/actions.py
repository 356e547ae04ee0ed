"""Patchistory actions: a discriminated union of small models naming ids and numbers only.

Multi-step choices (pick the tile, then the square) use :class:`Pick` and :class:`Back`, which only
narrow the seat's menu; every other action is complete and may be played directly.

Sections (§N) and interpretations (#N) are those of docs/patchistory/rules.md.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field


class _Act(BaseModel):
    model_config = ConfigDict(frozen=True)


class Pick(_Act):
    """Open one step of a menu (e.g. ``"tile:2"``); nothing happens in the game."""

    kind: Literal["pick"] = "pick"
    choice: str


class Back(_Act):
    kind: Literal["back"] = "back"


class Done(_Act):
    """End this seat's part of the step (diplomacy, administration, movement, patching, returns)."""

    kind: Literal["done"] = "done"


class BidCoins(_Act):
    """3–4 players: bid ``coins`` in total on tile ``tile`` (new bid, raise, or move and add; p. 6–7)."""

    kind: Literal["bid"] = "bid"
    tile: int
    coins: int


class Pass(_Act):
    """Special first auction: let the opening step go by without bidding (p. 9)."""

    kind: Literal["pass"] = "pass"


class SealedBid(_Act):
    """2 players: the secret tile choice and coins (p. 15)."""

    kind: Literal["sealed_bid"] = "sealed_bid"
    tile: int
    coins: int


class FirstChoice(_Act):
    """2 players, equal bids on the same tile: the first player takes tile ``tile`` (p. 15)."""

    kind: Literal["first_choice"] = "first_choice"
    tile: int


class TakeTile(_Act):
    """Vasco da Gama: take a laid-out tile before the auction (p. 16)."""

    kind: Literal["take_tile"] = "take_tile"
    tile: int


class Patch(_Act):
    """Patch reserve tile ``reserve`` on ``side`` with its top-left square at (row, col) (§7.7)."""

    kind: Literal["patch"] = "patch"
    reserve: int
    side: str
    row: int
    col: int
    under: bool = False
    keep_buildings: bool = False


class PlaceWorker(_Act):
    """Put a worker owed to the territory on the empty space at (row, col)."""

    kind: Literal["place"] = "place"
    row: int
    col: int


class Aid(_Act):
    kind: Literal["aid"] = "aid"
    target: int
    food: int = 0
    coins: int = 0
    resources: int = 0


class AnswerAid(_Act):
    kind: Literal["answer_aid"] = "answer_aid"
    accept: bool


class Threat(_Act):
    kind: Literal["threat"] = "threat"
    target: int
    demand: Literal["culture", "coins"]


class BreakAlliance(_Act):
    kind: Literal["break_alliance"] = "break_alliance"
    route: int


class RemoveRoute(_Act):
    """Schwerer Gustav: remove a general route you own or an alliance route you share (p. 16)."""

    kind: Literal["remove_route"] = "remove_route"
    route: int


class AllyWith(_Act):
    """Constantine the Great: a free alliance route with ``target`` (p. 16)."""

    kind: Literal["ally_with"] = "ally_with"
    target: int


class Trade(_Act):
    kind: Literal["trade"] = "trade"
    worker: int
    route: int


class Exchange(_Act):
    """Give ``amount`` of one good (≤ T) for an equal value of others (p. 10)."""

    kind: Literal["exchange"] = "exchange"
    give: Literal["food", "coins", "resources"]
    amount: int
    food: int = 0
    coins: int = 0
    resources: int = 0


class Birth(_Act):
    kind: Literal["birth"] = "birth"


class HonourWonders(_Act):
    kind: Literal["honour_wonders"] = "honour_wonders"


class HonourPersonalities(_Act):
    kind: Literal["honour_personalities"] = "honour_personalities"


class BuildRoute(_Act):
    kind: Literal["build_route"] = "build_route"
    target: int


class Reclaim(_Act):
    kind: Literal["reclaim"] = "reclaim"
    building: int
    """Index of the building tile behind the screen, used Wasteland side up."""
    row: int
    col: int


class Build(_Act):
    kind: Literal["build"] = "build"
    building: int
    row: int
    col: int


class Campaign(_Act):
    kind: Literal["campaign"] = "campaign"
    pp: int


class Move(_Act):
    """Move a worker in the territory to the space at (row, col), at most T spaces away."""

    kind: Literal["move"] = "move"
    worker: int
    row: int
    col: int


class Advance(_Act):
    """Move a route worker ``steps`` spaces forward (1..T)."""

    kind: Literal["advance"] = "advance"
    worker: int
    steps: int


class Rest(_Act):
    """Send a general-route worker to Rest/Return (home at the end of the next Movement)."""

    kind: Literal["rest"] = "rest"
    worker: int


class Choose(_Act):
    """Negotiation: the secret red (attack) or blue (defend / ally) side (p. 12)."""

    kind: Literal["choose"] = "choose"
    colour: Literal["red", "blue"]


class ChooseWar(_Act):
    """Fight the war on route ``route`` next, among your wars this phase (p. 12)."""

    kind: Literal["choose_war"] = "choose_war"
    route: int


class Orient(_Act):
    """Both agreed to an alliance: the negotiating worker's owner says whose side is the alliance
    route's Start (p. 12)."""

    kind: Literal["orient"] = "orient"
    start: int


class AskTurnOrder(_Act):
    """Ask that this Administration or Movement be played in turn order instead of at once (p. 9,
    p. 11): any player may."""

    kind: Literal["ask_turn_order"] = "ask_turn_order"


class Agree(_Act):
    """Negotiation with both blue: agree to form an alliance or not."""

    kind: Literal["agree"] = "agree"
    ally: bool


class Spend(_Act):
    """War: the secret resources (and votes, with Joan of Arc) committed."""

    kind: Literal["spend"] = "spend"
    resources: int
    votes: int = 0


class ReturnWorker(_Act):
    """Before Voting (Chichen Itza & co): return a worker to the descendant track."""

    kind: Literal["return_worker"] = "return_worker"
    worker: int


class Commit(_Act):
    kind: Literal["commit"] = "commit"
    card: str


class Vote(_Act):
    kind: Literal["vote"] = "vote"
    votes: int


AnyAction = (
    Pick
    | Back
    | Done
    | BidCoins
    | Pass
    | SealedBid
    | FirstChoice
    | TakeTile
    | Patch
    | PlaceWorker
    | Aid
    | AnswerAid
    | Threat
    | BreakAlliance
    | RemoveRoute
    | AllyWith
    | Trade
    | Exchange
    | Birth
    | HonourWonders
    | HonourPersonalities
    | BuildRoute
    | Reclaim
    | Build
    | Campaign
    | Move
    | Advance
    | Rest
    | Choose
    | Agree
    | Orient
    | AskTurnOrder
    | ChooseWar
    | Spend
    | ReturnWorker
    | Commit
    | Vote
)


class Recorded(_Act):
    """A move as rules version 1 recorded it, when a question with one possible answer was still
    asked and its answer went into the log: the game it belongs to goes on asking such questions
    (:attr:`State.forced_played`), so that its log replays from the seed as it was played."""

    kind: Literal["v1"] = "v1"
    action: Annotated[AnyAction, Field(discriminator="kind")]


class RecordedV2(_Act):
    """A move as rules version 2 recorded it, when a forced answer in a simultaneous step was
    played the moment it was the only one: the game it belongs to goes on playing them so
    (:attr:`State.forced_held`), so that its log replays from the seed as it was played."""

    kind: Literal["v2"] = "v2"
    action: Annotated[AnyAction, Field(discriminator="kind")]


Played = AnyAction | Recorded | RecordedV2
"""Every move a log may hold."""
Action = Annotated[Played, Field(discriminator="kind")]
