"""Seeded bot games keep the engine contract at every step (rules.core.conformance)."""

from __future__ import annotations

import pytest

from rules.core.conformance import check_games
from rules.praetor import ENGINE


@pytest.mark.parametrize("players", [2, 3])
def test_random_games_keep_the_contract_checking_every_option(players: int) -> None:
    summary = check_games(ENGINE, players=players, games=1, seed=players, forced_answers_played=True)
    assert summary.games == 1


@pytest.mark.parametrize("players", [4, 5])
def test_random_games_keep_the_contract_at_four_and_five_players(players: int) -> None:
    summary = check_games(ENGINE, players=players, games=1, seed=40 + players, every_option=False,
                          secrets_every=7, forced_answers_played=True)
    assert summary.games == 1


def test_variants_keep_the_contract() -> None:
    options = {"expert": True, "hard": True, "special_actions_without_workers": True,
               "boards": ["B1", "B3", "B5"]}
    summary = check_games(ENGINE, players=3, games=1, seed=9, options=options, every_option=False,
                          bots="greedy,random", forced_answers_played=True)
    assert summary.games == 1


def test_the_selfplay_command_plays_praetor(capsys: pytest.CaptureFixture[str]) -> None:
    from rules.selfplay import main

    assert main(["--game", "praetor", "--games", "1", "--players", "2", "--fast", "--seed", "3"]) == 0
    assert "praetor: 1 games" in capsys.readouterr().out
