"""The card reference: what a game's components are and where each of their values comes from.

Every game answers "what is X" for each card, tile, building, Wonder or Personality it plays with
(:meth:`Engine.reference`): a :class:`CardEntry` holds the printed name in the reader's language,
what kind of component it is, its cost and its effect in words, and, for each group of its values,
an :class:`Origin` saying where they come from: printed in the rulebook (and on which pages), taken
from another public source, or designed for the bot because the rulebook does not print them. A
designed value is one an owner of the physical game can correct (``CONTENT_DIR``, docs/content.md).

The four games keep their sources their own way in their content files; each game's
``reference.py`` reads them into this one shape, and :func:`entry_lines` turns an entry into the
lines the bot and the terminal client show.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping

from pydantic import BaseModel, ConfigDict

from rules.core.messages import MESSAGE, Message, msg, typed


class Origin(BaseModel):
    """Where some values of a component come from."""

    model_config = ConfigDict(frozen=True)

    fields: tuple[str, ...]
    """The content file's field names these values are kept under (``cost_coins``, ``banners``)."""
    words: tuple[Message, ...]
    """The same fields as a player reads them ("cost in coins", "banners"), in the same order."""
    designed: bool
    """The values are not printed in the rulebook: designed for the bot, to be corrected."""
    where: Message
    """Where they come from, in words ("printed in the rulebook, p. 14")."""


class CardEntry(BaseModel):
    """One component of a game as the reference shows it."""

    model_config = ConfigDict(frozen=True)

    key: str
    """Unique within the game and stable (at most 80 characters): what a lookup answers with."""
    name: Message
    """The printed name, in the reader's language where the catalogues give one."""
    kind: Message
    """What it is ("Empire card, deck A", "Wonder of era I")."""
    cost: Message | None = None
    """What it costs, when it has a cost."""
    lines: tuple[Message, ...] = ()
    """Its effect in words, one line per part."""
    origins: tuple[Origin, ...] = ()
    """Where its values come from, group by group."""

    @property
    def designed(self) -> tuple[str, ...]:
        """The content fields of this entry whose values are designed, in the order told."""
        return tuple(f for origin in self.origins if origin.designed for f in origin.fields)


PAGES = re.compile(r"\bpp?\.\s*(\d+(?:\s*[-–]\s*\d+)?)")
"""A page citation in a source note: ``p. 11``, ``p.7``, ``pp. 13-14``."""


def pages_of(note: str) -> list[str]:
    """The pages a source note cites, in order and once each (``"p. 6 …; p. 11"`` → ``["6", "11"]``)."""
    found: list[str] = []
    for match in PAGES.finditer(note):
        page = re.sub(r"\s*[-–]\s*", "–", match.group(1))
        if page not in found:
            found.append(page)
    return found


def rulebook(pages: list[str] | tuple[str, ...] = ()) -> Message:
    """ "printed in the rulebook" (with its pages when known)."""
    if not pages:
        return msg("core.reference.rulebook")
    return msg("core.reference.rulebook_pages", pages=", ".join(pages), n=len(pages))


def designed() -> Message:
    """ "designed for the bot (not printed in the rulebook)"."""
    return msg("core.reference.designed")


def source_note(note: str, others: Mapping[str, Message] | None = None) -> tuple[bool, Message]:
    """Whether a content file's source note says designed, and where the value comes from in words:
    ``designed …``, ``rulebook p. N …``, a note starting with one of ``others``' prefixes (a game's
    own public sources, told in its words), else the note itself as it is written."""
    text = note.strip()
    if text.startswith("designed"):
        return True, designed()
    if text.startswith("rulebook"):
        return False, rulebook(pages_of(text))
    for prefix, words in (others or {}).items():
        if text.startswith(prefix):
            return False, words
    return False, msg("core.reference.note", note=typed(text))


def proper_name(name: str) -> Message:
    """A name printed on the component and shown as it is, in every language."""
    return msg("core.reference.name", name=typed(name))


def group(items: list[tuple[str, Message, bool, Message]]) -> tuple[Origin, ...]:
    """Origins from (field, its words, designed, where) items: fields with the same source are
    told together, in the order their first field comes."""
    origins: dict[tuple[bool, str], tuple[list[str], list[Message], Message]] = {}
    for field, words, is_designed, where in items:
        key = (is_designed, MESSAGE.dump_json(where).decode())
        fields, said, _ = origins.setdefault(key, ([], [], where))
        fields.append(field)
        said.append(words)
    return tuple(Origin(fields=tuple(f), words=tuple(w), designed=d, where=where)
                 for (d, _), (f, w, where) in origins.items())


def entry_lines(entry: CardEntry) -> list[Message]:
    """The reference as lines: name and kind, cost, effect, where each value comes from, and,
    when some are designed, how an owner of the physical game corrects them."""
    lines = [msg("core.reference.title", name=entry.name, kind=entry.kind)]
    if entry.cost is not None:
        lines.append(msg("core.reference.cost", cost=entry.cost))
    lines += list(entry.lines)
    for origin in entry.origins:
        lines.append(msg("core.reference.origin", fields=list(origin.words), where=origin.where))
    if entry.designed:
        lines.append(msg("core.reference.correct"))
    return lines


def folded(text: str) -> str:
    """``text`` for matching what someone typed: case and accents ignored (``"Αγορά"`` ~ ``"αγορα"``)."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).strip()


def matching(entries: Iterable[CardEntry], typed_name: str, name_of: Callable[[CardEntry], str],
             limit: int = 25) -> list[CardEntry]:
    """The entries whose name (as ``name_of`` renders it) matches what was typed: an exact name
    first, then names that start with it, then names that contain it; at most ``limit``."""
    wanted = folded(typed_name)
    ranked: list[tuple[int, str, CardEntry]] = []
    for entry in entries:
        name = folded(name_of(entry))
        if name == wanted:
            rank = 0
        elif name.startswith(wanted):
            rank = 1
        elif wanted in name:
            rank = 2
        else:
            continue
        ranked.append((rank, name, entry))
    ranked.sort(key=lambda item: (item[0], item[1]))
    return [entry for _, _, entry in ranked[:limit]]


__all__ = ["CardEntry", "Origin", "designed", "entry_lines", "folded", "group",
           "matching", "pages_of", "proper_name", "rulebook", "source_note"]
