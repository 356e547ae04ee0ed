"""The bot benchmark (``python -m bench bot``) runs end to end on a tiny load and reports every
figure. The figures themselves are never asserted: they belong to the benchmark's report."""

from __future__ import annotations

from pathlib import Path

from bench import bot as bench_bot

FIGURES = {
    "interactions",
    "interactions_per_s",
    "ack_p50_ms",
    "ack_p99_ms",
    "followup_p50_ms",
    "followup_p99_ms",
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
    assert figures["picture_followups"] >= 2, "table 0 plays a game with pictures"
    assert 0 < figures["ack_p50_ms"] <= figures["followup_p50_ms"]
    assert figures["rss_mib"] > 0
