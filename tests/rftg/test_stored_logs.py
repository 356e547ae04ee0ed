"""Games in progress survive an upgrade: action logs recorded by earlier versions still replay.

Each file in ``logs/`` is a whole game played by bots and recorded as the table service stores it
(players, options, seed, then every (seat, action) as JSON), with the final scores it reached.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.rftg import ENGINE

LOGS = sorted((Path(__file__).parent / "logs").glob("*.json"))


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_a_recorded_game_replays_to_its_recorded_end(path: Path) -> None:
    data = json.loads(path.read_text("utf-8"))
    log = [(seat, json.dumps(action)) for seat, action in data["log"]]
    state = ENGINE.replay(data["players"], data["options"], data["seed"], log)
    result = ENGINE.result(state)
    assert result is not None
    assert {str(k): v for k, v in result.scores.items()} == data["scores"]
