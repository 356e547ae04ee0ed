"""Picture figures per game: ms per picture (p50, p95) for the public board and a private view in
mid-game and late in the game, against the floor of its PNG, and PNG bytes (of the median picture;
all of a table's pictures together, where a game draws it as several).

Two ways of drawing are timed. *Again*: the same view drawn again (a click's follow-up, its panel
and a thread message ask for the same board). *After a move*: the views of the states one action
apart, each drawn once, in order, as a table's players see them while they play, fifteen states of
each of three random games (:data:`SEEDS`); what a move did not change is pasted from the parts
drawn before it (:func:`render.kit.cached`). Before a game's
pictures are timed, the process draws those of another game of it after a move, as the bot's
picture workers, which live as long as the bot, have drawn other tables before: that first game's
median × floor is given beside (*× floor, first game*); it carries what a process pays once (its
first large pictures' memory, the words it has not yet rendered).

The *floor* is the least any PNG of the stored pixels costs: the stored palette picture written
at compression level 1, nothing drawn and nothing reduced; each picture's time is divided by the
floor of the same pictures measured in the same run (*× floor*), in elapsed time and again in the
process's CPU time (*× floor CPU*: what the picture costs the machine, without the time other
processes of a busy machine take from it). *Encode* is the time a render
spends reducing drawn parts to the palette and writing the PNG (timed inside the renders). Every
figure is the median (or percentile) over the repeats. The compression levels are compared on
every board picture drawn (sizes and encode times), and the memory the kept parts and texts hold
at the end is given beside their budget."""

from __future__ import annotations

import io
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from types import ModuleType
from typing import Any

from PIL import Image

import render
from bench.common import percentile, report, table
from render import kit
from rules import registry
from rules.core import Rng, random_choice
from rules.core.engine import Engine

SEEDS = (7, 8, 9)
"""The games whose pictures are timed after a move (the first of them also drawn again): one
game's fifteen states are a small sample, whose median can stand far from another game's."""

FIRST_SEED = 6
"""The game a bench process draws first, after a move (timed apart): the bot's picture workers live
as long as the bot and have drawn other tables before, so a picture's own figures are taken in a
process that has drawn pictures of the game before, not in one that draws its first."""


def sample_states(engine: Engine[Any, Any], players: int, seed: int, count: int) -> dict[str, list[Any]]:
    """``count`` states one action apart from half-way and from nine tenths of one random selfplay
    game."""
    state = engine.new_game(players, {}, seed)
    rng = Rng.from_seed(seed)
    history = [state]
    while prompts := engine.pending(state):
        seat = rng.choice(sorted(prompts))
        state, _ = engine.apply(state, seat, random_choice(prompts[seat], rng))
        history.append(state)
    mid, late = len(history) // 2, max(0, min(len(history) * 9 // 10, len(history) - count))
    return {"mid": history[mid:mid + count], "late": history[late:late + count]}


class Encodes:
    """What the pictures drawn meanwhile cost to encode: seconds spent in ``Image.quantize`` and
    PNG ``Image.save``, and the pictures as stored (palette)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.stored: list[Image.Image] = []


@contextmanager
def encoding() -> Iterator[Encodes]:
    found = Encodes()
    quantize, save = Image.Image.quantize, Image.Image.save

    def timed_quantize(image: Image.Image, *args: Any, **kwargs: Any) -> Image.Image:
        start = time.perf_counter()
        out = quantize(image, *args, **kwargs)
        found.seconds += time.perf_counter() - start
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


def _saved(images: list[Image.Image], level: int) -> tuple[float, float, int]:
    """Seconds (elapsed, and the process's CPU) and bytes to write ``images`` as PNGs at zlib
    ``level``."""
    cpu_start, start = time.process_time(), time.perf_counter()
    size = 0
    for image in images:
        out = io.BytesIO()
        image.save(out, format="PNG", optimize=False, compress_level=level)
        size += len(out.getvalue())
    return time.perf_counter() - start, time.process_time() - cpu_start, size


def _timed(draws: list[Callable[[], list[bytes]]]) -> dict[str, Any]:
    """Each of ``draws`` run once, in order: p50 and p95 ms, encode and floor ms, × floor; and the
    same picture and floor in CPU time (the process's, which the other processes of a busy machine
    leave out); the median bytes of a draw's PNGs, and how many pictures the last draw made."""
    times, encodes, floors, ratios, cpu_times, cpu_floors, cpu_ratios = [], [], [], [], [], [], []
    sizes: list[int] = []
    count = 0
    for draw in draws:
        with encoding() as encoded:
            cpu_start, start = time.process_time(), time.perf_counter()
            drawn = draw()
            took, cpu_took = time.perf_counter() - start, time.process_time() - cpu_start
        floor, cpu_floor, _ = _saved(encoded.stored, 1)
        times.append(took)
        encodes.append(encoded.seconds)
        floors.append(floor)
        ratios.append(took / floor)
        cpu_times.append(cpu_took)
        cpu_floors.append(cpu_floor)
        cpu_ratios.append(cpu_took / cpu_floor)
        sizes.append(sum(len(png) for png in drawn))
        count = len(drawn)
    return {"p50_ms": percentile(times, 50) * 1000, "p95_ms": percentile(times, 95) * 1000,
            "encode_ms": statistics.median(encodes) * 1000, "floor_ms": statistics.median(floors) * 1000,
            "x_floor": statistics.median(ratios),
            "cpu_p50_ms": percentile(cpu_times, 50) * 1000,
            "cpu_floor_ms": statistics.median(cpu_floors) * 1000,
            "x_floor_cpu": statistics.median(cpu_ratios), "png_bytes": int(statistics.median(sizes)),
            "pictures": count}


def _drawing(module: ModuleType, engine: Engine[Any, Any], seat: int | None, state: Any
             ) -> Callable[[], list[bytes]]:
    """Drawing the pictures of ``seat``'s view of ``state`` (the view made beforehand, untimed)."""
    return partial(render.pictures, module, engine.view(state, seat), seat)


def run(repeats: int = 15) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    rows = []
    boards: list[Image.Image] = []
    kit.forget()
    for gid in registry.available():
        module = render.for_game(gid)
        if module is None:
            continue
        engine = registry.get(gid)
        players = min(4, engine.info.max_players)
        first = {(stage, kind): _timed([_drawing(module, engine, seat, state) for state in states])
                 for stage, states in sample_states(engine, players, seed=FIRST_SEED, count=repeats).items()
                 for kind, seat in (("board", None), ("private", 0))}
        games = [sample_states(engine, players, seed=seed, count=repeats) for seed in SEEDS]
        for stage, states in games[0].items():
            for kind, seat in (("board", None), ("private", 0)):
                draw = partial(_drawing, module, engine, seat)
                moves = _timed([draw(state) for game in games for state in game[stage]])
                moves["first_game_x_floor"] = first[stage, kind]["x_floor"]
                again = _timed([draw(states[-1])] * repeats)
                if kind == "board":
                    with encoding() as encoded:
                        draw(states[-1])()
                    boards += encoded.stored
                for how, entry in (("after a move", moves), ("again", again)):
                    figures[f"{gid}/{stage}/{kind}/{how}"] = entry
                    blank = [] if how == "after a move" else [""]
                    rows.append([gid, stage, kind, how, *entry.values(), *blank])
    title = f"render ({repeats} pictures of each of {len(SEEDS)} games after a move, {repeats} again)"
    print(table(title, ["game", "stage", "picture", "drawn", "p50 ms", "p95 ms", "encode ms", "floor ms",
                        "× floor", "CPU ms", "CPU floor ms", "× floor CPU", "PNG bytes", "pictures",
                        "× floor, first game"], rows))
    levels = []
    for level in range(1, 7):
        seconds = statistics.median(_saved(boards, level)[0] for _ in range(3))
        size = _saved(boards, level)[2]
        figures[f"level/{level}"] = {"ms_per_picture": seconds / len(boards) * 1000,
                                     "kb_per_picture": size / len(boards) / 1024}
        levels.append([level, *figures[f"level/{level}"].values()])
    print(table(f"compression levels ({len(boards)} board pictures, now {kit.COMPRESS_LEVEL})",
                ["level", "ms a picture", "KB a picture"], levels))
    figures["kept"] = {"bytes": kit.kept(), "budget": kit.PART_BUDGET + kit.MASK_BUDGET}
    budget = figures["kept"]["budget"] / 2**20
    print(f"kept parts and texts: {kit.kept() / 2**20:.1f} MiB of a {budget:.0f} MiB budget")
    print(f"-> {report('render', figures)}")
    return figures
