"""The Greek catalogue speaks the Greek rulebook's terms (docs/patchistory/glossary.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "patchistory" / "glossary.md"
MESSAGES = ROOT / "rules" / "patchistory" / "messages"


def rows() -> list[dict[str, str]]:
    lines = [line for line in GLOSSARY.read_text("utf-8").splitlines() if line.startswith("|")]
    head = [c.strip() for c in lines[0].strip("|").split("|")]
    return [
        dict(zip(head, (c.strip() for c in line.strip("|").split("|")), strict=True)) for line in lines[2:]
    ]


def catalogue(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((MESSAGES / f"{lang}.json").read_text("utf-8"))
    return data


@pytest.mark.parametrize("row", rows(), ids=lambda r: r["term"])
def test_where_the_english_uses_a_term_the_greek_uses_the_rulebook_s_word(row: dict[str, str]) -> None:
    en, el = catalogue("en"), catalogue("el")
    english = re.compile(rf"\b{re.escape(row['English'])}\b")
    for key, text in en.items():
        if english.search(text):
            stems = row["Greek stem"].split(" or ")
            assert any(stem in el[key] for stem in stems), f"{key}: {el[key]!r} lacks {row['Greek']!r}"


@pytest.mark.parametrize("row", [r for r in rows() if r["not"]], ids=lambda r: r["term"])
def test_no_greek_entry_uses_a_word_the_rulebook_does_not(row: dict[str, str]) -> None:
    for wrong in (w.strip() for w in row["not"].split(",")):
        found = [key for key, text in catalogue("el").items() if wrong in text]
        assert not found, f"{wrong!r} in {found}"
