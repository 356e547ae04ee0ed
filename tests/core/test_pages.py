"""A long list of options is shown a page at a time, fixed options on every page."""

from rules.core import MAX_OPTIONS, Option, msg
from rules.core.pages import paged
from tests.fixtures.sealed_bid import Pass, Take


def takes(n: int) -> list[Option]:
    return [Option(action=Take(token=i), label=msg("sealed.take", slot=i + 1, value=1)) for i in range(n)]


def turn(next_page: int, shown: int, pages: int) -> Option:
    return Option(action=Take(token=-1 - next_page), label=msg("sealed.more", page=shown, pages=pages))


PASS = Option(action=Pass(), label=msg("sealed.pass"))


def tokens(options: tuple[Option, ...]) -> list[int]:
    return [o.action.token for o in options if isinstance(o.action, Take)]


def test_a_list_that_fits_is_shown_whole_without_a_more_option() -> None:
    shown = paged(takes(24), 0, turn, after=[PASS])
    assert tokens(shown) == list(range(24))
    assert shown[-1] == PASS


def test_a_long_list_shows_one_page_and_an_option_turning_to_the_next() -> None:
    shown = paged(takes(30), 0, turn, after=[PASS])
    assert len(shown) == MAX_OPTIONS
    assert tokens(shown)[:-1] == list(range(23))
    assert shown[-2].label.params == {"page": 1, "pages": 2}
    assert shown[-2].action == Take(token=-2)
    assert shown[-1] == PASS


def test_the_last_page_turns_back_to_the_first() -> None:
    shown = paged(takes(30), 1, turn, before=[PASS])
    assert shown[0] == PASS
    assert tokens(shown)[:-1] == list(range(23, 30))
    assert shown[-1].action == Take(token=-1)


def test_every_item_is_on_some_page() -> None:
    items = takes(60)
    seen = set()
    for page in range(3):
        seen.update(t for t in tokens(paged(items, page, turn)) if t >= 0)
    assert seen == set(range(60))


def test_a_page_number_past_the_end_wraps_round() -> None:
    assert paged(takes(30), 2, turn) == paged(takes(30), 0, turn)
