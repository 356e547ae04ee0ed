"""Games in progress survive an upgrade: action logs recorded before turns became one move (and
before questions with a single answer were answered by the engine) still replay to the same end.

``logs/before_folding.json`` was recorded with the engine as it was then: three whole games (greedy,
random and mixed seats, one with Expand+), each action with its seat, and the final scores.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.ancient_world import ENGINE

LOGS = json.loads((Path(__file__).parent / "logs" / "before_folding.json").read_text("utf-8"))


@pytest.mark.parametrize("game", LOGS, ids=lambda g: f"{g['players']}p_seed{g['seed']}")
def test_a_log_recorded_before_the_folding_replays_to_the_same_scores(game: dict[str, Any]) -> None:
    log = [(seat, action) for seat, action in game["actions"]]
    state = ENGINE.replay(game["players"], game["options"], game["seed"], log)
    result = ENGINE.result(state)
    assert result is not None
    assert {str(k): v for k, v in result.scores.items()} == game["scores"]
