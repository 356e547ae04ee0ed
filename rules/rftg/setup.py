"""Setup (§4): the common area and each player's faction, home world, dice and two tiles.

Sections (§) are those of docs/rftg/rules.md.
"""

from __future__ import annotations

from rules.core import Rng
from rules.rftg.content import Colour, Content, Side
from rules.rftg.options import Options
from rules.rftg.state import Built, Player, State

VP_PER_PLAYER = 12
VP_RESERVE = 10
START_CREDITS = 1


def setup(c: Content, players: int, options: Options, seed: int) -> State:
    rng = Rng.from_seed(seed)
    factions = [f.number for f in c.factions]
    rng.shuffle(factions)
    homes = [h.name for h in c.home_worlds]
    rng.shuffle(homes)
    state = State(
        rng=rng,
        options=options,
        legacy_flow=False,
        bag=sorted(t.id for t in c.tiles),
        vp_pool=VP_PER_PLAYER * players,
        vp_reserve=VP_RESERVE,
        supply={colour: spec.count for colour, spec in c.dice.items()},
        players=[],
        timing=[],
    )
    for seat in range(players):
        state.players.append(_player(c, state, factions[seat], homes[seat]))
    first = min(range(players), key=lambda s: state.players[s].faction)
    state.timing = [(first + i) % players for i in range(players)]
    for p in state.players:
        p.start_tiles = [state.bag.pop(rng.below(len(state.bag))) for _ in range(2)]
        if options.first_game:
            split_start(c, p, first_game_choice(c, p.start_tiles))
    return state


def _player(c: Content, state: State, faction: int, home: str) -> Player:
    p = Player(faction=faction, home=home, credits=START_CREDITS)
    _gain(state, p, "white", 3, p.cup)
    _gain(state, p, "white", 2, p.citizenry)
    sides: list[Side] = [*c.faction(faction).sides, c.by_name[home]]
    for side in sides:
        p.tableau.append(Built(name=side.name))
        if side.starting_credits is not None:
            p.credits = side.starting_credits
        for g in side.grants.dice:
            dest = {"cup": p.cup, "citizenry": p.citizenry, "good": p.tableau[-1].goods}[g.to]
            _gain(state, p, g.colour, g.count, dest)
    return p


def _gain(state: State, p: Player, colour: Colour, count: int, dest: list[Colour]) -> None:
    got = min(count, state.supply[colour])
    state.supply[colour] -= got
    dest += [colour] * got


def first_game_choice(c: Content, tiles: list[int]) -> int:
    """Which of the two tiles becomes the development in a first game (§4.2, I-17):
    the cheaper development, then the cheaper world."""
    def key(i: int) -> tuple[int, int]:
        dev, world = tiles[i], tiles[1 - i]
        return c.side_of(dev, False).cost, c.side_of(world, True).cost
    return min((0, 1), key=key)


def split_start(c: Content, p: Player, development: int) -> None:
    """Put tile ``development`` (0 or 1) in the development stack, the other in the world stack."""
    tiles = p.start_tiles
    p.dev_stack.append(tiles[development])
    p.world_stack.append(tiles[1 - development])
    p.start_tiles = []
