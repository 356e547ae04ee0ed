"""The Greek catalogue speaks the Greek rulebook's words (docs/ancient_world/glossary.md), in the
polite plural, with no hedged plural or gender, and its counts agree with their nouns."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.core.messages import catalogue, render
from rules.core.messages import msg as message

PACKAGE = "rules.ancient_world"
GLOSSARY = Path(__file__).parents[2] / "docs" / "ancient_world" / "glossary.md"
EN, EL = catalogue(PACKAGE, "en"), catalogue(PACKAGE, "el")


def _section(title: str) -> list[list[str]]:
    text = GLOSSARY.read_text("utf-8").split(f"## {title}", 1)[1].split("\n## ", 1)[0]
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in text.splitlines()
            if line.startswith("|")]
    return rows[2:]


TERMS = _section("Terms")
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


def test_no_word_the_rulebook_does_not_use() -> None:
    banned = [w.strip() for row in NOT_USED for w in row[0].split(",")]
    for key, text in EL.items():
        for word in banned:
            assert word.lower() not in text.lower(), (key, word)


def test_a_damaged_card_is_struck_not_destroyed() -> None:
    """p.7 and p.11: a card that takes damage «δέχεται ζημιά» and is then «χτυπημένη»."""
    line = render(message("ancient_world.damaged", seat=0, card="Granary"), "el", (PACKAGE,), ("Μαρία",))
    assert line == "Μαρία: η κάρτα Granary δέχεται ζημιά."


def test_an_action_space_in_a_sentence_takes_the_genitive() -> None:
    """p.10: «την ενέργεια Κατασκευής»."""
    line = render(message("ancient_world.placed", seat=0, rank=2, space="@ancient_world.space_gen.build"),
                  "el", (PACKAGE,), ("Μαρία",))
    assert line == "Μαρία: τοποθετεί τον Πολίτη 2 στην ενέργεια Κατασκευής."


INFORMAL = re.compile(r"\b(?:σου|σένα|εσύ|έχεις|μπορείς|πληρώνεις|θέλεις|χτίζεις|κρατάς|διάλεξε|"
                      r"πλήρωσε|επιτέσου|απόρριψε|κατέστρεψε|επισκεύασε|Τραβάς|Βλέπεις|Αποθηκεύεις|"
                      r"χρειάζεσαι|εξερευνάς|κοιτάς|επιτίθεσαι|αφαιρείς|χρησιμοποιείς|αποθηκεύεις)\b",
                      re.IGNORECASE)


def test_greek_addresses_the_player_in_the_polite_plural() -> None:
    for key, text in EL.items():
        assert not INFORMAL.search(text), (key, text)


HEDGES = re.compile(r"\w/\w|\(\w{1,3}\)|\b(?:Ο/Η|του/της|στον/στην)\b")


def test_no_gender_or_plural_hedge() -> None:
    for key, text in EL.items():
        assert not HEDGES.search(_words(text)), (key, text)


COUNTED = re.compile(r"\{(\w+)\}\s+(νομίσματα|κάρτες|ζάρια|σύμβολα|τροφές|αστεριών|coins|cards|dice)\b")


@pytest.mark.parametrize("catalogue_", [EN, EL], ids=["en", "el"])
def test_a_count_before_a_plural_noun_is_a_plural_block(catalogue_: dict[str, str]) -> None:
    for key, text in catalogue_.items():
        assert not COUNTED.search(text), (key, text)


@pytest.mark.parametrize(("count", "expected"), [(1, "Μαρία: ρίχνει 1 Ζάρι Ζημιάς: 1 σύμβολο Τιτάνα, "
                                                    "χάνει 1 νόμισμα."),
                                                  (2, "Μαρία: ρίχνει 2 Ζάρια Ζημιάς: 2 σύμβολα Τιτάνα, "
                                                    "χάνει 2 νομίσματα.")])
def test_the_damage_roll_agrees_with_its_counts(count: int, expected: str) -> None:
    line = render(message("ancient_world.damage_roll", seat=0, dice=count, titans=count, coins=count),
                  "el", (PACKAGE,), ("Μαρία",))
    assert line == expected
