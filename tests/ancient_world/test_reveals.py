"""A move that shows a player something hidden is a reveal: it cannot be taken back alone, so nobody
chooses again knowing what they saw (the table service's undo rule, bot/service/undo.py)."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.service.tables import stored, user_actor
from bot.service.undo import plan_undo
from rules.ancient_world.actions import Action, Citizen, ExpandPay, Explore, Pass, Place, Store, StoreBlind
from rules.ancient_world.state import Space, State
from rules.core import Event
from storage.records import Entry

from .helpers import give_empire, new_game, play

ADA = 1


def _log(*moves: list[Event]) -> list[Entry]:
    """Ada's moves as the table stores them, one entry each."""
    return [Entry(table_id=1, seq=i + 1, kind="action", seat=0, actor=user_actor(ADA), payload_json="{}",
                  created_at=datetime(2026, 1, 1, tzinfo=UTC), events=stored(events))
            for i, events in enumerate(moves)]


def _moves(state: State, *actions: Action) -> list[list[Event]]:
    out = []
    for action in actions:
        state, events = play(state, 0, action)
        out.append(events)
    return out


def test_storing_the_top_card_blind_shows_it_to_its_owner_as_a_reveal() -> None:
    """Zori Dramatists (p.14): the card drawn at random from the top of the pile is seen by the
    player who stores it: that event is a reveal."""
    state = new_game(2)
    give_empire(state, 0, "zori_dramatists")
    _, stored_blind = play(state, 0, Pass(), StoreBlind())
    shown = [e for e in stored_blind if e.message.key.endswith(".you_stored")]
    assert shown and all(e.reveals and e.visible_to == frozenset({0}) for e in shown)


def test_a_blind_store_cannot_be_taken_back_alone() -> None:
    state = new_game(2)
    give_empire(state, 0, "zori_dramatists")
    passed, blind = _moves(state, Pass(), StoreBlind())
    plan = plan_undo(_log(passed, blind), ADA)
    assert plan is not None and not plan.alone


def test_storing_from_the_open_row_reveals_nothing_and_may_be_taken_back_alone() -> None:
    """The row is face up: storing from it shows nothing new, so the player may take it back."""
    state = new_game(2)
    give_empire(state, 0, "zori_dramatists")
    passed, from_row = _moves(state, Pass(), Store(index=0))
    plan = plan_undo(_log(passed, from_row), ADA)
    assert plan is not None and plan.alone


def test_the_cards_drawn_to_explore_are_a_reveal() -> None:
    """Explore (p.12): the drawn Empire cards are seen by the explorer only."""
    state = new_game(2)
    state.round = 2
    moves = _moves(state, Citizen(rank=1), Place(space=Space.EXPLORE), Explore(mode="deck"))
    plan = plan_undo(_log(*moves), ADA)
    assert plan is not None and not plan.alone


def test_the_three_districts_of_expand_plus_are_a_reveal() -> None:
    """Expand+ (p.14): the player draws the top three District cards, two of them face down."""
    state = new_game(2, expand_plus=True)
    state.players[0].knowledge = 1
    moves = _moves(state, Citizen(rank=1), Place(space=Space.EXPAND), ExpandPay(currency="knowledge"))
    seen = [e for e in moves[-1] if e.message.key.endswith(".expand_seen")]
    assert len(seen) == 1 and seen[0].reveals and seen[0].visible_to == frozenset({0})
    plan = plan_undo(_log(*moves), ADA)
    assert plan is not None and not plan.alone
