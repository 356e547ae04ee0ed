"""The round around the actions (§4, §6.1, §6.5–§6.7): setup, turn order, the update phase,
the city update and the last-round check.

Sections (§) are those of docs/praetor/rules.md.
"""

from __future__ import annotations

from rules.core import Event, InvalidAction, Rng, RuleError, chapter, msg
from rules.core.unchecked import construct, replaced
from rules.praetor.actions import Academy, Emergency
from rules.praetor.content import RESOURCES, Content
from rules.praetor.legal import Moves, Settled, must_pass
from rules.praetor.options import Options
from rules.praetor.scoring import final_scoring, score_events
from rules.praetor.state import Draft, Placed, Player, State, Stock, Worker
from rules.praetor.table import (
    current_era,
    event,
    gain_favour,
    joined,
    move_morale,
    tile_label,
    wall_message,
)

RETIREMENT_FAVOUR = {1: 12, 2: 8}
"""Favour per retiring worker by the era of the city stack's top tile (U4)."""
EMERGENCY_FAVOUR = 5
"""Favour paid for the emergency worker (U6), and lost per missing gold at the lowest morale (U5)."""
STARTING_EXPS = (1, 2, 3)


def setup(content: Content, players: int, options: Options, seed: int) -> State:
    """Setup (§4): tiles by player count, the starting city, era I over era II, the wall stack,
    players + 1 available tiles, one wall tile face up, resources, workers, morale and favour."""
    if options.expert and players < 3:
        raise InvalidAction("The expert variant needs 3 to 5 players.", key="praetor.err.expert_players")
    boards = list(options.boards) + ["A"] * (players - len(options.boards))
    known = {b.id for b in content.boards}
    for board in boards[:players]:
        if board not in known:
            raise InvalidAction(f"There is no board side {board!r}.", key="praetor.err.board", board=board)
    rng = Rng.from_seed(seed)

    def kept(uid: str) -> bool:
        tile = content.tile(uid)
        return tile.min_players <= players and not (options.hard and content.type_of(uid).effect == "market")

    layout = content.layout(players)
    city = [Placed(uid=c.tile, x=c.x, y=c.y, owner=c.owner) for c in layout.cells if kept(c.tile)]
    era1 = [t.uid for t in content.city_tiles if t.era == 1 and kept(t.uid)]
    era2 = [t.uid for t in content.city_tiles if t.era == 2 and kept(t.uid)]
    rng.shuffle(era1)
    rng.shuffle(era2)
    stack = era1 + era2
    walls = [w.uid for w in content.wall_tiles]
    rng.shuffle(walls)
    start = content.starting_resources
    state = State(
        rng=rng, options=options, city=city, available=stack[: players + 1], stack=stack[players + 1:],
        walls=walls[1:], wall=walls[0],
        players=[Player(board=boards[s], stock=Stock(**{r: start.get(r, 0) for r in RESOURCES}),
                        favour=10 - s, morale=content.board(boards[s]).morale_start,
                        peasants=8 - len(STARTING_EXPS), workers=[Worker(exp=e) for e in STARTING_EXPS])
                 for s in range(players)],
    )
    state.order = turn_order(state)
    return state


def turn_order(state: State) -> list[int]:
    """Least favour first; tied markers stack, the latest arrival on top going first (§6.1)."""
    return sorted(range(len(state.players)), key=lambda s: (state.players[s].favour, -state.players[s].moved))


def begin_turns(content: Content, state: State, settled: Settled | None = None) -> list[Event]:
    """Give the turn to the first seat in order that may act, passing those who must (S14);
    ``settled`` is given the legal lists of the seat found to play (:class:`Settled`)."""
    state.turn = 0
    return _settle(content, state, settled)


def next_turn(content: Content, state: State, settled: Settled | None = None) -> list[Event]:
    """After a completed action: the next seat in rotation that has not passed, or the update;
    ``settled`` is given the legal lists of the seat found to play (:class:`Settled`)."""
    state.draft = construct(Draft)
    state.turn = (state.turn + 1) % len(state.order)
    return _settle(content, state, settled)


def _settle(content: Content, state: State, settled: Settled | None) -> list[Event]:
    """Pass the seats that must (S14) or have nothing to do, up to the seat to play; that seat's
    legal lists, worked out whole for the check, go to ``settled``."""
    events: list[Event] = []
    for _ in range(len(state.order) + 1):
        seat = state.order[state.turn]
        player = state.players[seat]
        if not player.passed:
            if must_pass(content, state, seat):
                state.own(seat).passed = True
                events.append(event(msg("praetor.ev.forced_pass", seat=seat)))
            elif (moves := Moves(content, state, seat)).nothing_to_do():
                state.own(seat).passed = True
                state.played_for.append((seat, "pass"))
                events.append(event(msg("praetor.ev.nothing_to_do", seat=seat)))
            else:
                if settled is not None:
                    settled.moves = moves
                return events
        if all(p.passed for p in state.players):
            return events + start_update(content, state)
        state.turn = (state.turn + 1) % len(state.order)
    raise AssertionError("no seat could act")


# ---- update phase (§6.5) ---------------------------------------------------------------------

def academy_choices(content: Content, state: State, seat: int) -> list[Academy]:
    """U1's choices for ``seat``: skip level 2 free with an own Academy, or pay 1 stone to another
    Academy's owner; empty when there is nothing to decide."""
    player = state.players[seat]
    if player.level1 == 0:
        return []
    owners: list[int] = []
    for tile in state.city:
        if content.type_of(tile.uid).effect == "academy" and tile.owner is not None:
            owners.append(tile.owner)
    if not owners:
        return []
    if seat in owners:
        return [Academy(skip=True), Academy(skip=False)]
    fee = _academy_fee(content, state)
    payable = [o for o in sorted(set(owners)) if player.stock.covers(fee)]
    return [*(Academy(skip=True, pay_to=o) for o in payable), Academy(skip=False)] if payable else []


def _academy_fee(content: Content, state: State) -> dict[str, int]:
    for tile in state.city:
        kind = content.type_of(tile.uid)
        if kind.effect == "academy":
            return dict(kind.activation_cost)
    return {"stone": 1}


def emergency_due(state: State, seat: int) -> bool:
    """U6 applies to a seat with no active worker, a peasant and 5 favour (§13.13)."""
    player = state.players[seat]
    return not player.workers and player.peasants > 0 and player.favour >= EMERGENCY_FAVOUR


def start_update(content: Content, state: State) -> list[Event]:
    """The update phase (§6.5) changes every player: each gets a copy of its own first (a move may
    have shared the players it left alone, ``State.copy_for``)."""
    for seat in range(len(state.players)):
        state.own(seat)
    state.phase = "academy"
    state.choices = {}
    events = [event(msg("praetor.ev.update", round=state.round))]
    return events + _maybe_resolve_academy(content, state)


def _maybe_resolve_academy(content: Content, state: State) -> list[Event]:
    owing = [s for s in state.order if academy_choices(content, state, s)]
    if any(s not in state.choices for s in owing):
        return []
    events: list[Event] = []
    for seat in state.order:
        events += _update_player(content, state, seat, state.choices.get(seat, "no"))
    state.phase = "emergency"
    state.choices = {}
    return events + _maybe_resolve_emergency(content, state)


def answer_academy(content: Content, state: State, seat: int, action: Academy) -> list[Event]:
    if state.phase != "academy" or seat in state.choices:
        raise RuleError("There is no Academy decision for you now.", key="praetor.err.no_decision")
    if action not in academy_choices(content, state, seat):
        raise RuleError("That Academy choice is not open to you.", key="praetor.err.academy")
    if not action.skip:
        state.choices[seat] = "no"
    else:
        state.choices[seat] = "free" if action.pay_to is None else f"pay:{action.pay_to}"
    return _maybe_resolve_academy(content, state)


def _update_player(content: Content, state: State, seat: int, academy: str) -> list[Event]:
    """U1–U5 for one seat, in the rulebook's order."""
    player = state.players[seat]
    events: list[Event] = []
    # U1: level 2 becomes active; level 1 moves to level 2 or, through an Academy, to active.
    promoted = player.level2
    player.workers += [Worker(exp=1) for _ in range(player.level2)]
    player.level2 = 0
    if academy != "no" and player.level1:
        if academy.startswith("pay:"):
            owner = int(academy.removeprefix("pay:"))
            fee = _academy_fee(content, state)
            player.stock.pay(fee)
            for r, n in fee.items():
                state.players[owner].stock.add(r, n)
            events.append(event(msg("praetor.ev.academy_paid", seat=seat, owner_seat=owner)))
        promoted += player.level1
        player.workers += [Worker(exp=1) for _ in range(player.level1)]
        player.level1 = 0
    player.level2, player.level1 = player.level1, 0
    if promoted:
        events.append(event(msg("praetor.ev.promoted", seat=seat, count=promoted)))
    # U2: retired workers lent through the Encampment come back, without experience.
    player.retired += len(player.lent)
    player.lent = []
    # U3: active workers return; building and red activations earn +1 exp.
    player.workers = [Worker(exp=min(6, w.exp + 1) if w.task in ("build", "red") else w.exp)
                      for w in player.workers]
    # U4: workers at exp 6 retire for favour by era.
    retiring = sum(1 for w in player.workers if w.exp == 6)
    if retiring:
        player.workers = [w for w in player.workers if w.exp < 6]
        player.retired += retiring
        era = max(1, current_era(content, state))
        gained = gain_favour(state, seat, retiring * RETIREMENT_FAVOUR[era])
        events.append(event(msg("praetor.ev.retired", seat=seat, count=retiring, favour=gained)))
    player.workers.sort(key=lambda w: w.exp)
    return events + upkeep(content, state, seat)


def upkeep_cost(content: Content, player: Player) -> int:
    """Wages for each occupied active slot plus pensions for each occupied retired slot, slots
    filled from the first (U5, §13.20)."""
    board = content.board(player.board)
    return sum(board.wages[: len(player.workers)]) + sum(board.pensions[: player.retired])


def upkeep(content: Content, state: State, seat: int) -> list[Event]:
    """U5: pay upkeep in gold; each missing gold costs a morale space, or 5 favour at the bottom."""
    player = state.players[seat]
    due = upkeep_cost(content, player)
    paid = min(due, player.stock.gold)
    player.stock.gold -= paid
    missing = due - paid
    events = [event(msg("praetor.ev.upkeep", seat=seat, due=due, paid=paid))]
    if missing:
        dropped = -move_morale(content, player, -missing)
        lost = gain_favour(state, seat, -EMERGENCY_FAVOUR * (missing - dropped))
        events.append(event(msg("praetor.ev.unpaid", seat=seat, missing=missing, steps=dropped,
                                        favour=-lost)))
    return events


def _maybe_resolve_emergency(content: Content, state: State) -> list[Event]:
    owing = [s for s in state.order if emergency_due(state, s)]
    if any(s not in state.choices for s in owing):
        return []
    events: list[Event] = []
    for seat in state.order:
        if state.choices.get(seat) == "yes":
            player = state.players[seat]
            player.peasants -= 1
            player.workers.append(Worker(exp=1))
            gain_favour(state, seat, -EMERGENCY_FAVOUR)
            events.append(event(msg("praetor.ev.emergency", seat=seat)))
    state.choices = {}
    return events + _end_round(content, state)


def answer_emergency(content: Content, state: State, seat: int, action: Emergency) -> list[Event]:
    if state.phase != "emergency" or seat in state.choices or not emergency_due(state, seat):
        raise RuleError("There is no emergency-worker decision for you now.", key="praetor.err.no_decision")
    state.choices[seat] = "yes" if action.hire else "no"
    return _maybe_resolve_emergency(content, state)


# ---- city update, last round and the next round (§6.6, §6.7) -------------------------------

def _end_round(content: Content, state: State) -> list[Event]:
    if state.last_round:
        state.phase = "over"
        state.final = final_scoring(content, state)
        return [event(msg("praetor.ev.game_over"), data={"final": state.final}),
                *score_events(content, state)]
    events = _city_update(content, state)
    state.round += 1
    state.phase = "actions"
    state.city = [replaced(t, activated=False) if t.activated else t for t in state.city]
    for player in state.players:
        player.passed = False
        player.specials = []
    state.order = turn_order(state)
    state.draft = Draft()
    events.append(chapter(event(msg("praetor.ev.round", round=state.round),
                                data={"order": list(state.order)})))
    if state.last_round:
        events.append(event(msg("praetor.ev.last_round")))
    return events + begin_turns(content, state)


def _city_update(content: Content, state: State) -> list[Event]:
    """Refill the display to players + 1, replace the wall tile, then check for the last round."""
    revealed: list[str] = []
    while len(state.available) + len(revealed) < len(state.players) + 1 and state.stack:
        revealed.append(state.stack.pop(0))
    state.available += revealed
    tiles = joined([tile_label(content, u) for u in revealed]) if revealed else None
    events = [Event(message=msg("praetor.ev.revealed", tiles=tiles), reveals=True)] if revealed else []
    if state.wall is not None:
        events.append(event(msg("praetor.ev.wall_removed", wall=wall_message(content, state.wall))))
    state.wall = state.walls.pop(0) if state.walls else None
    if state.wall is not None:
        shown = wall_message(content, state.wall)
        events.append(Event(message=msg("praetor.ev.wall_revealed", wall=shown), reveals=True))
    if not state.stack or not state.walls:
        state.last_round = True
    return events

