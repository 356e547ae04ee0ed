"""Write the pictures of docs/turn.md: for each game, the board and one seat's private picture a few
moves into a seeded game played by bots.

    python scripts/turn_pictures.py

The pictures are the bot's own (``render.for_game``), written as palette PNGs under
``docs/pictures/``; the same seed gives the same pictures.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

import render  # noqa: E402
from rules import registry  # noqa: E402
from rules.core import Rng  # noqa: E402

OUT = ROOT / "docs" / "pictures"
PLAYERS = 3
SEED = 1
MOVES = 12
NAMES = ("Ada", "Bo", "Chris")


def palette_png(png: bytes) -> bytes:
    """The picture as an adaptive-palette PNG (the bot's pictures may be full colour)."""
    image = Image.open(io.BytesIO(png)).convert("RGB").quantize(colors=128)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def pictures(game_id: str) -> dict[str, bytes]:
    """The board and seat 0's private picture after :data:`MOVES` random bot moves (the first of
    each where the game draws several)."""
    engine = registry.get(game_id)
    renderer = render.for_game(game_id)
    assert renderer is not None, game_id
    bot = engine.bots()["random"]
    rng = Rng.from_seed(SEED)
    state = engine.new_game(PLAYERS, {}, SEED)
    for _ in range(MOVES):
        prompts = engine.prompts(state)
        if not prompts:
            break
        seat = min(prompts)
        action = bot.choose(engine, state, seat, prompts[seat], rng)
        state, _ = engine.apply(state, seat, action)
    return {
        f"{game_id}-board.png": render.pictures(renderer, engine.view(state, None), None, NAMES)[0],
        f"{game_id}-private.png": render.pictures(renderer, engine.view(state, 0), 0, NAMES)[0],
    }


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    total = 0
    for game_id in registry.GAMES:
        for name, png in pictures(game_id).items():
            data = palette_png(png)
            (OUT / name).write_bytes(data)
            total += len(data)
            print(f"wrote docs/pictures/{name} ({len(data) // 1024} KiB)")
    print(f"total {total // 1024} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
