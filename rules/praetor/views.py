"""What a seat sees. Praetor has no secrets (§11): every view is the whole table except the
order of the face-down city and wall stacks, which nobody knows; the top city tile's era is public
because tile backs show it. Views carry names and printed values so pictures need no content file.

Every seat's view is the same, so the engine builds one per state and shares it: views are read-only.

Sections (§) are those of docs/praetor/rules.md.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from rules.praetor.content import Content
from rules.praetor.state import Placed, State, Stock, Worker
from rules.praetor.table import current_era, morale_value, tile_text
from rules.praetor.turns import current_seat


class TileView(BaseModel):
    """A city tile's printed values."""

    uid: str
    label: str
    """English name and number, e.g. ``Sawmill #09`` (pictures draw ``type``'s catalogue name)."""
    type: str
    """The tile type's id: ``praetor.tile.<type>`` is its name in each language."""
    name: str
    effect: str
    amount: int
    """The effect's rate (see :attr:`rules.praetor.content.TileType.amount`)."""
    resource: str | None
    activation: str
    era: int
    favour: int
    build_cost: dict[str, int]
    activation_cost: dict[str, int]
    corners: dict[str, str | None]


class WallView(BaseModel):
    uid: str
    demand: dict[str, int]
    favour: int
    back: int


class BoardView(BaseModel):
    """A board side's printed values."""

    id: str
    morale_track: list[int]
    wages: list[int]
    pensions: list[int]
    market: dict[str, tuple[int, int]]
    """Per good, (buy, sell) in gold at this board's Market."""


class PlayerView(BaseModel):
    seat: int
    board: BoardView
    stock: Stock
    favour: int
    morale: int
    """Index of the current morale space on the board's track."""
    morale_value: int
    peasants: int
    level1: int
    level2: int
    workers: list[Worker]
    retired: int
    lent: int
    """Retired workers out on an Encampment this round."""
    walls: list[WallView]
    passed: bool
    tiles: int


class View(BaseModel):
    round: int
    last_round: bool
    phase: str
    order: list[int]
    turn_seat: int | None
    city: list[Placed]
    tiles: dict[str, TileView]
    """Printed values of every tile in the city and on display, by uid."""
    on: dict[str, list[tuple[int, int]]]
    """Per city tile, (seat, exp) of each worker on it this round; exp 0 is a lent retired worker."""
    used: dict[str, list[int]]
    """Per special tile, the seats that used it this round."""
    available: list[str]
    wall: WallView | None
    stack_size: int
    stack_era: int | None
    """Era on the back of the top face-down city tile (public), ``None`` when the stack is empty."""
    walls_left: int
    hidden: str = "the order of the face-down city and wall stacks"
    players: list[PlayerView]
    final: dict[int, dict[str, int]]


def _cached(content: Content, key: str, make: Any) -> Any:
    cache: dict[str, Any] = content.__dict__.setdefault("_view_cache", {})
    if key not in cache:
        cache[key] = make()
    return cache[key]


def tile_view(content: Content, uid: str) -> TileView:
    def make() -> TileView:
        tile, kind = content.tile(uid), content.type_of(uid)
        return TileView(uid=uid, label=tile_text(content, uid), type=kind.id, name=kind.name,
                        effect=kind.effect, amount=kind.amount, resource=kind.resource,
                        activation=kind.activation, era=tile.era, favour=tile.favour,
                        build_cost=dict(tile.build_cost), activation_cost=dict(kind.activation_cost),
                        corners=dict(tile.corners))
    view: TileView = _cached(content, "tile:" + uid, make)
    return view


def wall_view(content: Content, uid: str) -> WallView:
    def make() -> WallView:
        w = content.wall(uid)
        return WallView(uid=uid, demand=dict(w.demand), favour=w.favour, back=w.back)
    view: WallView = _cached(content, "wall:" + uid, make)
    return view


def board_view(content: Content, board_id: str) -> BoardView:
    def make() -> BoardView:
        b = content.board(board_id)
        return BoardView(id=b.id, morale_track=list(b.morale), wages=list(b.wages), pensions=list(b.pensions),
                         market={g: (pr.buy, pr.sell) for g, pr in b.market.items()})
    view: BoardView = _cached(content, "board:" + board_id, make)
    return view


def make_view(content: Content, state: State) -> View:
    """The table as everyone sees it (records are copied, so the view never changes with the state)."""
    on: dict[str, list[tuple[int, int]]] = {}
    used: dict[str, list[int]] = {}
    for s, p in enumerate(state.players):
        for w in p.workers:
            if w.on is not None:
                on.setdefault(w.on, []).append((s, w.exp))
        for uid in p.lent:
            on.setdefault(uid, []).append((s, 0))
        for uid in p.specials:
            used.setdefault(uid, []).append(s)
    owned = [sum(1 for t in state.city if t.owner == s) for s in range(len(state.players))]
    players = [PlayerView.model_construct(
        seat=s, board=board_view(content, p.board), stock=p.stock.__copy__(), favour=p.favour,
        morale=p.morale,
        morale_value=morale_value(content, p), peasants=p.peasants, level1=p.level1, level2=p.level2,
        workers=[w.__copy__() for w in p.workers], retired=p.retired, lent=len(p.lent),
        walls=[wall_view(content, w) for w in p.walls], passed=p.passed, tiles=owned[s])
        for s, p in enumerate(state.players)]
    tiles = {t.uid: tile_view(content, t.uid) for t in state.city}
    tiles.update((u, tile_view(content, u)) for u in state.available)
    return View.model_construct(
        round=state.round, last_round=state.last_round, phase=state.phase, order=list(state.order),
        turn_seat=current_seat(state), city=list(state.city), tiles=tiles, on=on, used=used,
        available=list(state.available), wall=wall_view(content, state.wall) if state.wall else None,
        stack_size=len(state.stack), stack_era=current_era(content, state) if state.stack else None,
        walls_left=len(state.walls), hidden="the order of the face-down city and wall stacks",
        players=players, final={k: dict(v) for k, v in state.final.items()})
