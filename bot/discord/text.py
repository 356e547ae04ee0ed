"""What players typed, shown as text on Discord and never obeyed.

A display name (or anything else a player typed) may hold a mention (``<@id>``, ``@everyone``),
markdown (``**``, a masked link ``[text](url)``, a heading), line breaks, or Unicode direction
overrides that turn the rest of a line around. Wherever the bot echoes such words:

* :func:`plain` keeps them on one line, in their own direction: control characters and line
  breaks become spaces, direction controls are dropped (for labels, thread names and pictures,
  where Discord renders no markdown);
* :func:`shown` does that and escapes markdown and mentions (for message text), with discord.py's
  own :func:`discord.utils.escape_markdown` and :func:`discord.utils.escape_mentions`.

Messages are sent with ``allowed_mentions`` besides (see :mod:`bot.discord.delivery`), so that even
an escape missed would notify nobody the bot did not mean to.
"""

from __future__ import annotations

import unicodedata

import discord

DIRECTION_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Unicode's bidirectional marks, embeddings, overrides and isolates."""


def plain(value: str) -> str:
    """``value`` on one line, without direction controls: what a label or a picture may show."""
    out = []
    for char in value:
        if char in DIRECTION_CONTROLS:
            continue
        category = unicodedata.category(char)
        out.append(" " if category in ("Cc", "Zl", "Zp") else char)
    return " ".join("".join(out).split())


def shown(value: str) -> str:
    """``value`` as message text: on one line, its markdown and mentions shown, not obeyed."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(plain(value)))
