"""Building precise positions for rule tests: a bare table, then exactly the pieces a test needs."""

from __future__ import annotations

from typing import Any

from rules.rftg import ENGINE
from rules.rftg.content import CONTENT, PHASES, Phase
from rules.rftg.state import Built, State, Work
from rules.rftg.tableau import powers

C = CONTENT


def tile_id(name: str) -> int:
    """The game tile one of whose sides is called ``name``."""
    return next(t.id for t in C.tiles if name in (t.development.name, t.world.name))


def bare(players: int = 2, seed: int = 0) -> State:
    """A table after setup with every player's pieces cleared: no tiles, no dice, $1."""
    state = ENGINE.new_game(players, {}, seed)
    for p in state.players:
        for colour in p.cup + p.citizenry + [g for b in p.tableau for g in b.goods]:
            state.supply[colour] += 1
        state.bag += p.start_tiles + p.dev_stack + p.world_stack
        p.tableau, p.cup, p.citizenry, p.start_tiles = [], [], [], []
        p.dev_stack, p.world_stack, p.dev_dice, p.world_dice = [], [], [], []
        p.credits = 1
    state.bag.sort()
    return state


def give(state: State, seat: int, *names: str, goods: dict[str, list[Any]] | None = None) -> None:
    """Put the tile sides ``names`` in a tableau (taking their tiles out of the bag)."""
    p = state.players[seat]
    for name in names:
        p.tableau.append(Built(name=name, goods=list((goods or {}).get(name, []))))
        if any(name in (t.development.name, t.world.name) for t in C.tiles):
            state.bag.remove(tile_id(name))


def stack(state: State, seat: int, *names: str) -> None:
    """Build a player's stacks, top first: each name says which side shows."""
    p = state.players[seat]
    for name in names:
        t = tile_id(name)
        state.bag.remove(t)
        (p.world_stack if C.side_of(t, True).name == name else p.dev_stack).append(t)


def enter(state: State, phase: Phase, workers: dict[int, list[Any]]) -> None:
    """Start ``phase`` with these workers in each seat's column (the phase modules run it)."""
    state.stage = "phase"
    state.phase = phase
    state.selected = [phase]
    for s, p in enumerate(state.players):
        p.assign = None
        p.columns = {ph: [] for ph in PHASES}
        p.columns[phase] = list(workers.get(s, []))
        p.work = Work(virtual=[col for _, pw in powers(C, p, "virtual_workers") if pw.phase == phase
                               for col in pw.colours])


def rolled(state: State, seat: int, dice: list[tuple[str, str]]) -> None:
    """Start Assign with ``seat`` holding these rolled dice (colour, face), non-wild ones placed."""
    from rules.rftg.state import AssignDie, AssignState

    state.stage = "assign"
    state.players[seat].assign = AssignState(
        dice=[AssignDie(colour=c, face=f, column=None if f == "wild" else f) for c, f in dice]  # type: ignore[arg-type]
    )


def play(state: State, seat: int, *actions: Any) -> State:
    """Apply ``actions`` for ``seat`` through the engine, in order."""
    for action in actions:
        state = ENGINE.apply(state, seat, action)[0]
    return state


def columns(state: State, seat: int) -> list[tuple[str | None, str, str]]:
    """(column, colour, where) of each die in ``seat``'s Assign."""
    a = state.players[seat].assign
    assert a is not None
    return [(d.column, d.colour, d.where) for d in a.dice]


def options(state: State, seat: int) -> list[Any]:
    return [o.action for o in ENGINE.pending(state)[seat].options]
