"""What a seat may see (§10): everything public, plus that seat's own secrets.

Secret until Reveal: a player's rolled faces and assignment. Always private: tiles below the top of
a construction stack, tiles just drawn, tiles returned under the Explore tile. Public: stack sizes
and top tiles, dice on stacks, credits, VP chips, tableaus and goods, cup and Citizenry colours.

Sections (§) are those of docs/rftg/rules.md.
"""

from __future__ import annotations

from pydantic import BaseModel

from rules.rftg.content import Colour, Content, Face, Phase
from rules.rftg.state import Player, Stage, State


class DieView(BaseModel):
    colour: Colour
    face: Face
    column: Phase | None
    where: str


class AssignView(BaseModel):
    """A seat's own Assign step."""

    dice: list[DieView]
    selected: Phase | None
    used: list[str]
    power: str | None
    confirmed: bool


class TileView(BaseModel):
    name: str
    kind: str
    cost: int
    colour: str | None
    goods: list[Colour]


class PlayerView(BaseModel):
    faction: int
    home: str
    credits: int
    vp: int
    tiles: int
    tableau: list[TileView]
    dev_top: str | None
    dev_size: int
    world_top: str | None
    world_size: int
    dev_dice: list[Colour]
    world_dice: list[Colour]
    cup: list[Colour]
    citizenry: list[Colour]
    rolled: int
    """Dice rolled this round and not yet revealed (their faces are secret)."""
    confirmed: bool
    chose: Phase | None
    columns: dict[Phase, list[Colour]]
    virtual: list[Colour]
    done: bool
    score: int | None = None
    breakdown: dict[str, int] | None = None
    """At the end: the score by source ("chips", "tiles", "bonuses")."""
    dev_cost: int | None = None
    """Developers the top development needs in all (its cost after this player's discounts)."""
    world_cost: int | None = None
    """Settlers the top world needs in all (its cost after this player's discounts)."""
    # the seat's own secrets (None / empty for anyone else)
    dev_stack: list[str] | None = None
    world_stack: list[str] | None = None
    start_tiles: list[str] | None = None
    assign: AssignView | None = None
    drawn: list[str] | None = None
    returned: list[str] | None = None


class View(BaseModel):
    seat: int | None
    round: int
    stage: Stage
    phase: Phase | None
    selected: list[Phase]
    phase_die: Face | None
    bag: int
    pile: int
    vp_pool: int
    vp_reserve: int
    timing: list[int]
    sequential: bool
    players: list[PlayerView]


def view(c: Content, state: State, seat: int | None) -> View:
    from rules.rftg.scoring import score

    over = state.stage == "over"
    # One validation of plain data: pydantic-core builds the nested models faster than
    # model_construct does field by field in Python.
    return View.model_validate(dict(
        seat=seat,
        round=state.round,
        stage=state.stage,
        phase=state.phase,
        selected=list(state.selected),
        phase_die=state.phase_die,
        bag=len(state.bag),
        pile=len(state.pile),
        vp_pool=state.vp_pool,
        vp_reserve=state.vp_reserve,
        timing=list(state.timing),
        sequential=state.sequential,
        players=[
            _player(c, p, s == seat, score(c, p) if over else None) for s, p in enumerate(state.players)
        ],
    ))


def _player(c: Content, p: Player, own: bool, final: int | None) -> dict[str, object]:
    from rules.rftg.scoring import breakdown
    from rules.rftg.tableau import effective_cost

    def names(tiles: list[int], world: bool) -> list[str]:
        return [c.side_of(t, world).name for t in tiles]

    def both(tiles: list[int]) -> list[str]:
        return [f"{c.side_of(t, False).name} / {c.side_of(t, True).name}" for t in tiles]

    tableau = []
    for b in p.tableau:
        s = c.by_name[b.name]
        tableau.append(
            dict(name=b.name, kind=s.kind, cost=s.cost, colour=s.colour, goods=list(b.goods))
        )
    a = p.assign
    mine = None
    if own and a is not None:
        mine = dict(
            dice=[
                dict(colour=d.colour, face=d.face, column=d.column, where=d.where)
                for d in a.dice
            ],
            selected=a.selected,
            used=list(a.used),
            power=a.power,
            confirmed=a.confirmed,
        )
    return dict(
        faction=p.faction,
        home=p.home,
        credits=p.credits,
        vp=p.vp,
        tiles=len(p.tableau),
        tableau=tableau,
        dev_top=names(p.dev_stack[:1], False)[0] if p.dev_stack else None,
        dev_size=len(p.dev_stack),
        world_top=names(p.world_stack[:1], True)[0] if p.world_stack else None,
        world_size=len(p.world_stack),
        dev_dice=sorted(p.dev_dice),
        world_dice=sorted(p.world_dice),
        cup=sorted(p.cup),
        citizenry=sorted(p.citizenry),
        rolled=len(a.dice) if a else 0,
        confirmed=bool(a and a.confirmed),
        chose=p.chose,
        columns={k: sorted(v) for k, v in p.columns.items()},
        virtual=list(p.work.virtual),
        done=p.work.done,
        score=final,
        breakdown={k: int(v) for k, v in breakdown(c, p).items()} if final is not None else None,
        dev_cost=effective_cost(c, p, c.side_of(p.dev_stack[0], False)) if p.dev_stack else None,
        world_cost=effective_cost(c, p, c.side_of(p.world_stack[0], True)) if p.world_stack else None,
        dev_stack=names(p.dev_stack, False) if own else None,
        world_stack=names(p.world_stack, True) if own else None,
        start_tiles=both(p.start_tiles) if own else None,
        assign=mine,
        drawn=both(p.work.drawn) if own else None,
        returned=both(p.work.returned) if own else None,
    )
