"""Final scoring (§10.1), the expert majorities (§10.2) and the winner's tie-breakers (§10.4).

Sections (§) are those of docs/praetor/rules.md.
"""

from __future__ import annotations

from rules.core import Event, Result, msg
from rules.praetor.content import GOODS, Content
from rules.praetor.grid import largest_area
from rules.praetor.state import State
from rules.praetor.table import morale_value, owned

AREA_AWARDS = (12, 8, 4)
WALL_AWARDS = (18, 12, 6)
PEASANT_AWARDS = (20, 10, 5)


def majority(counts: dict[int, int], awards: tuple[int, ...], *, zeros: bool = True) -> dict[int, int]:
    """Awards by place; tied seats share the places they occupy, each taking the average of those
    places' awards rounded down (§10.2).

    >>> majority({0: 5, 1: 5, 2: 3}, (12, 8, 4))
    {0: 10, 1: 10, 2: 4}
    """
    out = {s: 0 for s in counts}
    ranked = sorted((n for s, n in counts.items() if zeros or n > 0), reverse=True)
    place = 0
    for value in sorted(set(ranked), reverse=True):
        tied = [s for s in counts if counts[s] == value]
        share = [awards[p] if p < len(awards) else 0 for p in range(place, place + len(tied))]
        for s in tied:
            out[s] = sum(share) // len(tied)
        place += len(tied)
    return out


def final_scoring(content: Content, state: State) -> dict[int, dict[str, int]]:
    """Score every seat in the fixed order of §13.24 and return the breakdown per seat."""
    details: dict[int, dict[str, int]] = {}
    for seat, player in enumerate(state.players):
        before = player.favour
        workers = sum(w.exp for w in player.workers)
        apprentices = player.level1 + player.level2
        morale = morale_value(content, player)
        favour = max(0, before + workers + apprentices + morale)
        prices = content.board(player.board).market
        gold = player.stock.gold + sum(player.stock.get(g) * prices[g].sell for g in GOODS)
        favour += gold // 10
        details[seat] = {"before": before, "workers": workers, "apprentices": apprentices,
                         "morale": favour - gold // 10 - before - workers - apprentices,
                         "resources": gold // 10}
        player.favour = favour
    if state.options.expert:
        zeros = state.options.zero_counts_in_majorities
        seats = range(len(state.players))
        area = majority({s: largest_area((t.x, t.y) for t in owned(state, s)) for s in seats},
                        AREA_AWARDS, zeros=zeros)
        walls = majority({s: len(state.players[s].walls) for s in seats}, WALL_AWARDS, zeros=zeros)
        peasants = majority({s: state.players[s].peasants for s in seats}, PEASANT_AWARDS, zeros=zeros)
        for s in seats:
            details[s].update(area=area[s], walls=walls[s], peasants=peasants[s])
            state.players[s].favour += area[s] + walls[s] + peasants[s]
    for s, player in enumerate(state.players):
        details[s]["total"] = player.favour
    return details


TIE_BREAKS = ("morale", "walls", "tiles", "order")
"""The tie-breakers after favour, in order (§10.4); ``order`` is left out with a shared victory."""


def _keys(content: Content, state: State) -> dict[int, tuple[int, ...]]:
    def key(s: int) -> tuple[int, ...]:
        p = state.players[s]
        base = (p.favour, morale_value(content, p), len(p.walls), len(owned(state, s)))
        return base if state.options.shared_victory else (*base, -state.order.index(s))

    return {s: key(s) for s in range(len(state.players))}


def deciding_tiebreak(content: Content, state: State) -> tuple[int, str] | None:
    """The winner and the tie-breaker that decided it, when the most favour is shared (§10.4)."""
    keys = _keys(content, state)
    best = max(k[0] for k in keys.values())
    tied = [s for s, k in keys.items() if k[0] == best]
    if len(tied) < 2:
        return None
    winner = max(tied, key=lambda s: keys[s])
    for i in range(1, len(keys[winner])):
        level = [s for s in tied if keys[s][i] == keys[winner][i]]
        if len(level) < len(tied):
            return winner, TIE_BREAKS[i - 1]
        tied = level
    return None


def score_events(content: Content, state: State) -> list[Event]:
    """Every seat's final score in words, by source, and the tie-break that decided the winner."""
    events = []
    for seat, parts in sorted(state.final.items()):
        extra = {k: parts.get(k, 0) for k in ("area", "walls", "peasants")} if state.options.expert else {}
        key = "praetor.ev.score_expert" if state.options.expert else "praetor.ev.score"
        events.append(Event(message=msg(key, seat=seat, total=parts["total"], before=parts["before"],
                                        workers=parts["workers"], apprentices=parts["apprentices"],
                                        morale=parts["morale"], resources=parts["resources"], **extra)))
    decided = deciding_tiebreak(content, state)
    if decided is not None:
        winner, name = decided
        events.append(Event(message=msg("praetor.ev.tiebreak", seat=winner, rule=f"@praetor.tie.{name}")))
    return events


def result(content: Content, state: State) -> Result | None:
    """Most favour wins; ties go to higher morale, more wall tiles, more city tiles, then the earliest
    in the last round's turn order (our substitute for "the youngest player", §13.17). The result's
    tie-break names the rule that decided a shared top score, if any, in the very words of the final
    event that tells it (so the table is told it once)."""
    if state.phase != "over":
        return None
    seats = range(len(state.players))
    keys = _keys(content, state)
    ranks = {s: 1 + sum(1 for t in seats if keys[t] > keys[s]) for s in seats}
    decided = deciding_tiebreak(content, state)
    trail = ((msg("praetor.ev.tiebreak", seat=decided[0], rule=f"@praetor.tie.{decided[1]}"),)
             if decided else ())
    return Result(scores={s: float(state.players[s].favour) for s in seats}, ranks=ranks, tiebreak=trail,
                  details={s: {k: float(v) for k, v in state.final.get(s, {}).items()} for s in seats})
