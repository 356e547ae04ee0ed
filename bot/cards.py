"""Looking cards up by name for ``/game card`` and the terminal's ``? NAME``.

A table's game answers with the content it plays with (the table's options, the bot's
``CONTENT_DIR``); outside a table every game answers. Names are matched in the reader's language,
case and accents ignored (:func:`rules.core.reference.matching`); an autocomplete value names the
game and the entry (``"ancient_world:empire.aqueduct"``) so that it picks one entry exactly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from bot.service.words import packages_for
from rules import registry
from rules.core.messages import Message, Param, msg, render, typed
from rules.core.reference import CardEntry, entry_lines, folded, matching

SEPARATOR = ":"
MAX_CHOICES = 25
"""Discord's limit on autocomplete choices."""


class Found:
    """One entry of one game, as a lookup found it."""

    def __init__(self, game_id: str, entry: CardEntry) -> None:
        self.game_id = game_id
        self.entry = entry

    @property
    def value(self) -> str:
        """What an autocomplete choice sends back (at most 100 characters)."""
        return f"{self.game_id}{SEPARATOR}{self.entry.key}"


def entries(game_id: str, options: Mapping[str, Any] | None = None) -> tuple[CardEntry, ...]:
    """The reference of ``game_id`` at a table with ``options`` (the defaults for ``None``)."""
    engine = registry.get(game_id)
    if not options:
        return _shipped(engine)
    return engine.reference(engine.parse_options(dict(options)))


@cache
def _shipped(engine: Any) -> tuple[CardEntry, ...]:
    """An engine's reference with default options, built once per engine (a content directory
    set later builds new engines)."""
    result: tuple[CardEntry, ...] = engine.reference(None)
    return result


def name(found: Found, locale: str) -> str:
    """The entry's printed name in ``locale``."""
    return render(found.entry.name, locale, packages_for(found.game_id))


def lookup(games: Mapping[str, Mapping[str, Any] | None], typed_name: str, locale: str,
           limit: int = MAX_CHOICES) -> list[Found]:
    """The entries of ``games`` (game id → table options) matching ``typed_name``, best first.

    An autocomplete value (``game:key``) finds exactly its entry.
    """
    game_id, sep, key = typed_name.partition(SEPARATOR)
    if sep and game_id in games:
        exact = [Found(game_id, e) for e in entries(game_id, games[game_id]) if e.key == key]
        if exact:
            return exact
    everything = [Found(gid, e) for gid, options in games.items() for e in entries(gid, options)]
    by_id = {id(f.entry): f for f in everything}
    ranked = matching([f.entry for f in everything], typed_name,
                      lambda e: name(by_id[id(e)], locale), limit=limit)
    return [by_id[id(e)] for e in ranked]


def best(found: Sequence[Found], typed_name: str, locale: str) -> list[Found]:
    """What to show for a name typed in full: every entry called exactly that (a Patchistory
    Library of each era), else the best match; nothing when nothing matched."""
    wanted = folded(typed_name)
    exact = [f for f in found if folded(name(f, locale)) == wanted]
    return exact or list(found[:1])


def lines(found: Found) -> list[Message]:
    """The reference lines of one entry (:func:`rules.core.reference.entry_lines`)."""
    return entry_lines(found.entry)


def not_found(typed_name: str, game_id: str | None) -> Message:
    """"No card of {game} is called …" (or of any game, outside a table)."""
    if game_id is None:
        return msg("core.reference.nothing", name=typed(typed_name))
    return msg("core.reference.none", name=typed(typed_name), game=registry.get(game_id).info.title)


def designed_line(game_id: str, options: Mapping[str, Any] | None = None) -> Message | None:
    """The lobby's line naming the kinds of value a game's content has designed, the most common
    first (a game's words for a content field are its ``<game>.ref.field.<name>`` entries), or
    ``None`` when the game has none."""
    found = entries(game_id, options)
    counts = Counter(field.rsplit(".", 1)[-1] for entry in found for field in entry.designed)
    if not counts:
        return None
    names = [name for name, _ in counts.most_common(MAX_LOBBY_FIELDS)]
    words: list[Param] = [msg(f"{game_id}.ref.field.{name}") for name in names]
    return msg("core.reference.lobby", fields=words)


MAX_LOBBY_FIELDS = 8
"""How many kinds of designed value the lobby's one line names (the reference names them all)."""
