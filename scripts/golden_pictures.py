"""Write the golden pictures: tests/golden/pictures/<game>/<stage>-<picture>.png.

    .venv/bin/python scripts/golden_pictures.py          # regenerate every picture
    .venv/bin/python scripts/golden_pictures.py --check  # exit 1 if any picture differs

Each game is played by its greedy bots from a fixed seed with three players; early (a tenth of the
way in), in the middle, late (nine tenths) and once it is over, the board's pictures (in English)
and seat 1's private pictures (in Greek) are stored as the phone shows them: 400 px wide, as small
palette PNGs. A picture counts as the same when its size is and no more than :data:`TOLERANCE`
pixels differ by more than :data:`DIFFERENT` in a colour channel: a Pillow or FreeType release that
draws text edges a shade differently passes; a moved panel, a changed word or digit does not.
Regenerate after a legitimate change to a picture (or to a game's play, which changes its stages)
and review the new pictures by eye.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image, ImageChops  # noqa: E402

import render  # noqa: E402
import render.stages  # noqa: E402
from rules import registry  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "pictures"
GAMES = ("rftg", "ancient_world", "praetor", "patchistory")
PLAYERS = 3
SEED = 4
NAMES = ("Ada", "Βασίλης", "Chris")
SHOWN = 400
"""Width of a stored picture: what a phone shows."""
COLOURS = 32
DIFFERENT = 64
"""A pixel differs when a colour channel is off by more than this (of 255)."""
TOLERANCE = 4
"""Pixels of a picture that may differ: a digit 9 px tall changes ten or more."""


def stages(game: str) -> dict[str, Any]:
    """The states early, in the middle, late and at the end of the seeded greedy game."""
    return render.stages.stages(game, PLAYERS, SEED)


def shown(png: bytes) -> Image.Image:
    """A picture as a phone shows it: scaled to :data:`SHOWN` px wide."""
    with Image.open(io.BytesIO(png)) as image:
        rgb = image.convert("RGB")
    return rgb.resize((SHOWN, round(rgb.height * SHOWN / rgb.width)), Image.Resampling.LANCZOS)


def pictures(game: str) -> Iterator[tuple[str, Image.Image]]:
    """(name, picture as shown) of every golden picture of ``game``, in order."""
    engine = registry.get(game)
    module = render.for_game(game)
    assert module is not None, game
    for stage, state in stages(game).items():
        for kind, seat, locale in (("board", None, "en"), ("seat2", 1, "el")):
            drawn = render.pictures(module, engine.view(state, seat), seat, NAMES, locale)
            for i, png in enumerate(drawn):
                yield f"{stage}-{kind}-{i + 1}", shown(png)


def stored(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.quantize(colors=COLOURS, method=Image.Quantize.MEDIANCUT).save(out, format="PNG", optimize=True)
    return out.getvalue()


def path(game: str, name: str) -> Path:
    return GOLDEN / game / f"{name}.png"


def difference(expected: Path, actual: Image.Image) -> str:
    """Why ``actual`` is not the stored picture, or ``""`` when it is (within the tolerance)."""
    if not expected.exists():
        return f"{expected.name}: no stored picture"
    with Image.open(expected) as image:
        golden = image.convert("RGB")
    if golden.size != actual.size:
        return f"{expected.name}: {actual.size[0]}x{actual.size[1]}, stored {golden.size[0]}x{golden.size[1]}"
    # The stored picture went through a palette: compare the new one through the same palette.
    with Image.open(io.BytesIO(stored(actual))) as image:
        again = image.convert("RGB")
    channels = ImageChops.difference(golden, again).split()
    worst = channels[0]
    for channel in channels[1:]:
        worst = ImageChops.lighter(worst, channel)
    off = sum(worst.point(lambda v: 255 if v > DIFFERENT else 0).histogram()[255:])
    if off > TOLERANCE:
        return f"{expected.name}: {off} pixels differ"
    return ""


def check(game: str) -> list[str]:
    """Every difference between ``game``'s pictures and the stored ones (none: all the same)."""
    names = []
    problems = []
    for name, image in pictures(game):
        names.append(name)
        if found := difference(path(game, name), image):
            problems.append(found)
    extra = sorted(p.stem for p in (GOLDEN / game).glob("*.png") if p.stem not in names)
    problems += [f"{name}.png: stored but no longer drawn" for name in extra]
    return problems


def main() -> int:
    if "--check" in sys.argv[1:]:
        problems = [f"{game}/{p}" for game in GAMES for p in check(game)]
        print("\n".join(problems) or "all golden pictures match")
        return 1 if problems else 0
    total = 0
    for game in GAMES:
        folder = GOLDEN / game
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("*.png"):
            old.unlink()
        for name, image in pictures(game):
            data = stored(image)
            path(game, name).write_bytes(data)
            total += len(data)
    print(f"wrote {sum(1 for _ in GOLDEN.glob('*/*.png'))} pictures, {total // 1024} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
