"""What each city tile's activation does (§8). ``exp`` is the placed worker's experience.

Each effect is a function of the content, the state (already changed by the activation cost), the
seat, the tile and the worker's exp, returning the events it causes.

Sections (§) are those of docs/praetor/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.core import Event, RuleError, msg
from rules.praetor.content import Content, TileType
from rules.praetor.state import State
from rules.praetor.table import (
    amount_message,
    cost_message,
    event,
    gain_favour,
    morale_value,
    move_morale,
    owned,
    require_pay,
)

EffectFn = Callable[[Content, State, int, str, int, int], list[Event]]
"""(content, state, seat, tile uid, worker exp, amount chosen) → events."""


def _gain(state: State, seat: int, resource: str, amount: int) -> list[Event]:
    state.players[seat].stock.add(resource, amount)
    return [event(msg("praetor.ev.gained", seat=seat, gain=amount_message(resource, amount)))]


def _favour(state: State, seat: int, amount: int) -> list[Event]:
    gained = gain_favour(state, seat, amount)
    return [event(msg("praetor.ev.favour", seat=seat, amount=gained))]


def _morale(content: Content, state: State, seat: int, steps: int) -> list[Event]:
    moved = move_morale(content, state.players[seat], steps)
    return [event(msg("praetor.ev.morale_up", seat=seat, steps=moved))]


def _kind(content: Content, uid: str) -> TileType:
    return content.type_of(uid)


def gain_exp(content: Content, state: State, seat: int, uid: str, exp: int, amount: int) -> list[Event]:
    """Gold Mine, Sawmill, Quarry, Marble Quarry: gain the resource, one per exp."""
    resource = _kind(content, uid).resource
    assert resource is not None
    return _gain(state, seat, resource, exp * _kind(content, uid).amount)


def forge(content: Content, state: State, seat: int, uid: str, exp: int, amount: int) -> list[Event]:
    """Blacksmith: turn up to exp wood into as many weapons, 1:1; the player says how many."""
    stock = state.players[seat].stock
    most = min(exp, stock.wood)
    if not 0 <= amount <= most:
        raise RuleError(f"The Blacksmith forges 0 to {most} wood here.", key="praetor.err.forge", high=most)
    stock.wood -= amount
    stock.weapons += amount
    return [event(msg("praetor.ev.forged", seat=seat, amount=amount))]


def favour_per_active(content: Content, state: State, seat: int,
                      uid: str, exp: int, amount: int) -> list[Event]:
    """Temple of Maia: favour per active worker you control (placed ones included, §13.11)."""
    return _favour(state, seat, _kind(content, uid).amount * len(state.players[seat].workers))


def favour_per_tile(content: Content, state: State, seat: int,
                    uid: str, exp: int, amount: int) -> list[Event]:
    """Temple of Apollo: favour per city tile you control."""
    return _favour(state, seat, _kind(content, uid).amount * len(owned(state, seat)))


def favour_per_wood_stone(content: Content, state: State, seat: int, uid: str, exp: int,
                          amount: int) -> list[Event]:
    """Temple of Pluto: favour per wood and per stone you hold, which you keep."""
    stock = state.players[seat].stock
    return _favour(state, seat, _kind(content, uid).amount * (stock.wood + stock.stone))


def favour_per_marble_weapons(content: Content, state: State, seat: int, uid: str, exp: int,
                              amount: int) -> list[Event]:
    """Temple of Mercury: favour per marble and per weapon you hold, which you keep."""
    stock = state.players[seat].stock
    return _favour(state, seat, _kind(content, uid).amount * (stock.marble + stock.weapons))


def favour_morale(content: Content, state: State, seat: int, uid: str, exp: int, amount: int) -> list[Event]:
    """Temple of Venus: favour equal to your morale space's value; a negative value gives 0 (§13.7)."""
    return _favour(state, seat, max(0, morale_value(content, state.players[seat])))


def recruit(content: Content, state: State, seat: int, uid: str, exp: int, amount: int) -> list[Event]:
    """Workers' Camp: a peasant becomes an apprentice on level 1 (§8; needs a peasant, §13.12)."""
    player = state.players[seat]
    if player.peasants == 0:
        raise RuleError("The Workers' Camp needs a peasant in your village; you have none.",
                        key="praetor.err.no_peasant")
    player.peasants -= 1
    player.level1 += 1
    return [event(msg("praetor.ev.recruited", seat=seat))]


def wall(content: Content, state: State, seat: int, uid: str, exp: int, amount: int) -> list[Event]:
    """Imperial Outpost: take the available wall tile, pay its demand to the bank, and gain its
    favour plus the back of every wall tile you already hold (§9)."""
    if state.wall is None:
        raise RuleError("No wall tile is available this round.", key="praetor.err.no_wall")
    player = state.players[seat]
    tile = content.wall(state.wall)
    require_pay(player, dict(tile.demand), "Caesar's demand", "praetor.err.demand")
    player.stock.pay(dict(tile.demand))
    bonus = sum(content.wall(w).back for w in player.walls)
    player.walls.append(tile.uid)
    state.wall = None
    gained = gain_favour(state, seat, tile.favour + bonus)
    fulfilled = msg("praetor.ev.wall", seat=seat, cost=cost_message(dict(tile.demand)), favour=gained,
                    bonus=bonus)
    return [event(fulfilled)]


def gold_per_tile(content: Content, state: State, seat: int, uid: str, exp: int, amount: int) -> list[Event]:
    """Curia: gold per city tile you control."""
    return _gain(state, seat, "gold", _kind(content, uid).amount * len(owned(state, seat)))


def gold_per_active(content: Content, state: State, seat: int,
                    uid: str, exp: int, amount: int) -> list[Event]:
    """Forum: gold per active worker you control (apprentices and retired excluded, §13.11)."""
    return _gain(state, seat, "gold", _kind(content, uid).amount * len(state.players[seat].workers))


def morale_per_tiles(content: Content, state: State, seat: int,
                     uid: str, exp: int, amount: int) -> list[Event]:
    """Colosseum: one morale space per ``amount`` city tiles you control, rounded down."""
    return _morale(content, state, seat, len(owned(state, seat)) // _kind(content, uid).amount)


def morale_per_retired(content: Content, state: State, seat: int, uid: str, exp: int,
                       amount: int) -> list[Event]:
    """Oracle: morale spaces per retired worker you control (one out on the Encampment included)."""
    player = state.players[seat]
    return _morale(content, state, seat, _kind(content, uid).amount * (player.retired + len(player.lent)))


def nothing(content: Content, state: State, seat: int, uid: str, exp: int, amount: int) -> list[Event]:
    """The Market opens a trading step instead (see ``turns``); tiles without a slot do nothing."""
    return []


EFFECTS: dict[str, EffectFn] = {
    "gain_exp": gain_exp,
    "forge": forge,
    "favour_per_active": favour_per_active,
    "favour_per_tile": favour_per_tile,
    "favour_per_wood_stone": favour_per_wood_stone,
    "favour_per_marble_weapons": favour_per_marble_weapons,
    "favour_morale": favour_morale,
    "recruit": recruit,
    "wall": wall,
    "gold_per_tile": gold_per_tile,
    "gold_per_active": gold_per_active,
    "morale_per_tiles": morale_per_tiles,
    "morale_per_retired": morale_per_retired,
    "market": nothing,
    "academy": nothing,
    "encampment": nothing,
    "none": nothing,
}
