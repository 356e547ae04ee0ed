"""The terminal client plays a whole game through the table service, fed from stdin."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.local import CLEAR, Terminal, main, parse_seats, write_pictures
from bot.service import Outcome, Picture, TableService
from rules import registry
from storage.sqlite import SqliteRepository
from tests.fixtures.sealed_bid import ENGINE
from tests.local.terminal import run

ROOT = Path(__file__).resolve().parents[2]

def test_help_works_from_the_shell() -> None:
    done = subprocess.run([sys.executable, "-m", "bot.local", "--help"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0
    assert "--seats" in done.stdout and "--game" in done.stdout


def test_a_scripted_game_against_a_bot_is_played_to_the_end(tmp_path: Path) -> None:
    # Three rounds: bid 0 (a bounded number), then take the first token (a numbered menu).
    code, shown = run(["--seats", "Ada,bot", "--seed", "3"], "0\n1\n" * 3)
    assert code == 0, shown
    assert shown.count("=== Ada (seat 1) ===") == 6
    assert "The game is over." in shown
    assert "Ada: " in shown and "rank 1" in shown


def test_bad_answers_are_asked_again_within_bounds() -> None:
    answers = "seven\n9\n0\n0\n1\n" + "0\n1\n" * 2
    code, shown = run(["--seats", "Ada,bot", "--seed", "3"], answers)
    assert code == 0, shown
    assert shown.count("a number from 0 to 5") == 2  # "seven", then 9
    assert "a number from 1 to" in shown  # 0 is not a menu entry


def test_two_people_share_the_keyboard_and_see_only_their_own_secrets(tmp_path: Path) -> None:
    # Ada takes the keyboard (Enter) and bids 2; afterwards the lines are Enter for a hand-over,
    # "0" (a bid) or "1" (the first of a menu), each asked again where it is not an answer.
    answers = "\n2\n" + "\n0\n1\n" * 40
    code, shown = run(["--seats", "Ada,Bo", "--seed", "4", "--db", str(tmp_path / "g.db")],
                      answers)
    assert code == 0, shown
    before_bo, bo_turn = shown.split("=== Bo (seat 2) ===", 1)
    assert "(only you) sealed.your_bid(coins=2)" in before_bo
    assert "your_bid(coins=2)" not in bo_turn.split("===")[0]
    ada_secret, handed = before_bo.rsplit(CLEAR + "Pass the keyboard to Bo, then press Enter.", 1)
    assert "sealed.your_bid(coins=2)" in ada_secret
    assert handed.startswith("\n" + CLEAR), "the screen is cleared again once Bo has the keyboard"
    assert "The game is over." in shown


def test_the_game_is_kept_in_the_database_file(tmp_path: Path) -> None:
    db = tmp_path / "kept.db"
    code, _ = run(["--seats", "Ada,bot", "--seed", "3", "--db", str(db)], "0\n1\n" * 3)
    assert code == 0

    async def finished() -> str:
        repo = await SqliteRepository.open(db)
        try:
            table = await repo.get_table(1)
            assert table is not None
            return table.status
        finally:
            await repo.close()

    import asyncio

    assert asyncio.run(finished()) == "finished"


def test_greek_output_uses_the_greek_catalogue() -> None:
    code, shown = run(["--seats", "Ada,bot", "--seed", "3", "--lang", "el"], "0\n1\n" * 3)
    assert code == 0
    assert "Το παιχνίδι τελείωσε." in shown


def test_quitting_stops_with_a_non_zero_status() -> None:
    code, shown = run(["--seats", "Ada,bot", "--seed", "3"], "q\n")
    assert code == 1 and "Stopped" in shown


def test_input_running_out_stops_the_game() -> None:
    code, _ = run(["--seats", "Ada,bot", "--seed", "3"], "0\n")
    assert code == 1


def test_undo_at_a_prompt_is_refused_in_words_when_there_is_nothing_to_take_back() -> None:
    code, shown = run(["--seats", "Ada,bot", "--seed", "3"], "u\n" + "0\n1\n" * 3)
    assert code == 0, shown
    assert "! You have no move to take back." in shown


def test_a_table_of_bots_only_is_refused() -> None:
    code, _ = run(["--seats", "bot,bot"], "")
    assert code == 2


def test_seats_parse_people_and_bot_kinds() -> None:
    assert parse_seats("Ada, bot,bot:random") == [("Ada", None), ("bot", "greedy"), ("bot", "random")]
    with pytest.raises(ValueError):
        parse_seats("Ada,,bot")


async def test_pictures_are_written_for_the_board_and_a_seat(tmp_path: Path) -> None:
    registry.register(ENGINE)
    repo = await SqliteRepository.open(tmp_path / "p.db")
    try:
        service = TableService(repo)
        table = await service.create_table("sealed_bid", 0, 0, 1, "Ada")
        await service.join(table.id, 2, "Bo")
        started = await service.start(table.id, 1, seed=1, shuffle_seats=False)
        seen: list[tuple[str, object, object]] = []
        renderer = SimpleNamespace(
            render_board=lambda view, names: seen.append(("board", view, names)) or b"board-png",
            render_private=lambda view, seat, names: seen.append((f"seat{seat}", view, names)) or b"seat-png",
        )
        outcome = Outcome(table=started.table, pictures=[Picture(None), Picture(1)])
        paths = await write_pictures(service, outcome, renderer, tmp_path / "out")  # type: ignore[arg-type]
        assert [p.name for p in paths] == ["table1-0000-board.png", "table1-0000-seat2.png"]
        assert [p.read_bytes() for p in paths] == [b"board-png", b"seat-png"]
        board_view, private_view = seen[0][1], seen[1][1]
        assert all(p.card is None for p in board_view.players)  # type: ignore[attr-defined]
        assert private_view.players[1].card is not None  # type: ignore[attr-defined]
        assert seen[0][2] == seen[1][2] == ("Ada", "Bo")  # the pictures name the players
    finally:
        await repo.close()


def test_each_option_is_printed_with_what_it_costs_and_gives_after_its_label() -> None:
    out = io.StringIO()
    code = main(["--game", "ancient_world", "--seats", "Ada,bot", "--seed", "3", "--out", ""],
                stdin=io.StringIO(""), stdout=out)
    assert code != 0  # the input ran out at the first prompt
    menu = [line for line in out.getvalue().splitlines() if line.startswith("  ") and ". " in line]
    assert menu
    assert all(" — " in line for line in menu)


def test_a_table_option_is_given_with_option_name_value() -> None:
    # Three starting coins instead of five: a bid of 9 is refused within the option's bound.
    answers = "9\n" + "0\n1\n" * 3
    code, shown = run(["--seats", "Ada,bot", "--seed", "3", "--option", "starting_coins=3"],
                      answers)
    assert code == 0, shown
    assert "a number from 0 to 3" in shown


def test_a_bad_option_is_refused_in_words_before_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, shown = run(["--seats", "Ada,bot", "--option", "starting_coins"], "")
    assert code == 2 and shown == ""
    assert "name=value" in capsys.readouterr().err
    code, shown = run(["--seats", "Ada,bot", "--option", "no_such_option=1"], "")
    assert code == 2 and shown == ""
    assert "no_such_option" in capsys.readouterr().err


def test_help_lists_the_bot_kinds_of_every_game_and_the_option_flag() -> None:
    done = subprocess.run([sys.executable, "-m", "bot.local", "--help"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and "--option NAME=VALUE" in done.stdout
    for gid in registry.available():
        kinds = ", ".join(f"bot:{kind}" for kind in registry.get(gid).bots())
        assert f"  {gid}: {kinds}" in done.stdout


def test_each_turn_shows_the_undo_and_quit_keys_in_the_players_language() -> None:
    code, shown = run(["--seats", "Ada,bot", "--seed", "3"], "q\n")
    assert code == 1 and "`u` takes back your last move, `q` stops here" in shown
    code, shown = run(["--seats", "Ada,bot", "--seed", "3", "--lang", "el"], "q\n")
    assert code == 1 and "`u` αναιρεί την τελευταία σας κίνηση, `q` σταματά εδώ" in shown


def test_a_question_mark_and_a_name_tells_what_the_card_is_and_asks_again() -> None:
    out = io.StringIO()
    code = main(["--game", "ancient_world", "--seats", "Ada,bot", "--seed", "1", "--out", ""],
                stdin=io.StringIO("? aqueduct\n? ΥΔΡΑΓΩΓΕΙΟ\nq\n"), stdout=out)
    shown = out.getvalue()
    assert code == 1, shown
    assert "Aqueduct · Empire card, deck A" in shown
    assert "deck, cost in coins, banners: designed for this bot" in shown
    assert "No card or tile of The Ancient World is called “ΥΔΡΑΓΩΓΕΙΟ”." in shown
    assert shown.count("> ") == 3, "the prompt is asked again after each look-up"


def test_a_question_mark_in_greek_answers_in_greek() -> None:
    out = io.StringIO()
    code = main(["--game", "praetor", "--seats", "Ada,bot", "--seed", "1", "--out", "", "--lang", "el"],
                stdin=io.StringIO("? αγορα\nq\n"), stdout=out)
    shown = out.getvalue()
    assert code == 1, shown
    assert "Αγορά · πλακίδιο πόλης με πράσινη θέση ενεργοποίησης" in shown
    assert "τιμές σχεδιασμένες για το bot" in shown


def test_parts_are_asked_one_after_another_and_played_together_a_refused_one_asked_again() -> None:
    """Sealed Parts: the take is a menu of parts (one slot past the market is refused by the
    engine); the parts entry comes after the options, its menu is asked next, and a refusal is
    told and the prompt asked again."""
    out = io.StringIO()
    answers = "0\n2\n5\n2\n1\n" + "0\n2\n1\n" * 2  # round 1: slot 5 is past the market, then slot 1
    code = main(["--engine", "tests.fixtures.sealed_bid:PARTS_ENGINE", "--out", "", "--game", "sealed_parts",
                 "--seats", "Ada,bot", "--seed", "3"], stdin=io.StringIO(answers), stdout=out)
    registry.unregister("sealed_parts")
    shown = out.getvalue()
    assert code == 0, shown
    assert "  2. sealed.choose" in shown and "    5. sealed.take(slot=5, value=0)" in shown
    assert shown.count("! There is no token 4 in the market.") == 1
    assert "sealed.took(seat=Ada, value=" in shown
    assert "The game is over." in shown


def test_a_part_with_a_default_is_answered_by_enter() -> None:
    from rules.core import Choice, Part, msg

    lines: list[str] = []
    client = SimpleNamespace(
        say=lines.append,
        words=lambda m: m.key,
        t=lambda key, **params: f"{key}:{params['label'].text}",
        _ask=lambda question: "",
        _number=lambda text, low, high: int(text),
    )
    part = Part(label=msg("part.cell"), default=1, choices=tuple(
        Choice(values={"x": i}, label=msg(f"cell.{i}")) for i in range(3)))
    assert Terminal._part(client, part) == 1  # type: ignore[arg-type]
    assert lines[0] == "  part.cell service.terminal_default:cell.1"
