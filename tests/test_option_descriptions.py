"""Every option says what it costs and gives (issue #13, item 3): in games of every title, played by
random seats at every player count, every answer a prompt offers (an option that is not navigation,
a choice of a prompt's parts) carries a description of at most 100 characters, in English and
Greek, after a JSON round trip as storage keeps prompts. Each game's own tests check what the
descriptions say."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.discord.i18n import Words
from rules import registry
from rules.core import Message, Prompt, Rng, random_choice
from rules.core.contract import PROMPT
from tests.descriptions import LONGEST

GAMES = [gid for gid in registry.available() if gid != "sealed_bid"]


def answers(prompt: Prompt) -> Iterator[tuple[Message, Message | None]]:
    """(label, description) of every answer the prompt offers."""
    for option in prompt.options:
        if not option.navigation:
            yield option.label, option.description
    if prompt.parts is not None:
        for part in prompt.parts.menus:
            for choice in part.choices:
                yield choice.label, choice.description


def undescribed(game_id: str, players: int, seed: int) -> tuple[list[str], list[str]]:
    """(answers without a description, descriptions over :data:`LONGEST` characters) of a game."""
    engine = registry.get(game_id)
    state = engine.new_game(players, {}, seed)
    rng = Rng.from_seed(seed)
    names = tuple(f"P{n}" for n in range(players))
    words = {locale: Words(locale, game_id, names) for locale in ("en", "el")}
    missing: list[str] = []
    long: list[str] = []
    for _ in range(engine.info.max_actions):
        pending = engine.prompts(state)
        if not pending:
            break
        for prompt in pending.values():
            kept = PROMPT.validate_json(PROMPT.dump_json(prompt))
            for label, description in answers(kept):
                if description is None:
                    missing.append(f"{kept.title.key}: {label.key}")
                    continue
                long += [text for w in words.values() if len(text := w(description)) > LONGEST]
        seat = rng.choice(sorted(pending))
        state, _ = engine.apply(state, seat, random_choice(pending[seat], rng))
    return missing, long


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_every_answer_says_what_it_costs_and_gives(game_id: str) -> None:
    engine = registry.get(game_id)
    for players in range(engine.info.min_players, engine.info.max_players + 1):
        missing, long = undescribed(game_id, players, seed=players)
        assert sorted(set(missing)) == [], f"{game_id}, {players} players: answers without a description"
        assert long == [], f"{game_id}, {players} players: descriptions over {LONGEST} characters"
