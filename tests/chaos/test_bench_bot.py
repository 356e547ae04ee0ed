"""The bot benchmark (``python -m bench bot``) runs end to end on a tiny load and reports every
figure. The figures themselves are never asserted: they belong to the benchmark's report."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import bot as bench_bot
from bench import common as bench_common
from tests.e2e.fakediscord import FakeUser

FIGURES = {
    "acting_tables",
    "interactions",
    "unanswered",
    "interactions_per_s",
    "ack_p50_ms",
    "ack_p99_ms",
    "followup_p50_ms",
    "followup_p99_ms",
    "click_followup_p50_ms",
    "click_followup_p99_ms",
    "picture_followups",
    "picture_p50_ms",
    "picture_p99_ms",
    "thread_lookup_play_p50_ms",
    "rss_mib",
    "rss_peak_mib",
    "startup_s",
}


async def test_the_bot_benchmark_times_every_interaction_of_every_player(tmp_path: Path) -> None:
    figures = await bench_bot.measure(2, tmp_path, bench_bot.picture_game())
    assert set(figures) == FIGURES
    assert figures["interactions"] == 2 * 2 * 2, "each of the 4 players opened a panel and answered it"
    assert figures["unanswered"] == 0
    assert figures["picture_followups"] >= 2, "table 0 plays a game with pictures"
    assert 0 < figures["ack_p50_ms"] <= figures["followup_p50_ms"]
    assert figures["rss_mib"] > 0


async def test_the_bot_benchmark_measures_two_shard_processes_on_postgresql(
    tmp_path: Path, postgres_url: str
) -> None:
    figures = await bench_bot.measure(2, tmp_path, bench_bot.picture_game(), postgres_url, processes=2)
    assert set(figures) == FIGURES
    assert figures["interactions"] == 2 * 2 * 2
    assert figures["rss_mib"] > 0


def test_at_most_the_acting_share_of_tables_act_spread_evenly() -> None:
    tables = [
        bench_bot.BenchTable(i, 1000 + i, (FakeUser("a"), FakeUser("b")), "sealed_bid") for i in range(500)
    ]
    chosen = bench_bot.acting(tables, most=200)
    assert [t.id for t in chosen[:3]] == [0, 3, 6]
    assert len(chosen) == 167
    assert bench_bot.acting(tables[:100], most=200) == tables[:100]


def test_each_size_is_reported_as_the_median_of_its_runs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    runs = [(5.0, 90.0), (1.0, 99.0), (3.0, 80.0)]
    figures = iter(
        [dict(dict.fromkeys(sorted(FIGURES), 1.0), ack_p50_ms=ack, rss_mib=rss) for ack, rss in runs]
    )

    async def measure(n: int, folder: Path, pictured: str, url: str | None = None, processes: int = 1,
                      *, late: bool = False) -> dict[str, float]:
        return next(figures)

    monkeypatch.setattr(bench_bot, "measure", measure)
    monkeypatch.setattr(bench_bot, "SETUPS", (bench_bot.Setup("sqlite"),))
    monkeypatch.setattr(bench_bot, "picture_game", lambda: "rftg")
    monkeypatch.setattr(bench_common, "RESULTS", tmp_path)
    reported = bench_bot.run(sizes=(2,), runs=3, late_sizes=())
    median = reported["sqlite x1/2_tables"]
    assert (median["ack_p50_ms"], median["rss_mib"]) == (3.0, 90.0)
    assert [r["ack_p50_ms"] for r in reported["sqlite x1/2_tables_each_run"]] == [5.0, 1.0, 3.0]
    assert (tmp_path / "bot.json").exists()


async def test_late_game_tables_are_copies_deep_in_the_shipped_games_each_with_its_own_players(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from bot.service import TableService
    from storage.sqlite import SqliteRepository
    from tests.chaos.fake import TimedDiscord

    monkeypatch.setattr(bench_bot, "LATE_MOVES", 30)
    monkeypatch.setattr(bench_bot, "MARGIN", 5)
    fake = TimedDiscord()
    tables = await bench_bot.populate_late(fake, tmp_path / "late.db", 5)
    assert len({t.game for t in tables}) == 4
    repo = await SqliteRepository.open(tmp_path / "late.db")
    try:
        service = TableService(repo)
        for t in tables:
            info = await service.table(t.id)
            assert info.thread_id == t.thread and info.seq > 0
            assert [s.user_id for s in info.seats] == [p.id for p in t.players]
            waiting = (await service.status(t.id)).waiting
            assert waiting and all(w.user_id in {p.id for p in t.players} for w in waiting)
            assert await service.prompt_for(t.id, waiting[0].user_id or 0) is not None
            snapshot = await repo.latest_snapshot(t.id)
            assert snapshot is None or snapshot.intact
    finally:
        await repo.close()
