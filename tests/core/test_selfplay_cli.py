"""`python -m rules.selfplay`: a summary line per player count, non-zero on failure."""

import subprocess
import sys

FIXTURE = "tests.fixtures.sealed_bid:ENGINE"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rules.selfplay", *args],
                          capture_output=True, text=True, timeout=120)


def test_help_works() -> None:
    done = run("--help")
    assert done.returncode == 0 and "--games" in done.stdout


def test_plays_and_prints_one_line_per_player_count() -> None:
    done = run("--game", "sealed_bid", "--engine", FIXTURE, "--games", "3", "--seed", "4")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert [line.split("[")[-1] for line in lines] == ["2 players]", "3 players]", "4 players]"]
    assert all("3 games" in line and "actions/s" in line for line in lines)


def test_unknown_game_says_so_and_fails() -> None:
    done = run("--game", "chess")
    assert done.returncode != 0 and "No game 'chess'" in done.stderr


def test_unknown_bot_is_refused() -> None:
    done = run("--game", "sealed_bid", "--engine", FIXTURE, "--bots", "genius", "--players", "2")
    assert done.returncode == 2 and "no bot 'genius'" in done.stderr
