"""The benchmark suites run and report figures (the figures themselves are never asserted)."""

import json
from dataclasses import replace
from pathlib import Path

import pytest

import bench.common
from bench import engines
from rules import registry
from tests.fixtures.sealed_bid import ENGINE


@pytest.fixture
def fixture_only(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(bench.common, "RESULTS", tmp_path)
    monkeypatch.setattr(registry, "available", lambda: ["sealed_bid"])
    registry.register(ENGINE)


def test_engine_suite_reports_every_player_count(fixture_only: None, tmp_path: Path) -> None:
    figures = engines.run(games=1, runs=1)
    assert set(figures) == {"sealed_bid/2p", "sealed_bid/3p", "sealed_bid/4p"}
    assert all(f["actions_per_s"] > 0 and f["state_json_bytes"] > 0 for f in figures.values())
    assert (tmp_path / "engines.json").is_file()


def test_a_report_names_the_machine_s_speed_by_a_fixed_workload(fixture_only: None, tmp_path: Path) -> None:
    engines.run(games=1, runs=1)
    reference = json.loads((tmp_path / "engines.json").read_text())["machine"]["reference_ms"]
    assert isinstance(reference, float) and reference > 0


def test_percentile_uses_nearest_rank() -> None:
    samples = [float(i) for i in range(1, 101)]
    assert bench.common.percentile(samples, 50) == 50.0
    assert bench.common.percentile(samples, 99) == 99.0


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_storage_suite_measures_every_figure(tmp_path: Path, backend: str,
                                                   request: pytest.FixtureRequest) -> None:
    from bench import storage

    if backend == "sqlite":
        figures = await storage.measure(lambda name: f"sqlite:///{tmp_path}/{name}.db", storage.sqlite_size,
                                        actions=60, tables=4, per_table=2)
    else:
        server = request.getfixturevalue("postgres_server")
        figures = await storage.measure(lambda _: server.new_database(), storage.postgres_size,
                                        actions=60, tables=4, per_table=2)
    assert set(figures) == {"commit_p50_ms", "commit_p99_ms", "load_ms", "db_bytes_per_1000_actions",
                            "concurrent_actions_per_s", "two_processes_actions_per_s"}
    assert figures["db_bytes_per_1000_actions"] > 0
    assert figures["two_processes_actions_per_s"] > 0


def test_decisions_suite_counts_every_prompt_of_seat_zero(fixture_only: None, tmp_path: Path) -> None:
    from bench import decisions

    counted = decisions.count_game(ENGINE, seed=101)
    rounds = 3
    assert counted.decisions + counted.forced == rounds * 2  # seat 0 bids and takes (or passes) each round
    assert counted.offered == counted.answers == rounds * 2
    figures = decisions.run(seeds=(101,))
    assert figures["sealed_bid"]["decisions_per_game"] == counted.decisions
    assert figures["sealed_bid"]["offered_answers"] == 1.0
    assert (tmp_path / "decisions.json").is_file()


def test_decisions_suite_tells_forced_prompts_apart(fixture_only: None) -> None:
    from bench import decisions
    from rules.core import Prompt, Seat
    from tests.fixtures.sealed_bid import Pass, SealedBid, State

    class PassOnly(SealedBid):
        def pending(self, state: State) -> dict[Seat, Prompt]:
            prompts = super().pending(state)
            for seat, prompt in prompts.items():
                if prompt.number is None:
                    only = tuple(o for o in prompt.options if o.action == Pass())
                    prompts[seat] = replace(prompt, options=only)
            return prompts

    counted = decisions.count_game(PassOnly(), seed=101)
    assert counted.forced == 3  # seat 0's one-option take of each round
    assert counted.decisions + counted.forced == 6


def test_decisions_suite_counts_a_move_no_option_offers_as_not_offered(fixture_only: None) -> None:
    from bench import decisions
    from rules.core import Bot, Prompt, Rng, Seat
    from tests.fixtures.sealed_bid import Bid, Pass, SealedBid, State, Take

    class FirstToken:
        name = "greedy"

        def choose(self, engine: object, state: object, seat: Seat, prompt: Prompt, rng: Rng) -> object:
            return Bid(coins=0) if prompt.number is not None else Take(token=0)

    class PassOnly(SealedBid):
        def pending(self, state: State) -> dict[Seat, Prompt]:
            prompts = super().pending(state)
            for seat, prompt in prompts.items():
                if prompt.number is None:
                    prompts[seat] = replace(prompt, options=tuple(
                        o for o in prompt.options if o.action == Pass()))
            return prompts

        def bots(self) -> dict[str, Bot]:
            return {**super().bots(), "greedy": FirstToken()}

    counted = decisions.count_game(PassOnly(), seed=101)
    assert counted.answers == 6
    assert counted.offered == 3  # the bids; each take was played without an option leading to it


def test_service_suite_times_a_click_at_each_log_length_and_a_startup(
    fixture_only: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bench import service

    monkeypatch.setattr(service, "LENGTHS", (2, 9, 41))
    monkeypatch.setattr(service, "RUNS", 1)
    monkeypatch.setattr(service, "MARGIN", 3)
    monkeypatch.setattr(service, "UNSETTLED_SAMPLE", 2)
    monkeypatch.setattr(service, "STARTUP_TABLES", 5)
    figures = service.run(games=("sealed_bid",))
    clicks = figures["sealed_bid"]
    # The sealed bid game ends after 11 moves: its logs of 9 and 41 entries grow with moves taken
    # back, to the length named exactly (the playthrough of 8 moves kept cut to 7: a move and its
    # undo are two entries).
    assert [clicks[str(n)]["log_length"] for n in (2, 9, 41)] == [2, 9, 41]
    assert clicks["9"]["moves_in_force"] == clicks["41"]["moves_in_force"] == 7
    assert all(clicks[str(n)]["cold_cpu_ms"] > 0 for n in (2, 9, 41)) and clicks["late_early_cold_cpu"] > 0
    assert figures["startup"]["tables"] == 5 and figures["floors"]["sqlite_commit_wall_ms"] > 0
    assert (tmp_path / "service.json").is_file()


async def test_fault_suite_tells_every_fault_and_loses_no_acknowledged_move(tmp_path: Path) -> None:
    from bench import faults
    from bot.discord.i18n import Words

    figures = await faults.measure(tmp_path)
    generic = Words("en").t("bot.internal_error")
    for name, f in figures.items():
        assert f["told"] and f["told"] != generic, name
        assert "fix:" in f["operator"] or name == "damaged_snapshot", name
    assert all(f["lost"] == 0 and f["went_on"] for n, f in figures.items() if n != "damaged_log_page")
    assert figures["disk_full"]["failed_move_wrote"] == 0
    assert figures["disk_full_after_commit"]["thread_told_after_repair"] > 0
    assert figures["damaged_snapshot"]["state_as_before"]
    assert figures["lock_held"]["status_answered_while_move_waited"]
    assert "--salvage" in figures["damaged_log_page"]["operator"]
    assert figures["damaged_log_page"]["salvaged_actions"] > 0


def test_render_suite_times_each_picture_drawn_again_and_after_a_move_beside_its_png_floor(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from bench import render as render_suite

    monkeypatch.setattr(bench.common, "RESULTS", tmp_path)
    monkeypatch.setattr(registry, "available", lambda: ["praetor"])
    monkeypatch.setattr(render_suite, "SEEDS", (7,))  # one picture each: its ratio is the median's
    figures = render_suite.run(repeats=1)
    kinds = {f"praetor/{stage}/{kind}/{when}" for stage in ("mid", "late") for kind in ("board", "private")
             for when in ("again", "after a move")}
    levels = {key for key in figures if key.startswith("level/")}
    assert set(figures) == kinds | levels | {"kept"} and len(levels) >= 2
    pictures = [figures[k] for k in kinds]
    assert all(f["encode_ms"] > 0 and f["floor_ms"] > 0 and f["pictures"] >= 1 for f in pictures)
    assert all(f["encode_ms"] <= f["p50_ms"] for f in pictures), "the encoding is part of each picture's time"
    # One picture each: its ratio is the ratio of its times (to the last bits of a float, the times
    # being stored in milliseconds and the ratio taken of the seconds).
    assert all(f["x_floor"] == pytest.approx(f["p50_ms"] / f["floor_ms"], rel=1e-12) for f in pictures)
    assert all(figures[k]["first_game_x_floor"] > 0 for k in kinds if k.endswith("after a move"))
    assert all(f["cpu_floor_ms"] > 0
               and f["x_floor_cpu"] == pytest.approx(f["cpu_p50_ms"] / f["cpu_floor_ms"], rel=1e-12)
               for f in pictures)
    assert all(figures[k]["ms_per_picture"] > 0 and figures[k]["kb_per_picture"] > 0 for k in levels)
    assert 0 < figures["kept"]["bytes"] <= figures["kept"]["budget"]
    assert (tmp_path / "render.json").is_file()
