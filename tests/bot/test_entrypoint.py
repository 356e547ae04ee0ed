"""``python -m bot``: settings from the environment, and plain instructions when no token is set."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import NO_TOKEN, PERMISSIONS, register_extra_games
from bot.settings import Clock, Settings
from rules import registry

ROOT = Path(__file__).resolve().parents[2]


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "AGORA_", "DATABASE_"))}
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra)
    return env


def test_without_token_explains_setup_and_exits_non_zero(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    for needed in (
        "DISCORD_TOKEN",
        "discord.com/developers/applications",
        "Reset Token",
        "Privileged Gateway Intent",
        "applications.commands",
        f"permissions={PERMISSIONS}",
        ".env",
        "DEV_GUILD_ID",
    ):
        assert needed in done.stderr, needed
    assert "Traceback" not in done.stderr


def test_blank_token_counts_as_missing(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=clean_env(DISCORD_TOKEN="  "),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert NO_TOKEN.splitlines()[0] in done.stderr


def test_token_is_read_from_a_dot_env_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\nDEV_GUILD_ID=42\n")
    settings = Settings()
    assert settings.discord_token is not None and settings.discord_token.get_secret_value() == "abc"
    assert settings.dev_guild_id == 42
    assert settings.database_url == "sqlite:///./data/agora.db"
    assert settings.default_locale == "en"


def test_the_token_never_shows_in_the_settings_repr(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "very-secret")
    assert "very-secret" not in repr(Settings())


def test_permissions_in_the_invite_url_are_the_ones_listed() -> None:
    import discord

    wanted = discord.Permissions(
        view_channel=True,
        send_messages=True,
        send_messages_in_threads=True,
        create_public_threads=True,
        attach_files=True,
        embed_links=True,
        read_message_history=True,
    )
    assert wanted.value == PERMISSIONS


def test_no_privileged_intent_is_requested() -> None:
    from bot.discord.client import intents

    wanted = intents()
    assert not (wanted.members or wanted.presences or wanted.message_content)
    assert wanted.guilds


def test_extra_games_hook_registers_the_named_engine() -> None:
    try:
        assert register_extra_games("tests.fixtures.sealed_bid:ENGINE") == ["sealed_bid"]
        assert "sealed_bid" in registry.available()
    finally:
        registry.unregister("sealed_bid")


def test_clock_file_moves_the_clock(tmp_path: Path) -> None:
    clock_file = tmp_path / "clock"
    clock = Clock(file=clock_file)
    before = clock.now()
    clock_file.write_text("7200")
    moved = clock.now()
    assert 7199 < (moved - before).total_seconds() < 7300
    assert moved.tzinfo is not None


def test_clock_offset_without_a_file() -> None:
    assert Clock(offset=60).offset() == 60


def test_a_copy_of_the_example_env_file_is_valid(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in list(os.environ):
        if name.startswith(("DISCORD_", "AGORA_", "DATABASE_", "DEV_GUILD", "CONTENT_DIR", "LOG_LEVEL")):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text((ROOT / ".env.example").read_text())
    settings = Settings()
    assert settings.discord_token is None
    assert settings.dev_guild_id is None and settings.content_dir is None


def test_every_setting_is_described_in_the_example_env_file() -> None:
    example = (ROOT / ".env.example").read_text()
    for name, field in Settings.model_fields.items():
        alias = field.validation_alias
        env = alias.choices[0] if alias is not None and hasattr(alias, "choices") else name.upper()
        assert str(env) in example, env


def test_a_damaged_database_is_refused_before_discord_with_the_salvage_command(tmp_path: Path) -> None:
    (tmp_path / "agora.db").write_bytes(b"not a database at all" * 400)
    env = {**clean_env(), "DISCORD_TOKEN": "not-a-real-token", "DATABASE_URL": "sqlite:///agora.db"}
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 3
    assert "python -m storage.backup --salvage agora.db" in done.stderr
    assert "Traceback" not in done.stderr
