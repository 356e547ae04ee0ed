"""Small state changes shared by several actions: events, gaining citizens, decks, damage and repair.

Sections (§) are those of docs/ancient_world/rules.md.
"""

from __future__ import annotations

from typing import Any

from rules.ancient_world import city
from rules.ancient_world.content import Content, TextEffect
from rules.ancient_world.state import RANKS, Built, Player, State, Step, StepKind
from rules.core import Event, RuleError, Seat, msg, unchecked
from rules.core.unchecked import built

GAME = "ancient_world"


def event(key: str, *, to: Seat | None = None, reveals: bool = False, data: dict[str, Any] | None = None,
          **params: Any) -> Event:
    """An event with a ``ancient_world.``-prefixed key; ``to`` makes it private to one seat. Built
    without validation, as :func:`option` is."""
    return unchecked.event(msg(f"{GAME}.{key}", **params), visible_to=None if to is None else frozenset({to}),
                           reveals=reveals, data=data or {})


def refuse(sentence: str, key: str, **params: Any) -> RuleError:
    """A :class:`RuleError` with a prefixed key, ready to raise."""
    return RuleError(sentence, key=f"{GAME}.error.{key}", **params)


def push(state: State, *steps: Step) -> None:
    """Put ``steps`` at the front of the queue, in the given order."""
    state.steps[0:0] = list(steps)


def step(kind: StepKind, seat: Seat, *, count: int = 0, cards: list[str] | None = None,
         picks: list[int] | None = None, deck: int = 0, source: str = "") -> Step:
    """``Step(kind=…, seat=…, …)`` built without validation, as :func:`option` is: a move queues a
    step or two. Every field counts as given, as in a copied state."""
    return built(Step, {"kind": kind, "seat": seat, "count": count, "cards": list(cards or ()), "chosen": [],
                         "picks": list(picks or ()), "deck": deck, "source": source, "page": 0}, STEP_FIELDS)


STEP_FIELDS = frozenset(Step.model_fields)


def gain_citizen(content: Content, state: State, seat: Seat, *, available: bool = False) -> list[Event]:
    """Take the lowest-ranked own citizen not yet owned into the Hunger box (Grow §7.9, Citizen symbol
    I-17); nothing if all five are owned. Aqueduct then pays 1 coin per food (§12)."""
    player = state.players[seat]
    missing = [r for r in RANKS if r not in player.owned]
    if not missing:
        return []
    rank = missing[0]
    player.owned.append(rank)
    player.owned.sort()
    if not available:
        player.hungry.append(rank)
    events = [event("citizen_gained", seat=seat, rank=rank)]
    if city.has_text(content, player, TextEffect.AQUEDUCT):
        coins = city.food(content, player)
        player.coins += coins
        events.append(event("aqueduct", seat=seat, coins=coins))
    return events


def gain_card_symbols(content: Content, state: State, seat: Seat, citizens: int) -> list[Event]:
    """The once-only Citizen symbols of a card just gained (§11.2)."""
    events: list[Event] = []
    for _ in range(citizens):
        events += gain_citizen(content, state, seat, available=state.options.citizen_symbol_available)
    return events


def draw_empire(state: State, count: int) -> list[str]:
    """Draw from the current Empire deck, reshuffling its discard pile when it runs out (I-20)."""
    drawn: list[str] = []
    while len(drawn) < count:
        if not state.empire_deck:
            if not state.empire_discard:
                break
            state.empire_deck = state.empire_discard
            state.empire_discard = []
            state.rng.shuffle(state.empire_deck)
        drawn.append(state.empire_deck.pop(0))
    return drawn


def empire_cards_left(state: State) -> int:
    return len(state.empire_deck) + len(state.empire_discard)


def explore_possible(state: State) -> bool:
    """Explore needs a card to store: in the deck, its discards, or the row."""
    return empire_cards_left(state) > 0 or bool(state.empire_row)


def discard_empire(content: Content, state: State, card_id: str) -> None:
    """To the current deck's discard pile; an A card leaves play once deck B is in use (I-19)."""
    if content.empire_card(card_id).deck == state.era:
        state.empire_discard.append(card_id)


def damaged_indices(player: Player) -> list[int]:
    return [i for i, b in enumerate(player.empire) if b.damaged]


def intact_indices(player: Player) -> list[int]:
    return [i for i, b in enumerate(player.empire) if not b.damaged]


def repair(content: Content, state: State, seat: Seat, index: int) -> Event:
    player = state.players[seat]
    if not 0 <= index < len(player.empire) or not player.empire[index].damaged:
        raise refuse("Choose one of your damaged Empire cards.", "not_damaged")
    player.empire[index] = Built(card=player.empire[index].card, damaged=False)
    return event("repaired", seat=seat, card=content.empire_card(player.empire[index].card).name)
