"""Parts of pictures are drawn once per process and pasted again: a picture drawn from kept parts
is the picture drawn from nothing, whatever was drawn before it (render/kit.py)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageFilter

import render
import render.stages
from render import ancient_world, kit, rftg
from rules import registry
from rules.core import Rng

GAMES = ("rftg", "ancient_world", "praetor", "patchistory")
NAMES = ("Ada", "Βασίλης", "Chris")


@cache
def stages(game: str) -> dict[str, Any]:
    return render.stages.stages(game, 3, 2)


@cache
def moves(game: str) -> list[Any]:
    """Seven states one action apart from the middle of a seeded greedy 3-player game: parts a
    move did not change are pasted again, those it changed drawn anew."""
    engine = registry.get(game)
    bot = engine.bots()["greedy"]
    rng = Rng.from_seed(2)
    state = engine.new_game(3, {}, 2)
    history = [state]
    while prompts := engine.pending(state):
        seat = rng.choice(sorted(prompts))
        state, _ = engine.apply(state, seat, bot.choose(engine, state, seat, prompts[seat], rng.fork()))
        history.append(state)
    return history[len(history) // 2:len(history) // 2 + 7]


def every_picture(game: str) -> list[tuple[str, Callable[[], list[bytes]]]]:
    """The board (English) and seat 1's pictures (Greek) after each of the moves, then at the end,
    each as a way to draw it."""
    engine = registry.get(game)
    module = render.for_game(game)
    assert module is not None
    states = [*moves(game), stages(game)["over"]]
    return [(f"{i} {seat} {locale}",
             partial(render.pictures, module, engine.view(state, seat), seat, NAMES, locale))
            for i, state in enumerate(states) for seat, locale in ((None, "en"), (1, "el"))]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_picture_drawn_from_kept_parts_is_the_one_drawn_from_nothing(game: str) -> None:
    pictures = every_picture(game)
    kit.forget()
    warm = [(label, draw()) for label, draw in pictures]
    for (label, drawn), (_, draw) in zip(warm, pictures, strict=True):
        kit.forget()
        assert drawn == draw(), label


def test_a_kept_part_says_its_texts_wherever_it_is_pasted() -> None:
    part = kit.cached(("test", "greeting"), lambda: kit.drawn(
        200, 60, lambda draw: kit.text(draw, (10, 10), "Γεια", size=24) and 40))
    image = kit.blank(200, 200)
    with kit.recording() as drawn:
        kit.paste(image, part, (0, 0))
        kit.paste(image, part, (0, 100))
    assert [(words, size) for words, size, _ in drawn] == [("Γεια", 24), ("Γεια", 24)]
    assert drawn[1][2][1] - drawn[0][2][1] == 100
    assert drawn[0][2] == kit.text_box((10, 10), "Γεια", size=24)


def test_text_drawn_again_is_the_text_pillow_draws() -> None:
    mine, draw = kit.canvas(300, 80)
    pillow, theirs = kit.canvas(300, 80)
    for xy, anchor in (((10.3, 20.7), "la"), ((150.5, 40.25), "mm"), ((290, 40), "rm")):
        for _ in range(2):
            kit.text(draw, xy, "Γύρος 3 · Wg", size=24, bold=True, colour=kit.THEME["bad"], anchor=anchor)
        theirs.text(xy, "Γύρος 3 · Wg", font=kit.font(24, bold=True), fill=kit.THEME["bad"], anchor=anchor)
        theirs.text(xy, "Γύρος 3 · Wg", font=kit.font(24, bold=True), fill=kit.THEME["bad"], anchor=anchor)
    assert mine.tobytes() == pillow.tobytes()


def test_kept_parts_stay_within_their_budget() -> None:
    kept = kit.Lru[str, bytes](1000, len)
    for i in range(50):
        kept.put(str(i), bytes(100))
    assert kept.used <= 1000 and len(kept) == 10
    assert kept.get("49") is not None and kept.get("0") is None


def flat_colours(image: Image.Image) -> set[tuple[int, int, int]]:
    """The colours of the pixels whose 3 × 3 neighbourhood is all of their colour (fills, not the
    edges of anti-aliased text)."""
    most, least = image.filter(ImageFilter.MaxFilter(3)), image.filter(ImageFilter.MinFilter(3))
    flat = ImageChops.difference(most, least).convert("L").point(lambda v: 255 if v == 0 else 0)
    shown = Image.new("RGB", image.size, (1, 2, 3))
    shown.paste(image, mask=flat)
    return {c for _, c in shown.getcolors(1 << 20) or []} - {(1, 2, 3)}


@pytest.mark.parametrize("game", GAMES)
def test_the_flat_colours_a_game_draws_are_stored_exactly(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    module = render.for_game(game)
    assert module is not None
    palette = module.PALETTE.getpalette()
    colours = {tuple(palette[i:i + 3]) for i in range(0, len(palette), 3)}
    state = stages(game)["middle"]
    drawn: list[Image.Image] = []
    reduce = Image.Image.quantize

    def keep(image: Image.Image, *args: Any, **kwargs: Any) -> Image.Image:
        if image.mode == "RGB":
            drawn.append(image)
        return reduce(image, *args, **kwargs)

    monkeypatch.setattr(Image.Image, "quantize", keep)
    kit.forget()
    for seat in (None, 0):
        render.pictures(module, registry.get(game).view(state, seat), seat, NAMES)
    assert drawn
    for image in drawn:
        assert [c for c in flat_colours(image) if c not in colours] == [], game


def drawn_anew(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Heights of the parts drawn (not pasted from those kept) from now on, on a canvas or from
    their words (:func:`render.kit.lines_part`)."""
    heights: list[int] = []
    for name in ("drawn", "lines_part"):
        monkeypatch.setattr(kit, name, counting(getattr(kit, name), heights))
    return heights


def counting(draw: Callable[..., kit.Part], heights: list[int]) -> Callable[..., kit.Part]:
    def counted(*args: Any, **kwargs: Any) -> kit.Part:
        part = draw(*args, **kwargs)
        heights.append(part.height)
        return part
    return counted


def test_a_city_whose_coins_changed_redraws_only_its_resources_line(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = registry.get("ancient_world")
    view = engine.view(stages("ancient_world")["middle"], None)
    render.pictures(ancient_world, view, None, NAMES)
    richer = view.model_copy(deep=True)
    richer.players[1].coins += 1
    heights = drawn_anew(monkeypatch)
    render.pictures(ancient_world, richer, None, NAMES)
    assert len(heights) == 1 and heights[0] < 40


def test_a_tile_added_to_a_stack_redraws_a_line_or_two_of_the_private_picture(
        monkeypatch: pytest.MonkeyPatch) -> None:
    engine = registry.get("rftg")
    view = engine.view(stages("rftg")["middle"], 0)
    render.pictures(rftg, view, 0, NAMES)
    more = view.model_copy(deep=True)
    more.players[0].dev_stack = [*(more.players[0].dev_stack or []), "Space Piracy"]
    heights = drawn_anew(monkeypatch)
    render.pictures(rftg, more, 0, NAMES)
    # At most the last two lines, each its number and its name.
    assert 1 <= len(heights) <= 4 and max(heights) < 50


def test_a_citizen_placed_redraws_only_its_space(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = registry.get("ancient_world")
    view = engine.view(stages("ancient_world")["middle"], None)
    render.pictures(ancient_world, view, None, NAMES)
    placed = view.model_copy(deep=True)
    citizen = next(c for space in ancient_world.SPACES for c in view.spaces[space])
    placed.spaces["explore"].append(citizen.model_copy(update={"rank": 9}))
    widths: list[int] = []
    draw = kit.drawn

    def counted(*args: Any, **kwargs: Any) -> kit.Part:
        part = draw(*args, **kwargs)
        widths.append(part.image.width)
        return part

    monkeypatch.setattr(kit, "drawn", counted)
    render.pictures(ancient_world, placed, None, NAMES)
    assert len(widths) == 1 and widths[0] < ancient_world.WIDTH / 2


@pytest.mark.parametrize("game_stage", ["early", "middle", "late", "over"])
def test_a_row_of_action_spaces_drawn_apart_is_the_row_drawn_at_once(game_stage: str) -> None:
    view = registry.get("ancient_world").view(stages("ancient_world")[game_stage], None)
    for locale in ("en", "el"):
        say = ancient_world._words(locale, NAMES, len(view.players))
        for piece in ancient_world._spaces_pieces(view, say):
            assert piece.made is not None
            kit.forget()
            apart = piece.made()
            whole = kit.drawn(ancient_world.WIDTH, piece.known, piece.draw, colours=ancient_world.PALETTE)
            assert apart.image.size == whole.image.size, (locale, piece.key)
            assert apart.image.tobytes() == whole.image.tobytes(), (locale, piece.key)
            assert [s.words for s in apart.said] == [s.words for s in whole.said]
            assert all(abs(a.xy[0] - b.xy[0]) < 1e-9 and a.xy[1] == b.xy[1]
                       for a, b in zip(apart.said, whole.said, strict=True))


def test_a_stack_whose_top_is_taken_pastes_its_renumbered_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = registry.get("rftg")
    view = engine.view(stages("rftg")["middle"], 0)
    fuller = view.model_copy(deep=True)
    fuller.players[0].dev_stack = ["Space Piracy", "Diversification", "Mining Industry"]
    render.pictures(rftg, fuller, 0, NAMES)
    taken = fuller.model_copy(deep=True)
    taken.players[0].dev_stack = ["Diversification", "Mining Industry"]
    heights = drawn_anew(monkeypatch)
    render.pictures(rftg, taken, 0, NAMES)
    assert heights == []


def test_a_numbered_stack_line_pasted_from_its_number_and_name_is_the_line_drawn_whole() -> None:
    for name in sorted(rftg.CONTENT.by_name):
        for number in (1, 2, 9, 10, 12):
            words = f"{number}. {name}"
            if len(rftg._wrap(words, rftg.WIDTH - 2 * rftg.MARGIN)) > 1:
                continue
            for height in (rftg.LINE, rftg.LINE + 6):
                kit.forget()
                apart = rftg._numbered_part(words, height)
                kit.forget()
                whole = rftg._line_part(words, False, kit.THEME["ink"], height)
                assert apart.image.size == whole.image.size, words
                assert apart.image.tobytes() == whole.image.tobytes(), words
                assert apart.said == whole.said, words


@pytest.mark.parametrize("game_stage", ["early", "middle", "late"])
def test_lines_put_together_from_their_words_are_the_lines_drawn_on_a_canvas(game_stage: str) -> None:
    """A city's lines and the market's titles and cards, made from their words' coverage
    (kit.lines_part) only as wide as they reach, are pasted on the picture's background the
    pixels, height and texts of the same lines drawn on a colour canvas the picture's width."""
    view = registry.get("ancient_world").view(stages("ancient_world")[game_stage], None)
    width = ancient_world.WIDTH
    for locale in ("en", "el"):
        say = ancient_world._words(locale, NAMES, len(view.players))
        pieces = [p for brief in (False, True) for p in ancient_world._market_pieces(view, say, brief)]
        for seat in range(len(view.players)):
            words = ancient_world._city_words(view, seat, say)
            for detail in (0, 1, 2):
                pieces += ancient_world._city_pieces(view, seat, say, detail, words)
        made = [piece for piece in pieces if piece.made is not None]
        assert len(made) > 20
        for piece in made:
            assert piece.made is not None
            kit.forget()
            apart = piece.made()
            whole = kit.drawn(width, 3 * ancient_world.MAX_HEIGHT, piece._cut, colours=ancient_world.PALETTE)
            assert apart.image.width <= width and apart.image.height == whole.image.height == piece.known
            pasted = kit.composed(width, apart.image.height, [apart], ancient_world.PALETTE)
            assert pasted.image.tobytes() == whole.image.tobytes(), (locale, piece.key)
            assert apart.said == whole.said, (locale, piece.key)
