"""Which moves are legal now: the candidates the prompts and the bots choose from.

Every candidate is confirmed by the same ``check_*`` function that guards the move itself, so
legality is written once (in :mod:`rules.praetor.turns`).

Sections (§) are those of docs/praetor/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import count
from operator import attrgetter

from rules.core import RuleError
from rules.core.memo import Memo
from rules.praetor.actions import Activate
from rules.praetor.content import Content
from rules.praetor.grid import Cell, open_cells
from rules.praetor.state import Placed, State
from rules.praetor.turns import (
    DEMANDING,
    Costs,
    add_costs,
    build_costs,
    can,
    check_build_cost,
    check_builder,
    check_marker,
    check_retired_builder,
    check_tile_use,
    check_via,
    check_worker,
    demand_met,
)


def exps(content: Content, state: State, seat: int, via: str | None) -> list[int]:
    """The distinct experiences the seat can work with: its unplaced active workers, or the
    Encampment's fixed exp for a retired worker."""
    if via is not None:
        return [content.type_of(via).amount]
    return sorted(set(state.players[seat].pool()))


KEPT_CITIES = 64
"""Cities whose open cells are remembered."""
_cities: Memo[tuple[tuple[str, int, int], ...], tuple[int, list[Cell]]] = Memo(KEPT_CITIES)
_numbers = count()


def city_cells(state: State) -> list[Cell]:
    """:func:`~rules.praetor.grid.open_cells` of the state's city, kept by its tiles and their places
    (most moves build nothing; read-only)."""
    return city(state)[1]


def city(state: State) -> tuple[int, list[Cell]]:
    """A number for the state's city (its tiles and their places), the same while it is remembered
    and never given to another city, so that what is kept for a city is found by the number
    (the city's tiles compared once a prompt); and its open cells (:func:`city_cells`)."""
    tiles = tuple(map(_place, state.city))
    return _cities.kept(tiles, lambda: (next(_numbers), open_cells((x, y) for _, x, y in tiles)))


_place = attrgetter("uid", "x", "y")
"""A city tile's uid and place (:func:`city`'s key, one tile's part)."""


def buildable(content: Content, state: State, seat: int, via: str | None = None) -> list[str]:
    """Available tiles the seat can build now (at any open cell): the checks are
    :func:`~rules.praetor.turns.check_build`'s, the builder's once for every tile."""
    cells = city_cells(state)
    workers = exps(content, state, seat, via)
    if not cells or not workers:
        return []
    try:
        sending = check_builder(content, state, seat, workers[0], via)
    except RuleError:
        return []
    return [uid for uid in state.available if can(check_build_cost, content, state, seat, uid, sending)]


def activatable(content: Content, state: State, seat: int, via: str | None = None) -> list[str]:
    """City tiles the seat can activate now (exp only changes amounts, never legality). The checks
    are :func:`~rules.praetor.turns.check_activate`'s, the worker's once for every tile. What is
    left of them depends on the tile's type and on whether another seat owns it (a fee), so tiles
    of one type and one such owner are checked once."""
    workers = exps(content, state, seat, via)
    if not workers:
        return []
    try:
        sending = check_worker(content, state, seat, workers[0], via)
    except RuleError:
        return []
    verdicts: dict[tuple[str, bool], bool] = {}
    out = []
    for t in state.city:
        if t.activated:
            continue
        kind = content.type_of(t.uid)
        if kind.activation not in SLOTS:
            continue
        key = (kind.id, t.owner is not None and t.owner != seat)
        legal = verdicts.get(key)
        if legal is None:
            legal = verdicts[key] = can(check_tile_use, content, state, seat, t, workers[0], 0, sending)
        if legal:
            out.append(t.uid)
    return out


SlotKey = tuple[str, bool]
"""What a tile's activation check depends on besides the worker: its type, and a fee owed."""
SLOTS = ("red", "green")
"""Activation slots a worker goes to (grey tiles are used without one, §6.4)."""


def _slot_keys(content: Content) -> dict[str, tuple[SlotKey, SlotKey] | None]:
    """Each city tile's :data:`SlotKey` without a fee and with one, ``None`` for a tile without an
    activation slot (made once for the content set: tile types are fixed)."""
    keys: dict[str, tuple[SlotKey, SlotKey] | None] = content.memo("slot_keys")
    if not keys:
        keys.update((uid, ((kind.id, False), (kind.id, True)) if kind.activation in SLOTS else None)
                    for uid, kind in content.kinds().items())
    return keys


def _encampments(content: Content) -> frozenset[str]:
    """The city tiles that are Workers' Encampments (found once for the content set)."""
    made: dict[str, frozenset[str]] = content.memo("encampments")
    found = made.get("uids")
    if found is None:
        found = made["uids"] = frozenset(uid for uid, kind in content.kinds().items()
                                         if kind.effect == "encampment")
    return found


def _slot(content: Content, uid: str) -> bool:
    return content.type_of(uid).activation in SLOTS


def specials(content: Content, state: State, seat: int) -> list[str]:
    """Encampments the seat can use now: usable and with a legal target for the retired worker
    (§6.4, §13.25)."""
    out = []
    for tile in state.city:
        if content.type_of(tile.uid).effect != "encampment":
            continue
        if not can(check_via, content, state, seat, tile.uid):
            continue
        if activatable(content, state, seat, tile.uid) or (
                state.options.encampment_can_build and buildable(content, state, seat, tile.uid)):
            out.append(tile.uid)
    return out


def must_pass(content: Content, state: State, seat: int) -> bool:
    """Forced pass (rulebook p. 6: "a player who has placed all active workers must pass"; §6.2,
    S14): no unplaced active worker (and, when specials may be used without workers, no usable
    special tile either)."""
    if state.players[seat].pool():
        return False
    if state.options.special_actions_without_workers:
        return not specials(content, state, seat)
    return True


def nothing_to_do(content: Content, state: State, seat: int) -> bool:
    """A seat with active workers left that can neither build, activate nor use a special tile:
    passing is its only move. Stops at the first legal move found (activations first, the most
    common; a tile type checked once with its owner's fee and once without, as :class:`Moves`
    does, a fee the seat cannot pay refused by its stock alone, and one it can pay taken as legal
    when the effect is not in :data:`~rules.praetor.turns.DEMANDING`)."""
    workers = exps(content, state, seat, None)
    if workers and _can_send(content, state, seat, workers[0]):
        kinds, stock = content.kinds(), state.players[seat].stock
        seen: set[SlotKey] = set()
        for t in state.city:
            kind = kinds[t.uid]
            if t.activated or kind.activation not in SLOTS:
                continue
            fee = t.owner is not None and t.owner != seat
            key = (kind.id, fee)
            if key in seen:
                continue
            seen.add(key)
            if (not fee or stock.covers(kind.activation_cost)) and (
                    kind.effect not in DEMANDING  # paid for, nothing else asked (check_tile_use)
                    or can(check_tile_use, content, state, seat, t, workers[0], 0, {})):
                return False
    return not (buildable(content, state, seat) or specials(content, state, seat))


def _can_send(content: Content, state: State, seat: int, exp: int) -> bool:
    """The part of :func:`~rules.praetor.turns.check_activate` that does not depend on the tile
    (the seat's turn, an active worker of experience ``exp``, which costs nothing to send)."""
    return can(check_worker, content, state, seat, exp, None)


class Moves:
    """What one seat may do in one state, each list worked out once: a prompt asks the same
    questions many times over (every first step looks at the step after it), and the state does not
    change while it is asked. Same answers as the functions above. A tile to build is legal when
    the seat's stock covers its :func:`~rules.praetor.turns.build_costs` (all that
    :func:`~rules.praetor.turns.check_build_cost` asks); a tile to activate whose owner's fee the
    seat cannot pay, with what sending the worker costs, is refused by the stock alone, without
    :func:`~rules.praetor.turns.check_tile_use`, which would refuse it the same way, first, by
    raising; one the seat can pay for is legal without that check when its effect asks nothing more
    (not in :data:`~rules.praetor.turns.DEMANDING`), since paying is all the check asks of it, and
    otherwise when :func:`~rules.praetor.turns.demand_met` finds what else it asks (a peasant, the
    wall tile's demand), asked without raising."""

    def __init__(self, content: Content, state: State, seat: int) -> None:
        self.content = content
        self.state = state
        self.seat = seat
        self._exps: dict[str | None, list[int]] = {}
        self._buildable: dict[str | None, list[str]] = {}
        self._activatable: dict[str | None, list[str]] = {}
        self._specials: list[str] | None = None
        self._by_type: dict[str | None, dict[str, list[str]]] = {}
        self._slots: tuple[list[tuple[str, SlotKey]], dict[SlotKey, Placed]] | None = None
        self._legal: dict[str | None, list[tuple[str, SlotKey]]] = {}
        self._city: tuple[int, list[Cell]] | None = None
        self._tiles: dict[str, Placed] = {}
        self._sent_by: dict[str | None, tuple[int, Costs] | None] = {}

    def nothing_to_do(self) -> bool:
        """As :func:`nothing_to_do`, from the seat's whole lists (which its prompt reads next)."""
        return not (self.activatable(None) or self.buildable(None) or self.specials())

    def cells(self) -> list[Cell]:
        """As :func:`city_cells`."""
        return self.city()[1]

    def city(self) -> tuple[int, list[Cell]]:
        """As :func:`city`."""
        if self._city is None:
            self._city = city(self.state)
        return self._city

    def exps(self, via: str | None) -> list[int]:
        found = self._exps.get(via)
        if found is None:
            found = self._exps[via] = exps(self.content, self.state, self.seat, via)
        return found

    def buildable(self, via: str | None = None) -> list[str]:
        """As :func:`buildable`; a tile's cost is checked once for each cost of sending the builder
        (an own or unowned Encampment's retired worker costs nothing to send, as an active worker)."""
        found = self._buildable.get(via)
        if found is None:
            found = self._buildable[via] = self._buildable_by(via)
        return found

    def _buildable_by(self, via: str | None) -> list[str]:
        """The checks of :func:`~rules.praetor.turns.check_builder`: the worker's as for an
        activation (made once), the table's rule on retired builders and a free marker."""
        if not self.cells():
            return []
        sent = self._sent(via)
        state, seat = self.state, self.seat
        if sent is None or not can(check_retired_builder, state, via) or not can(check_marker, state, seat):
            return []
        _, sending = sent
        content, stock = self.content, self.state.players[self.seat].stock
        if not sending:  # the build cost alone (build_costs adds nothing to it)
            return [uid for uid in self.state.available if stock.covers(content.tile(uid).build_cost)]
        return [uid for uid in self.state.available if stock.covers(build_costs(content, uid, sending))]

    def activatable(self, via: str | None = None) -> list[str]:
        """As :func:`activatable`; besides, a tile type's check (with or without a fee to its
        owner) is made once for each cost of sending the worker, for every Encampment alike. The
        worker's experience does not change it: an activation is checked with amount 0, which the
        Blacksmith's bound (0 to the exp and the wood left) takes for any exp."""
        found = self._activatable.get(via)
        if found is None:
            found = self._activatable[via] = self._activatable_by(via)
        return found

    def _activatable_by(self, via: str | None) -> list[str]:
        return [uid for uid, _ in self._legal_slots(via)]

    def _legal_slots(self, via: str | None) -> list[tuple[str, SlotKey]]:
        """:meth:`activatable` with each tile's :meth:`_slot_tiles` key."""
        found = self._legal.get(via)
        if found is not None:
            return found
        sent = self._sent(via)
        if sent is None:
            found = self._legal[via] = []
            return found
        exp, sending = sent
        kinds, player = self.content.kinds(), self.state.players[self.seat]
        stock = player.stock
        if sending and not stock.covers(sending):  # every activation through it costs this and more
            found = self._legal[via] = []
            return found
        if via is not None and not sending and (active := self._sent(None)) is not None and not active[1]:
            # Sent for nothing, as an active worker: the same verdicts (only the Blacksmith's demand
            # reads the exp, and it takes any), so the same list.
            found = self._legal[via] = self._legal_slots(None)
            return found
        slots, first = self._slot_tiles()
        legal = {}
        for key, tile in first.items():
            kind = kinds[tile.uid]
            if not key[1] and not sending and kind.effect not in DEMANDING:
                legal[key] = True  # nothing to pay, nothing else asked (check_tile_use)
                continue
            owed = (add_costs(sending, kind.activation_cost) if sending else kind.activation_cost) \
                if key[1] else sending
            # Paid for: all check_tile_use asks but of a demanding effect (demand_met).
            legal[key] = stock.covers(owed) and (
                kind.effect not in DEMANDING or demand_met(self.content, self.state, player, kind, exp, owed))
        found = self._legal[via] = [(uid, key) for uid, key in slots if legal[key]]
        return found

    def _sent(self, via: str | None) -> tuple[int, Costs] | None:
        """:meth:`_sending` of :func:`~rules.praetor.turns.check_worker` (made once for each ``via``)."""
        if via in self._sent_by:
            return self._sent_by[via]
        found = self._sent_by[via] = self._sending(via, check_worker)
        return found

    def _sending(self, via: str | None, check: Callable[..., Costs]) -> tuple[int, Costs] | None:
        """The first worker's exp and what sending it costs, as ``check`` finds (``None``: no
        worker, or ``check`` refuses it)."""
        workers = self.exps(via)
        if not workers:
            return None
        try:
            return workers[0], check(self.content, self.state, self.seat, workers[0], via)
        except RuleError:
            return None

    def _slot_tiles(self) -> tuple[list[tuple[str, SlotKey]], dict[SlotKey, Placed]]:
        """City tiles with an unused activation slot, each with what its check depends on besides
        the worker (its type, and whether another seat owns it: a fee), and the first tile of each
        such key."""
        if self._slots is None:
            keys = _slot_keys(self.content)
            seat = self.seat
            slots: list[tuple[str, SlotKey]] = []
            first: dict[SlotKey, Placed] = {}
            for t in self.state.city:
                if t.activated:
                    continue
                both = keys[t.uid]
                if both is None:
                    continue
                key = both[t.owner is not None and t.owner != seat]
                slots.append((t.uid, key))
                first.setdefault(key, t)
                self._tiles[t.uid] = t
            self._slots = (slots, first)
        return self._slots

    def tile(self, uid: str) -> Placed:
        """The city tile ``uid``, one of those :meth:`activatable` may give."""
        self._slot_tiles()
        return self._tiles[uid]

    def tiles(self) -> dict[str, Placed]:
        """The city tiles :meth:`activatable` may give, by uid (read-only)."""
        self._slot_tiles()
        return self._tiles

    def by_type(self, via: str | None = None) -> dict[str, list[str]]:
        """:meth:`activatable` grouped by tile type, types in the order of their first tile."""
        found = self._by_type.get(via)
        if found is None:
            found = self._by_type[via] = {}
            for uid, (type_id, _) in self._legal_slots(via):
                found.setdefault(type_id, []).append(uid)
        return found

    def specials(self) -> list[str]:
        """As :func:`specials`."""
        if self._specials is None:
            state = self.state
            encampments = _encampments(self.content)
            # check_via is asked by the lists themselves (empty when it refuses the Encampment).
            self._specials = [
                tile.uid for tile in state.city
                if tile.uid in encampments
                and (self.activatable(tile.uid) or (state.options.encampment_can_build
                                                    and self.buildable(tile.uid)))]
        return self._specials


class Settled:
    """What the end of a move worked out for the state it leaves: the :class:`Moves` of the seat to
    play, made for its nothing-to-do check (``rounds._settle``, which fills this in when given one),
    so that the prompt of that state and the check of an activation played from it read the lists
    instead of working them out again (``Praetor.apply`` keeps them with the state it returns)."""

    __slots__ = ("moves",)

    def __init__(self) -> None:
        self.moves: Moves | None = None


def known_activation(moves: Moves | None, state: State, seat: int, action: Activate) -> bool:
    """Whether ``moves``, legal lists worked out for this very state object, already hold
    ``action`` as legal, so that :func:`~rules.praetor.turns.check_activate` would take it: the
    lists are the seat's, the Encampment ``via``, if any, is one it can use, the worker's
    experience is one the seat can send (through it), the tile is one it can activate, and the
    amount is 0 (the Blacksmith's bound takes 0 for any worker; any other amount is checked in
    full)."""
    via = action.via
    return (moves is not None and moves.state is state and moves.seat == seat and action.amount == 0
            and (via is None or via in moves.specials())
            and action.exp in moves.exps(via) and action.tile in moves.activatable(via))
