"""What a tile does and what an option would change, as messages (rulebook p. 8, "Περιγραφή
Πλακιδίων Πόλης"): the description line of every option and the effect text on the pictures."""

from __future__ import annotations

from functools import cache

from rules.core import Message, msg
from rules.praetor.content import Content, TileType
from rules.praetor.state import Placed, State
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
    """What activating city tile ``uid`` with a worker of experience ``exp`` gives ``seat`` now."""
    return gain_message(content, gain(content, state, seat, uid, exp))


Gain = tuple[str | int, ...]
"""What an activation gives, as plain values (:func:`gain`)."""


def gain(content: Content, state: State, seat: int, uid: str, exp: int) -> Gain:
    """:func:`outcome` as plain values, e.g. ``("resource", "wood", 3)``, ``("favour", 4)``: a key
    for what is made of it (:func:`gain_message`)."""
    kind = content.type_of(uid)
    player = state.players[seat]
    stock = player.stock
    match kind.effect:
        case "gain_exp":
            assert kind.resource is not None
            return "resource", kind.resource, exp * kind.amount
        case "forge":
            return "forge", min(exp, stock.wood)
        case "favour_per_active":
            return "favour", kind.amount * len(player.workers)
        case "favour_per_tile":
            return "favour", kind.amount * len(owned(state, seat))
        case "favour_per_wood_stone":
            return "favour", kind.amount * (stock.wood + stock.stone)
        case "favour_per_marble_weapons":
            return "favour", kind.amount * (stock.marble + stock.weapons)
        case "favour_morale":
            return "favour", max(0, morale_value(content, player))
        case "gold_per_tile":
            return "resource", "gold", kind.amount * len(owned(state, seat))
        case "gold_per_active":
            return "resource", "gold", kind.amount * len(player.workers)
        case "morale_per_tiles":
            return "morale", len(owned(state, seat)) // kind.amount
        case "morale_per_retired":
            return "morale", kind.amount * (player.retired + len(player.lent))
        case "wall" if state.wall is not None:
            return "wall", state.wall, sum(content.wall(w).back for w in player.walls)
    return "effect", kind.id


def gains(content: Content, state: State, seat: int, uid: str, exps: list[int]) -> list[Gain]:
    """:func:`gain` for a worker of each experience in ``exps``: worked out once for all of them
    when the effect does not depend on the experience (every effect but a resource per
    experience and the Blacksmith's forging)."""
    kind = content.type_of(uid)
    if kind.effect == "gain_exp":
        assert kind.resource is not None
        return [("resource", kind.resource, e * kind.amount) for e in exps]
    if kind.effect == "forge" or not exps:
        return [gain(content, state, seat, uid, e) for e in exps]
    return [gain(content, state, seat, uid, exps[0])] * len(exps)


def gain_message(content: Content, gain: Gain) -> Message:
    """The message of a :func:`gain` (made once for each: messages are frozen)."""
    made: dict[Gain, Message] = content.memo("gain_messages")
    found = made.get(gain)
    if found is None:
        found = made[gain] = _gain_message(content, gain)
    return found


def _gain_message(content: Content, gain: Gain) -> Message:
    match gain:
        case ("resource", str(resource), int(amount)):
            return msg("praetor.gain.resource", gain=amount_message(resource, amount))
        case ("wall", str(uid), int(bonus)):
            wall = content.wall(uid)
            return msg("praetor.gain.wall", cost=cost_message(dict(wall.demand)), favour=wall.favour + bonus)
        case ("effect", str(type_id)):
            return effect_text(content.tile_type(type_id))
        case (str(what), int(amount)):
            return msg(f"praetor.gain.{what}", amount=amount)
    raise ValueError(f"not a gain: {gain!r}")


def fee(content: Content, state: State, seat: int, uid: str) -> Message:
    """What ``seat`` pays the owner to use city tile ``uid``: nothing for one's own or no one's."""
    return fee_message(*fee_key(content, state, seat, uid))


Fee = tuple[int | None, tuple[tuple[str, int], ...]]
"""What a seat pays to use a tile, as plain values (:func:`fee_key`)."""


NO_FEE: Fee = (None, ())
"""What a seat pays to use its own tile, no one's, or one that costs nothing to use."""


def fee_key(content: Content, state: State, seat: int, uid: str, tile: Placed | None = None) -> Fee:
    """:func:`fee` as plain values: the owner paid (``None``: nobody) and the cost. ``tile``: the
    city tile ``uid``, when the caller has it at hand."""
    if tile is None:
        tile = placed(state, uid)
    if tile is None or tile.owner is None or tile.owner == seat:
        return NO_FEE
    costs = content.type_of(uid).activation_cost
    if not costs:
        return NO_FEE
    return tile.owner, tuple(costs.items())


@cache
def fee_message(owner: int | None, costs: tuple[tuple[str, int], ...]) -> Message:
    """The message of a :func:`fee_key` (made once for each: messages are frozen)."""
    if owner is None:
        return msg("praetor.fee.none")
    return msg("praetor.fee.owner", cost=cost_message(dict(costs)), owner_seat=owner)
