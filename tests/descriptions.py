"""What every title's option tests share: the answers of a prompt that do not say what they cost
and give on one select line (issue #13, item 3)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Message, Prompt
from rules.core.contract import PROMPT
from rules.core.messages import render

LONGEST = 100
"""A Discord select option's description line holds at most 100 characters."""


def misfits(prompt: Prompt, packages: Sequence[str], names: Sequence[str], *,
            navigation: bool = False) -> list[str]:
    """Each option of ``prompt`` (navigation too when ``navigation``) without a description, or
    whose description is empty or longer than a select line in English or Greek, read after a
    JSON round trip as storage keeps prompts."""
    found = []
    for option in PROMPT.validate_json(PROMPT.dump_json(prompt)).options:
        if option.navigation and not navigation:
            continue
        if option.description is None:
            found.append(f"{prompt.title.key} / {option.label.key}: no description")
            continue
        for locale in ("en", "el"):
            text = said(option.description, locale, packages, names)
            if not text.strip() or len(text) > LONGEST:
                found.append(f"{locale} {option.description.key}: {text!r} ({len(text)})")
    return found


def said(message: Message, locale: str, packages: Sequence[str], names: Sequence[str]) -> str:
    return render(message, locale, tuple(packages), tuple(names))
