"""End-of-phase powers, applied after every player has finished, in timing order (§8.2).

Sections (§) are those of docs/rftg/rules.md.
"""

from __future__ import annotations

from rules.core import Event, msg
from rules.rftg.content import Content, Phase, Power
from rules.rftg.state import Player, State
from rules.rftg.tableau import developments, gain_credits, gain_vp, sides, worlds


def apply(c: Content, state: State, phase: Phase) -> list[Event]:
    events: list[Event] = []
    for seat in state.timing:
        p = state.players[seat]
        for side in [s for _, s in sides(c, p) if s.power is not None]:
            assert side.power is not None
            name = side.name
            if side.power.kind == "credits_per_citizenry_dice" and phase not in side.phases:
                continue
            credits, vp = _income(c, state, seat, p, side.power, phase)
            if credits:
                gain_credits(p, credits)
            if vp:
                gain_vp(state, p, vp)
            if credits or vp:
                events.append(Event(message=msg("rftg.event.income", seat=seat, tile=name,
                                                amount=credits, vp=vp)))
    return events


def _income(c: Content, state: State, seat: int, p: Player, pw: Power, phase: Phase) -> tuple[int, int]:
    """Credits and VP chips ``pw`` pays at the end of ``phase``."""
    k = pw.kind
    if k == "credits_end_of_phase" and pw.phase == phase:
        return pw.credits, 0
    if k == "vp_chips_end_of_phase" and pw.phase == phase:
        return 0, pw.vp_chips
    if k == "credits_per_good_on_worlds" and pw.phase == phase:
        n = sum(len(p.tableau[i].goods) for i, s in worlds(c, p)
                if pw.world_colours is None or s.colour in pw.world_colours)
        return n * pw.credits, 0
    if k == "credits_per_good_die_colour" and pw.phase == phase:
        n = sum(1 for b in p.tableau for g in b.goods if g == pw.die_colour)
        return n * pw.credits, 0
    if k == "credits_per_citizenry_dice":
        n = sum(1 for d in p.citizenry if d == pw.die_colour)
        return -(-n // pw.dice_per_credit), 0
    if k == "credits_if_most_developments" and phase in ("explore", "produce"):
        mine = len(developments(c, p))
        others = max((len(developments(c, q)) for s, q in enumerate(state.players) if s != seat), default=0)
        return (pw.credits if mine > others else 0), 0
    if k == "space_tourism" and phase == "ship":
        return pw.credits + (pw.extra_credits_if_sole_owner_of_highest_cost_worlds
                             if _owns_all_highest(c, state, seat) else 0), 0
    return 0, 0


def _owns_all_highest(c: Content, state: State, seat: int) -> bool:
    """Space Tourism: every world of the highest printed cost in all tableaus is this player's."""
    best = max((s.cost for q in state.players for _, s in worlds(c, q)), default=-1)
    owners = {i for i, q in enumerate(state.players) for _, s in worlds(c, q) if s.cost == best}
    return owners == {seat}
