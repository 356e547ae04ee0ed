"""The Greek catalogue speaks the Greek rulebook's words (docs/rftg/glossary.md).

Wherever an English entry uses a term of the glossary, the Greek entry uses a form of the
rulebook's Greek term; no Greek entry uses a refused word; and no Greek entry hedges gender or
number («Ο/Η», «του/της», «(ες)») or addresses the player informally.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.core.messages import catalogue

GLOSSARY = Path(__file__).parents[2] / "docs" / "rftg" / "glossary.md"
EN, EL = catalogue("rules.rftg", "en"), catalogue("rules.rftg", "el")


def _rows() -> list[dict[str, str]]:
    rows = []
    for line in GLOSSARY.read_text("utf-8").splitlines():
        if not line.startswith("| ") or line.startswith("| term") or set(line) <= set("|- "):
            continue
        cells = [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        term, english, greek, stem, page, refused = cells
        rows.append({"term": term, "english": english, "greek": greek, "stem": stem, "page": page,
                     "refused": refused})
    return rows


ROWS = _rows()


def test_the_glossary_gives_a_rulebook_page_for_every_term() -> None:
    assert len(ROWS) >= 30
    assert all(re.fullmatch(r"\d+(, \d+)*", r["page"]) for r in ROWS)


@pytest.mark.parametrize("row", [r for r in ROWS if r["stem"]], ids=lambda r: r["term"])
def test_greek_entries_use_the_rulebook_term_where_english_uses_the_term(row: dict[str, str]) -> None:
    words = [w.strip() for w in row["english"].split(",")]
    english = re.compile(r"\b(" + "|".join(re.escape(w) for w in words) + r")\b")
    stem = re.compile(row["stem"], re.IGNORECASE)
    missing = [k for k, v in EN.items()
               if english.search(re.sub(r"\{[a-z_]+\}", "", v)) and not stem.search(EL[k])]
    assert not missing, [(k, EN[k], EL[k]) for k in missing]


@pytest.mark.parametrize("row", [r for r in ROWS if r["refused"]], ids=lambda r: r["term"])
def test_no_greek_entry_uses_a_refused_word(row: dict[str, str]) -> None:
    refused = [w.strip() for w in row["refused"].split(",")]
    used = [(k, v) for k, v in EL.items() for w in refused if w in v]
    assert not used


def test_no_greek_entry_hedges_gender_or_number() -> None:
    hedged = {k: v for k, v in EL.items() if re.search(r"\b\w+/\w+\b|\(ες\)|\(οι\)|\(α\)", v)}
    assert not hedged


def test_no_english_entry_hedges_number() -> None:
    assert not {k: v for k, v in EN.items() if "(s)" in v}


def test_the_greek_entries_address_the_player_politely() -> None:
    informal = re.compile(r"\b(έχεις|μπορείς|επίλεξε|διάλεξε|πάρε|βάλε|σου|σένα|εσύ)\b")
    assert not {k: v for k, v in EL.items() if informal.search(v)}
