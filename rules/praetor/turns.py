"""The action phase (§6.2–§7): build, activate, use a special tile, trade at the Market, pass.

Each move is checked in full by a ``check_*`` function before anything changes (the prompts use the
same checks to offer only legal options), then carried out by its ``do_*`` function.

Sections (§) are those of docs/praetor/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.core import Event, RuleError, msg
from rules.core.unchecked import replaced
from rules.praetor.actions import Activate, Build, Done, Pass, Trade
from rules.praetor.content import Content, TileType
from rules.praetor.effects import EFFECTS
from rules.praetor.grid import Around, Cell, around_vertices, cell_name, is_open_cell, matching_squares
from rules.praetor.state import Market, Placed, Player, State
from rules.praetor.table import (
    amount_message,
    event,
    free_markers,
    gain_favour,
    pay_owner,
    placed,
    require_pay,
    tile_label,
    tile_text,
)

Costs = dict[str, int]


def add_costs(total: Costs, more: dict[str, int]) -> Costs:
    """``total`` and ``more`` added up, in a new dict."""
    out = dict(total)
    for r, n in more.items():
        out[r] = out.get(r, 0) + n
    return out


def current_seat(state: State) -> int | None:
    """The seat whose turn it is in the action phase, if any."""
    if state.phase != "actions" or not state.order:
        return None
    return state.order[state.turn]


def _check_turn(state: State, seat: int) -> Player:
    if current_seat(state) != seat:
        raise RuleError("It is not your turn.", key="praetor.err.not_turn")
    if state.market is not None:
        raise RuleError("Finish your Market trades first.", key="praetor.err.in_market")
    return state.players[seat]


def _owner_cost(state: State, seat: int, owner: int | None, costs: dict[str, int]) -> Costs:
    """What ``seat`` owes the owner to use a tile: nothing for your own or an unowned tile (§6.3)."""
    return {} if owner is None or owner == seat else dict(costs)


def check_via(content: Content, state: State, seat: int, via: str) -> tuple[Costs, int]:
    """The Encampment ``via`` may send one of ``seat``'s retired workers now (§6.4): returns the
    cost owed to its owner and the exp the retired worker works at.

    :raises RuleError: not an Encampment in the city, used already this round, no retired worker.
    """
    tile = placed(state, via)
    if tile is None or content.type_of(via).effect != "encampment":
        raise RuleError("That is not a Workers' Encampment in the city.", key="praetor.err.not_encampment")
    player = state.players[seat]
    if via in player.specials:
        raise RuleError("You have used this special tile this round already.", key="praetor.err.special_used")
    if player.retired == 0:
        raise RuleError("The Workers' Encampment needs a retired worker; you have none.",
                        key="praetor.err.no_retired")
    if not player.pool() and not state.options.special_actions_without_workers:
        raise RuleError("With no active worker left you must pass.", key="praetor.err.must_pass")
    kind = content.type_of(via)
    return _owner_cost(state, seat, tile.owner, dict(kind.activation_cost)), kind.amount


def check_worker(content: Content, state: State, seat: int, exp: int, via: str | None) -> Costs:
    """It is the seat's turn, outside a Market visit, and it can send a worker of experience
    ``exp`` (or a retired one through the Encampment ``via``); returns what sending it costs.

    :raises RuleError: saying which condition fails."""
    _check_turn(state, seat)
    return _check_worker(content, state, seat, exp, via)


def _check_worker(content: Content, state: State, seat: int, exp: int, via: str | None) -> Costs:
    if via is not None:
        costs, works_at = check_via(content, state, seat, via)
        if exp != works_at:
            raise RuleError(f"A retired worker works at experience {works_at}.",
                            key="praetor.err.retired_exp", exp=works_at)
        return costs
    if not any(w.on is None and w.exp == exp for w in state.players[seat].workers):
        raise RuleError(f"You have no unplaced active worker with experience {exp}.",
                        key="praetor.err.no_worker", exp=exp)
    return {}


def check_build(content: Content, state: State, seat: int, action: Build) -> Costs:
    """Building (§7): an available tile, an active worker, a free marker, the build cost, and a cell
    sharing an edge with the city. Returns everything the seat pays.

    :raises RuleError: saying which condition fails.
    """
    _check_turn(state, seat)
    if action.tile not in state.available:
        raise RuleError("That tile is not available to build.", key="praetor.err.not_available")
    sending = check_builder(content, state, seat, action.exp, action.via)
    costs = check_build_cost(content, state, seat, action.tile, sending)
    if not is_open_cell(((t.x, t.y) for t in state.city), (action.x, action.y)):
        raise RuleError("A tile must go on an empty cell sharing an edge with the city.",
                        key="praetor.err.cell")
    return costs


def check_builder(content: Content, state: State, seat: int, exp: int, via: str | None) -> Costs:
    """The part of :func:`check_build` that depends on the builder: the seat's turn, a worker of
    experience ``exp`` (or a retired one through the Encampment ``via``, where the table lets it
    build) and a free marker. Returns what sending the worker costs.

    :raises RuleError: saying which condition fails.
    """
    check_retired_builder(state, via)
    sending = check_worker(content, state, seat, exp, via)
    check_marker(state, seat)
    return sending


def check_retired_builder(state: State, via: str | None) -> None:
    """The part of :func:`check_builder` that asks the table's rule on retired builders.

    :raises RuleError: a retired worker (through the Encampment ``via``) may not build here."""
    if via is not None and not state.options.encampment_can_build:
        raise RuleError("A retired worker may not build at this table.", key="praetor.err.retired_build")


def check_marker(state: State, seat: int) -> None:
    """The part of :func:`check_builder` that asks for a free marker (§13.19).

    :raises RuleError: the seat has none left."""
    if state.options.marker_limit and free_markers(state, seat) <= 0:
        raise RuleError("You have no free marker left, so you cannot own another tile.",
                        key="praetor.err.no_marker")


def check_build_cost(content: Content, state: State, seat: int, uid: str, sending: Costs) -> Costs:
    """The part of :func:`check_build` that depends on the tile: its build cost, with what sending
    the worker costs. Returns everything the seat pays.

    :raises RuleError: when the seat cannot pay it.
    """
    costs = build_costs(content, uid, sending)
    require_pay(state.players[seat], costs, lambda: tile_text(content, uid), "praetor.err.cost")
    return costs


def build_costs(content: Content, uid: str, sending: Costs) -> Costs:
    """Everything a seat pays to build ``uid`` (its build cost, with what sending the worker
    costs): :func:`check_build_cost` refuses the build when the seat's stock does not cover it,
    and only then."""
    return add_costs(sending, content.tile(uid).build_cost)


def build_favour(content: Content, state: State, uid: str, x: int, y: int) -> tuple[int, int]:
    """The printed favour and the corner-square bonus (§7.1) for building ``uid`` at (x, y)."""
    return build_favours(content, state, [uid], [(x, y)])[0][0]


def build_favours(content: Content, state: State, uids: Sequence[str],
                  cells: Sequence[Cell]) -> list[list[tuple[int, int]]]:
    """:func:`build_favour` of each tile in ``uids`` (inner lists) at each of ``cells`` (outer
    list), the city's corners and each cell's vertices looked at once for every tile."""
    tiles = [content.tile(uid) for uid in uids]
    return [[(tile.favour, matching_squares(around, tile.corners)) for tile in tiles]
            for around in build_surroundings(content, state, cells)]


def build_surroundings(content: Content, state: State, cells: Sequence[Cell]) -> list[Around]:
    """For each of ``cells``, the patterns the city shows on its vertices (§7.1): what the
    corner squares of any tile built there are compared with."""
    corners = {(t.x, t.y): content.tile(t.uid).corners for t in state.city}
    diagonal = state.options.diagonal_matches
    return [around_vertices(corners.get, cell, diagonal_matches=diagonal) for cell in cells]


Spot = tuple[str | None, ...]
"""What a tile's corner-square bonus at a cell reads of the city (§7.1): the tiles (or ``None``) on
the cells east, west, north and south of it and, with the diagonal rule, north-east, north-west,
south-east and south-west of it (:func:`build_spots`). Cells with the same spot give each tile the
same favour (:func:`spot_favour`), in any city."""

SPOT_CELLS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))
"""Where each tile of a :data:`Spot` stands, from the cell."""


def build_spots(state: State, cells: Sequence[Cell]) -> list[Spot]:
    """The :data:`Spot` of each of ``cells`` in the state's city."""
    near = {(t.x, t.y): t.uid for t in state.city}.get
    if state.options.diagonal_matches:
        return [(near((x + 1, y)), near((x - 1, y)), near((x, y + 1)), near((x, y - 1)),
                 near((x + 1, y + 1)), near((x - 1, y + 1)), near((x + 1, y - 1)), near((x - 1, y - 1)))
                for x, y in cells]
    return [(near((x + 1, y)), near((x - 1, y)), near((x, y + 1)), near((x, y - 1))) for x, y in cells]


def spot_around(content: Content, spot: Spot) -> Around:
    """:func:`build_surroundings` of a cell whose :func:`build_spots` is ``spot``."""
    corners = {cell: content.tile(other).corners
               for cell, other in zip(SPOT_CELLS, spot, strict=False) if other is not None}
    return around_vertices(corners.get, (0, 0), diagonal_matches=len(spot) > 4)


def spot_favour(content: Content, uid: str, around: Around) -> tuple[int, int]:
    """:func:`build_favour` of the tile ``uid`` at a cell whose :func:`spot_around` is ``around``."""
    tile = content.tile(uid)
    return tile.favour, matching_squares(around, tile.corners)


def do_build(content: Content, state: State, seat: int, action: Build) -> list[Event]:
    """Pay, place the tile with your marker, and gain printed favour plus squares as one move."""
    check_build(content, state, seat, action)
    events = _send_worker(content, state, seat, action.tile, action.exp, action.via, "build")
    tile = content.tile(action.tile)
    state.players[seat].stock.pay(dict(tile.build_cost))
    state.available.remove(action.tile)
    printed, bonus = build_favour(content, state, action.tile, action.x, action.y)
    state.city.append(Placed(uid=action.tile, x=action.x, y=action.y, owner=seat))
    gained = gain_favour(state, seat, printed + bonus)
    events.append(event(msg("praetor.ev.built", seat=seat, tile=tile_label(content, action.tile),
                                    cell=cell_name(action.x, action.y), favour=gained, bonus=bonus),
                        data={"tile": action.tile, "x": action.x, "y": action.y}))
    return events


def _send_worker(content: Content, state: State, seat: int, uid: str, exp: int, via: str | None,
                 task: str) -> list[Event]:
    """Put the worker on ``uid``: an active worker from the pool, or a retired one via the
    Encampment after paying its owner (§6.4)."""
    player = state.players[seat]
    events: list[Event] = []
    if via is not None:
        enc = placed(state, via)
        assert enc is not None
        events += pay_owner(state, seat, enc.owner, dict(content.type_of(via).activation_cost))
        player.specials.append(via)
        player.retired -= 1
        player.lent.append(uid)
        events.append(event(msg("praetor.ev.encampment", seat=seat, tile=tile_label(content, via))))
        return events
    for i, worker in enumerate(player.workers):
        if worker.on is None and worker.exp == exp:
            done = "build" if task == "build" else ("red" if task == "red" else "plain")
            player.workers[i] = replaced(worker, on=uid, task=done)
            return events
    raise AssertionError("checked worker vanished")


def check_activate(content: Content, state: State, seat: int, action: Activate) -> Costs:
    """Activating a built tile (§6.3): its slot unused this round, a worker, the owner's cost, and
    what the effect itself needs (a peasant, the wall tile's demand, wood to forge).

    :raises RuleError: saying which condition fails.
    """
    _check_turn(state, seat)
    tile = placed(state, action.tile)
    if tile is None:
        raise RuleError("That tile is not in the city.", key="praetor.err.not_in_city")
    kind = content.type_of(action.tile)
    if not kind.is_action or kind.activation == "grey":
        raise RuleError(f"{kind.name} has no activation slot for a worker.", key="praetor.err.no_slot",
                        tile=f"@praetor.tile.{kind.id}")
    if tile.activated:
        raise RuleError(f"{tile_text(content, action.tile)} has been activated this round already.",
                        key="praetor.err.activated", tile=tile_label(content, action.tile))
    sending = _check_worker(content, state, seat, action.exp, action.via)
    return check_tile_use(content, state, seat, tile, action.exp, action.amount, sending)


def check_tile_use(content: Content, state: State, seat: int, tile: Placed, exp: int, amount: int,
                   sending: Costs) -> Costs:
    """The part of :func:`check_activate` that depends on the tile, once the turn, the slot and
    the worker are checked (``sending``: what sending the worker costs): the owner's cost, and
    what the effect needs. Returns everything the seat pays.

    :raises RuleError: saying which condition fails.
    """
    player = state.players[seat]
    kind = content.type_of(tile.uid)
    owner = tile.owner
    costs = add_costs(sending, kind.activation_cost) if owner is not None and owner != seat else dict(sending)
    require_pay(player, costs, lambda: tile_text(content, tile.uid), "praetor.err.cost")
    _check_effect(content, state, player, kind, exp, amount, costs)
    return costs


DEMANDING = frozenset({"recruit", "wall", "forge"})
"""The effects whose activation asks more of the seat than paying for it (a peasant, the wall
tile's demand, wood to forge: :func:`check_tile_use`); any other activation with nothing to pay
and amount 0 is legal once the turn, the slot and the worker are."""


def demand_met(content: Content, state: State, player: Player, kind: TileType, exp: int,
               costs: Costs) -> bool:
    """Whether :func:`check_tile_use` takes an activation of a ``kind`` tile with amount 0 that
    ``player`` can pay for (``costs``: the owner's fee with what sending the worker costs), asked
    without raising: the Workers' Camp needs a peasant, the wall tile this round's wall and its
    demand on top of ``costs``, the Blacksmith forging nothing only a worker (the wood it may
    forge, what is left once ``costs`` are paid, is never below 0)."""
    if kind.effect == "recruit":
        return player.peasants > 0
    if kind.effect == "wall":
        return state.wall is not None and player.stock.covers(
            add_costs(costs, content.wall(state.wall).demand))
    if kind.effect == "forge":
        return exp >= 0
    return True


def _check_effect(content: Content, state: State, player: Player, kind: TileType, exp: int, amount: int,
                  costs: Costs) -> None:
    if kind.effect == "recruit" and player.peasants == 0:
        raise RuleError("The Workers' Camp needs a peasant in your village; you have none.",
                        key="praetor.err.no_peasant")
    if kind.effect == "wall":
        if state.wall is None:
            raise RuleError("No wall tile is available this round.", key="praetor.err.no_wall")
        demand = add_costs(costs, dict(content.wall(state.wall).demand))
        require_pay(player, demand, "Caesar's demand", "praetor.err.demand")
    wood_left = player.stock.wood - costs.get("wood", 0)
    if kind.effect == "forge" and not 0 <= amount <= min(exp, wood_left):
        high = min(exp, wood_left)
        raise RuleError(f"The Blacksmith forges 0 to {high} wood here.", key="praetor.err.forge", high=high)
    if kind.effect != "forge" and amount != 0:
        raise RuleError("Only the Blacksmith takes an amount.", key="praetor.err.amount")


def do_activate(content: Content, state: State, seat: int, action: Activate,
                checked: bool = False) -> list[Event]:
    """Pay the owner, place the worker, mark the slot used, then the tile's benefit (§6.3, §8).
    A Market opens its trading step; the turn ends when the seat is done. ``checked``: the move is
    known to be legal (:func:`~rules.praetor.legal.known_activation`), :func:`check_activate` is
    not asked again."""
    if not checked:
        check_activate(content, state, seat, action)
    kind = content.type_of(action.tile)
    tile = placed(state, action.tile)
    assert tile is not None
    task = "red" if kind.activation == "red" else "plain"
    events = _send_worker(content, state, seat, action.tile, action.exp, action.via, task)
    events += pay_owner(state, seat, tile.owner, dict(kind.activation_cost))
    state.mark(action.tile, activated=True)
    events.append(event(msg("praetor.ev.activated", seat=seat, tile=tile_label(content, action.tile),
                                    exp=action.exp), data={"tile": action.tile}))
    events += EFFECTS[kind.effect](content, state, seat, action.tile, action.exp, action.amount)
    if kind.effect == "market":
        if can_trade(content, state, seat):
            state.market = Market(seat=seat, tile=action.tile)
        else:
            state.played_for.append((seat, "done"))
            events.append(event(msg("praetor.ev.nothing_to_trade", seat=seat)))
    return events


def check_trade(content: Content, state: State, seat: int, action: Trade) -> int:
    """A Market trade at the seat's board rates (rulebook p. 8: trade freely, as many resources as
    you like; §13.23); returns the gold it moves (paid when buying, received when selling).

    :raises RuleError: no open Market, or not enough gold or goods.
    """
    if state.market is None or state.market.seat != seat:
        raise RuleError("You are not trading at a Market.", key="praetor.err.no_market")
    player = state.players[seat]
    prices = content.board(player.board).market[action.resource]
    goods = amount_message(action.resource, action.amount)
    if action.buy and player.stock.gold < prices.buy * action.amount:
        raise RuleError(f"Buying {action.amount} {action.resource} costs {prices.buy * action.amount} gold.",
                        key="praetor.err.buy", price=prices.buy * action.amount, goods=goods)
    if not action.buy and player.stock.get(action.resource) < action.amount:
        have = player.stock.get(action.resource)
        raise RuleError(f"You have {have} {action.resource}, not {action.amount}, to sell.",
                        key="praetor.err.sell", goods=goods, have=amount_message(action.resource, have))
    return (prices.buy if action.buy else prices.sell) * action.amount


def can_trade(content: Content, state: State, seat: int) -> bool:
    """Whether the seat could make any trade at its board's rates (a unit bought or sold)."""
    player = state.players[seat]
    prices = content.board(player.board).market
    return any(player.stock.get(g) > 0 or player.stock.gold >= prices[g].buy for g in prices)


def do_trade(content: Content, state: State, seat: int, action: Trade) -> list[Event]:
    """Trade; the Market stays open for more trades while the seat asks for more, until it is done
    or nothing more could be traded (then the visit ends by itself, and the caller ends the turn)."""
    price = check_trade(content, state, seat, action)
    stock = state.players[seat].stock
    stock.gold += -price if action.buy else price
    stock.add(action.resource, action.amount if action.buy else -action.amount)
    assert state.market is not None
    state.market.trades += 1
    key = "praetor.ev.bought" if action.buy else "praetor.ev.sold"
    goods = amount_message(action.resource, action.amount)
    events = [event(msg(key, seat=seat, goods=goods, gold=price))]
    if not action.more:
        state.market = None
    elif not can_trade(content, state, seat):
        state.market = None
        state.played_for.append((seat, "done"))
        events.append(event(msg("praetor.ev.nothing_more_to_trade", seat=seat)))
    return events


def do_done(content: Content, state: State, seat: int, action: Done) -> list[Event]:
    if state.market is None or state.market.seat != seat:
        raise RuleError("You are not trading at a Market.", key="praetor.err.no_market")
    state.market = None
    return []


def do_pass(content: Content, state: State, seat: int, action: Pass) -> list[Event]:
    """Pass: no more actions this round (§6.2 D)."""
    player = _check_turn(state, seat)
    player.passed = True
    return [event(msg("praetor.ev.passed", seat=seat))]


def can(check: Callable[..., object], *args: object) -> bool:
    """Whether a ``check_*`` function accepts the move (it raises :class:`RuleError` otherwise)."""
    try:
        check(*args)
    except RuleError:
        return False
    return True

