"""What a tile does and what an option would change, as messages (rulebook p. 8, "Περιγραφή
Πλακιδίων Πόλης"): the description line of every option and the effect text on the pictures."""

from __future__ import annotations

from functools import cache

from rules.core import Message, msg
from rules.praetor.content import Content, TileType
from rules.praetor.state import State
from rules.praetor.table import amount_message, cost_message, morale_value, owned, placed


def effect_text(kind: TileType) -> Message:
    """The tile type's effect in general words, e.g. "Wood equal to the worker's experience"."""
    return effect_message(kind.effect, kind.amount, kind.resource)


@cache
def effect_message(effect: str, amount: int, resource: str | None) -> Message:
    """:func:`effect_text` from the printed values alone (as views carry them; made once per
    effect, messages being frozen)."""
    if effect == "gain_exp":
        return msg(f"praetor.effect.gain_{resource}", amount=amount)
    return msg(f"praetor.effect.{effect}", amount=amount)


def outcome(content: Content, state: State, seat: int, uid: str, exp: int) -> Message:
    """What activating city tile ``uid`` with a worker of experience ``exp`` gives ``seat`` now
    (the messages of each amount made once: messages are frozen)."""
    kind = content.type_of(uid)
    player = state.players[seat]
    stock = player.stock
    match kind.effect:
        case "gain_exp":
            assert kind.resource is not None
            return _gain(kind.resource, exp * kind.amount)
        case "forge":
            return _gain_in("forge", min(exp, stock.wood))
        case "favour_per_active":
            return _gain_in("favour", kind.amount * len(player.workers))
        case "favour_per_tile":
            return _gain_in("favour", kind.amount * len(owned(state, seat)))
        case "favour_per_wood_stone":
            return _gain_in("favour", kind.amount * (stock.wood + stock.stone))
        case "favour_per_marble_weapons":
            return _gain_in("favour", kind.amount * (stock.marble + stock.weapons))
        case "favour_morale":
            return _gain_in("favour", max(0, morale_value(content, player)))
        case "gold_per_tile":
            return _gain("gold", kind.amount * len(owned(state, seat)))
        case "gold_per_active":
            return _gain("gold", kind.amount * len(player.workers))
        case "morale_per_tiles":
            return _gain_in("morale", len(owned(state, seat)) // kind.amount)
        case "morale_per_retired":
            return _gain_in("morale", kind.amount * (player.retired + len(player.lent)))
        case "wall" if state.wall is not None:
            wall = content.wall(state.wall)
            bonus = sum(content.wall(w).back for w in player.walls)
            return msg("praetor.gain.wall", cost=cost_message(dict(wall.demand)), favour=wall.favour + bonus)
    return effect_text(kind)


@cache
def _gain(resource: str, amount: int) -> Message:
    return msg("praetor.gain.resource", gain=amount_message(resource, amount))


@cache
def _gain_in(what: str, amount: int) -> Message:
    return msg(f"praetor.gain.{what}", amount=amount)


def fee(content: Content, state: State, seat: int, uid: str) -> Message:
    """What ``seat`` pays the owner to use city tile ``uid``: nothing for one's own or no one's."""
    tile = placed(state, uid)
    costs = content.type_of(uid).activation_cost
    if tile is None or tile.owner is None or tile.owner == seat or not costs:
        return _fee(None, ())
    return _fee(tile.owner, tuple(costs.items()))


@cache
def _fee(owner: int | None, costs: tuple[tuple[str, int], ...]) -> Message:
    if owner is None:
        return msg("praetor.fee.none")
    return msg("praetor.fee.owner", cost=cost_message(dict(costs)), owner_seat=owner)
