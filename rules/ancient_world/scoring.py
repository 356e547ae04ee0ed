"""Final scoring (§10): hunger, banners per tribe, special Empire cards, and the tie-breakers.

Sections (§) are those of docs/ancient_world/rules.md.
"""

from __future__ import annotations

from itertools import pairwise

from rules.ancient_world import city
from rules.ancient_world.content import Content, Scoring, ScoringEffect, Tribe
from rules.ancient_world.state import Player, State
from rules.core import Event, Message, Result, Seat, msg

HUNGER_VP = -2
BANNER_CAP = 6


def table_value(table: dict[int, int], count: int) -> int:
    """The entry of the highest threshold not above ``count`` (0 below the first)."""
    reached = [vp for threshold, vp in table.items() if count >= threshold]
    return max(reached, default=0)


def special_vp(scoring: Scoring, banners: dict[Tribe, int], player: Player) -> int:
    """One scoring text (§12): Citadel-like tribe tables and Moon Festival use uncapped counts (I-33)."""
    match scoring.effect:
        case ScoringEffect.TRIBE_BANNERS:
            assert scoring.tribe is not None
            return table_value(scoring.table, banners[scoring.tribe])
        case ScoringEffect.BANNER_SETS:
            return scoring.vp * min(banners.values())
        case ScoringEffect.PER_TITAN:
            return scoring.vp * len(player.titans)
        case ScoringEffect.PER_DISTRICT:
            return scoring.vp * len(player.districts)
    raise AssertionError(scoring.effect)


def breakdown(content: Content, player: Player) -> dict[str, float]:
    """Hunger, banners (capped at 6 per tribe) and special cards; damaged cards count as repaired."""
    banners = city.banners(content, player)
    banner_vp = sum(content.banner_vp[min(n, BANNER_CAP)] for n in banners.values() if n)
    special = 0
    for built in player.empire:
        scoring = content.empire_card(built.card).scoring
        if scoring is not None:
            special += special_vp(scoring, banners, player)
    hunger = HUNGER_VP * len(player.hungry)
    return {"hunger": hunger, "banners": banner_vp, "special": special,
            "total": hunger + banner_vp + special}


def tiebreak_key(player: Player, score: float) -> tuple[float, int, int, int]:
    """VP, then coins in hand, then built Empire + District + Titan cards, then knowledge (I-32)."""
    cards = len(player.empire) + len(player.districts) + len(player.titans)
    return score, player.coins, cards, player.knowledge


TIEBREAKS: tuple[Message, ...] = (
    msg("ancient_world.tiebreak.coins"),
    msg("ancient_world.tiebreak.cards"),
    msg("ancient_world.tiebreak.knowledge"),
)
"""The tie-breakers in order, after victory points (I-32)."""


def result(content: Content, state: State) -> Result | None:
    if not state.over:
        return None
    details = {seat: breakdown(content, p) for seat, p in enumerate(state.players)}
    scores = {seat: d["total"] for seat, d in details.items()}
    keys = {seat: tiebreak_key(state.players[seat], scores[seat]) for seat in scores}
    ranks = {seat: 1 + sum(1 for other in keys if keys[other] > keys[seat]) for seat in keys}
    return Result(scores=scores, ranks=ranks, tiebreak=decided(keys), details=details)


def decided(keys: dict[Seat, tuple[float, int, int, int]]) -> tuple[Message, ...]:
    """For each two seats next to each other in the final order with equal victory points, the
    tie-breaker that put one ahead (with both values), or that nothing did."""
    order = sorted(keys, key=lambda seat: (tuple(-k for k in keys[seat]), seat))
    told = []
    for ahead, behind in pairwise(order):
        vp = int(keys[ahead][0])
        if keys[ahead][0] != keys[behind][0]:
            continue
        step = next((i for i in range(1, 4) if keys[ahead][i] != keys[behind][i]), None)
        if step is None:
            told.append(msg("ancient_world.tie_shared", seat=ahead, other_seat=behind, vp=vp))
        else:
            told.append(msg("ancient_world.tie_broken", seat=ahead, other_seat=behind, vp=vp,
                            rule=TIEBREAKS[step - 1], mine=keys[ahead][step], theirs=keys[behind][step]))
    return tuple(told)


def final_events(content: Content, state: State) -> list[Event]:
    """Each seat's score in words (hunger, banners, special cards), then the tie-breaks that decided."""
    outcome = result(content, state)
    assert outcome is not None
    order = sorted(outcome.details, key=lambda seat: (outcome.ranks[seat], seat))
    events = [Event(message=msg("ancient_world.final_score", seat=seat,
                                **{k: int(v) for k, v in outcome.details[seat].items()}))
              for seat in order]
    return events + [Event(message=m) for m in outcome.tiebreak]
