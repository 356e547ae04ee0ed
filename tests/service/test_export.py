"""Dice you can check: the seed's commitment told at the start, the seed told at the end, and the
game record of ``/game export`` replayed by :mod:`rules.verify`."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot.service import NotStarted, Outcome, SeatPrompt, TableService
from rules import registry
from rules.core import CHAPTER
from rules.core.messages import MESSAGE
from rules.verify import GameRecord, commitment, main, verify
from tests.service.conftest import ADA, BO, CHANNEL, CY, GUILD

TITLES = ["rftg", "ancient_world", "praetor", "patchistory"]


def a_choice(prompt: SeatPrompt, rng: random.Random) -> object:
    """Any answer of the prompt but a way through it (Back, Start over)."""
    options = [o.action for o in prompt.prompt.options if not o.navigation]
    number = prompt.prompt.number
    if number is not None and (not options or rng.random() < 0.5):
        return number.action(rng.randint(number.low, number.high))
    return rng.choice(options or [o.action for o in prompt.prompt.options])


async def started(service: TableService, game_id: str, people: list[tuple[int, str]], seed: int,
                  bots: int = 0) -> tuple[int, Outcome]:
    table = await service.create_table(game_id, GUILD, CHANNEL, *people[0], {})
    for user_id, name in people[1:]:
        await service.join(table.id, user_id, name)
    engine = registry.get(game_id)
    for _ in range(max(bots, engine.info.min_players - len(people))):
        await service.add_bot(table.id, people[0][0], "random")
    return table.id, await service.start(table.id, people[0][0], seed=seed, shuffle_seats=False)


async def play(service: TableService, table_id: int, people: list[int], rng: random.Random,
               moves: int = 5000) -> Outcome | None:
    """Random answers for ``people`` for at most ``moves`` moves; the last outcome."""
    last = None
    for _ in range(moves):
        if (await service.table(table_id)).status != "active":
            break
        for user_id in people:
            prompt = await service.prompt_for(table_id, user_id)
            if prompt is not None:
                last = await service.act(table_id, user_id, a_choice(prompt, rng), expected_seq=prompt.seq)
                break
    return last


def keys(outcome: Outcome) -> list[str]:
    return [line.message.key for line in outcome.public]


@pytest.fixture
def whole_games(service: TableService) -> TableService:
    service.snapshot_every = 50
    return service


@pytest.mark.parametrize("game_id", TITLES)
async def test_a_finished_game_of_each_title_replays_from_its_record(
    whole_games: TableService, game_id: str, tmp_path: Path
) -> None:
    table_id, _ = await started(whole_games, game_id, [(ADA, "Ada")], seed=11)
    last = await play(whole_games, table_id, [ADA], random.Random(game_id))
    assert last is not None and last.finished
    record = await whole_games.export(table_id, ADA)
    assert record.seed == 11 and record.status == "finished" and record.result is not None
    verdict = verify(record)
    assert verdict.ok, verdict.problems
    assert verdict.actions == len(record.actions) > 0 and verdict.events > 0
    path = tmp_path / "record.json"
    path.write_text(record.model_dump_json())
    assert main([str(path)]) == 0


async def test_the_thread_is_told_the_commitment_at_the_start_and_the_seed_at_the_end(
    whole_games: TableService,
) -> None:
    table_id, start = await started(whole_games, "praetor", [(ADA, "Ada")], seed=123)
    told = next(line.message for line in start.public if line.message.key == "service.seed_committed")
    digest = commitment("praetor", table_id, 123)
    assert json.loads(MESSAGE.dump_json(told).decode())["params"]["commitment"]["text"] == digest
    assert "123" not in MESSAGE.dump_json(told).decode()
    last = await play(whole_games, table_id, [ADA], random.Random(1))
    assert last is not None and last.finished
    revealed = next(line.message for line in last.public if line.message.key == "service.seed_revealed")
    params = json.loads(MESSAGE.dump_json(revealed))["params"]
    assert params["seed"]["text"] == "123" and params["commitment"]["text"] == digest


async def test_a_changed_roll_is_caught(whole_games: TableService) -> None:
    table_id, _ = await started(whole_games, "rftg", [(ADA, "Ada")], seed=5)
    await play(whole_games, table_id, [ADA], random.Random(2))
    record = await whole_games.export(table_id, ADA)
    rolled = next(a for a in record.actions if any(e.data for e in a.events))
    event = next(e for e in rolled.events if e.data)
    event.data = {**event.data, "changed": 1}
    verdict = verify(record)
    assert verdict.checked and not verdict.ok
    assert verdict.problems == [f"move {rolled.seq}: what the table was told is not what the seed gives"]


async def test_a_record_written_before_rounds_opened_chapters_still_verifies(
    whole_games: TableService,
) -> None:
    table_id, _ = await started(whole_games, "rftg", [(ADA, "Ada")], seed=5)
    await play(whole_games, table_id, [ADA], random.Random(2))
    record = await whole_games.export(table_id, ADA)
    marked = [e for a in record.actions for e in a.events if CHAPTER in e.data]
    assert marked, "no round of the game opened a chapter"
    for event in marked:
        event.data = {k: v for k, v in event.data.items() if k != CHAPTER}
    verdict = verify(record)
    assert verdict.ok, verdict.problems


async def test_another_seed_than_the_one_committed_to_is_caught(whole_games: TableService) -> None:
    table_id, _ = await started(whole_games, "praetor", [(ADA, "Ada")], seed=5)
    await play(whole_games, table_id, [ADA], random.Random(3))
    record = await whole_games.export(table_id, ADA)
    record.commitment = commitment("praetor", table_id, 6)
    assert "the seed does not match the commitment shown when the table started" in verify(record).problems


async def test_a_changed_result_is_caught(whole_games: TableService) -> None:
    table_id, _ = await started(whole_games, "praetor", [(ADA, "Ada")], seed=5)
    await play(whole_games, table_id, [ADA], random.Random(4))
    record = await whole_games.export(table_id, ADA)
    assert record.result is not None
    record.result = {**record.result, "ranks": {k: 1 for k in record.result["ranks"]}}
    assert verify(record).problems == ["the recorded result is not the replay's"]


async def test_a_move_the_seat_did_not_owe_is_caught(whole_games: TableService) -> None:
    table_id, _ = await started(whole_games, "praetor", [(ADA, "Ada")], seed=5)
    await play(whole_games, table_id, [ADA], random.Random(5))
    record = await whole_games.export(table_id, ADA)
    first = record.actions[0]
    first.seat = (first.seat + 1) % len(record.seats)
    verdict = verify(record)
    assert verdict.problems and verdict.problems[0].startswith(f"move {first.seq} by seat {first.seat + 1}")


async def test_a_record_in_progress_holds_no_seed_and_no_other_seats_secrets(
    whole_games: TableService,
) -> None:
    table_id, _ = await started(whole_games, "rftg", [(ADA, "Ada"), (BO, "Bo")], seed=9)
    await play(whole_games, table_id, [ADA, BO], random.Random(6), moves=12)
    assert (await whole_games.table(table_id)).status == "active"
    record = await whole_games.export(table_id, ADA)
    assert record.seed is None and record.result is None and record.reader == 0
    assert {a.seat for a in record.actions} == {0, 1}
    assert all(a.action is None for a in record.actions if a.seat == 1)
    assert all(a.action is not None for a in record.actions if a.seat == 0)
    told = [e for a in record.actions for e in a.events]
    assert any(e.visible_to == [0] for e in told)
    assert all(e.visible_to is None or e.visible_to == [0] for e in told)
    verdict = verify(record)
    assert not verdict.checked and "the seed is not in the record" in verdict.problems[0]


async def test_a_spectators_record_in_progress_holds_only_public_events(whole_games: TableService) -> None:
    table_id, _ = await started(whole_games, "rftg", [(ADA, "Ada"), (BO, "Bo")], seed=9)
    await play(whole_games, table_id, [ADA, BO], random.Random(6), moves=12)
    record = await whole_games.export(table_id, CY)
    assert record.reader is None and record.seed is None
    assert all(a.action is None for a in record.actions)
    assert all(e.visible_to is None for a in record.actions for e in a.events)


async def test_a_table_in_the_lobby_has_no_record(whole_games: TableService) -> None:
    table = await whole_games.create_table("praetor", GUILD, CHANNEL, ADA, "Ada", {})
    with pytest.raises(NotStarted):
        await whole_games.export(table.id, ADA)


def test_a_file_that_is_no_record_is_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "nothing.json"
    path.write_text('{"game": "rftg"}')
    assert main([str(path)]) == 2
    assert "is not a game record" in capsys.readouterr().err


def test_a_record_keeps_its_format_through_json() -> None:
    record = GameRecord(game="praetor", title="Praetor", rules_version=1, table=1, status="finished",
                        options={}, seats=[], commitment="00", actions=[])
    assert GameRecord.model_validate_json(record.model_dump_json()) == record
