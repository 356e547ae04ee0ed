"""The game state of Patchistory as plain data (round-trips through JSON exactly).

Nothing derived is stored: the overview-board stats come from the visible squares each time
(``empire.py``), so they can never disagree with the empire (§5.2).

Sections (§N) and interpretations (#N) are those of docs/patchistory/rules.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal

from rules.core import Rng, Seat
from rules.core.memo import Memo
from rules.core.unchecked import flat as _flat
from rules.patchistory.options import Options


class Phase(StrEnum):
    """Where the round stands (§6); the order is the round's order."""

    AUCTION = "auction"
    PATCH = "patch"
    PLACEMENT = "placement"
    DIPLOMACY = "diplomacy"
    ADMINISTRATION = "administration"
    MOVEMENT = "movement"
    NEGOTIATION = "negotiation"
    WAR = "war"
    RETURN_WORKERS = "return_workers"
    VOTE_COMMIT = "vote_commit"
    VOTE = "vote"
    OVER = "over"


@dataclass(slots=True)
class Goods:
    """What lies behind a player's screen (p. 6): secret from the other players."""

    food: int = 0
    coins: int = 0
    resources: int = 0
    culture: int = 0
    votes: int = 0


Good = Literal["food", "coins", "resources", "culture", "votes"]


Layer = tuple[str, str, int, int]
"""One tile of an empire: (tile id or ``capital:<id>``, side, row, col of its top-left square).

``white``/``black`` for land tiles, ``liberty``/``equality`` for a capital. Plain tuples keep the
state cheap to copy and hashable for the empire cache.
"""

Token = tuple[int, int, str | None]
"""A building tile on a square, above every tile there (p. 8, p. 10): (row, col, building id), the
id ``None`` for a reclaimed wasteland (Wasteland side up)."""


@dataclass(frozen=True, slots=True)
class Worker:
    """A born worker: in the territory at a square, on a route, or resting (p. 11). Frozen: a
    state's copy shares it (:meth:`State.__deepcopy__`)."""

    where: Literal["land", "route", "rest"] = "land"
    row: int = 0
    col: int = 0
    route: int = -1
    """Index in :attr:`State.routes` when on a route or resting from one."""
    step: int = 0
    """Position on the route counted from the owner's own Start."""


@dataclass(frozen=True, slots=True)
class Reserve:
    """A won land tile not yet patched (#6); ``side`` is ``None`` when the owner may choose.
    Frozen, as a :class:`Worker` is."""

    tile: str
    side: str | None


@dataclass(slots=True)
class Player:
    colour: str
    capital: str
    goods: Goods = field(default_factory=Goods)
    buildings: list[str] = field(default_factory=list)
    """The building tiles behind the screen (secret)."""
    cards: list[str] = field(default_factory=list)
    """Prosperity cards in hand (secret)."""
    layers: tuple[Layer, ...] = ()
    """Bottom to top. A tuple, replaced where a tile is laid, never changed in place: a state's
    copy shares it, and an empire's grid is found again by its tuples' identity
    (``empire.grid_of``)."""
    tokens: tuple[Token, ...] = ()
    """The building tokens; a tuple, as :attr:`layers` is."""
    workers: list[Worker] = field(default_factory=list)
    homing: int = 0
    """Workers owed a space in the territory (returns, births, first placement)."""
    reserve: list[Reserve] = field(default_factory=list)
    pp: int = 0
    """Politics points left this phase."""
    transport: int = 0
    """T read at the start of Movement (#39)."""
    menu: list[str] = field(default_factory=list)
    """Steps chosen so far in a multi-step choice (pick the tile, then the square)."""
    done: bool = False
    accepted_aid: bool = False
    campaigned: bool = False
    built_route: bool = False
    used_gustav: bool = False
    diplomacy_acted: bool = False
    moved: list[int] = field(default_factory=list)
    """Indices of workers already moved this Movement phase."""
    routes_moving: bool = False
    """A route worker has moved this Movement phase: the territory workers' moves are over (p. 11)."""
    ally_choice: bool = False
    """Constantine the Great was patched in: a free alliance route is owed a choice."""

    @property
    def path(self) -> list[str]:
        """The menu steps taken, a folded step (``"build/b:0"``) counted as the steps it stands for."""
        return [step for taken in self.menu for step in taken.split("/")]

    def born(self) -> int:
        """Workers that have left the descendant track (upkeep reads the track here, p. 13)."""
        return len(self.workers) + self.homing


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid on the table in a 3–4 player auction: ``coins`` on the offer at index ``tile``.
    Frozen, as a :class:`Worker` is."""

    seat: Seat
    tile: int
    coins: int


@dataclass(frozen=True, slots=True)
class Offer:
    """A land tile laid out for the auction with the side it is offered on. Frozen, as a
    :class:`Worker` is."""

    tile: str
    side: str


@dataclass(slots=True)
class Auction:
    offers: list[Offer] = field(default_factory=list)
    bids: list[Bid] = field(default_factory=list)
    """Every bid still on the table, in the order placed (the last on a tile is the top bid)."""
    turn: int = 0
    """Index into :attr:`State.order` of the seat to act."""
    opening: int = -1
    """Special first auction (p. 9): seats that have had their opening step; -1 when normal."""
    passed: list[Seat] = field(default_factory=list)
    sealed: dict[int, tuple[int, int]] = field(default_factory=dict)
    """2-player auction: seat → (tile index, coins), secret until both have chosen."""
    first_choice: Seat | None = None
    """2-player auction: the first player, owed the first choice of tile after equal bids on the same
    tile (p. 15); ``None`` when nobody is choosing."""
    skip: list[Seat] = field(default_factory=list)
    """Seats not in the auction (Vasco da Gama took a tile)."""
    vasco: list[Seat] = field(default_factory=list)
    """Vasco owners still to take a tile before the auction starts."""


@dataclass(frozen=True, slots=True)
class Route:
    """A trade route between two players; a general route belongs to the player at its Start.
    Frozen, as a :class:`Worker` is: a rule puts a changed copy in its place."""

    kind: Literal["general", "alliance"]
    start: Seat
    end: Seat
    war_attackers: list[Seat] = field(default_factory=list)
    """Declared war on this route (the negotiating worker waits on it)."""
    war_declared: tuple[int, int] | None = None
    """(era, round) of the declaration."""


@dataclass(slots=True)
class Negotiation:
    route: int
    choices: dict[int, str] = field(default_factory=dict)
    """seat → "red"/"blue" (secret until both chose)."""
    consent: dict[int, bool] = field(default_factory=dict)
    stage: Literal["choose", "ally", "orient"] = "choose"
    """``orient``: both agreed; the negotiating worker's owner chooses the route's orientation."""


@dataclass(slots=True)
class War:
    route: int
    attackers: list[Seat]
    defender: Seat | None
    spend: dict[int, tuple[int, int]] = field(default_factory=dict)
    """seat → (resources, votes) committed (secret until both committed)."""


@dataclass(frozen=True, slots=True)
class AidOffer:
    """An offer of Aid waiting for its answer: the food, coins and resources ``giver`` offers
    ``target``. Frozen, as a :class:`Worker` is."""

    giver: Seat
    target: Seat
    food: int
    coins: int
    resources: int


@dataclass(slots=True)
class Voting:
    committed: dict[int, str] = field(default_factory=dict)
    """seat → card id (secret; once revealed, who played which stays unknown)."""
    cards: list[str] = field(default_factory=list)
    """Revealed cards in reveal order."""
    current: int = 0
    votes: dict[int, int] = field(default_factory=dict)
    """Votes put on the current card (secret until all committed)."""
    totals: list[int] = field(default_factory=list)
    """Votes on each card voted so far."""
    standings: list[list[int]] = field(default_factory=list)
    """Per revealed card, each seat's rank after tie demotion (fixed when the cards are revealed)."""


@dataclass(slots=True, kw_only=True, weakref_slot=True)
class State:
    rng: Rng
    options: Options = field(default_factory=Options)
    era: int = 1
    round: int = 1
    phase: Phase = Phase.AUCTION
    first: Seat = 0
    players: list[Player]
    stack: list[str] = field(default_factory=list)
    """The current era's shuffled land-tile stack (secret to all)."""
    next_white: bool = True
    """Side of the next tile laid out in a 3–4 player auction (#5)."""
    auction: Auction = field(default_factory=Auction)
    routes: list[Route] = field(default_factory=list)
    general_left: int = 14
    alliance_left: int = 4
    active: int = 0
    """Index into the turn order for turn-based steps (diplomacy)."""
    aid: AidOffer | None = None
    negotiations: list[int] = field(default_factory=list)
    """Routes still to negotiate this phase, in turn order."""
    negotiation: Negotiation | None = None
    wars: list[int] = field(default_factory=list)
    war_chooser: Seat | None = None
    """The seat choosing which of its wars is fought next (p. 12)."""
    war: War | None = None
    voting: Voting = field(default_factory=Voting)
    returners: list[Seat] = field(default_factory=list)
    """Seats still to decide on returning workers before Voting (Chichen Itza & co)."""
    in_turn_order: bool = False
    """A player asked that this Administration or Movement be played in turn order (p. 9, p. 11)."""
    forced_played: bool = False
    """The engine plays a question's only answer itself. Games stored before it did (whose states
    lack this field) go on asking such questions, so that the moves recorded after their last
    snapshot still apply."""
    forced_held: bool = False
    """A forced answer that ends a seat's part of a simultaneous step, or answers a secret one,
    is held until no other seat has a choice left in it (:meth:`Patchistory.play_forced`). Games
    stored before (whose states lack this field) go on playing such answers at once."""
    moves: int | None = None
    """Moves played since setup; ``None`` in states stored before it was counted."""
    stealth: tuple[int, int] | None = None
    """(winner, loser) owed the Stealth Aircraft choice after a war."""

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> State:
        """A deep copy, field by field: each list and dict anew, the tuples and strings shared
        (they never change), and so the frozen models (the options, offers, bids, reserve tiles,
        workers, routes and an offer of Aid): a rule changes one by putting a changed copy in its
        place.

        :meth:`Engine.apply` copies the state before every action, so this is the engine's hot
        path. The parts a move writes are plain slotted classes, not pydantic models, for this and
        for every read and write of a move (docs/patchistory/notes.md, "Twentieth round: plain
        classes in the hot path").
        """
        c = _new(State)
        c.rng = _flat(self.rng)
        c.options = self.options
        c.era = self.era
        c.round = self.round
        c.phase = self.phase
        c.first = self.first
        c.players = [_player(p) for p in self.players]
        c.stack = self.stack[:]
        c.next_white = self.next_white
        c.auction = _auction(self.auction)
        c.routes = self.routes[:]
        c.general_left = self.general_left
        c.alliance_left = self.alliance_left
        c.active = self.active
        c.aid = self.aid
        c.negotiations = self.negotiations[:]
        n = self.negotiation
        c.negotiation = (
            None if n is None else Negotiation(n.route, n.choices.copy(), n.consent.copy(), n.stage)
        )
        c.wars = self.wars[:]
        c.war_chooser = self.war_chooser
        w = self.war
        c.war = None if w is None else War(w.route, w.attackers[:], w.defender, w.spend.copy())
        c.voting = _voting(self.voting)
        c.returners = self.returners[:]
        c.in_turn_order = self.in_turn_order
        c.forced_played = self.forced_played
        c.forced_held = self.forced_held
        c.moves = self.moves
        c.stealth = self.stealth
        return c

    def order(self) -> list[Seat]:
        """Seats clockwise from the first player (§6)."""
        n = len(self.players)
        return [(self.first + i) % n for i in range(n)]


def player_key(p: Player) -> tuple[object, ...]:
    """Every field of a player as one hashable value, in the order of :class:`Player`'s fields
    (``tests/patchistory/test_move_cost.py`` checks that it names them all)."""
    return (
        p.colour,
        p.capital,
        goods_key(p.goods),
        tuple(p.buildings),
        tuple(p.cards),
        p.layers,
        p.tokens,
        workers_key(p.workers),
        p.homing,
        tuple((r.tile, r.side) for r in p.reserve),
        p.pp,
        p.transport,
        tuple(p.menu),
        p.done,
        p.accepted_aid,
        p.campaigned,
        p.built_route,
        p.used_gustav,
        p.diplomacy_acted,
        tuple(p.moved),
        p.routes_moving,
        p.ally_choice,
    )


OPTIONS_KEYS: Memo[int, tuple[Options, tuple[object, ...]]] = Memo(64)
"""Each table's options as one hashable value, by the options object's id, the object held beside
it (so that the id names no other object while it is kept): the options are frozen and every copy
of a state shares them, so the kept prompts' keys hold the very same tuple, made once, and two keys
compare it at one identity check instead of field by field."""


def options_key(options: Options) -> tuple[object, ...]:
    """Every field of the table options as one hashable value, in the order of their fields; the
    same tuple for the same options object (:data:`OPTIONS_KEYS`)."""
    found = OPTIONS_KEYS.get(id(options))
    if found is not None:
        return found[1]
    return OPTIONS_KEYS.put(id(options), (options, tuple(options.__dict__.values())))[1]


def routes_key(routes: list[Route]) -> tuple[object, ...]:
    """Every field of every route as one hashable value."""
    return tuple([(r.kind, r.start, r.end, tuple(r.war_attackers), r.war_declared) for r in routes])


def worker_key(w: Worker) -> tuple[str, int, int, int, int]:
    """A worker as one hashable value, in the order of :class:`Worker`'s fields."""
    return w.where, w.row, w.col, w.route, w.step


def workers_key(workers: list[Worker]) -> tuple[tuple[str, int, int, int, int], ...]:
    """A seat's workers as one hashable value (:func:`worker_key` of each, in order)."""
    return tuple([worker_key(w) for w in workers])


def goods_key(g: Goods) -> tuple[int, int, int, int, int]:
    """A seat's goods as one hashable value, in the order of :class:`Goods`'s fields."""
    return g.food, g.coins, g.resources, g.culture, g.votes


def shallow_player(p: Player) -> Player:
    """A copy of ``p`` sharing its goods, lists and flags: for a rule that puts new lists in the
    copy's place, never writing the shared ones. ``dataclasses.replace`` makes the same through
    ``__init__`` over every field, some 3% of a 2-player move slower in the placements' previews
    (``empire.patched_player``)."""
    c = _new(Player)
    for name in PLAYER_FIELDS:
        _set(c, name, getattr(p, name))
    return c


PLAYER_FIELDS = tuple(Player.__dataclass_fields__)


def _goods(g: Goods) -> Goods:
    c = _new(Goods)
    c.food = g.food
    c.coins = g.coins
    c.resources = g.resources
    c.culture = g.culture
    c.votes = g.votes
    return c


def _player(p: Player) -> Player:
    c = _new(Player)
    c.colour = p.colour
    c.capital = p.capital
    c.goods = _goods(p.goods)
    c.buildings = p.buildings[:]
    c.cards = p.cards[:]
    c.layers = p.layers
    c.tokens = p.tokens
    c.workers = p.workers[:]
    c.homing = p.homing
    c.reserve = p.reserve[:]
    c.pp = p.pp
    c.transport = p.transport
    c.menu = p.menu[:]
    c.done = p.done
    c.accepted_aid = p.accepted_aid
    c.campaigned = p.campaigned
    c.built_route = p.built_route
    c.used_gustav = p.used_gustav
    c.diplomacy_acted = p.diplomacy_acted
    c.moved = p.moved[:]
    c.routes_moving = p.routes_moving
    c.ally_choice = p.ally_choice
    return c


def _auction(a: Auction) -> Auction:
    c = _new(Auction)
    c.offers = a.offers[:]
    c.bids = a.bids[:]
    c.turn = a.turn
    c.opening = a.opening
    c.passed = a.passed[:]
    c.sealed = a.sealed.copy()
    c.first_choice = a.first_choice
    c.skip = a.skip[:]
    c.vasco = a.vasco[:]
    return c


def _voting(v: Voting) -> Voting:
    c = _new(Voting)
    c.committed = v.committed.copy()
    c.cards = v.cards[:]
    c.current = v.current
    c.votes = v.votes.copy()
    c.totals = v.totals[:]
    c.standings = [s[:] for s in v.standings]
    return c


_new = object.__new__
_set = object.__setattr__
