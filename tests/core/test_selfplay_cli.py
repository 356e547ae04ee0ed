"""`python -m rules.selfplay`: a summary line per player count, non-zero on failure."""

import re
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


def test_jobs_share_the_games_and_play_the_same_games() -> None:
    alone = run("--game", "sealed_bid", "--engine", FIXTURE, "--games", "6", "--players", "3")
    shared = run("--game", "sealed_bid", "--engine", FIXTURE, "--games", "6", "--players", "3",
                 "--jobs", "2")
    assert alone.returncode == 0 and shared.returncode == 0, shared.stderr
    progress = [line.strip() for line in shared.stderr.splitlines() if "games of 3 players" in line]
    assert len(progress) > 1 and progress[-1] == "6/6 games of 3 players"  # told batch by batch

    def figures(line: str) -> str:  # the line without its speed
        return re.sub(r"[\d,.]+ actions/s, ", "", line)

    assert figures(shared.stdout.strip()) == figures(alone.stdout.strip())


def test_jobs_below_one_are_refused() -> None:
    done = run("--game", "sealed_bid", "--engine", FIXTURE, "--jobs", "0")
    assert done.returncode == 2 and "--jobs must be at least 1" in done.stderr


def test_a_violation_in_a_worker_fails_the_run_with_its_seed() -> None:
    done = run("--game", "sealed_bid", "--engine", "tests.core.test_conformance:LEAKY_ENGINE",
               "--games", "8", "--players", "2", "--jobs", "2")
    assert done.returncode == 1
    assert "FAILED" in done.stderr and "seed" in done.stderr and "can see a secret" in done.stderr


def test_table_options_are_played_in_every_game() -> None:
    default = run("--game", "sealed_bid", "--engine", FIXTURE, "--games", "4", "--players", "2")
    poor = run("--game", "sealed_bid", "--engine", FIXTURE, "--games", "4", "--players", "2",
               "--option", "starting_coins=1", "--option", "market_size=2")
    shared = run("--game", "sealed_bid", "--engine", FIXTURE, "--games", "4", "--players", "2",
                 "--option", "starting_coins=1", "--option", "market_size=2", "--jobs", "2")
    assert default.returncode == poor.returncode == shared.returncode == 0, poor.stderr + shared.stderr
    scores = [line.split("winning score ")[1] for line in (default.stdout, poor.stdout, shared.stdout)]
    assert scores[1] == scores[2] != scores[0]


def test_an_unknown_or_malformed_option_is_refused() -> None:
    unknown = run("--game", "sealed_bid", "--engine", FIXTURE, "--option", "speed=9")
    assert unknown.returncode == 2 and "Unknown option 'speed'" in unknown.stderr
    malformed = run("--game", "sealed_bid", "--engine", FIXTURE, "--option", "market_size")
    assert malformed.returncode == 2 and "NAME=VALUE" in malformed.stderr
    out_of_range = run("--game", "sealed_bid", "--engine", FIXTURE, "--option", "market_size=99")
    assert out_of_range.returncode == 2 and "market_size" in out_of_range.stderr
