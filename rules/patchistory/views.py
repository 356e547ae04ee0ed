"""What each seat may see (§15): empires, boards and routes are public; goods, buildings,
prosperity cards and every secret commitment only in the owner's view.

Sections (§N) and interpretations (#N) are those of docs/patchistory/rules.md.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from pydantic import BaseModel

from rules.core import Seat
from rules.patchistory.actions import Patch
from rules.patchistory.auction import sealed_revealed
from rules.patchistory.common import Ctx
from rules.patchistory.content import Content, SideDef
from rules.patchistory.empire import Grid, SpaceKey, grid_of, square_symbols, stats, worked_spaces
from rules.patchistory.flow import worker_upkeep
from rules.patchistory.patching import patch_prompt
from rules.patchistory.state import Goods, Layer, Offer, Phase, Player, Reserve, State, Token, Worker


class SquareView(BaseModel):
    """One visible square, with what a picture needs to draw it."""

    row: int
    col: int
    space: int
    """Squares with the same number belong to one space."""
    kind: str
    name: str = ""
    sea: bool = False
    wasteland: bool = False
    building: str | None = None
    yields: dict[str, int] = {}
    framed: dict[str, int] = {}
    worker: bool = False


class OfferView(BaseModel):
    tile: str
    side: str
    sides: dict[str, list[SquareView]]
    """The side(s) a bidder may get: the shown one, or both in the 2-player auction."""


class PlayerView(BaseModel):
    colour: str
    capital: str
    side: str
    layers: list[Layer]
    tokens: list[Token]
    workers: list[Worker]
    homing: int
    born: int
    upkeep: int
    reserve: list[Reserve]
    stats: dict[str, int]
    squares: list[SquareView]
    buildings_held: int
    cards_held: int
    done: bool
    goods: Goods | None = None
    """Behind the screen: only the owner (and everyone once the game is over)."""
    buildings: list[str] | None = None
    cards: list[str] | None = None
    card_categories: list[str] | None = None
    """The category of each card in hand, same order (owner only)."""


class RouteView(BaseModel):
    kind: str
    start: Seat
    end: Seat
    workers: list[tuple[Seat, str, int]]
    """(owner, "route"/"rest", step) of each worker on it."""
    war_attackers: list[Seat]


class View(BaseModel):
    seat: Seat | None
    era: int
    round: int
    phase: Phase
    first: Seat
    order: list[Seat]
    players: list[PlayerView]
    offers: list[OfferView]
    bids: list[tuple[Seat, int, int]]
    """(seat, tile index, coins) on the table; in the 2-player auction, the secret bids once revealed."""
    sealed_done: list[Seat]
    my_sealed: tuple[int, int] | None
    routes: list[RouteView]
    general_left: int
    alliance_left: int
    stack_left: int
    aid: tuple[Seat, Seat, int, int, int] | None
    negotiation: tuple[Seat, Seat] | None
    negotiation_chosen: list[Seat]
    my_choice: str | None
    consent: dict[int, bool]
    war: tuple[Seat, Seat] | None
    war_attackers: list[Seat]
    war_committed: list[Seat]
    war_chooser: Seat | None = None
    first_choice: Seat | None = None
    """2-player auction: the first player choosing a tile after equal bids on the same tile (p. 15)."""
    my_spend: tuple[int, int] | None
    cards: list[str]
    categories: list[str]
    """Category of each revealed card, in voting order."""
    card_totals: list[int]
    standings: list[list[int]]
    current_card: int
    committed: list[Seat]
    my_card: str | None
    votes_in: list[Seat]
    my_vote: int | None
    active: Seat | None
    scores: list[int] | None
    spots: list[tuple[int, int]] = []
    """The viewing seat's placement choices on offer: where each would put the tile's top-left
    square, as (row, col) in its empire's coordinates, the ones the options' labels give."""


def view(ctx: Ctx, state: State, seat: Seat | None) -> View:
    """Drawn up as plain data and validated once: pydantic-core builds the nested models faster."""
    over = state.phase == Phase.OVER
    players = []
    for s, p in enumerate(state.players):
        mine = s == seat or over
        players.append(
            dict(
                colour=p.colour,
                capital=p.capital,
                side=next(layer[1] for layer in p.layers if layer[0].startswith("capital:")),
                layers=list(p.layers),
                tokens=list(p.tokens),
                workers=list(p.workers),
                homing=p.homing,
                born=p.born(),
                upkeep=worker_upkeep(ctx, state, s),
                reserve=list(p.reserve),
                stats={k.value: v for k, v in stats(p, s, ctx.content, state.routes).items()},
                squares=_square_data(ctx.content, grid_of(p, ctx.content), worked(p, ctx)),
                buildings_held=len(p.buildings),
                cards_held=len(p.cards),
                done=p.done,
                goods=asdict(p.goods) if mine else None,
                buildings=list(p.buildings) if mine else None,
                cards=list(p.cards) if mine else None,
                card_categories=[ctx.content.cards_by_id[c].category for c in p.cards] if mine else None,
            )
        )
    routes = []
    for i, r in enumerate(state.routes):
        on = [
            (s, w.where, w.step)
            for s, p in enumerate(state.players)
            for w in p.workers
            if w.where in ("route", "rest") and w.route == i
        ]
        routes.append(
            dict(kind=r.kind, start=r.start, end=r.end, workers=on, war_attackers=list(r.war_attackers))
        )
    a, n, w, v = state.auction, state.negotiation, state.war, state.voting
    active = None
    if state.phase == Phase.DIPLOMACY and state.active < len(state.players):
        active = state.order()[state.active]
    return View.model_validate(dict(
        seat=seat,
        era=state.era,
        round=state.round,
        phase=state.phase,
        first=state.first,
        order=state.order(),
        players=players,
        offers=[_offer_data(ctx, o) for o in a.offers],
        bids=_bids(state),
        sealed_done=sorted(a.sealed),
        my_sealed=a.sealed.get(seat) if seat is not None else None,
        routes=routes,
        general_left=state.general_left,
        alliance_left=state.alliance_left,
        stack_left=len(state.stack),
        aid=(state.aid.giver, state.aid.target, state.aid.food, state.aid.coins, state.aid.resources)
        if state.aid
        else None,
        negotiation=(state.routes[n.route].start, state.routes[n.route].end) if n else None,
        negotiation_chosen=sorted(n.choices) if n else [],
        my_choice=n.choices.get(seat) if n and seat is not None else None,
        consent=dict(n.consent) if n else {},
        war=(state.routes[w.route].start, state.routes[w.route].end) if w else None,
        war_attackers=list(w.attackers) if w else [],
        war_committed=sorted(w.spend) if w else [],
        war_chooser=state.war_chooser,
        first_choice=a.first_choice,
        my_spend=w.spend.get(seat) if w and seat is not None else None,
        cards=list(v.cards),
        categories=[ctx.content.cards_by_id[c].category for c in v.cards],
        card_totals=list(v.totals),
        standings=[list(x) for x in v.standings],
        current_card=v.current,
        committed=sorted(v.committed),
        my_card=v.committed.get(seat) if seat is not None else None,
        votes_in=sorted(v.votes),
        my_vote=v.votes.get(seat) if seat is not None else None,
        active=active,
        scores=[p.goods.culture for p in state.players] if over else None,
        spots=_spots(ctx, state, seat),
    ))


def _spots(ctx: Ctx, state: State, seat: Seat | None) -> list[tuple[int, int]]:
    """Where the seat's pending patch options would lay the tile (spec 7.7), each once, in order."""
    if seat is None or state.phase != Phase.PATCH:
        return []
    prompt = patch_prompt(ctx, state, seat)
    if prompt is None:
        return []
    cells = [(o.action.row, o.action.col) for o in prompt.options if isinstance(o.action, Patch)]
    return list(dict.fromkeys(cells))


def _bids(state: State) -> list[tuple[Seat, int, int]]:
    a = state.auction
    if sealed_revealed(state):
        return [(s, *a.sealed[s]) for s in state.order() if s in a.sealed]
    return [(b.seat, b.tile, b.coins) for b in a.bids]


def worked(p: Player, ctx: Ctx) -> frozenset[SpaceKey]:
    return frozenset(worked_spaces(p, grid_of(p, ctx.content)))


def _square_data(content: Content, grid: Grid, worked: frozenset[SpaceKey]) -> list[dict[str, Any]]:
    """Plain data of each visible square; cached beside the grid, since views ask for it often."""
    key = (id(content), worked)
    cached = grid.views.get(key)
    if cached is not None:
        return cached
    numbers = {key: i for i, key in enumerate(sorted(grid.spaces, key=lambda k: grid.spaces[k][0]))}
    out = []
    for (r, c), sq in sorted(grid.squares.items()):
        base, framed = square_symbols(sq, content)
        out.append(
            dict(
                row=r,
                col=c,
                space=numbers[sq.key],
                kind="building" if sq.building else sq.space.kind,
                name=sq.space.name,
                sea=sq.sea,
                wasteland=sq.wasteland,
                building=sq.building,
                yields={k.value: v for k, v in base.items()},
                framed={k.value: v for k, v in framed.items()},
                worker=sq.key in worked,
            )
        )
    grid.views[key] = out
    return out


_SIDES: dict[int, tuple[SideDef, list[dict[str, Any]]]] = {}
"""Square data of printed sides already drawn up, by the side's identity (content is immutable)."""


def _side_data(side: SideDef) -> list[dict[str, Any]]:
    known = _SIDES.get(id(side))
    if known is not None and known[0] is side:
        return known[1]
    data: list[dict[str, Any]] = [
        dict(
            row=r,
            col=c,
            space=i,
            kind=sp.kind,
            name=sp.name,
            sea=sp.sea,
            wasteland=sp.wasteland,
            yields={k.value: v for k, v in sp.yields.items()},
            framed={k.value: v for k, v in sp.framed.items()},
        )
        for i, sp in enumerate(side.spaces)
        for r, c in sp.cells
    ]
    _SIDES[id(side)] = (side, data)
    return data


def _offer_data(ctx: Ctx, offer: Offer) -> dict[str, Any]:
    tile = ctx.content.tiles_by_id[offer.tile]
    names = ("white", "black") if offer.side == "any" else (offer.side,)
    return dict(tile=offer.tile, side=offer.side, sides={n: _side_data(tile.side(n)) for n in names})
