"""A game recorded before bids, moves and patches were folded into one menu still replays: the menu
steps it recorded (a tile to bid on, a worker to move, the one tile to patch) are still accepted."""

from __future__ import annotations

import json
from pathlib import Path

from rules.patchistory import ENGINE

LOG = Path(__file__).parent / "fixtures" / "greedy_log_before_one_menu_bids.json"


def test_a_log_recorded_before_the_one_menu_steps_replays_to_the_same_end() -> None:
    (game,) = json.loads(LOG.read_text("utf-8"))
    state = ENGINE.replay(game["players"], game["options"], game["seed"], game["log"])
    assert ENGINE.result(state) is not None
    assert [p.goods.culture for p in state.players] == game["scores"]
