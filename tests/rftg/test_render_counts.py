"""The board draws each player's counters as they are: credits exactly as the state holds them
(each seat a different amount, so a count drawn one off names another seat's amount or none)."""

from __future__ import annotations

import re

from render.kit import recording
from render.rftg import render_board
from rules.rftg import ENGINE

from .test_render import NAMES, _stages


def test_every_players_credits_are_drawn_as_held() -> None:
    state = _stages(3, 11)["middle"].model_copy(deep=True)
    for player, credits in zip(state.players, (0, 4, 9), strict=True):
        player.credits = credits
    with recording() as drawn:
        render_board(ENGINE.view(state, None), NAMES)
    shown = sorted(int(m[1]) for words, _, _ in drawn if (m := re.match(r"\$(\d+) ", words)))
    assert shown == [0, 4, 9]
