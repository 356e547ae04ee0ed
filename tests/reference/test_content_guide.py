"""docs/content.md: its example correction loads, and the card reference then calls it printed."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules import registry
from rules.core.messages import render
from rules.core.reference import entry_lines

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "content.md"


def _example() -> dict[str, object]:
    block = re.search(r"```json\n(.*?)```", GUIDE.read_text("utf-8"), re.S)
    assert block is not None, "the guide shows an example entry"
    example: dict[str, object] = json.loads(block.group(1))
    return example


@pytest.fixture
def content_dir(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path
    registry.set_content_dir(None)


def test_the_guide_s_example_correction_loads_and_is_no_longer_designed(content_dir: Path) -> None:
    example = _example()
    cards = json.loads((ROOT / "rules/ancient_world/content/cards.json").read_text("utf-8"))
    cards["empire"] = [example if c["id"] == example["id"] else c for c in cards["empire"]]
    (content_dir / "ancient_world").mkdir()
    (content_dir / "ancient_world" / "cards.json").write_text(json.dumps(cards), "utf-8")
    registry.set_content_dir(content_dir)
    entry = next(e for e in registry.get("ancient_world").reference() if e.key == "empire.aqueduct")
    assert entry.designed == ()
    lines = [render(m, "en", ("rules.ancient_world",)) for m in entry_lines(entry)]
    assert "Cost: 4 coins" in lines


def test_without_the_correction_the_aqueduct_s_cost_is_designed() -> None:
    entry = next(e for e in registry.get("ancient_world").reference() if e.key == "empire.aqueduct")
    assert "cost_coins" in entry.designed


def test_the_guide_names_each_game_s_folder_and_file() -> None:
    text = GUIDE.read_text("utf-8")
    for folder in ("rftg/tiles.json", "ancient_world/cards.json", "praetor/praetor.json",
                   "patchistory/content.json"):
        assert f"`{folder}`" in text
