"""Picture figures per game: ms per picture (p50, p95) for the public board and a private view at a
mid-game and a late-game state, and PNG bytes (all of a table's pictures together, where a game
draws it as several).

The encoding is timed apart, inside the same renders: the time spent reducing the drawn picture to
a palette and writing the PNG (*encode*), beside what the same drawn pictures cost to encode as
they were before palette PNGs (full colour, compression level 6: *before*) and the floor of any PNG
of the stored pixels (the palette picture written at compression level 1, nothing reduced:
*floor*). Each is the median over the repeats."""

from __future__ import annotations

import io
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

from PIL import Image

import render
from bench.common import percentile, report, table
from rules import registry
from rules.core import Rng, random_choice
from rules.core.engine import Engine


def sample_states(engine: Engine[Any, Any], players: int, seed: int) -> dict[str, Any]:
    """The states at half-way and near the end of one random selfplay game."""
    state = engine.new_game(players, {}, seed)
    rng = Rng.from_seed(seed)
    history = [state]
    while prompts := engine.pending(state):
        seat = rng.choice(sorted(prompts))
        state, _ = engine.apply(state, seat, random_choice(prompts[seat], rng))
        history.append(state)
    return {"mid": history[len(history) // 2], "late": history[max(0, len(history) * 9 // 10)]}


class Encodes:
    """What the pictures drawn meanwhile cost to encode: seconds spent in ``Image.quantize`` and
    PNG ``Image.save``, and the pictures as drawn (full colour) and as stored (palette)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.drawn: list[Image.Image] = []
        self.stored: list[Image.Image] = []


@contextmanager
def encoding() -> Iterator[Encodes]:
    found = Encodes()
    quantize, save = Image.Image.quantize, Image.Image.save

    def timed_quantize(image: Image.Image, *args: Any, **kwargs: Any) -> Image.Image:
        start = time.perf_counter()
        out = quantize(image, *args, **kwargs)
        found.seconds += time.perf_counter() - start
        if image.mode in ("RGB", "RGBA"):
            found.drawn.append(image)
        return out

    def timed_save(image: Image.Image, *args: Any, **kwargs: Any) -> None:
        start = time.perf_counter()
        save(image, *args, **kwargs)
        found.seconds += time.perf_counter() - start
        found.stored.append(image)

    Image.Image.quantize = timed_quantize  # type: ignore[method-assign,assignment]
    Image.Image.save = timed_save  # type: ignore[method-assign,assignment]
    try:
        yield found
    finally:
        Image.Image.quantize = quantize  # type: ignore[method-assign]
        Image.Image.save = save  # type: ignore[method-assign]


def _saved(images: list[Image.Image], level: int) -> float:
    start = time.perf_counter()
    for image in images:
        image.save(io.BytesIO(), format="PNG", optimize=False, compress_level=level)
    return time.perf_counter() - start


def run(repeats: int = 15) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    rows = []
    for gid in registry.available():
        module = render.for_game(gid)
        if module is None:
            continue
        engine = registry.get(gid)
        players = min(4, engine.info.max_players)
        for stage, state in sample_states(engine, players, seed=7).items():
            pictures = {
                "board": partial(render.pictures, module, engine.view(state, None), None),
                "private": partial(render.pictures, module, engine.view(state, 0), 0),
            }
            for kind, draw in pictures.items():
                times, encodes, before, floor = [], [], [], []
                size = count = 0
                for _ in range(repeats):
                    with encoding() as encoded:
                        start = time.perf_counter()
                        drawn = draw()
                        times.append(time.perf_counter() - start)
                    size, count = sum(len(png) for png in drawn), len(drawn)
                    encodes.append(encoded.seconds)
                    before.append(_saved(encoded.drawn, 6))
                    floor.append(_saved(encoded.stored, 1))
                entry = {"p50_ms": percentile(times, 50) * 1000, "p95_ms": percentile(times, 95) * 1000,
                         "encode_ms": statistics.median(encodes) * 1000,
                         "before_ms": statistics.median(before) * 1000,
                         "floor_ms": statistics.median(floor) * 1000,
                         "png_bytes": size, "pictures": count}
                figures[f"{gid}/{stage}/{kind}"] = entry
                rows.append([gid, stage, kind, *entry.values()])
    print(table(f"render ({repeats} pictures each)", ["game", "stage", "picture", "p50 ms", "p95 ms",
                                                       "encode ms", "before ms", "floor ms", "PNG bytes",
                                                       "pictures"], rows))
    print(f"-> {report('render', figures)}")
    return figures
