"""Write the pictures of docs/turn.md: for each game, the board and one seat's private picture a few
moves into a seeded game played by bots, and the private panel of a person playing against two
bots, at the first decision that has ways through it (Back, Start over) and, where the game gives
them, choices with a line of what each costs and gives; the panel in English and in Greek.

    python scripts/turn_pictures.py

The board pictures are the bot's own (``render.for_game``); the panel is the one the bot sends
(:mod:`bot.discord.panels`) drawn by :mod:`scripts.panel_picture`. All are written as palette PNGs
under ``docs/pictures/``; the same seed gives the same pictures.
"""

from __future__ import annotations

import asyncio
import io
import sys
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

import render  # noqa: E402
from bot.discord.i18n import Words  # noqa: E402
from bot.discord.panels import prompt_text, prompt_view  # noqa: E402
from bot.service import SeatPrompt, TableService  # noqa: E402
from rules import registry  # noqa: E402
from rules.core import Prompt, Rng  # noqa: E402
from scripts.panel_picture import panel_png  # noqa: E402
from storage.sqlite import SqliteRepository  # noqa: E402

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


PANEL_STEPS = 60
"""Decisions Ada makes, at most, before the panel shown is chosen."""

ADA = 1


def panel_worth_showing(prompt: Prompt) -> int:
    """How well a decision shows a panel: 2 with ways through it and described choices, 1 with
    one of the two, 0 with neither."""
    navigation = any(o.navigation for o in prompt.options)
    described = any(o.description is not None for o in prompt.options if not o.navigation)
    return int(navigation) + int(described)


def first_choice(sp: SeatPrompt) -> Any:
    choices = [o for o in sp.prompt.options if not o.navigation]
    if choices:
        return choices[0].action
    assert sp.prompt.number is not None
    return sp.prompt.number.action(sp.prompt.number.low)


@asynccontextmanager
async def ada_against_bots(game_id: str) -> AsyncIterator[tuple[TableService, int]]:
    """A started table of ``game_id``: Ada (a person) and two random bots, seed :data:`SEED`."""
    with tempfile.TemporaryDirectory() as scratch:
        repo = await SqliteRepository.open(Path(scratch) / "panel.db")
        try:
            service = TableService(repo)
            table = await service.create_table(game_id, 0, 0, ADA, NAMES[0], {})
            for _ in range(PLAYERS - 1):
                await service.add_bot(table.id, ADA, "random")
            await service.start(table.id, ADA, seed=SEED, shuffle_seats=False)
            yield service, table.id
        finally:
            await repo.close()


async def best_decision(game_id: str) -> int:
    """How many of Ada's decisions (each answered with its first choice) come before the one most
    worth showing of her first :data:`PANEL_STEPS` (the earliest of the best)."""
    best = (-1, 0)
    async with ada_against_bots(game_id) as (service, table_id):
        for step in range(PANEL_STEPS):
            sp = await service.prompt_for(table_id, ADA)
            if sp is None:
                break
            worth = panel_worth_showing(sp.prompt)
            if worth > best[0]:
                best = (worth, step)
            if worth == 2:
                break
            await service.act(table_id, ADA, first_choice(sp), expected_seq=sp.seq)
    return best[1]


async def panel(game_id: str, locale: str = "en") -> bytes:
    """Ada's panel at :func:`best_decision`, as the bot sends it, drawn as a picture."""
    steps = await best_decision(game_id)
    async with ada_against_bots(game_id) as (service, table_id):
        for _ in range(steps):
            sp = await service.prompt_for(table_id, ADA)
            assert sp is not None
            await service.act(table_id, ADA, first_choice(sp), expected_seq=sp.seq)
        sp = await service.prompt_for(table_id, ADA)
        assert sp is not None
        info = await service.table(table_id)
        words = Words(locale, game_id, info.names)
        return panel_png(prompt_text(info, sp, words), prompt_view(info.id, sp, words).to_components())


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    total = 0
    for game_id in registry.GAMES:
        drawn = pictures(game_id)
        drawn[f"{game_id}-panel.png"] = asyncio.run(panel(game_id))
        drawn[f"{game_id}-panel-el.png"] = asyncio.run(panel(game_id, "el"))
        for name, png in drawn.items():
            data = palette_png(png)
            (OUT / name).write_bytes(data)
            total += len(data)
            print(f"wrote docs/pictures/{name} ({len(data) // 1024} KiB)")
    print(f"total {total // 1024} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
