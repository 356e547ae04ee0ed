"""The conformance kit passes a correct engine and catches each kind of contract breach."""

from dataclasses import replace

import pytest
from pydantic import BaseModel

from rules.core import Event, Prompt, Rng, Seat
from rules.core.conformance import ConformanceError, check_games
from tests.fixtures.sealed_bid import Pass, SealedBid, State, View


def test_correct_engine_passes_for_every_player_count() -> None:
    for players in (2, 3, 4):
        summary = check_games(SealedBid(), players=players, games=3, seed=11)
        assert summary.games == 3
        assert summary.actions == 3 * 3 * (players * 2)  # rounds × (one bid + one take) per seat


class LeakyView(SealedBid):
    def view(self, state: State, seat: Seat | None) -> View:
        view = super().view(state, seat)
        for p, player in zip(view.players, state.players, strict=True):
            p.card = player.card  # shows every hidden card
        return view


LEAKY_ENGINE = LeakyView()
"""For the selfplay command's tests."""


def test_a_view_that_shows_another_seats_secret_is_caught() -> None:
    with pytest.raises(ConformanceError, match="can see a secret of seat"):
        check_games(LeakyView(), players=2, games=1, seed=0)


class CrashOnTake(SealedBid):
    def play(self, state: State, seat: Seat, action: BaseModel) -> list[Event]:
        if getattr(action, "kind", "") == "take":
            raise IndexError("boom")
        return super().play(state, seat, action)  # type: ignore[arg-type]


def test_a_legal_option_that_raises_is_caught() -> None:
    with pytest.raises(ConformanceError, match="legal action"):
        check_games(CrashOnTake(), players=2, games=1, seed=0)


class SettlesStalePrompts(SealedBid):
    """Tells the prompt memo that the prompts from before the move are those after it."""

    def play(self, state: State, seat: Seat, action: BaseModel) -> list[Event]:
        before = self.pending(state)
        events = super().play(state, seat, action)  # type: ignore[arg-type]
        self.settled(state, before)
        return events


def test_prompts_remembered_for_a_state_that_are_not_its_own_are_caught() -> None:
    with pytest.raises(ConformanceError, match=r"prompts\(\) \(remembered for the state\) differ"):
        check_games(SettlesStalePrompts(), players=2, games=1, seed=0, every_option=False)


class UsesGlobalRandom(SealedBid):
    def play(self, state: State, seat: Seat, action: BaseModel) -> list[Event]:
        import random

        events = super().play(state, seat, action)  # type: ignore[arg-type]
        if state.market:
            state.market[0] = random.randint(1, 1000)
        return events


def test_an_engine_using_global_random_fails_replay() -> None:
    with pytest.raises(ConformanceError, match="replaying the action log"):
        check_games(UsesGlobalRandom(), players=2, games=1, seed=0, every_option=False)


class NeverEnds(SealedBid):
    def result(self, state: State) -> None:
        return None

    def pending(self, state: State):  # type: ignore[no-untyped-def]
        prompts = super().pending(state)
        if not prompts:
            state.over = False
        return prompts


def test_an_engine_with_prompts_but_no_result_is_caught() -> None:
    with pytest.raises(ConformanceError, match="result"):
        check_games(NeverEnds(), players=2, games=1, seed=0)


class VacuousScramble(SealedBid):
    def scramble(self, state: State, seat: Seat, rng: Rng) -> State:
        return state.model_copy(deep=True)


def test_a_scramble_that_changes_nothing_is_reported() -> None:
    with pytest.raises(ConformanceError, match="proved nothing"):
        check_games(VacuousScramble(), players=2, games=1, seed=0)


class OnlyPassForTheFirstTaker(SealedBid):
    """Offers the first seat to take a token in the game nothing but Pass."""

    def pending(self, state: State) -> dict[Seat, Prompt]:
        prompts = super().pending(state)
        if state.round == 1 and len(state.order) == len(state.players):
            seat = state.order[0]
            only = tuple(o for o in prompts[seat].options if o.action == Pass())
            prompts[seat] = replace(prompts[seat], options=only)
        return prompts


NO_FORCED_BID = 35
"""A seed over which the fixture game itself asks no question with a single answer (no seat
bids with no coins left): the single-answer check then finds only the question planted."""


def test_a_question_with_a_single_answer_is_caught() -> None:
    check_games(SealedBid(), players=2, games=1, seed=NO_FORCED_BID, forced_answers_played=True)
    with pytest.raises(ConformanceError, match=r"'sealed\.choose'.*single possible answer"):
        check_games(OnlyPassForTheFirstTaker(), players=2, games=1, seed=NO_FORCED_BID,
                    forced_answers_played=True)


def test_the_single_answer_check_is_off_unless_asked() -> None:
    check_games(OnlyPassForTheFirstTaker(), players=2, games=1, seed=NO_FORCED_BID)


class OwesTheFirstSeatOnly(SealedBid):
    """Says only the first seat owes a decision, also while every seat bids."""

    def owing(self, state: State) -> list[Seat]:
        return sorted(self.prompts(state))[:1]


def test_owing_that_disagrees_with_the_prompts_is_caught() -> None:
    with pytest.raises(ConformanceError, match="owing"):
        check_games(OwesTheFirstSeatOnly(), players=2, games=1, seed=0)
