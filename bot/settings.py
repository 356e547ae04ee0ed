"""Where the bot's settings come from: the environment or a ``.env`` file (pydantic-settings).

Every setting is listed, with a comment, in ``.env.example``. The ``DISCORD_API_BASE``,
``DISCORD_GATEWAY_URL``, ``AGORA_CLOCK_FILE`` and ``AGORA_EXTRA_GAMES`` settings are testing hooks:
they repoint discord.py at a local fake Discord, let a test move the clock, and seat extra games.
Leave them unset in production.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from pydantic import AliasChoices, Field, SecretStr
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
