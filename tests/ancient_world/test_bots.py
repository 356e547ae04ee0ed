"""The bots: both can take a seat, and the greedy one beats the random one."""

from __future__ import annotations

from rules.ancient_world import ENGINE
from rules.ancient_world.actions import Attack, Back, Citizen, Place
from rules.ancient_world.bots import GreedyBot, evaluate
from rules.ancient_world.state import Space
from rules.core import Rng
from rules.core.conformance import check_games

from .helpers import CONTENT, new_game, play, put_titan_on_top


def test_the_engine_offers_random_and_greedy() -> None:
    assert set(ENGINE.bots()) == {"random", "greedy"}


def test_greedy_beats_random_over_seeded_games() -> None:
    summary = check_games(ENGINE, players=2, games=4, seed=21, bots="greedy,random", every_option=False,
                          secrets_every=25)
    assert summary.wins.get("greedy", 0) >= 3


def test_greedy_keeps_the_contract_in_a_full_game() -> None:
    summary = check_games(ENGINE, players=3, games=1, seed=4, bots="greedy", every_option=False,
                          secrets_every=10)
    assert summary.games == 1


def test_greedy_never_backs_out_of_a_choice() -> None:
    state = new_game(2)
    state, _ = play(state, 0, Citizen(rank=1))
    prompt = ENGINE.pending(state)[0]
    assert GreedyBot().choose(ENGINE, state, 0, prompt, Rng.from_seed(1)) != Back()


def test_greedy_attacks_a_titan_it_can_beat_cheaply() -> None:
    state = new_game(2)
    state.players[0].conscription = 6
    deck = put_titan_on_top(state, "sea_leviathan")
    prompt = ENGINE.pending(state)[0]
    assert GreedyBot().choose(ENGINE, state, 0, prompt, Rng.from_seed(1)) == Attack(deck=deck, armies=(0,))


def test_evaluate_prefers_more_banners() -> None:
    state = new_game(2)
    before = evaluate(CONTENT, state, 0)
    state.players[0].titans.append("mud_golem")
    assert evaluate(CONTENT, state, 0) > before


def test_greedy_work_is_better_than_nothing() -> None:
    state = new_game(2)
    worked, _ = play(state, 0, Citizen(rank=1), Place(space=Space.WORK))
    assert evaluate(CONTENT, worked, 0) > evaluate(CONTENT, state, 0)
