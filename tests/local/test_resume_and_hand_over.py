"""The terminal client continues a game kept in ``--db``, and hands the keyboard over between two
people with the screen cleared, so one person's secrets never stay on screen for the next."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from bot.local import CLEAR, main
from tests.local.terminal import run

TO_THE_END = "0\n1\n" * 6
"""Against a bot: each prompt gets "0" (a bid) or "1" (the first of a menu) until the game ends."""


def stopped_game(db: Path, seed: int = 3) -> None:
    code, shown = run(["--seats", "Ada,bot", "--seed", str(seed), "--db", str(db)], "0\nq\n")
    assert code == 1, shown


def test_a_stopped_game_says_how_to_continue_it(tmp_path: Path) -> None:
    db = tmp_path / "kept.db"
    code, shown = run(["--seats", "Ada,bot", "--seed", "3", "--db", str(db)], "0\nq\n")
    assert code == 1
    assert f"The game is saved in {db}: continue it with `--db {db}` and no `--seats`." in shown


def test_a_game_in_the_file_is_continued_to_its_end(tmp_path: Path) -> None:
    db = tmp_path / "kept.db"
    stopped_game(db)
    code, shown = run(["--db", str(db)], TO_THE_END)
    assert code == 0, shown
    assert f"Games still being played in {db}:" in shown
    assert re.search(r"  1\. Sealed Bid: Ada, .+ \(\d+ moves so far\)", shown)
    assert "Table 1, Sealed Bid: the game goes on from where it stopped." in shown
    assert "The game is over." in shown


def test_the_continued_game_does_not_start_over(tmp_path: Path) -> None:
    db = tmp_path / "kept.db"
    stopped_game(db)
    _, fresh = run(["--seats", "Ada,bot", "--seed", "3", "--db", str(tmp_path / "new.db")], TO_THE_END)
    _, resumed = run(["--db", str(db)], TO_THE_END)
    assert fresh.count("=== Ada (seat 1) ===") == resumed.count("=== Ada (seat 1) ===") + 1
    assert "begins" not in resumed


def test_with_several_games_the_player_picks_one_by_number(tmp_path: Path) -> None:
    db = tmp_path / "kept.db"
    stopped_game(db, seed=3)
    stopped_game(db, seed=4)
    code, shown = run(["--db", str(db)], "7\n2\n" + TO_THE_END)
    assert code == 0, shown
    assert "  1. Sealed Bid" in shown and "  2. Sealed Bid" in shown
    assert "Which table do you continue (its number)?" in shown
    assert "There is no game still being played with the number 7." in shown
    assert "Table 2, Sealed Bid: the game goes on" in shown


def test_table_chooses_without_asking(tmp_path: Path) -> None:
    db = tmp_path / "kept.db"
    stopped_game(db, seed=3)
    stopped_game(db, seed=4)
    code, shown = run(["--db", str(db), "--table", "1"], TO_THE_END)
    assert code == 0, shown
    assert "Which table" not in shown and "Table 1, Sealed Bid: the game goes on" in shown


def test_a_file_whose_games_are_over_has_nothing_to_continue(tmp_path: Path) -> None:
    db = tmp_path / "done.db"
    assert run(["--seats", "Ada,bot", "--seed", "3", "--db", str(db)], TO_THE_END)[0] == 0
    code, shown = run(["--db", str(db)], "")
    assert code == 2 and f"No game in {db} is still being played." in shown


def test_continuing_without_a_file_is_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, shown = run(["--db", str(tmp_path / "missing.db")], "")
    assert code == 2 and shown == ""
    assert "There is no game file" in capsys.readouterr().err
    assert not (tmp_path / "missing.db").exists()


def screens(shown: str) -> list[str]:
    """What was on the screen between two clears."""
    return shown.split(CLEAR)


def test_between_two_people_the_screen_is_cleared_and_the_next_is_asked_to_take_the_keyboard() -> None:
    code, shown = run(["--seats", "Ada,Bo", "--seed", "4"], "\n2\n" + "\n0\n1\n" * 40)
    assert code == 0, shown
    assert "Pass the keyboard to Bo, then press Enter." in shown
    assert "Pass the keyboard to Ada, then press Enter." in shown
    for screen in screens(shown):
        turns = set(re.findall(r"=== (\w+) \(seat", screen))
        assert len(turns) <= 1, f"two people's turns on one screen: {screen}"
        if "(only you)" in screen:
            assert turns, f"a secret on a screen that is no one's turn: {screen}"
            assert screen.index("(only you)") > screen.index("==="), "a secret from before the turn"


def test_each_screen_ends_with_the_hand_over_before_the_next_person_reads() -> None:
    _, shown = run(["--seats", "Ada,Bo", "--seed", "4"], "\n2\n" + "\n0\n1\n" * 40)
    handovers = [s for s in screens(shown) if s.startswith("Pass the keyboard")]
    assert handovers and all(s.strip().count("\n") == 0 for s in handovers), "a hand-over shows nothing else"


def test_one_person_against_bots_keeps_the_screen() -> None:
    code, shown = run(["--seats", "Ada,bot", "--seed", "3"], TO_THE_END)
    assert code == 0 and CLEAR not in shown and "Pass the keyboard" not in shown


def test_the_hand_over_speaks_the_players_language() -> None:
    code, shown = run(["--seats", "Ada,Bo", "--seed", "4", "--lang", "el"], "\nq\n")
    assert code == 1
    assert "Δώστε το πληκτρολόγιο: Ada. Μετά πατήστε `Enter`." in shown
    assert "=== Ada (θέση 1) ===" in shown


def test_the_help_speaks_greek_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "el", "--help"])
    shown = capsys.readouterr().out
    assert "Παίξτε ένα παιχνίδι στο τερματικό" in shown
    assert "Τα είδη bot κάθε παιχνιδιού (μια θέση `bot` είναι `bot:greedy`):" in shown
    assert "python -m bot.local --db game.db" in shown


def test_a_bad_argument_is_refused_in_the_players_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run(["--seats", "Ada,bot", "--lang", "el", "--option", "starting_coins"], "")
    assert code == 2
    assert "σφάλμα: γράψτε μια επιλογή ως `name=value`, όχι starting_coins." in capsys.readouterr().err
    code, _ = run(["--seats", "Ada,,bot", "--lang", "el"], "")
    assert code == 2 and "σφάλμα: μια θέση δεν έχει όνομα στο Ada,,bot." in capsys.readouterr().err


def test_an_unknown_option_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run(["--seats", "Ada,bot", "--option", "no_such_option=1"], "")
    assert code == 2
    assert "error: Unknown option 'no_such_option' for Sealed Bid." in capsys.readouterr().err


def test_an_unknown_game_is_refused_with_the_games_there_are(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--game", "chess", "--seats", "Ada,bot", "--out", ""]
    code = main(args, stdin=io.StringIO(""), stdout=io.StringIO())
    assert code == 2
    assert "error: There is no game chess. Available: " in capsys.readouterr().err
