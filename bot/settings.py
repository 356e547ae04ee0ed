"""Where the bot's settings come from: the environment or a ``.env`` file (pydantic-settings).

Every setting is listed, with a comment, in ``.env.example``. The ``DISCORD_API_BASE``,
``DISCORD_GATEWAY_URL``, ``AGORA_CLOCK_FILE`` and ``AGORA_EXTRA_GAMES`` settings are testing hooks:
they repoint discord.py at a local fake Discord, let a test move the clock, and seat extra games.
Leave them unset in production.
"""

from __future__ import annotations

import socket
from datetime import UTC, datetime, timedelta
from pathlib import Path

from pydantic import AliasChoices, Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """The bot's configuration."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    discord_token: SecretStr | None = None
    """The bot user's token (Discord developer portal → your application → Bot → Reset Token)."""
    database_url: str = "sqlite:///./data/agora.db"
    """Where tables, seats, the action log and reminders are kept."""
    dev_guild_id: int | None = None
    """Sync commands to this one server only (instant), instead of globally (can take up to an hour)."""
    log_level: str = "INFO"
    """Python logging level: DEBUG, INFO, WARNING, ERROR."""
    default_locale: str = "en"
    """Language for readers whose Discord locale has no catalogue ("en" or "el")."""
    open_tables_per_user: int = Field(25, ge=0)
    """Most open tables (in the lobby or playing) one user may sit at; 0 for no limit."""
    open_tables_per_server: int = Field(500, ge=0)
    """Most open tables one server may have; 0 for no limit."""
    shard_count: int | None = Field(None, ge=1)
    """How many shards the bot's gateway connection is split into, over all its processes (Discord
    requires sharding above 2,500 servers). Unset: as many as Discord recommends, all in this process."""
    shard_ids: str = ""
    """The shards this process runs, e.g. ``0,1`` or ``2-3`` (needs ``SHARD_COUNT``). Unset: all."""
    lease_seconds: float = Field(300.0, gt=0, validation_alias=AliasChoices("AGORA_LEASE_SECONDS",
                                                                             "lease_seconds"))
    """How long a process holds a reminder or a table's recovery before another process on the same
    database may take it over (only matters with several processes)."""
    content_dir: Path | None = None
    """A folder of owners' corrections to game content (``<content_dir>/<game id>/``)."""
    discord_api_base: str | None = None
    """Testing hook: REST base URL, e.g. ``http://127.0.0.1:8080/api/v10``."""
    discord_gateway_url: str | None = None
    """Testing hook: gateway websocket URL, e.g. ``ws://127.0.0.1:8080/gateway``."""
    clock_file: Path | None = Field(None, validation_alias=AliasChoices("AGORA_CLOCK_FILE", "clock_file"))
    """Testing hook: a file holding a number of seconds added to the real clock (read at every tick)."""
    clock_offset: float = Field(0.0, validation_alias=AliasChoices("AGORA_CLOCK_OFFSET", "clock_offset"))
    """Testing hook: seconds added to the real clock when no clock file is set."""
    reminder_poll_seconds: float = Field(
        60.0, validation_alias=AliasChoices("AGORA_REMINDER_POLL_SECONDS", "reminder_poll_seconds")
    )
    """Longest sleep of the reminder scheduler between looks at the clock."""
    extra_games: str = Field("", validation_alias=AliasChoices("AGORA_EXTRA_GAMES", "extra_games"))
    """Testing hook: comma-separated ``module:ATTRIBUTE`` engines to register besides the shipped games."""
    seed: int | None = Field(None, validation_alias=AliasChoices("AGORA_SEED", "seed"))
    """Testing hook: tables started get the seeds ``seed``, ``seed + 1``, ... instead of random ones."""
    guild_ready_timeout: float = Field(
        2.0, validation_alias=AliasChoices("AGORA_GUILD_READY_TIMEOUT", "guild_ready_timeout")
    )
    """Seconds discord.py waits for more servers before it calls itself ready (tests use 0.05)."""


    @field_validator("shard_ids")
    @classmethod
    def _shard_ids_parse(cls, value: str) -> str:
        parse_shard_ids(value)
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        ids = parse_shard_ids(self.shard_ids)
        if ids and self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (the number of shards over every process)")
        count = self.shard_count
        if ids and count is not None and max(ids) >= count:
            raise ValueError(f"SHARD_IDS {self.shard_ids!r} names a shard beyond SHARD_COUNT={count}"
                             f" (shards are numbered 0 to {count - 1})")
        return self

    @property
    def shards(self) -> list[int] | None:
        """The shard ids this process runs (``None``: all)."""
        return parse_shard_ids(self.shard_ids) or None

    @property
    def process_name(self) -> str:
        """This process's name on the leases of timed jobs: its host and its shards, so that a
        restarted process takes back at once what it held before it stopped."""
        return f"{socket.gethostname()}:shards {self.shard_ids or 'all'}"


def parse_shard_ids(text: str) -> list[int]:
    """``"0,2-3"`` → ``[0, 2, 3]`` (sorted, each once); ``""`` → ``[]``.

    :raises ValueError: anything else.
    """
    ids: set[int] = set()
    for part in filter(None, (p.strip() for p in text.split(","))):
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ValueError(f"SHARD_IDS {text!r}: expected shard numbers like 0,1 or 0-3")
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise ValueError(f"SHARD_IDS {text!r}: the range {part} runs backwards")
        ids.update(range(first, last + 1))
    return sorted(ids)


class Clock:
    """Aware UTC time, shifted by a fixed offset or by the number in a clock file (testing hook)."""

    def __init__(self, offset: float = 0.0, file: Path | None = None) -> None:
        self._offset = offset
        self._file = file

    @classmethod
    def from_settings(cls, settings: Settings) -> Clock:
        return cls(settings.clock_offset, settings.clock_file)

    def offset(self) -> float:
        """Seconds added to the real time now."""
        if self._file is None:
            return self._offset
        try:
            return float(self._file.read_text().strip() or 0)
        except (OSError, ValueError):
            return self._offset

    def now(self) -> datetime:
        return datetime.now(UTC) + timedelta(seconds=self.offset())


def extra_game_items(spec: str) -> list[tuple[str, str]]:
    """The (module, attribute) pairs an ``AGORA_EXTRA_GAMES`` spec names (``module:ATTR,...``;
    the attribute ``ENGINE`` when left out)."""
    items = [item.strip() for item in spec.split(",") if item.strip()]
    return [(module, attr or "ENGINE") for module, _, attr in (item.partition(":") for item in items)]
