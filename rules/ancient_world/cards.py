"""Card actions (§6.3, §12) and the triggered texts that reach outside a player's own turn:
Distant Outpost and Scribe Guild on an Educate, Zori Dramatists on the first pass.

Sections (§) are those of docs/ancient_world/rules.md.
"""

from __future__ import annotations

from rules.ancient_world import city
from rules.ancient_world.attack import can_attack
from rules.ancient_world.content import ActionEffect, CardAction, Content, TextEffect
from rules.ancient_world.effects import (
    damaged_indices,
    draw_empire,
    empire_cards_left,
    event,
    explore_possible,
    push,
    refuse,
    step,
)
from rules.ancient_world.state import State, Step, StepKind
from rules.core import Event, Seat

HIDEOUT_LOOK = 4


def action_feasible(content: Content, state: State, user: Seat, action: CardAction, *,
                    via_opponent: bool = False) -> bool:
    """Whether ``user`` can carry out the card action in full (I-40)."""
    match action.effect:
        case ActionEffect.REPAIR:
            return bool(damaged_indices(state.players[user]))
        case ActionEffect.EXPLORE:
            return explore_possible(state)
        case ActionEffect.USE_OPPONENT:
            return not via_opponent and bool(opponent_cards(content, state, user))
        case ActionEffect.FOREST_HIDEOUT:
            return any(state.titan_decks)
    return True


def own_card_options(content: Content, state: State, seat: Seat, held: city.Facts | None = None) -> list[str]:
    """Own cards a citizen may go on now: a card action, no citizen on it yet, feasible (I-25).
    ``held``: the seat's :func:`rules.ancient_world.city.facts`, found already."""
    player = state.players[seat]
    actions = (held or city.facts(content, player)).actions
    return [card for card, action in actions
            if card not in player.on_cards and action_feasible(content, state, seat, action)]


def opponent_cards(content: Content, state: State, user: Seat) -> list[tuple[Seat, str]]:
    """Opponents' intact card actions that Bridge or Trade City may use, occupied or not (I-26)."""
    out = []
    for owner, player in enumerate(state.players):
        if owner == user:
            continue
        for card, action in city.action_cards(content, player):
            if action_feasible(content, state, user, action, via_opponent=True):
                out.append((owner, card))
    return out


def use_card(content: Content, state: State, seat: Seat, rank: int, card_id: str) -> list[Event]:
    """Put the citizen on an own card and resolve its action (§6.3)."""
    player = state.players[seat]
    if card_id not in own_card_options(content, state, seat):
        raise refuse("You cannot use that card's action now.", "card_unusable")
    player.placed.append(rank)
    player.on_cards[card_id] = rank
    action = city.card_action(content, card_id)
    assert action is not None
    events = [event("card_action", seat=seat, rank=rank, card=city.card_name(content, card_id))]
    return events + perform(content, state, seat, action)


def perform(content: Content, state: State, user: Seat, action: CardAction) -> list[Event]:
    """Carry out a card action for ``user`` (for Bridge/Trade City, not the card's owner)."""
    player = state.players[user]
    match action.effect:
        case ActionEffect.GAIN:
            player.coins += action.coins
            player.knowledge += action.knowledge
            return [event("gain", seat=user, coins=action.coins, knowledge=action.knowledge)]
        case ActionEffect.REPAIR:
            push(state, step(StepKind.REPAIR, user, count=action.count, source="card"))
            return []
        case ActionEffect.EXPLORE:
            player.coins += action.coins
            push(state, step(StepKind.EXPLORE_MODE, user))
            return [event("gain", seat=user, coins=action.coins, knowledge=0)]
        case ActionEffect.COINS_PER_FOOD:
            coins = city.food(content, player)
            player.coins += coins
            return [event("gain", seat=user, coins=coins, knowledge=0)]
        case ActionEffect.USE_OPPONENT:
            push(state, step(StepKind.OPPONENT_CARD, user))
            return []
        case ActionEffect.FOREST_HIDEOUT:
            push(state, step(StepKind.HIDEOUT_DECK, user))
            return []
        case ActionEffect.TOWN_HALL:
            player.knowledge += 1
            events = [event("gain", seat=user, coins=0, knowledge=1)]
            if not state.token_hand_up:
                state.first_player = user
                state.token_hand_up = True
                events.append(event("first_player_token", seat=user))
            return events
    raise AssertionError(action.effect)


def use_opponent(content: Content, state: State, current: Step, owner: Seat, card_id: str) -> list[Event]:
    """Bridge, Trade City: no citizen goes on the opponent's card (I-26)."""
    if (owner, card_id) not in opponent_cards(content, state, current.seat):
        raise refuse("Choose an opponent's card with an action you can use.", "bad_opponent_card")
    state.steps.pop(0)
    action = city.card_action(content, card_id)
    assert action is not None
    events = [event("used_opponent_card", seat=current.seat, owner_seat=owner,
                    card=city.card_name(content, card_id))]
    return events + perform(content, state, current.seat, action)


# ---- Forest Hideout (I-29) -------------------------------------------------------------------------


def hideout_deck(content: Content, state: State, current: Step, deck: int) -> list[Event]:
    if deck not in (1, 2, 3) or not state.titan_decks[deck - 1]:
        raise refuse("Choose a Titan deck that still has cards.", "empty_titan_deck")
    cards = state.titan_decks[deck - 1][:HIDEOUT_LOOK]
    del state.titan_decks[deck - 1][:HIDEOUT_LOOK]
    state.steps.pop(0)
    push(state, step(StepKind.HIDEOUT_ORDER, current.seat, cards=cards, deck=deck))
    events = [event("hideout_look", seat=current.seat, stars=deck, count=len(cards)),
              event("hideout_seen", to=current.seat, reveals=True,
                    cards=[content.titan(c).name for c in cards])]
    return events + _hideout_settle(content, state)


def hideout_put(content: Content, state: State, current: Step, index: int) -> list[Event]:
    """Put one seen card next from the top (the first pick becomes the face-up top)."""
    if not 0 <= index < len(current.cards):
        raise refuse("Choose one of the Titans you looked at.", "bad_choice")
    current.chosen.append(current.cards.pop(index))
    return _hideout_settle(content, state)


def _hideout_settle(content: Content, state: State) -> list[Event]:
    """When one card is left it goes last; the ordered cards return on top, the new top face up."""
    current = state.steps[0]
    if len(current.cards) > 1:
        return []
    state.steps.pop(0)
    ordered = [*current.chosen, *current.cards]
    deck = current.deck
    state.titan_decks[deck - 1][0:0] = ordered
    state.titan_face_up[deck - 1] = True
    events = [event("titan_revealed", stars=deck, titan=content.titan(ordered[0]).name, reveals=True)]
    push(state, step(StepKind.HIDEOUT_ATTACK, current.seat, deck=deck))
    return events


def hideout_attack_possible(content: Content, state: State, current: Step) -> bool:
    return can_attack(content, state, current.seat, current.deck)


# ---- Triggers ------------------------------------------------------------------------------------


def educate_triggers(content: Content, state: State, educator: Seat) -> list[Event]:
    """Distant Outpost (owner's right = previous seat educates) and Scribe Guild (owner's left = next
    seat educates), asked in seat order after the educating player (§16, I-27)."""
    n = len(state.players)
    queued = []
    for offset in range(1, n):
        owner = (educator + offset) % n
        player = state.players[owner]
        right = (owner - 1) % n
        left = (owner + 1) % n
        if right == educator and city.has_text(content, player, TextEffect.DISTANT_OUTPOST) and any(
                a.name_coins or a.picture_coins for a in player.armies):
            queued.append(step(StepKind.OUTPOST, owner))
        if left == educator and city.has_text(content, player, TextEffect.SCRIBE_GUILD) and player.coins:
            queued.append(step(StepKind.SCRIBE, owner))
    push(state, *queued)
    return []


def outpost(state: State, current: Step, army: int, area: str) -> list[Event]:
    """Remove 1 coin from a Military card's name or picture area; an emptied name area makes the
    card unused again (I-28)."""
    player = state.players[current.seat]
    if not 0 <= army < len(player.armies):
        raise refuse("Choose one of your armies.", "bad_army")
    stack = player.armies[army]
    if area == "name" and stack.name_coins:
        player.armies[army] = stack.model_copy(update={"name_coins": stack.name_coins - 1})
    elif area == "picture" and stack.picture_coins:
        player.armies[army] = stack.model_copy(update={"picture_coins": stack.picture_coins - 1})
    else:
        raise refuse("There is no coin there.", "no_coin_there")
    state.steps.pop(0)
    return [event("outpost", seat=current.seat, army=army + 1, area=f"@ancient_world.area.{area}")]


def scribe(state: State, current: Step) -> list[Event]:
    player = state.players[current.seat]
    if player.coins < 1:
        raise refuse("Scribe Guild needs 1 coin.", "short_coins", need=1, have=player.coins)
    player.coins -= 1
    player.knowledge += 1
    state.steps.pop(0)
    return [event("scribe", seat=current.seat)]


def zori_trigger(content: Content, state: State, seat: Seat) -> None:
    """The first player to pass in a round may store a card if they own Zori Dramatists (I-30)."""
    owner = city.has_text(content, state.players[seat], TextEffect.ZORI_DRAMATISTS)
    if not state.someone_passed and owner and (state.empire_row or empire_cards_left(state)):
        push(state, step(StepKind.ZORI, seat))
    state.someone_passed = True


def zori_store(content: Content, state: State, current: Step, index: int | None) -> list[Event]:
    """Store from the row (``index``) or blind from the deck (``None``, p.14: "drawing one at random
    from the top of the pile"). The blind card is shown to its new owner only: a reveal, so the
    choice cannot be taken back alone and made again knowing it."""
    player = state.players[current.seat]
    if index is None:
        drawn = draw_empire(state, 1)
        if not drawn:
            raise refuse("The Empire deck is empty.", "deck_empty")
        player.stored.append(drawn[0])
        state.steps.pop(0)
        return [event("zori_blind", seat=current.seat),
                event("you_stored", to=current.seat, reveals=True, card=content.empire_card(drawn[0]).name)]
    if not 0 <= index < len(state.empire_row):
        raise refuse("Choose a card of the Empire row.", "bad_choice")
    card_id = state.empire_row.pop(index)
    player.stored.append(card_id)
    state.steps.pop(0)
    return [event("stored_from_row", seat=current.seat, card=content.empire_card(card_id).name)]
