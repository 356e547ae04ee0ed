"""A prosperity card to commit is told by its category and where the seat ranks in it now, the
way it is scored (p. 13–14), never by its id."""

from __future__ import annotations

from rules.core.messages import render
from rules.patchistory import ENGINE
from rules.patchistory.state import Phase
from rules.patchistory.voting import standings
from tests.patchistory.helpers import at_phase, game

PACKAGES = ("rules.patchistory", "rules.core")
NAMES = ("Ann", "Bo", "Cy")


def test_each_card_to_commit_says_its_category_and_the_seat_s_rank_in_it() -> None:
    state = at_phase(game(3), Phase.VOTE_COMMIT)
    state.players[0].cards = ["p01", "p02"]
    state.players[1].cards = ["p03"]
    prompt = ENGINE.asked(state)[0]
    rank = standings(ENGINE.ctx, state, "military")[0]
    for locale in ("en", "el"):
        labels = [render(o.label, locale, PACKAGES, NAMES) for o in prompt.options]
        assert len(set(labels)) == 2 and not any("p0" in text for text in labels), labels
    words = [render(o.description, "en", PACKAGES, NAMES) for o in prompt.options if o.description]
    assert words == [f"You rank {rank} of 3 in it now"] * 2
