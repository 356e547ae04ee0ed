"""The secrets audit: every private event a table stored, checked against every payload the bot sent.

The events are read back from the bot's own database (each with the seats that may see it) and put
into words as the bot does. A private line may appear only in a DM or an ephemeral reply of a user
holding one of its seats: never in a channel or thread, never to anyone else. Lines whose words are
also those of a public event are skipped (they give nothing away).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from bot.discord.i18n import Words
from rules.core.messages import MESSAGE
from tests.e2e.fakediscord import FakeDiscord

SHORTEST = 8
"""Private lines shorter than this are too generic to search for."""


def lines_of(text: str) -> set[str]:
    """The lines of a message as the bot writes them (one message per line; digests bulleted).

    Lines are compared whole: a private "You rolled: A, B" must not be mistaken for a part of
    another seat's "You rolled: A, B, C"."""
    return {line.strip().removeprefix("• ") for line in text.splitlines()}


@dataclass(frozen=True)
class Audit:
    """What the secrets audit compared."""

    checked: int
    """Distinct private lines meant for a person, looked for in everything the fake Discord
    captured (lines meant for bot seats only are checked too, but not counted)."""
    delivered: int
    """Of those, the lines found delivered to a player they were meant for (so the comparison
    matched real output, not nothing)."""


def audit_secrets(fake: FakeDiscord, db: Path, table_id: int, game_id: str) -> Audit:
    """Assert that no private line reached anyone it was not meant for; say how many distinct
    private lines were checked and how many were seen reaching their owner."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        seats = conn.execute(
            "SELECT position, name, user_id FROM seats WHERE table_id = ? ORDER BY position", (table_id,)
        ).fetchall()
        events = conn.execute(
            "SELECT message_json, visible_to_json FROM events WHERE table_id = ?", (table_id,)
        ).fetchall()
    finally:
        conn.close()
    words = Words("en", game_id, tuple(name for _, name, _ in seats))
    user_of = {position: user_id for position, _, user_id in seats}
    public: set[str] = set()
    private: dict[str, set[int]] = {}
    for message_json, visible_json in events:
        text = words(MESSAGE.validate_json(message_json))
        if visible_json is None:
            public.add(text)
        else:
            private.setdefault(text, set()).update(json.loads(visible_json))
    checked = delivered = 0
    for text, visible in private.items():
        if text in public or len(text) < SHORTEST:
            continue
        allowed = {user_of[s] for s in visible if user_of.get(s) is not None}
        seen = False
        for captured in fake.captured:
            if text not in lines_of(captured.text()):
                continue
            kind, who = captured.audience
            assert kind != "channel", f"a private line reached a channel: {text!r}"
            assert who in allowed, f"user {who} was shown {text!r}, meant for seats {sorted(visible)}"
            seen = True
        if allowed:  # a line meant for bot seats only is checked but expected to reach nobody
            checked += 1
            delivered += seen
    return Audit(checked=checked, delivered=delivered)
