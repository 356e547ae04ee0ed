"""A Discord thread as the delivery code uses it (``send``, ``get_partial_message``: ``edit``,
``delete``): it keeps its messages and what each operation did, drops a message whose nonce it has
seen (returning the first one, as Discord does), and refuses everything while ``refusing``."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, cast

import discord


@dataclass
class Posted:
    """A message of the thread as it stands now."""

    id: int
    content: str
    nonce: str | None = None
    files: int = 0
    mentions: discord.AllowedMentions | None = None
    view: bool = False
    silent: bool = False
    """Sent as ``@silent``: shown without a push notification."""


@dataclass
class Thread:
    messages: dict[int, Posted] = field(default_factory=dict)
    """The messages the thread shows, by id (in the order they were posted)."""
    ops: list[tuple[str, int]] = field(default_factory=list)
    """("send" | "edit" | "delete", message id), in order; a send Discord dropped is not one."""
    refusing: bool = False
    _next: int = 1000

    @property
    def posts(self) -> list[Posted]:
        """Every message ever posted (deleted ones included), oldest first."""
        return [self._all[i] for op, i in self.ops if op == "send"]

    def __post_init__(self) -> None:
        self._all: dict[int, Posted] = {}

    def text(self) -> str:
        """What a reader of the thread sees now, top to bottom."""
        return "\n".join(m.content for m in self.messages.values())

    def _refuse(self) -> None:
        if self.refusing:
            response = SimpleNamespace(status=403, reason="Forbidden")
            raise discord.Forbidden(cast(Any, response), "Missing Access")

    async def send(self, content: str | None = None, **kwargs: Any) -> Posted:
        self._refuse()
        nonce = kwargs.get("nonce")
        if nonce is not None:
            seen = next((m for m in self._all.values() if m.nonce == nonce), None)
            if seen is not None:
                return seen
        self._next += 1
        message = Posted(self._next, content or "", nonce, len(kwargs.get("files") or ()),
                         kwargs.get("allowed_mentions"), kwargs.get("view") is not None,
                         bool(kwargs.get("silent")))
        self.messages[message.id] = self._all[message.id] = message
        self.ops.append(("send", message.id))
        return message

    def get_partial_message(self, message_id: int) -> SimpleNamespace:
        async def edit(**kwargs: Any) -> None:
            self._refuse()
            if message_id not in self.messages:
                response = SimpleNamespace(status=404, reason="Not Found")
                raise discord.NotFound(cast(Any, response), "Unknown Message")
            message = self.messages[message_id]
            message.content = kwargs.get("content", message.content)
            self.ops.append(("edit", message_id))

        async def delete() -> None:
            self._refuse()
            if self.messages.pop(message_id, None) is None:
                response = SimpleNamespace(status=404, reason="Not Found")
                raise discord.NotFound(cast(Any, response), "Unknown Message")
            self.ops.append(("delete", message_id))

        return SimpleNamespace(edit=edit, delete=delete)

    def waiting(self) -> list[Posted]:
        """The messages that say whom the table waits for."""
        return [m for m in self.messages.values() if "Waiting for" in m.content]
