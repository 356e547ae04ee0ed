"""The buttons a message is sent with (bot.discord.faces) are answered by the widgets the client
registers: each face's id is matched by exactly one of them, and the view it goes out in does not
listen itself."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.discord import faces, ids
from bot.discord.components import DYNAMIC_ITEMS
from bot.discord.handover import HandoverButton
from bot.discord.i18n import Words
from bot.discord.rematch import RematchButton

REGISTERED = (*DYNAMIC_ITEMS, RematchButton, HandoverButton)
PICKS = ids.picks_text([None, 1])

FACES: list[discord.ui.Item[Any]] = [
    faces.play(7), faces.hand(7), faces.reclaim(7), faces.rematch(7), faces.undo(7, 12),
    *(faces.lobby(7, what) for what in faces.LOBBY_STYLES),
    faces.option(7, 1, 12, "ab12cd34", 3), faces.select(7, 1, 12, "ab12cd34"),
    faces.part(7, 1, 12, "ab12cd34", 0, PICKS), faces.parts(7, 1, 12, "ab12cd34", PICKS),
    faces.value(7, 1, 12, "ab12cd34", 4), faces.number(7, 1, 12, "ab12cd34"),
]


@pytest.mark.parametrize("face", FACES, ids=lambda face: str(getattr(face, "custom_id", "")))
def test_each_face_is_answered_by_one_registered_widget(face: discord.ui.Item[Any]) -> None:
    custom_id = str(getattr(face, "custom_id", ""))
    answering = [w for w in REGISTERED if w.__discord_ui_compiled_template__.fullmatch(custom_id)]
    assert len(answering) == 1, (custom_id, answering)


async def test_a_view_of_faces_does_not_listen_for_clicks() -> None:
    view = faces.play_view(7, Words("en"))
    assert view.is_finished(), "the registered widgets answer, and nothing is kept per message"
    assert [getattr(item, "custom_id", None) for item in view.children] == [ids.play(7)]
