"""Shard settings: which shards this process runs, checked before the bot connects."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.settings import Settings, parse_shard_ids


def test_shard_ids_are_numbers_and_ranges() -> None:
    assert parse_shard_ids("0, 2-4,3") == [0, 2, 3, 4]
    assert parse_shard_ids("") == []


@pytest.mark.parametrize("text", ["a", "1-", "-1", "3-1", "0;1"])
def test_shard_ids_that_are_not_shard_numbers_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="SHARD_IDS"):
        parse_shard_ids(text)


def test_a_process_runs_the_shards_it_is_given() -> None:
    settings = Settings(shard_count=4, shard_ids="2-3")
    assert (settings.shard_count, settings.shards) == (4, [2, 3])
    assert settings.process_name.endswith(":shards 2-3")


def test_without_shard_settings_one_process_runs_every_shard() -> None:
    settings = Settings()
    assert (settings.shard_count, settings.shards) == (None, None)


def test_shard_ids_without_a_shard_count_are_refused() -> None:
    with pytest.raises(ValidationError, match="SHARD_IDS needs SHARD_COUNT"):
        Settings(shard_ids="0")


def test_a_shard_beyond_the_count_is_refused() -> None:
    with pytest.raises(ValidationError, match="numbered 0 to 1"):
        Settings(shard_count=2, shard_ids="1-2")


def test_the_client_is_sharded_as_the_settings_say() -> None:
    from bot.discord.client import AgoraClient

    client = AgoraClient(Settings(shard_count=2, shard_ids="1"))
    assert (client.shard_count, client.shard_ids) == (2, [1])
