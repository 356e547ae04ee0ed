"""Building blocks for scenario tests: a test content set with exact-value buildings and named
tiles, empires with chosen stats, and states dropped straight into a phase."""

from __future__ import annotations

import json
from typing import Any

from rules.patchistory.content import SHIPPED_DIR, Content
from rules.patchistory.engine import Patchistory
from rules.patchistory.state import Phase, State

STATS = ("coins", "food", "resources", "culture", "politics", "transport", "military", "defence")
CAPITAL_SQUARES = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]


def _test_content() -> Content:
    data: dict[str, Any] = json.loads((SHIPPED_DIR / "content.json").read_text("utf-8"))
    for stat in STATS:
        for n in range(0, 21):
            data["buildings"].append(
                {
                    "id": f"x-{stat}-{n}",
                    "type": "economy",
                    "cost": 2,
                    "yields": {stat: n} if n else {},
                    "source": "test",
                }
            )
    named = [
        ("personality", "Mahatma Gandhi", "gandhi"),
        ("personality", "Otto von Bismarck", "bismarck"),
        ("personality", "Karl Heinrich Marx", "karl_marx"),
        ("personality", "Homer", ""),
        ("wonder", "Pyramids of Giza", "pyramids"),
        ("personality", "Genghis Khan", "genghis_khan"),
        ("personality", "Joan of Arc", "joan_of_arc"),
        ("wonder", "Great Wall", "great_wall"),
        ("personality", "Che Guevara", "che_guevara"),
        ("wonder", "Statue of Liberty", "statue_of_liberty"),
        ("personality", "Moses", "moses"),
        ("personality", "Cyrus II", "cyrus"),
        ("wonder", "Chichen Itza", "chichen_itza"),
        ("wonder", "Petra", "petra"),
    ]
    plain = {"colour": "white", "spaces": [{"cells": [[r, c]]} for r in (0, 1) for c in (0, 1)]}
    for kind, name, ability in named:
        tid = "t-" + (ability or name.lower())
        black = {
            "colour": "black",
            "spaces": [
                {"cells": [[0, 0], [0, 1]], "kind": kind, "name": name, "ability": ability, "source": "test"},
                {"cells": [[1, 0]]},
                {"cells": [[1, 1]]},
            ],
        }
        data["land_tiles"].append({"id": tid, "era": 3, "white": plain, "black": black, "source": "test"})
    data["land_tiles"].append({"id": "t-plain", "era": 3, "white": plain, "black": plain, "source": "test"})
    data["land_tiles"].append(
        {
            "id": "t-sea",
            "era": 3,
            "source": "test",
            "black": plain,
            "white": {
                "colour": "white",
                "spaces": [
                    {"cells": [[0, 0]], "sea": True},
                    {"cells": [[0, 1]]},
                    {"cells": [[1, 0]]},
                    {"cells": [[1, 1]]},
                ],
            },
        }
    )
    data["land_tiles"].append(
        {
            "id": "t-vasco",
            "era": 3,
            "source": "test",
            "black": plain,
            "white": {
                "colour": "white",
                "spaces": [
                    {"cells": [[0, 0]]},
                    {"cells": [[0, 1]]},
                    {"cells": [[1, 0]]},
                    {"cells": [[1, 1]], "yields": {"resources": 1, "politics": 1}},
                ],
            },
        }
    )
    data["land_tiles"].append(
        {
            "id": "t-pair",
            "era": 3,
            "source": "test",
            "black": plain,
            "white": {
                "colour": "white",
                "spaces": [{"cells": [[0, 0], [0, 1]]}, {"cells": [[1, 0]]}, {"cells": [[1, 1]]}],
            },
        }
    )
    return Content.model_validate(data)


CONTENT = _test_content()
ENGINE = Patchistory(CONTENT)
TILES = {
    sp.ability or sp.name: t.id
    for t in CONTENT.land_tiles
    if t.id.startswith("t-")
    for sp in t.black.spaces
    if sp.name
}


def game(players: int = 3, **options: Any) -> State:
    """A fresh game with seat 0 first."""
    return ENGINE.new_game(players, {"first_player": 0, **options}, 7)


def empire(state: State, seat: int, **stats: int) -> None:
    """Make ``seat``'s board show exactly ``stats`` (others 0): tokens over the six capital squares."""
    p = state.players[seat]
    wanted = [(k, v) for k, v in stats.items() if v]
    assert len(wanted) <= 6
    tokens = []
    for i, (r, c) in enumerate(CAPITAL_SQUARES):
        stat, n = wanted[i] if i < len(wanted) else ("coins", 0)
        tokens.append((r, c, f"x-{stat}-{n}"))
    p.tokens = tuple(tokens)


def own(state: State, seat: int, ability: str, row: int = 2, col: int = 0) -> None:
    """Put the test tile carrying ``ability`` (black side) into ``seat``'s empire below the capital."""
    tile = TILES.get(ability) or next(
        t.id for t in CONTENT.land_tiles if any(sp.ability == ability for sp in t.black.spaces)
    )
    state.players[seat].layers += ((tile, "black", row, col),)


def at_phase(state: State, phase: Phase) -> State:
    state.phase = phase
    for p in state.players:
        p.done = False
        p.menu = []
        p.reserve = []
        p.homing = 0
    return state
