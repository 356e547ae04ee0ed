"""What the service keeps for each user: language and quiet hours, and notices they could not be sent."""

from __future__ import annotations

import json
from collections.abc import Sequence

from bot.service import errors
from bot.service.core import TableCore
from bot.service.models import Notice, Preferences
from rules.core import Message
from rules.core.messages import MESSAGE
from storage.records import Preference


class UserCommands(TableCore):
    """A user's preferences and undelivered notices, whatever table they sit at."""

    async def preferences(self, user_id: int) -> Preferences:
        """The user's preferences (defaults when never set)."""
        p = await self.repo.get_preference(user_id)
        if p is None:
            return Preferences(user_id=user_id)
        return Preferences(user_id=user_id, locale=p.locale, quiet_start=p.quiet_start, quiet_end=p.quiet_end,
                           utc_offset_minutes=p.utc_offset_minutes)

    async def set_preferences(self, preferences: Preferences) -> None:
        """Store a user's language and quiet hours.

        :raises BadSetting: an hour outside 0–23 or an offset beyond ±14 hours.
        """
        p = preferences
        for hour in (p.quiet_start, p.quiet_end):
            if hour is not None and not 0 <= hour <= 23:
                raise errors.BadSetting(f"That setting is not allowed: hour {hour}.", reason=f"hour {hour}")
        if abs(p.utc_offset_minutes) > 14 * 60:
            raise errors.BadSetting("That setting is not allowed: UTC offset.", reason="UTC offset")
        await self.repo.set_preference(Preference(p.user_id, p.locale, p.quiet_start, p.quiet_end,
                                                  p.utc_offset_minutes))

    async def add_notice(self, user_id: int, table_id: int | None, lines: Sequence[Message]) -> None:
        """Keep messages a user could not be sent (e.g. a refused DM) for their next interaction."""
        payload = json.dumps([MESSAGE.dump_python(m, mode="json") for m in lines])
        await self.repo.add_notice(user_id, table_id, payload, self.clock())

    async def take_notices(self, user_id: int) -> list[Notice]:
        """The user's undelivered notices, oldest first, now marked delivered."""
        rows = await self.repo.pending_notices(user_id)
        await self.repo.mark_delivered([r.id for r in rows], self.clock())
        return [
            Notice(id=r.id, user_id=user_id, table_id=r.table_id, created_at=r.created_at,
                   lines=tuple(MESSAGE.validate_python(m) for m in json.loads(r.payload_json)))
            for r in rows
        ]


__all__ = ["UserCommands"]
