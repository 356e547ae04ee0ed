"""The words a picture shows are kept once put together, by all that makes them."""

from __future__ import annotations

import pytest

from render import words
from render.words import Words
from rules.core.memo import Memo

RFTG = ("rules.rftg",)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The messages put together from the catalogues (not found kept)."""
    made: list[str] = []
    render = words.render

    def counting(message: words.Message, *args: object) -> str:
        made.append(message.key)
        return render(message, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(words, "render", counting)
    monkeypatch.setattr(words, "_said", Memo(words.KEPT))
    return made


def test_the_same_words_asked_again_are_put_together_once(counted: list[str]) -> None:
    say = Words("en", ("Ada", "Bo"), 2, RFTG)
    assert say("rftg.pic.private", seat=0, round=3) == "Ada · round 3 · only you see this"
    assert say("rftg.pic.private", seat=0, round=3) == "Ada · round 3 · only you see this"
    assert counted == ["rftg.pic.private"]


def test_kept_words_are_kept_by_language_names_and_every_parameter(counted: list[str]) -> None:
    Words("en", ("Ada", "Bo"), 2, RFTG)("rftg.pic.private", seat=0, round=3)
    assert Words("el", ("Ada", "Bo"), 2, RFTG)("rftg.pic.private", seat=0, round=3) == (
        "Ada · γύρος 3 · το βλέπετε μόνο εσείς")
    assert Words("en", ("Cy", "Bo"), 2, RFTG)("rftg.pic.private", seat=0, round=3).startswith("Cy ")
    assert Words("en", ("Ada", "Bo"), 2, RFTG)("rftg.pic.private", seat=1, round=3).startswith("Bo ")
    assert " round 4 " in Words("en", ("Ada", "Bo"), 2, RFTG)("rftg.pic.private", seat=0, round=4)


def test_a_key_is_kept_apart_from_the_same_key_under_another_prefix(counted: list[str]) -> None:
    both = ("rules.rftg", "rules.ancient_world")
    galaxy = Words("en", (), 2, both, prefix="rftg.")("pic.round", round=2)
    ancient = Words("en", (), 2, both, prefix="ancient_world.")("pic.round", round=2)
    assert galaxy != ancient and counted == ["rftg.pic.round", "ancient_world.pic.round"]


def test_a_true_flag_is_not_taken_for_the_number_one(counted: list[str]) -> None:
    say = Words("en", (), 2, RFTG)
    say("rftg.pic.credits", credits=1)
    say("rftg.pic.credits", credits=True)  # type: ignore[arg-type]
    assert counted == ["rftg.pic.credits", "rftg.pic.credits"]
