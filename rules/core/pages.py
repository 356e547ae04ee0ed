"""A long list of options shown a page at a time (docs/contract.md: at most 25 options).

Most choices are split into steps so that each fits one prompt. Where a list has no fixed bound
(the tiles of a construction zone, the cards of a city), the prompt shows one page of it and a
"more" option that turns to the next page; the options kept on every page (decline, back, done)
stay where they are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.core.contract import MAX_OPTIONS, Option


def paged(
    items: Sequence[Option],
    page: int,
    more: Callable[[int, int, int], Option],
    before: Sequence[Option] = (),
    after: Sequence[Option] = (),
) -> tuple[Option, ...]:
    """``before``, then ``items`` — all of them when they fit, else page ``page`` (counted from 0,
    wrapping round) followed by ``more(next_page, shown_page, pages)`` — then ``after``.

    ``more`` builds the option that turns the page; its label should count pages from 1.
    """
    room = MAX_OPTIONS - len(before) - len(after)
    if len(items) <= room:
        return (*before, *items, *after)
    size = room - 1
    if size < 1:
        raise ValueError(f"{len(before) + len(after)} fixed options leave no room for a page")
    pages = -(-len(items) // size)
    page %= pages
    shown = items[page * size:(page + 1) * size]
    return (*before, *shown, more((page + 1) % pages, page + 1, pages), *after)
