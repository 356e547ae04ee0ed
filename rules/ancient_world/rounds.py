"""Setup (§3), the round's phases (§5) and the queue of automatic steps that moves the game on.

Sections (§) are those of docs/ancient_world/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from rules.ancient_world import attack, city, scoring
from rules.ancient_world.cards import own_card_options, zori_trigger
from rules.ancient_world.content import Content
from rules.ancient_world.effects import damaged_indices, draw_empire, event, intact_indices, push, step
from rules.ancient_world.options import Options
from rules.ancient_world.placement import feasible, repairs_pointless, space_open, space_rules
from rules.ancient_world.state import (
    AUTOMATIC,
    ROUNDS,
    Army,
    Built,
    Player,
    Space,
    State,
    Step,
    StepKind,
)
from rules.core import Event, Rng, Seat, chapter

EMPIRE_ROW = {2: 4, 3: 5, 4: 6}
"""Empire row size by player count (§3.2)."""
EXTRA_COINS = (0, 1, 2, 2)
"""Extra starting coins by position clockwise from the first player (§3.4)."""
STARTING_COINS = 6
STARTING_EMPIRE = ("fishing_port", "wheat_fields")
STARTING_MILITARY = ("city_guard", "militia")


def setup(content: Content, players: int, options: Options, seed: int) -> State:
    """Decks shuffled, rows dealt, Titans turned up, each city with its starting cards and coins
    (S1); the first player is drawn at random and takes the token hand side down (I-50)."""
    rng = Rng.from_seed(seed)
    first = rng.below(players)
    seats = [
        Player(coins=STARTING_COINS + EXTRA_COINS[(seat - first) % players],
               empire=[Built(card=c) for c in STARTING_EMPIRE],
               armies=[Army(cards=(c,)) for c in STARTING_MILITARY])
        for seat in range(players)
    ]
    state = State(rng=rng, options=options, players=seats, current=first, first_player=first)
    state.empire_deck = _shuffled(rng, content.deck("A"))
    state.deck_b = _shuffled(rng, content.deck("B"))
    state.military_deck = _shuffled(rng, content.military_deck())
    state.district_deck = _shuffled(rng, content.district_deck())
    state.titan_decks = [_shuffled(rng, content.titan_deck(stars)) for stars in (1, 2, 3)]
    state.empire_row = draw_empire(state, EMPIRE_ROW[players])
    state.military_row = _draw_military(state, players)
    return state


def _shuffled(rng: Rng, cards: list[str]) -> list[str]:
    rng.shuffle(cards)
    return cards


def _draw_military(state: State, count: int) -> list[str]:
    """Deal from the Military deck, reshuffling its discards if it ever runs out (I-47)."""
    drawn: list[str] = []
    while len(drawn) < count:
        if not state.military_deck:
            if not state.military_discard:
                break
            state.military_deck, state.military_discard = state.military_discard, []
            state.rng.shuffle(state.military_deck)
        drawn.append(state.military_deck.pop(0))
    return drawn


def preparation(content: Content, state: State) -> list[Event]:
    """Phase 1 (§5.1): advance the round, open covers, switch to deck B in round 4 (I-19), deal a
    fresh Empire row and a fresh Military row."""
    state.round += 1
    events = [chapter(event("round", round=state.round))]
    if state.round == 2:
        events.append(event("uncovered", space="@ancient_world.space_gen.explore"))
    if state.round == state.options.grow_opens_round:
        events.append(event("uncovered", space="@ancient_world.space_gen.grow"))
    if state.round == 4:
        state.era = "B"
        state.empire_row = []
        state.empire_deck, state.deck_b, state.empire_discard = state.deck_b, [], []
        events.append(event("deck_b"))
    state.empire_discard += state.empire_row
    state.empire_row = draw_empire(state, EMPIRE_ROW[len(state.players)])
    state.military_discard += state.military_row
    state.military_row = _draw_military(state, len(state.players))
    state.current = state.first_player
    state.someone_passed = False
    events.append(event("rows_dealt", reveals=True,
                        empire=[content.empire_card(c).name for c in state.empire_row],
                        military=[content.military_card(c).name for c in state.military_row]))
    return events


def end_of_round(content: Content, state: State) -> list[Event]:
    """Phase 3 (§5.3): income (not after round 6), coins slide from name to picture, citizens come
    home, the token turns hand down, then the feeding check (I-16)."""
    events: list[Event] = []
    for seat, player in enumerate(state.players):
        if state.round < ROUNDS:
            coins = city.total(content, player, "income_coins")
            knowledge = city.total(content, player, "income_knowledge")
            player.coins += coins
            player.knowledge += knowledge
            events.append(event("income", seat=seat, coins=coins, knowledge=knowledge))
        player.armies = [army if not army.name_coins else
                         army.model_copy(update={"picture_coins": army.picture_coins + army.name_coins,
                                                 "name_coins": 0})
                         for army in player.armies]
        player.placed = []
        player.on_cards = {}
        player.conscription = 0
        player.passed = False
    state.spaces = {s: [] for s in Space}
    state.token_hand_up = False
    hunger = []
    for seat, player in enumerate(state.players):
        player.hungry = []
        short = len(player.owned) - city.food(content, player)
        if short >= len(player.owned):
            player.hungry = list(player.owned)
        elif short > 0:
            hunger.append(step(StepKind.HUNGER, seat, count=short))
        if short > 0:
            events.append(event("hunger", seat=seat, count=short))
    push(state, *hunger, step(StepKind.NEW_ROUND, state.first_player))
    return events


def hungry(state: State, current: Step, rank: int) -> list[Event]:
    """Feeding: send one more citizen of the player's choice to the Hunger box."""
    from rules.ancient_world.effects import refuse

    player = state.players[current.seat]
    if rank not in player.owned or rank in player.hungry:
        raise refuse("Choose one of your citizens not yet in the Hunger box.", "bad_citizen", rank=rank)
    player.hungry.append(rank)
    index = state.steps.index(current)
    if current.count > 1:
        state.steps[index] = current.model_copy(update={"count": current.count - 1})
    else:
        state.steps.pop(index)
    return [event("went_hungry", seat=current.seat, rank=rank)]


# ---- turns -----------------------------------------------------------------------------------------


def citizen_targets(content: Content, state: State, seat: Seat, rank: int) -> tuple[list[Space], list[str]]:
    """Board spaces and own cards where the citizen of ``rank`` may go now."""
    spaces = [s for s in Space if feasible(content, state, seat, s, rank)]
    return spaces, own_card_options(content, state, seat)


def rank_targets(content: Content, state: State, seat: Seat) -> list[tuple[int, list[Space], list[str]]]:
    """:func:`citizen_targets` of every available rank, in rank order. A space's feasibility depends
    on the rank only through the rank rule (whether it may go there, and the surcharge), so it is
    found once per space and surcharge; the own cards (any rank, I-25) once for all ranks."""
    cards = own_card_options(content, state, seat)

    def judge(space: Space, surcharge: int) -> bool | None:
        return space_open(content, state, seat, space, surcharge) or None

    return [(rank, [space for space, _, _ in places], list(cards))
            for rank, places in rank_places(state, seat, judge)]


J = TypeVar("J")


def rank_places(state: State, seat: Seat,
                judge: Callable[[Space, int], J | None]) -> list[tuple[int, list[tuple[Space, int, J]]]]:
    """Each available rank of ``seat``, in rank order, with the spaces the rank rule lets it on
    (with the surcharge) where ``judge(space, surcharge)`` is not ``None``, and what it said. A
    space depends on the rank only through the rank rule, so each space and surcharge is judged
    once for all the ranks."""
    rules = space_rules(state)
    judged: list[list[object]] = [[_UNJUDGED, _UNJUDGED] for _ in rules]  # by space, then surcharge
    out = []
    for rank in state.players[seat].available():
        places = []
        for (space, rule), said in zip(rules, judged, strict=True):
            ok, surcharge = rule[rank]
            if ok:
                found = said[surcharge]
                if found is _UNJUDGED:
                    found = said[surcharge] = judge(space, surcharge)
                if found is not None:
                    places.append((space, surcharge, cast(J, found)))
        out.append((rank, places))
    return out


_UNJUDGED = object()


def placeable_ranks(content: Content, state: State, seat: Seat) -> list[int]:
    return [rank for rank, spaces, cards in rank_targets(content, state, seat) if spaces or cards]


def do_pass(content: Content, state: State, seat: Seat) -> list[Event]:
    """Pass (§9): no more turns this round; the first pass may trigger Zori Dramatists."""
    state.players[seat].passed = True
    push(state, step(StepKind.NEXT_TURN, seat))
    zori_trigger(content, state, seat)
    return [event("passed", seat=seat)]


def _next_turn(state: State) -> list[Event]:
    n = len(state.players)
    for offset in range(1, n + 1):
        seat = (state.current + offset) % n
        if not state.players[seat].passed:
            state.current = seat
            return []
    push(state, step(StepKind.END_ROUND, state.first_player))
    return []


def _new_round(content: Content, state: State) -> list[Event]:
    if state.round >= ROUNDS:
        state.over = True
        return [event("game_over"), *scoring.final_events(content, state)]
    return preparation(content, state)


def _army_check(content: Content, state: State, seat: Seat) -> list[Event]:
    """Damage may lower the army limit: excess armies are discarded whole (§8.6, I-11)."""
    player = state.players[seat]
    excess = len(player.armies) - city.army_limit(content, player)
    if excess > 0:
        push(state, step(StepKind.DISCARD_ARMY, seat, count=excess))
    return []


def _run_automatic(content: Content, state: State, current: Step) -> list[Event]:
    match current.kind:
        case StepKind.NEXT_TURN:
            return _next_turn(state)
        case StepKind.END_ROUND:
            return end_of_round(content, state)
        case StepKind.NEW_ROUND:
            return _new_round(content, state)
        case StepKind.ROLL:
            return attack.roll(content, state, current.seat, current.count)
        case StepKind.AFTER_ATTACK:
            return attack.after(content, state, current.seat, current.count, current.picks[0], current.deck)
        case StepKind.ARMY_CHECK:
            return _army_check(content, state, current.seat)
    raise AssertionError(current.kind)


def _moot(content: Content, state: State, current: Step) -> bool:
    """A decision with nothing to decide is dropped (e.g. a repair with nothing damaged)."""
    player = state.players[current.seat]
    match current.kind:
        case StepKind.REPAIR | StepKind.REBUILD_REPAIR:
            return repairs_pointless(state, current)
        case StepKind.DAMAGE:
            return current.count <= 0 or not intact_indices(player)
        case StepKind.DISCARD_ARMY:
            return current.count <= 0
        case StepKind.HUNGER:
            return current.count <= 0
        case StepKind.HIDEOUT_ATTACK:
            return not attack.can_attack(content, state, current.seat, current.deck)
    return False


def advance(content: Content, state: State) -> list[Event]:
    """Run automatic steps and drop moot decisions until a seat owes a decision or the game ends.

    With I-41 a player whose only move is to pass passes at once.
    """
    events: list[Event] = []
    while not state.over:
        if state.steps:
            current = state.steps[0]
            if current.kind in AUTOMATIC:
                state.steps.pop(0)
                events += _run_automatic(content, state, current)
            elif _moot(content, state, current):
                state.steps.pop(0)
            else:
                break
            continue
        seat = state.current
        if state.options.auto_pass and only_pass(content, state, seat):
            events.append(event("auto_pass", seat=seat))
            events += do_pass(content, state, seat)
            continue
        break
    return events


def only_pass(content: Content, state: State, seat: Seat) -> bool:
    """Whether ``seat`` can neither place a citizen nor attack (I-41): no rank with a space or an
    own card to go to, no Titan to defeat. Stops at the first move found (most turns have one on
    the first space tried), where :func:`placeable_ranks` finds every rank's targets."""
    ranks = state.players[seat].available()
    rules = space_rules(state)
    tried: set[tuple[Space, int]] = set()
    for rank in ranks:
        for space, rule in rules:
            ok, surcharge = rule[rank]
            if ok and (space, surcharge) not in tried:
                tried.add((space, surcharge))
                if space_open(content, state, seat, space, surcharge):
                    return False
    if ranks and own_card_options(content, state, seat):
        return False
    return not attack.turn_attacks(content, state, seat)


__all__ = ["advance", "damaged_indices", "setup"]
