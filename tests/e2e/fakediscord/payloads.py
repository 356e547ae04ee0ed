"""Discord API payloads, built in one place so that no dispatch misses a field discord.py needs.

The shapes follow discord.py 2.7's parsers (see ``/work/shared/notes/discord-offline-testing.md``):
a missing required key in a gateway dispatch kills the bot's connection task, so every payload the
fake sends is made here.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 64
ALL_PERMISSIONS = str((1 << 51) - 1)

_counter = itertools.count(1)


def snowflake() -> int:
    """A fresh, increasing snowflake id (timestamp in the high bits, as Discord's)."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


@dataclass
class FakeUser:
    """A simulated Discord user."""

    name: str
    id: int = field(default_factory=snowflake)
    locale: str = "en-US"
    dms_open: bool = True
    bot: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
        }

    def member(self) -> dict[str, Any]:
        return {
            "user": self.payload(),
            "roles": [],
            "flags": 0,
            "joined_at": iso_now(),
            "deaf": False,
            "mute": False,
            "nick": None,
            "permissions": ALL_PERMISSIONS,
        }


def text_channel(channel_id: int, guild_id: int, name: str) -> dict[str, Any]:
    return {
        "id": str(channel_id),
        "type": 0,
        "name": name,
        "position": 0,
        "guild_id": str(guild_id),
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
    }


def thread_channel(thread_id: int, guild_id: int, parent_id: int, owner_id: int, name: str) -> dict[str, Any]:
    return {
        "id": str(thread_id),
        "type": 11,
        "guild_id": str(guild_id),
        "parent_id": str(parent_id),
        "owner_id": str(owner_id),
        "name": name,
        "last_message_id": None,
        "message_count": 0,
        "member_count": 1,
        "rate_limit_per_user": 0,
        "flags": 0,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": 10080,
            "archive_timestamp": iso_now(),
            "locked": False,
        },
    }


def dm_channel(channel_id: int, user: FakeUser) -> dict[str, Any]:
    return {"id": str(channel_id), "type": 1, "recipients": [user.payload()], "last_message_id": None}


def guild(
    guild_id: int, name: str, channels: list[dict[str, Any]], members: list[FakeUser]
) -> dict[str, Any]:
    return {
        "id": str(guild_id),
        "name": name,
        "icon": None,
        "owner_id": str(members[0].id),
        "member_count": len(members),
        "members": [m.member() for m in members],
        "channels": channels,
        "threads": [],
        "roles": [
            {
                "id": str(guild_id),
                "name": "@everyone",
                "permissions": ALL_PERMISSIONS,
                "position": 0,
                "color": 0,
                "hoist": False,
                "managed": False,
                "mentionable": False,
                "flags": 0,
            }
        ],
        "emojis": [],
        "stickers": [],
        "features": [],
        "unavailable": False,
        "large": False,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "system_channel_flags": 0,
        "premium_tier": 0,
        "preferred_locale": "en-US",
        "nsfw_level": 0,
        "joined_at": iso_now(),
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def message(
    message_id: int,
    channel_id: int,
    author: dict[str, Any],
    body: dict[str, Any],
    *,
    attachments: list[dict[str, Any]] | None = None,
    guild_id: int | None = None,
    interaction_user: FakeUser | None = None,
) -> dict[str, Any]:
    """A message as Discord returns it, from what the bot sent (``body``)."""
    payload: dict[str, Any] = {
        "id": str(message_id),
        "type": 0,
        "channel_id": str(channel_id),
        "author": author,
        "content": body.get("content") or "",
        "timestamp": iso_now(),
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments or [],
        "embeds": body.get("embeds") or [],
        "components": body.get("components") or [],
        "pinned": False,
        "flags": body.get("flags") or 0,
    }
    if guild_id is not None:
        payload["guild_id"] = str(guild_id)
    if interaction_user is not None:
        payload["interaction_metadata"] = {
            "id": str(snowflake()),
            "type": 2,
            "user": interaction_user.payload(),
            "authorizing_integration_owners": {},
        }
    return payload


def interaction(
    *,
    kind: int,
    app_id: int,
    user: FakeUser,
    data: dict[str, Any],
    channel: dict[str, Any],
    guild_id: int | None,
    message_payload: dict[str, Any] | None = None,
    guild_locale: str = "en-US",
) -> dict[str, Any]:
    """An INTERACTION_CREATE payload (type 2 command, 3 component, 4 autocomplete, 5 modal)."""
    payload: dict[str, Any] = {
        "id": str(snowflake()),
        "application_id": str(app_id),
        "type": kind,
        "data": data,
        "channel_id": channel["id"],
        "channel": channel,
        "token": f"tok-{snowflake()}",
        "version": 1,
        "locale": user.locale,
        "app_permissions": ALL_PERMISSIONS,
        "entitlements": [],
        "attachment_size_limit": 25 * 1024 * 1024,
        "context": 0 if guild_id else 1,
        "authorizing_integration_owners": {"0": str(guild_id)} if guild_id else {"1": str(user.id)},
    }
    if guild_id is not None:
        payload["guild_id"] = str(guild_id)
        payload["guild_locale"] = guild_locale
        payload["member"] = user.member()
    else:
        payload["user"] = user.payload()
    if message_payload is not None:
        payload["message"] = message_payload
    return payload
