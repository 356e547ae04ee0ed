"""Small shared moves on the table: favour and morale markers, ownership, costs (§6, §8).

Sections (§) are those of docs/praetor/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from rules.core import Event, RuleError, msg, unchecked
from rules.core.messages import Message
from rules.praetor.content import RESOURCES, Content
from rules.praetor.state import Placed, Player, State


def event(message: Message, data: dict[str, Any] | None = None) -> Event:
    """``Event(message=message, data=data)`` built without validation, as :func:`rules.core.msg`
    builds messages: every move makes a few, and their fields are typed where they are written."""
    return unchecked.event(message) if data is None else unchecked.event(message, data=data)


MARKERS = 15
"""Markers per colour (§2); three sit on the favour, turn-order and morale tracks (§13.19)."""
TRACK_MARKERS = 3


def gain_favour(state: State, seat: int, amount: int) -> int:
    """Move ``seat``'s favour marker by ``amount`` as one move (the marker lands on top of any
    stack there), never below 0 (§13.14). Returns the change actually made."""
    player = state.players[seat]
    before = player.favour
    player.favour = max(0, before + amount)
    if player.favour != before:
        state.moves += 1
        player.moved = state.moves
    return player.favour - before


def move_morale(content: Content, player: Player, steps: int) -> int:
    """Move the morale marker ``steps`` spaces, stopping at either end; returns spaces moved."""
    track = content.board(player.board).morale
    target = min(max(player.morale + steps, 0), len(track) - 1)
    moved = target - player.morale
    player.morale = target
    return moved


def morale_value(content: Content, player: Player) -> int:
    """The favour printed on the player's current morale space."""
    return content.board(player.board).morale[player.morale]


def placed(state: State, uid: str) -> Placed | None:
    for tile in state.city:
        if tile.uid == uid:
            return tile
    return None


def owned(state: State, seat: int) -> list[Placed]:
    """City tiles bearing ``seat``'s marker (the starting Gold Mine included)."""
    return [t for t in state.city if t.owner == seat]


def free_markers(state: State, seat: int) -> int:
    return MARKERS - TRACK_MARKERS - len(owned(state, seat))


def cost_text(costs: dict[str, int]) -> str:
    """A cost as compact text for labels and sentences, e.g. ``2 gold + 1 wood``."""
    parts = [f"{costs[r]} {r}" for r in RESOURCES if costs.get(r)]
    return " + ".join(parts) if parts else "0"


def cost_message(costs: dict[str, int]) -> Message:
    """A cost in the reader's language, e.g. ``2 gold, 1 wood`` / ``2 Χρυσό, 1 Ξύλο``.

    The parts are nested two by two (never a list of messages), so a stored event reads the same
    after its JSON round trip. Messages are frozen, so one cost's message is made once and shared."""
    return _cost_message(tuple([(r, n) for r in RESOURCES if (n := costs.get(r))]))


@cache
def _cost_message(parts: tuple[tuple[str, int], ...]) -> Message:
    return joined([amount_message(r, n) for r, n in parts]) if parts else msg("praetor.cost.nothing")


@cache
def amount_message(resource: str, amount: int) -> Message:
    """``amount`` units of ``resource`` with the word in its number, e.g. ``1 weapon`` / ``2 Όπλα``
    (made once per resource and amount: messages are frozen)."""
    return msg(f"praetor.amount.{resource}", n=amount)


def joined(parts: list[Message]) -> Message:
    """``a, b, c`` as one message nested two by two (a list of messages does not survive JSON)."""
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = msg("praetor.list.and", first=part, rest=out)
    return out


class Shortfall(RuleError):
    """A cost the player cannot pay. Worded when read: the legal-move lists try many moves that
    fail this way and never read why."""

    def __init__(self, stock: dict[str, int], costs: dict[str, int], what: str | Callable[[], str],
                 key: str) -> None:
        Exception.__init__(self)
        self._stock, self._costs, self._what = stock, costs, what
        self.key = key

    @property
    def sentence(self) -> str:  # type: ignore[override]
        what = self._what if isinstance(self._what, str) else self._what()
        return f"{what} costs {cost_text(self._costs)}; you have {cost_text(self._stock)}."

    @property
    def params(self) -> dict[str, Any]:  # type: ignore[override]
        return {"cost": cost_message(self._costs)}

    def __str__(self) -> str:
        return self.sentence


def require_pay(player: Player, costs: dict[str, int], what: str | Callable[[], str], key: str) -> None:
    """:raises RuleError: when ``player`` cannot pay ``costs`` in full (``what`` names the thing
    paid for, or gives its name when asked: only a refusal read needs it)."""
    stock = player.stock
    if not stock.covers(costs):
        raise Shortfall(stock.__dict__.copy(), dict(costs), what, key)


def pay_owner(state: State, seat: int, owner: int | None, costs: dict[str, int]) -> list[Event]:
    """Pay an activation cost to the tile's owner (nothing for your own or an unowned tile)."""
    if owner is None or owner == seat or not costs:
        return []
    state.players[seat].stock.pay(costs)
    stock = state.own(owner).stock
    for resource, amount in costs.items():
        stock.add(resource, amount)
    paid = msg("praetor.ev.paid_owner", seat=seat, owner_seat=owner, cost=cost_message(costs))
    return [event(paid)]


def tile_label(content: Content, uid: str) -> Message:
    """A tile's name in the reader's language and its number, e.g. ``Sawmill #09`` /
    ``Πριονιστήριο #09`` (unique within a prompt)."""
    return _tile_label(content.type_of(uid).id, uid)


@cache
def _tile_label(type_id: str, uid: str) -> Message:
    return msg("praetor.tile.label", name=f"@praetor.tile.{type_id}", number=uid[1:])


def tile_text(content: Content, uid: str) -> str:
    """The English form of :func:`tile_label`, for the plain text of a refusal."""
    return f"{content.type_of(uid).name} #{uid[1:]}"


def current_era(content: Content, state: State) -> int:
    """The era on the back of the top tile of the city stack; era II once it is empty (§13.8)."""
    return content.tile(state.stack[0]).era if state.stack else 2


def wall_message(content: Content, uid: str) -> Message:
    """A wall tile by what it shows: Caesar's demand, its favour and its back's bonus."""
    wall = content.wall(uid)
    return msg("praetor.wall", cost=cost_message(dict(wall.demand)), favour=wall.favour, back=wall.back)
