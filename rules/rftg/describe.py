"""What a tile side does, in a few words for an option's description line (≤ 100 characters).

A development: its VP (its cost), the 6+ bonus if it has one, and the phases its power works in.
A world: its VP (its cost), its kind, and what settling it gives (credits, dice, a good).
"""

from __future__ import annotations

from rules.core import Message, msg
from rules.rftg.content import Side
from rules.rftg.dice import Words

_DESCRIBED: dict[int, tuple[Side, Message]] = {}
"""Each side's description by the side object (kept with it, so that its id stays its own): a
side never changes, and a prompt of drawn or zone tiles describes every one of them."""


def side_description(side: Side) -> Message:
    kept = _DESCRIBED.get(id(side))
    if kept is not None and kept[0] is side:
        return kept[1]
    message = _described(side)
    _DESCRIBED[id(side)] = (side, message)
    return message


def _described(side: Side, brief: bool = False) -> Message:
    """A side in words; ``brief`` leaves out the word "Development" or "World" (a split's label
    already says which side is which), so that two sides fit one select line."""
    if side.kind == "development":
        phases: Words = [f"@rftg.power_phase.{ph}" for ph in side.phases]
        key = "rftg.desc.development_six" if side.endgame is not None else "rftg.desc.development"
        return msg(key + ("_brief" if brief else ""), vp=side.cost, phases=phases)
    gives: Words = []
    if side.grants.credits:
        gives.append(msg("rftg.desc.gives_credits", amount=side.grants.credits))
    by_place: dict[str, Words] = {}
    for gain in side.grants.dice:
        by_place.setdefault(gain.to, []).append(msg(f"rftg.dice_of.{gain.colour}", n=gain.count))
    gives += [msg(f"rftg.desc.gives_{to}", die=dice) for to, dice in by_place.items()]
    key = "rftg.desc.world_gives" if gives else "rftg.desc.world"
    return msg(key + ("_brief" if brief else ""), vp=side.cost, kind=f"@rftg.land.{side.colour}", gives=gives)


def split_description(development: Side, world: Side) -> Message:
    """A starting tile split (rulebook p. 2): both sides, the development's in brief."""
    return msg("rftg.desc.split", development=_described(development, brief=True),
               world=_described(world, brief=True))
