"""Citizen placement on the board's action spaces (§6) and the board actions themselves (§7).

Sections (§) are those of docs/ancient_world/rules.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from rules.ancient_world import city
from rules.ancient_world.cards import educate_triggers
from rules.ancient_world.content import Content
from rules.ancient_world.effects import (
    damaged_indices,
    discard_empire,
    draw_empire,
    empire_cards_left,
    event,
    explore_possible,
    gain_card_symbols,
    gain_citizen,
    push,
    refuse,
    repair,
    step,
)
from rules.ancient_world.state import RANKS, SPACES, Army, Built, Citizen, Space, State, Step, StepKind
from rules.core import Event, Seat

WORK_COINS = 2
EDUCATE_COST = 3
EXPAND_COINS = 3
GROW_COST = 3
REBUILD_REPAIRS = 2
EXPLORE_DRAW = 5
SURCHARGE_SPACES = (Space.BUILD, Space.RECRUIT)


def covered(state: State, space: Space) -> bool:
    """Explore and Grow start under the action covers (I-2); Explore opens in round 2, Grow in
    round 2 or 3 (I-1)."""
    if space is Space.EXPLORE:
        return state.round < 2
    if space is Space.GROW:
        return state.round < state.options.grow_opens_round
    return False


def rank_check(state: State, space: Space, rank: int) -> tuple[bool, int]:
    """(may the rank go there, surcharge in coins) by the rank rule of §6.1 and §6.2.

    Rebuild ignores citizens already there; Build and Recruit take any rank but cost 1 coin when the
    space is occupied and the rank is not strictly higher than every citizen there (I-5).
    """
    return rank_rule(space, rank, max([c.rank for c in state.spaces[space]], default=0))


def space_tops(state: State) -> dict[Space, int]:
    """The highest rank on each space (0 where it is empty): what :func:`rank_rule` reads of the
    board, found once for all the ranks and spaces a turn tries."""
    tops = {}
    for space, citizens in state.spaces.items():
        top = 0
        for citizen in citizens:
            if citizen.rank > top:
                top = citizen.rank
        tops[space] = top
    return tops


def rank_rule(space: Space, rank: int, top: int) -> tuple[bool, int]:
    """:func:`rank_check` of a space whose highest citizen has rank ``top`` (0: empty)."""
    if space is Space.REBUILD:
        return True, 0
    if space in SURCHARGE_SPACES:
        return True, 0 if rank > top else 1
    return rank > top, 0


RankRules = tuple[tuple[bool, int], ...]
"""A space's :func:`rank_rule` for each rank, by rank (0 to 5)."""
_RANK_RULES: dict[tuple[Space, int], RankRules] = {
    (space, top): tuple(rank_rule(space, rank, top) for rank in range(max(RANKS) + 1))
    for space in SPACES for top in range(max(RANKS) + 1)}


def space_rules(state: State) -> list[tuple[Space, RankRules]]:
    """Each space in board order with :func:`rank_rule` for every rank, looked up once by the
    space's highest rank (:func:`space_tops`) for all the ranks a turn tries."""
    tops = space_tops(state)
    return [(space, _RANK_RULES[space, tops[space]]) for space in SPACES]


@dataclass(frozen=True)
class BuildChoice:
    """One card a player may build now and how: with or without discarding Crane."""

    source: str
    index: int
    card: str
    plain: bool
    crane: bool


class Buildable(NamedTuple):
    """What :func:`build_choices` finds before counting coins, the same whatever the surcharge."""

    cards: list[tuple[str, int, str, int]]
    """Source, index, card id and coin cost of each card of the row and of the stored pile with a
    name not built yet (I-22) and knowledge enough."""
    room: bool
    """Room in capacity."""
    crane: int | None
    """Where the first intact Crane stands (I-23)."""


def buildable(content: Content, state: State, seat: Seat, held: city.Facts | None = None) -> Buildable:
    """:class:`Buildable`; ``held``: the seat's :func:`rules.ancient_world.city.facts`, found already."""
    player = state.players[seat]
    held = held or city.facts(content, player)
    cards = []
    for source, pile in (("row", state.empire_row), ("stored", player.stored)):
        for index, card_id in enumerate(pile):
            card = content.empire_card(card_id)
            if card.name not in held.names and card.cost_knowledge <= player.knowledge:
                cards.append((source, index, card_id, card.cost_coins))
    return Buildable(cards, len(player.empire) < held.sums["capacity"], held.crane)


def build_choices(content: Content, state: State, seat: Seat, surcharge: int, *,
                  paid: bool = False, known: Buildable | None = None) -> list[BuildChoice]:
    """Cards of the row and of the stored pile that can be built (§7.2): room in capacity (Crane
    leaving first, I-23), no duplicate name (I-22), cost payable with the surcharge (I-52) unless it
    is already ``paid`` (the citizen is on the space). ``known``: :func:`buildable`, found already."""
    return [BuildChoice(*row) for row in build_rows(content, state, seat, surcharge, paid=paid, known=known)]


BuildRow = tuple[str, int, str, bool, bool]
"""A :class:`BuildChoice` as plain values: source, index, card id, plain, with Crane."""


def build_rows(content: Content, state: State, seat: Seat, surcharge: int, *,
               paid: bool = False, known: Buildable | None = None) -> list[BuildRow]:
    """:func:`build_choices` as plain rows, for the turn, which only lists them."""
    player = state.players[seat]
    found = buildable(content, state, seat) if known is None else known
    if paid:
        surcharge = 0
    crane_surcharge = 0 if state.options.crane_waives_surcharge else surcharge
    with_crane = found.crane is not None and player.coins >= crane_surcharge
    out: list[BuildRow] = []
    for source, index, card_id, coins in found.cards:
        plain = found.room and player.coins >= coins + surcharge
        if plain or with_crane:
            out.append((source, index, card_id, plain, with_crane))
    return out


def recruit_choices(content: Content, state: State, seat: Seat, surcharge: int,
                    held: city.Facts | None = None) -> list[int]:
    """Military row cards the player can pay for and place (§7.7, I-10)."""
    player = state.players[seat]
    if not _army_room(content, state, seat, held):
        return []
    return [i for i, card in enumerate(state.military_row)
            if player.coins >= content.military_card(card).recruit_cost + surcharge]


def _army_room(content: Content, state: State, seat: Seat, held: city.Facts | None = None) -> bool:
    player = state.players[seat]
    open_army = len(player.armies) < (held or city.facts(content, player)).sums["army_limit"]
    return open_army or any(not a.used for a in player.armies)


def retire_targets(content: Content, state: State, seat: Seat) -> tuple[bool, list[int]]:
    """(may start a new army, armies whose active card may be retired)."""
    player = state.players[seat]
    open_army = len(player.armies) < city.army_limit(content, player)
    unused = [i for i, a in enumerate(player.armies) if not a.used]
    if open_army:
        return True, unused if state.options.voluntary_retire else []
    return False, unused


def feasible(content: Content, state: State, seat: Seat, space: Space, rank: int) -> bool:
    """Whether the citizen of ``rank`` may go on ``space`` now, action included (I-40)."""
    ok, surcharge = rank_check(state, space, rank)
    return ok and space_open(content, state, seat, space, surcharge)


def open_builds(content: Content, state: State, seat: Seat, surcharge: int,
                known: Buildable | None = None) -> list[BuildRow]:
    """What a citizen going on Build with ``surcharge`` may build (:func:`build_rows`); none where
    it may not go."""
    if covered(state, Space.BUILD) or state.players[seat].coins < surcharge:
        return []
    return build_rows(content, state, seat, surcharge, known=known)


def space_open(content: Content, state: State, seat: Seat, space: Space, surcharge: int,
               held: city.Facts | None = None) -> bool:
    """Whether a citizen the rank rule lets on ``space`` with ``surcharge`` may go there now, action
    included (I-40): :func:`feasible` past the rank rule, which depends on the rank only through it.
    ``held``: the seat's :func:`rules.ancient_world.city.facts`, found already."""
    if space is Space.BUILD:
        return bool(open_builds(content, state, seat, surcharge))
    if covered(state, space):
        return False
    player = state.players[seat]
    if player.coins < surcharge:
        return False
    match space:
        case Space.RECRUIT:
            return bool(recruit_choices(content, state, seat, surcharge, held))
        case Space.EXPAND:
            return bool(state.district_deck) and (player.knowledge >= 1 or player.coins >= EXPAND_COINS)
        case Space.EDUCATE:
            return player.coins >= EDUCATE_COST
        case Space.GROW:
            return player.coins >= GROW_COST and len(player.owned) < len(RANKS)
        case Space.EXPLORE:
            return explore_possible(state)
    return True


def place(content: Content, state: State, seat: Seat, space: Space, rank: int) -> list[Event]:
    """Put the citizen on the space, pay any surcharge, and resolve the action at once (§6.1).

    :raises RuleError: when the rank rule, a cover or the action's cost forbids it.
    """
    player = state.players[seat]
    if rank not in player.available():
        raise refuse(f"Your citizen {rank} is not available.", "citizen_unavailable", rank=rank)
    if covered(state, space):
        raise refuse("That action is still covered.", "covered", space=f"@ancient_world.space_gen.{space}")
    ok, surcharge = rank_check(state, space, rank)
    if not ok:
        raise refuse(f"Citizen {rank} must outrank every citizen already on that space.", "rank",
                     rank=rank)
    if not space_open(content, state, seat, space, surcharge):  # feasible, past the rank rule
        raise refuse("You cannot carry out that action now.", "not_feasible",
                     space=f"@ancient_world.space_gen.{space}")
    player.coins -= surcharge
    player.placed.append(rank)
    state.spaces[space].append(Citizen(seat=seat, rank=rank))
    events = [event("placed", seat=seat, rank=rank, space=f"@ancient_world.space_gen.{space}")]
    if surcharge:
        events.append(event("surcharge", seat=seat, coins=surcharge, rank=rank,
                            space=f"@ancient_world.space_gen.{space}"))
    return events + _resolve(content, state, seat, space, surcharge)


def _resolve(content: Content, state: State, seat: Seat, space: Space, surcharge: int) -> list[Event]:
    player = state.players[seat]
    match space:
        case Space.WORK:
            player.coins += WORK_COINS
            return [event("work", seat=seat, coins=WORK_COINS)]
        case Space.CONSCRIPTION:
            bonus = len(state.spaces[space])
            player.conscription += bonus
            return [event("conscription", seat=seat, bonus=bonus, total=player.conscription)]
        case Space.EDUCATE:
            player.coins -= EDUCATE_COST
            player.knowledge += 1
            return [event("educate", seat=seat), *educate_triggers(content, state, seat)]
        case Space.GROW:
            player.coins -= GROW_COST
            return [event("grow", seat=seat), *gain_citizen(content, state, seat)]
        case Space.REBUILD:
            return _rebuild(content, state, seat)
        case Space.BUILD:
            push(state, step(StepKind.BUILD_CARD, seat, count=surcharge))
        case Space.RECRUIT:
            push(state, step(StepKind.RECRUIT_CARD, seat, count=surcharge))
        case Space.EXPAND:
            _expand_payment(state, seat)
        case Space.EXPLORE:
            push(state, step(StepKind.EXPLORE_MODE, seat))
    return []


def _rebuild(content: Content, state: State, seat: Seat) -> list[Event]:
    """Repair up to 2, take the first-player token if it is hand down (I-6), gain 1 coin (§7.6)."""
    player = state.players[seat]
    player.coins += 1
    events = [event("rebuild", seat=seat)]
    if not state.token_hand_up:
        state.first_player = seat
        state.token_hand_up = True
        events.append(event("first_player_token", seat=seat))
    push(state, step(StepKind.REBUILD_REPAIR, seat, count=REBUILD_REPAIRS))
    return events


# ---- Build ---------------------------------------------------------------------------------------


def choose_build(content: Content, state: State, current: Step, source: str, index: int) -> list[Event]:
    """Build step 1: which card. Asks about Crane only when both ways are possible."""
    seat = current.seat
    offered = build_choices(content, state, seat, current.count, paid=True)
    choices = {(c.source, c.index): c for c in offered}
    choice = choices.get((source, index))
    if choice is None:
        raise refuse("You cannot build that card now.", "cannot_build")
    state.steps.pop(0)
    if choice.plain and choice.crane and content.empire_card(choice.card).cost_coins > 0:
        push(state, step(StepKind.CRANE, seat, count=current.count, cards=[choice.card],
                         source=source, deck=index))
        return []
    return build(content, state, seat, source, index, current.count, use_crane=not choice.plain)


def build(content: Content, state: State, seat: Seat, source: str, index: int, surcharge: int,
          *, use_crane: bool) -> list[Event]:
    """Pay and put the card into the Empire face up; gain its Citizen symbols (§7.2)."""
    player = state.players[seat]
    pile = state.empire_row if source == "row" else player.stored
    card = content.empire_card(pile[index])
    events: list[Event] = []
    if use_crane:
        crane = city.crane_index(content, player)
        assert crane is not None
        crane_card = player.empire.pop(crane).card
        player.on_cards.pop(crane_card, None)
        discard_empire(content, state, crane_card)
        if state.options.crane_waives_surcharge:
            player.coins += surcharge
        events.append(event("crane", seat=seat))
    else:
        player.coins -= card.cost_coins
    player.knowledge -= card.cost_knowledge
    pile.pop(index)
    player.empire.append(Built(card=card.id))
    events.append(event("built", seat=seat, card=card.name, data={"card": card.id}))
    return events + gain_card_symbols(content, state, seat, card.citizens)


def choose_crane(content: Content, state: State, current: Step, use: bool) -> list[Event]:
    state.steps.pop(0)
    return build(content, state, current.seat, current.source, current.deck, current.count, use_crane=use)


# ---- Expand --------------------------------------------------------------------------------------


def _expand_payment(state: State, seat: Seat) -> None:
    push(state, step(StepKind.EXPAND_PAY, seat))


def expand_pay(content: Content, state: State, current: Step, currency: str) -> list[Event]:
    """Pay 1 knowledge or 3 coins (§7.4), then take the face-up District (or choose, Expand+)."""
    seat = current.seat
    player = state.players[seat]
    if currency == "knowledge":
        if player.knowledge < 1:
            raise refuse("You have no knowledge to pay.", "no_knowledge")
        player.knowledge -= 1
    else:
        if player.coins < EXPAND_COINS:
            raise refuse("Expand costs 3 coins.", "short_coins", need=EXPAND_COINS, have=player.coins)
        player.coins -= EXPAND_COINS
    state.steps.pop(0)
    if state.options.expand_plus:
        offer = state.district_deck[:3]
        del state.district_deck[:3]
        push(state, step(StepKind.EXPAND_PICK, seat, cards=offer))
        return [event("expand_seen", to=seat, reveals=True, cards=[content.district(c).name for c in offer])]
    return take_district(content, state, seat, state.district_deck.pop(0))


def expand_pick(content: Content, state: State, current: Step, index: int) -> list[Event]:
    """Expand+: keep one, the others go to the bottom face down (I-21)."""
    if not 0 <= index < len(current.cards):
        raise refuse("Choose one of the offered District cards.", "bad_choice")
    state.steps.pop(0)
    kept = current.cards[index]
    state.district_deck += [c for i, c in enumerate(current.cards) if i != index]
    return take_district(content, state, current.seat, kept)


def take_district(content: Content, state: State, seat: Seat, card_id: str) -> list[Event]:
    district = content.district(card_id)
    state.players[seat].districts.append(card_id)
    events = [event("district", seat=seat, card=district.name)]
    if state.district_deck:
        top = content.district(state.district_deck[0]).name
        events.append(event("district_revealed", card=top, reveals=True))
    return events + gain_card_symbols(content, state, seat, district.citizens)


# ---- Rebuild and repairs ---------------------------------------------------------------------------


def choose_repair(content: Content, state: State, current: Step, index: int) -> list[Event]:
    """One repair of a series (Rebuild up to 2, a Military Repair symbol, a Repair card action)."""
    result = repair(content, state, current.seat, index)
    state.steps[0] = current.model_copy(update={"count": current.count - 1})
    return [result]


def stop_repairs(state: State, current: Step) -> list[Event]:
    if current.kind is not StepKind.REBUILD_REPAIR:
        raise refuse("These repairs are not optional.", "repair_required")
    state.steps.pop(0)
    return []


def repairs_pointless(state: State, current: Step) -> bool:
    return current.count <= 0 or not damaged_indices(state.players[current.seat])


# ---- Recruit -------------------------------------------------------------------------------------


def choose_recruit(content: Content, state: State, current: Step, index: int) -> list[Event]:
    seat = current.seat
    if index not in recruit_choices(content, state, seat, 0):
        raise refuse("You cannot recruit that card now.", "cannot_recruit")
    player = state.players[seat]
    card_id = state.military_row.pop(index)
    player.coins -= content.military_card(card_id).recruit_cost
    state.steps.pop(0)
    events = [event("recruited", seat=seat, card=content.military_card(card_id).name)]
    new_army, retirable = retire_targets(content, state, seat)
    if new_army and not retirable:
        player.armies.append(Army(cards=(card_id,)))
        return events
    push(state, step(StepKind.RETIRE, seat, cards=[card_id]))
    return events


def choose_retire(content: Content, state: State, current: Step, army: int) -> list[Event]:
    """Start a new army (``-1``) or lay the card on an unused active card, retiring it: its coins
    go to the player (I-9), it turns to its Legacy side (§7.7)."""
    seat = current.seat
    player = state.players[seat]
    new_army, retirable = retire_targets(content, state, seat)
    card_id = current.cards[0]
    if army == -1:
        if not new_army:
            raise refuse("You have no open army; retire an unused card.", "no_open_army")
        player.armies.append(Army(cards=(card_id,)))
        state.steps.pop(0)
        return []
    if army not in retirable:
        raise refuse("Choose an active card that has not attacked this round.", "cannot_retire")
    stack = player.armies[army]
    coins = stack.name_coins + stack.picture_coins
    if not state.options.retired_coins_to_bank:
        player.coins += coins
    retired = content.military_card(stack.active).name
    player.armies[army] = Army(cards=(*stack.cards, card_id))
    state.steps.pop(0)
    return [event("retired", seat=seat, card=retired, coins=coins)]


# ---- Explore -------------------------------------------------------------------------------------


def explore_mode(content: Content, state: State, current: Step, mode: str) -> list[Event]:
    """(a) draw 5 + explore bonuses and store 1, or (b) store 1 from the row (§7.8)."""
    seat = current.seat
    if mode == "row":
        if not state.empire_row:
            raise refuse("The Empire row is empty.", "row_empty")
        state.steps.pop(0)
        push(state, step(StepKind.EXPLORE_STORE, seat, source="row"))
        return []
    if not empire_cards_left(state):
        raise refuse("The Empire deck is empty.", "deck_empty")
    count = EXPLORE_DRAW + city.total(content, state.players[seat], "explore_bonus")
    drawn = draw_empire(state, count)
    state.steps.pop(0)
    push(state, step(StepKind.EXPLORE_STORE, seat, cards=drawn, source="deck"))
    return [event("explore_draw", seat=seat, count=len(drawn)),
            event("explore_seen", to=seat, reveals=True,
                  cards=[content.empire_card(c).name for c in drawn])]


def explore_store(content: Content, state: State, current: Step, index: int) -> list[Event]:
    """Store one card (§7.8); the rest of a draw is discarded. Everyone is told a card was stored,
    its owner which one."""
    seat = current.seat
    pile = state.empire_row if current.source == "row" else current.cards
    if not 0 <= index < len(pile):
        raise refuse("Choose one of the cards offered.", "bad_choice")
    card_id = pile.pop(index)
    state.players[seat].stored.append(card_id)
    if current.source != "row":
        for other in pile:
            discard_empire(content, state, other)
    state.steps.pop(0)
    if current.source == "row":
        return [event("stored_from_row", seat=seat, card=content.empire_card(card_id).name)]
    return [event("stored", seat=seat, source=f"@ancient_world.source.{current.source}"),
            event("you_stored", to=seat, card=content.empire_card(card_id).name)]
