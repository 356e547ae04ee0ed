"""Final scoring (§6): VP chips + printed costs of tableau tiles + 6+ bonuses, rounding up.

Ties (rulebook p. 8): dice in the cup + credits; still tied, the victory is shared.

Sections (§) are those of docs/rftg/rules.md.
"""

from __future__ import annotations

from rules.core import Event, Message, Result, msg
from rules.rftg.content import Content, Endgame
from rules.rftg.state import Player, State
from rules.rftg.tableau import developments, owned_dice, sides, worlds


def _ceil(n: int, d: int) -> int:
    return -(-n // d)


def bonus(c: Content, p: Player, e: Endgame) -> int:
    """One 6+ development's end-game bonus."""
    devs = developments(c, p)
    if e.kind == "per_development":
        return e.vp * len(devs)
    if e.kind == "per_development_without_reassign":
        return e.vp * sum(1 for s in devs if not s.is_reassign)
    if e.kind == "fraction_of_base_cost":
        if e.of == "developments":
            total = sum(s.cost for s in devs)
        elif e.of == "reassign_developments":
            total = sum(s.cost for s in devs if s.is_reassign)
        else:
            total = sum(s.cost for _, s in worlds(c, p) if s.colour == "blue")
        return _ceil(total * e.numerator, e.denominator)
    if e.kind == "per_die_set":
        n = sum(1 for d in owned_dice(p) if d == e.die_colour)
        return e.vp_per_set * _ceil(n, e.set_size)
    if e.kind == "distinct_die_colours_owned":
        return e.vp_per_colour * len(set(owned_dice(p)))
    if e.kind == "per_world":
        wanted = e.world_colours
        return e.vp * sum(1 for _, s in worlds(c, p) if wanted is None or s.colour in wanted)
    if e.kind == "per_good":
        return e.vp * sum(len(b.goods) for b in p.tableau)
    # triangular_vp_chips: the largest n with n(n+1)/2 <= chips
    n = 0
    while (n + 1) * (n + 2) // 2 <= p.vp:
        n += 1
    return n


def breakdown(c: Content, p: Player) -> dict[str, float]:
    tiles = sum(s.cost for _, s in sides(c, p))
    bonuses = sum(bonus(c, p, s.endgame) for _, s in sides(c, p) if s.endgame is not None)
    return {"chips": float(p.vp), "tiles": float(tiles), "bonuses": float(bonuses)}


def score(c: Content, p: Player) -> int:
    return int(sum(breakdown(c, p).values()))


def tiebreak_value(p: Player) -> int:
    """Rulebook p. 8: dice in the cup plus credits break a tie of VP."""
    return len(p.cup) + p.credits


def tiebreaks(c: Content, state: State) -> tuple[Message, ...]:
    """For each score shared by several seats, how the tie-break went (rulebook p. 8)."""
    scores = [score(c, p) for p in state.players]
    out: list[Message] = []
    for value in sorted(set(scores), reverse=True):
        tied = [s for s, v in enumerate(scores) if v == value]
        if len(tied) < 2:
            continue
        counts = {s: tiebreak_value(state.players[s]) for s in tied}
        best = max(counts.values())
        key = "rftg.tiebreak.shared" if list(counts.values()).count(best) > 1 else "rftg.tiebreak.won"
        out.append(msg(key, vp=value,
                       seats=[msg("rftg.tiebreak.seat", seat=s, count=counts[s]) for s in tied]))
    return tuple(out)


def final_events(c: Content, state: State) -> list[Event]:
    """Each seat's score in words, then how any tie was broken."""
    events = []
    for seat, p in enumerate(state.players):
        parts = breakdown(c, p)
        events.append(Event(message=msg("rftg.event.final_score", seat=seat, vp=score(c, p),
                                        chips=int(parts["chips"]), tiles=int(parts["tiles"]),
                                        bonuses=int(parts["bonuses"]))))
    return events + [Event(message=m) for m in tiebreaks(c, state)]


def result(c: Content, state: State) -> Result:
    scores = {s: float(score(c, p)) for s, p in enumerate(state.players)}
    key = {s: (scores[s], tiebreak_value(p)) for s, p in enumerate(state.players)}
    ranks = {s: 1 + sum(1 for t in key if key[t] > key[s]) for s in key}
    return Result(scores=scores, ranks=ranks, tiebreak=tiebreaks(c, state),
                  details={s: breakdown(c, p) for s, p in enumerate(state.players)})
