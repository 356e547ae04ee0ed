"""A panel's words and buttons go at once; its picture follows when drawn, by an edit, and never
lands on a panel that has moved on. A picture that cannot be drawn leaves the panel as it is."""

from __future__ import annotations

import asyncio
import io
import threading
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

import render
from bot.discord.components import send_panel
from bot.discord.context import Agora
from bot.discord.pictures import Pictures
from bot.service import TableService
from bot.settings import Clock, Settings
from storage.sqlite import SqliteRepository

GUILD, CHANNEL, THREAD, ANN, BO = 1, 2, 3, 100, 200


class Seen:
    """What the interaction's user was shown, in order: ``("send", message)``, ``("edit", files)``."""

    def __init__(self) -> None:
        self.events: list[tuple[str, Any]] = []
        self.sent = asyncio.Event()

    def interaction(self, agora: Agora, user_id: int = ANN) -> discord.Interaction[Any]:
        async def defer(**kwargs: Any) -> None:
            return None

        async def send(**kwargs: Any) -> SimpleNamespace:
            message = SimpleNamespace(id=900 + len(self.events), edit=self._edit, **kwargs)
            self.events.append(("send", message))
            self.sent.set()
            return message

        return cast(discord.Interaction[Any], SimpleNamespace(
            client=SimpleNamespace(agora=agora), user=SimpleNamespace(id=user_id), id=1,
            guild_id=GUILD, channel_id=THREAD, locale="en-US",
            response=SimpleNamespace(defer=defer, is_done=lambda: True),
            followup=SimpleNamespace(send=send),
        ))

    async def _edit(self, **kwargs: Any) -> None:
        self.events.append(("edit", [f.filename for f in kwargs["attachments"]]))


@pytest.fixture
async def agora(tmp_path: Path) -> AsyncIterator[Agora]:
    repo = await SqliteRepository.open(tmp_path / "agora.db")
    service = TableService(repo)
    table = await service.create_table("sealed_bid", GUILD, CHANNEL, ANN, "Ann", thread_id=THREAD)
    await service.join(table.id, BO, "Bo")
    await service.start(table.id, ANN, seed=1)
    client = cast(discord.Client, None)
    yield Agora(client, service, Settings(default_locale="en"), Clock(), Pictures(service))
    await repo.close()


def drawing(monkeypatch: pytest.MonkeyPatch, draw: Callable[[], bytes]) -> None:
    """Sealed Bid drawn by ``draw`` (it has no renderer of its own)."""
    module = SimpleNamespace(render_board=lambda view, names=(): draw(),
                             render_private=lambda view, seat, names=(): draw())
    monkeypatch.setattr(render, "for_game", lambda game_id: module)


def buttons(message: SimpleNamespace) -> list[str]:
    return [str(getattr(item, "custom_id", "")) for item in message.view.children]


async def test_the_panel_goes_before_its_picture_is_drawn(
    agora: Agora, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = threading.Event()
    drawing(monkeypatch, lambda: b"png" if drawn.wait(10) else b"")
    seen = Seen()
    showing = asyncio.create_task(send_panel(seen.interaction(agora), None))
    await asyncio.wait_for(seen.sent.wait(), 5)
    [(kind, message)] = seen.events
    assert kind == "send" and "files" not in message.__dict__
    assert any(cid.startswith("agora:") for cid in buttons(message)), "the panel came without its buttons"
    drawn.set()
    await showing
    assert seen.events[1:] == [("edit", ["table-1-seat-0.png"])], "the picture did not follow the panel"


async def test_a_picture_that_fails_leaves_the_panel_as_it_was_sent(
    agora: Agora, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> bytes:
        raise RuntimeError("the renderer broke")

    drawing(monkeypatch, broken)
    seen = Seen()
    await send_panel(seen.interaction(agora), None)
    [(kind, message)] = seen.events
    assert kind == "send" and buttons(message)


async def test_a_late_picture_is_not_put_on_a_panel_that_moved_on(agora: Agora) -> None:
    pictures = agora.pictures
    put: list[str] = []

    async def edit(files: list[discord.File]) -> None:
        put.append(files[0].filename or "")

    async def words() -> None:
        return None

    old = await pictures.shown(7, words)
    new = await pictures.shown(7, words)
    assert not await pictures.attach(7, old, [discord.File(io.BytesIO(b"old"), "old.png")], edit)
    assert await pictures.attach(7, new, [discord.File(io.BytesIO(b"new"), "new.png")], edit)
    assert put == ["new.png"]
