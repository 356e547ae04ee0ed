"""The Greek catalogue speaks the Greek rulebook's words (docs/praetor/glossary.md), in the polite
plural, with no hedged plural or gender."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.core.messages import catalogue, render
from rules.core.messages import msg as message

PACKAGE = "rules.praetor"
GLOSSARY = Path(__file__).parents[2] / "docs" / "praetor" / "glossary.md"
EN, EL = catalogue(PACKAGE, "en"), catalogue(PACKAGE, "el")


def _section(title: str) -> list[list[str]]:
    text = GLOSSARY.read_text("utf-8").split(f"## {title}", 1)[1].split("\n## ", 1)[0]
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in text.splitlines()
            if line.startswith("|")]
    return [r for r in rows[2:]]


TERMS = _section("Terms")
TILES = _section("City tiles")
NOT_USED = _section("Not used")


def _words(template: str) -> str:
    """A catalogue entry's own words: placeholders and plural syntax taken out."""
    text = re.sub(r"\{\w+\}", " ", template)
    text = re.sub(r"\{\w+, plural,|\b(?:one|other|=\d+)\s*\{", " ", text)
    return text.replace("{", " ").replace("}", " ").replace("#", " ")


@pytest.mark.parametrize("row", TERMS, ids=[r[0] for r in TERMS])
def test_where_english_says_the_term_greek_says_the_rulebook_s_word(row: list[str]) -> None:
    _, english, _, forms, page = row
    stems = [f.strip() for f in forms.split(",")]
    assert page, "every term cites its rulebook page"
    used = [k for k, v in EN.items() if re.search(rf"\b{re.escape(english)}", _words(v), re.IGNORECASE)]
    assert used, f"the glossary's English {english!r} is not in the catalogue"
    for key in used:
        greek = _words(EL[key]).lower()
        assert any(stem.lower() in greek for stem in stems), (key, EL[key])


@pytest.mark.parametrize("row", TILES, ids=[r[0] for r in TILES])
def test_tile_names_are_the_greek_rulebook_s(row: list[str]) -> None:
    tile, english, greek, _ = row
    assert EN[f"praetor.tile.{tile}"] == english
    assert EL[f"praetor.tile.{tile}"] == greek


def test_a_tile_passed_into_a_sentence_keeps_its_greek_name() -> None:
    label = message("praetor.tile.label", name="@praetor.tile.temple_venus", number="31")
    line = render(message("praetor.opt.build", tile=label), "el", (PACKAGE,))
    assert line == "Κατασκευή: Ναός της Αφροδίτης #31"


def test_no_word_the_rulebook_does_not_use() -> None:
    banned = [w.strip() for row in NOT_USED for w in row[0].split(",")]
    for key, text in EL.items():
        for word in banned:
            assert word.lower() not in text.lower(), (key, word)


INFORMAL = re.compile(r"\b(?:σου|σένα|εσύ|έχεις|μπορείς|πληρώνεις|θέλεις|πας|είσαι|χτίσε|πλήρωσε|"
                      r"αγόρασε|πούλησε|ολοκλήρωσε)\b", re.IGNORECASE)


def test_greek_addresses_the_player_in_the_polite_plural() -> None:
    for key, text in EL.items():
        assert not INFORMAL.search(text), (key, text)


HEDGES = re.compile(r"\w/\w|\(\w{1,3}\)|\b(?:Ο/Η|του/της|στον/στην)\b")


@pytest.mark.parametrize("locale", ["en", "el"])
def test_no_hedged_plural_or_gender(locale: str) -> None:
    for key, text in catalogue(PACKAGE, locale).items():
        assert not HEDGES.search(text), (key, text)


@pytest.mark.parametrize("count", [0, 1, 2])
def test_counts_read_right_in_both_languages(count: int) -> None:
    lines = {loc: render(message("praetor.ev.retired", seat="Μαρία", count=count, favour=8), loc, (PACKAGE,))
             for loc in ("en", "el")}
    assert ("1 worker retires" in lines["en"]) == (count == 1)
    assert ("1 Εργάτης αποσύρεται" in lines["el"]) == (count == 1)
    assert (f"{count} Εργάτες αποσύρονται" in lines["el"]) == (count != 1)
    weapons = render(message("praetor.amount.weapons", n=count), "el", (PACKAGE,))
    assert weapons == (f"{count} Όπλο" if count == 1 else f"{count} Όπλα")


def _sample(name: str, count: int) -> object:
    """A real value for a placeholder, by its name."""
    tile = message("praetor.tile.label", name="@praetor.tile.marble_quarry", number="13")
    cost = message("praetor.list.and", first=message("praetor.amount.gold", n=count),
                   rest=message("praetor.amount.weapons", n=count))
    samples: dict[str, object] = {
        "tile": tile, "tiles": message("praetor.list.and", first=tile, rest=tile),
        "cost": cost, "stock": cost, "goods": message("praetor.amount.marble", n=count),
        "have": message("praetor.amount.wood", n=count), "gain": message("praetor.amount.stone", n=count),
        "effect": message("praetor.effect.gain_gold", amount=1),
        "fee": message("praetor.fee.none"), "wall": message("praetor.wall", cost=cost, favour=count, back=1),
        "rule": "@praetor.tie.morale", "name": "@praetor.tile.forum", "cell": "M13", "board": "B1",
        "workers": [1, 2, 3], "number": "13",
    }
    return samples.get(name, count)


@pytest.mark.parametrize("count", [0, 1, 2])
def test_every_greek_entry_reads_in_greek_with_real_values(count: int) -> None:
    """No English word in Greek output (cell names such as M13 are the picture's grid labels; the
    game's title, Praetor, is printed in Latin letters by the Greek rulebook too)."""
    names = ("Μαρία", "Γιώργος", "Ελένη")
    for key, text in EL.items():
        params = {p: 0 if p.endswith("seat") else _sample(p, count)
                  for p in re.findall(r"\{(\w+)", text)}
        line = render(message(key, **params), "el", (PACKAGE,), names)  # type: ignore[arg-type]
        leftover = re.sub(r"\b[A-Z]\d+\b|#\d+|\bPraetor\b", "", line)
        assert not re.search(r"[A-Za-z]{2,}|[{}]", leftover), (key, line)
