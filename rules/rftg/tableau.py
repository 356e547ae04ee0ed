"""Questions about a player's empire, and the gains every phase shares (credits, VP chips, dice).

Credits are capped at $10 at each gain (§5, "Credits cap"); VP chips come from the pool, then
the reserve, then are unlimited (§5.10, I-9); dice come from the supply (spec I-8).

Sections (§) are those of docs/rftg/rules.md.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.core import Event, msg
from rules.rftg.content import Colour, Content, Power, Side
from rules.rftg.state import Player, State

MAX_CREDITS = 10


def sides(c: Content, p: Player) -> Iterator[tuple[int, Side]]:
    """Tableau entries with their content, by tableau index."""
    for i, b in enumerate(p.tableau):
        yield i, c.by_name[b.name]


def powers(c: Content, p: Player, kind: str) -> list[tuple[str, Power]]:
    """The owned development powers of ``kind``, with their tile names."""
    out = []
    for _, s in sides(c, p):
        if s.power is not None and s.power.kind == kind:
            out.append((s.name, s.power))
    return out


def owns(p: Player, name: str) -> bool:
    return any(b.name == name for b in p.tableau)


def developments(c: Content, p: Player) -> list[Side]:
    return [s for _, s in sides(c, p) if s.kind == "development"]


def worlds(c: Content, p: Player) -> list[tuple[int, Side]]:
    return [(i, s) for i, s in sides(c, p) if s.kind == "world"]


def good_capacity(c: Content, p: Player) -> int:
    """Goods one non-gray world may hold: 1, or 2 with Galactic Reserves (§5.9)."""
    caps = [pw.per_world for _, pw in powers(c, p, "goods_capacity")]
    return max([1, *caps])


def count_blue_worlds(c: Content, p: Player) -> int:
    return sum(1 for _, s in worlds(c, p) if s.colour == "blue")


def effective_cost(c: Content, p: Player, side: Side) -> int:
    """Printed cost minus every mandatory discount (§5.7, I-20).

    Discounts with a floor of 2 (Free Trade Zone) come first, then the others, each respecting its
    own floor; a floor never raises a cost.
    """
    cost = side.cost
    found = [pw for _, pw in powers(c, p, "cost_reduction") if _applies(pw, side, p)]
    for pw in sorted(found, key=lambda pw: -(pw.minimum or 0)):
        floor = pw.minimum if pw.minimum is not None else 0
        cost = cost if cost <= floor else max(floor, cost - pw.amount)
    return max(cost, 0)


def _applies(pw: Power, side: Side, p: Player) -> bool:
    if pw.target != side.kind:
        return False
    if side.kind == "world":
        return pw.world_colours is None or side.colour in pw.world_colours
    if pw.development_filter == "reassign":
        return side.is_reassign
    return True


def gain_credits(p: Player, amount: int) -> None:
    """Add credits, losing any excess over $10 at once."""
    p.credits = max(0, min(MAX_CREDITS, p.credits + amount))


def gain_vp(state: State, p: Player, amount: int) -> None:
    """Take VP chips from the pool, then the reserve, then beyond (§5.10, I-9).

    Emptying the initial pool triggers the end of the game after this round.
    """
    if amount <= 0:
        return
    p.vp += amount
    from_pool = min(amount, state.vp_pool)
    state.vp_pool -= from_pool
    state.vp_reserve = max(0, state.vp_reserve - (amount - from_pool))
    if state.vp_pool == 0:
        state.pool_exhausted = True


def take_dice(state: State, colour: Colour, count: int) -> int:
    """Dice of ``colour`` from the supply: as many as remain, at most ``count`` (spec I-8)."""
    got = min(count, state.supply[colour])
    state.supply[colour] -= got
    return got


def owned_dice(p: Player) -> list[Colour]:
    """Every die the player owns (spec I-22): cup, Citizenry, columns, stacks, goods, Assign."""
    dice = list(p.cup) + list(p.citizenry) + list(p.dev_dice) + list(p.world_dice)
    for col in p.columns.values():
        dice += col
    for b in p.tableau:
        dice += b.goods
    if p.assign is not None:
        dice += [d.colour for d in p.assign.dice]
    return dice


def tile_count(p: Player) -> int:
    """Tiles toward the end trigger: faction halves count one each (2 in all), home world 1."""
    return len(p.tableau)


def credit_event(seat: int, amount: int, why: str) -> Event:
    return Event(message=msg("rftg.event.credits", seat=seat, amount=amount, tile=why))
