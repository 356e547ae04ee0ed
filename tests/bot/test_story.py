"""Which story message each line of the thread goes into, and the step the Waiting line ticks off."""

from __future__ import annotations

from bot.discord.story import LIMIT, ROOM, StoryLine, Telling, compose, ended, step_of

TOLD = Telling(story_id=7, story_text="Round 1: everyone rolls.")


def test_the_first_lines_of_a_table_open_its_first_story_message() -> None:
    (piece,) = compose(Telling(), [StoryLine("The game begins.", place="1:0.0"), StoryLine("Ann rolls.")])
    assert (piece.message_id, piece.text, piece.opens, piece.nonce) == (None, "The game begins.\nAnn rolls.",
                                                                         True, "1:0.0")


def test_lines_of_the_same_chapter_edit_the_story_message() -> None:
    (piece,) = compose(TOLD, [StoryLine("Ann assigned her dice."), StoryLine("Bo assigned his dice.")])
    assert piece.message_id == 7 and not piece.opens
    assert piece.text == "Round 1: everyone rolls.\nAnn assigned her dice.\nBo assigned his dice."
    assert piece.added == "Ann assigned her dice.\nBo assigned his dice."


def test_a_line_that_opens_a_chapter_starts_a_new_message() -> None:
    edit, new = compose(TOLD, [StoryLine("Cy recruits."), StoryLine("Round 2: everyone rolls.", opens=True,
                                                                    place="1:9.0")])
    assert edit.message_id == 7 and edit.text.endswith("Cy recruits.")
    assert (new.message_id, new.opens, new.nonce) == (None, True, "1:9.0")
    assert new.text == "Round 2: everyone rolls."


def test_a_chapter_opened_first_thing_leaves_the_told_message_alone() -> None:
    (new,) = compose(TOLD, [StoryLine("Round 2: everyone rolls.", opens=True)])
    assert new.message_id is None and new.opens


def test_a_full_message_goes_on_in_a_new_one_without_the_board() -> None:
    long = "x" * 1200
    edit, new = compose(Telling(story_id=7, story_text=long), [StoryLine("y" * 700), StoryLine("z" * 900)])
    assert edit.message_id == 7 and len(edit.text) == 1200 + 1 + 700 <= LIMIT
    assert new.message_id is None and new.text == "z" * 900 and not new.opens


def test_a_message_holds_at_most_discords_limit() -> None:
    (piece,) = compose(Telling(), [StoryLine("w" * (LIMIT + 50))])
    assert len(piece.text) == LIMIT
    two = compose(Telling(), [StoryLine("a" * 1000), StoryLine("b" * 999)])
    three = compose(Telling(), [StoryLine("a" * 1000), StoryLine("b" * 1000)])
    assert len(two) == 1 and len(three) == 2, "1000 + newline + 999 is exactly the limit"


def test_told_again_with_more_lines_the_same_messages_come_first() -> None:
    lines = [StoryLine(f"line {i}", opens=i % 4 == 0, place=f"1:{i}.0") for i in range(1, 12)]
    first = compose(TOLD, lines[:6])
    again = compose(TOLD, lines)
    assert [(p.message_id, p.nonce) for p in again[: len(first)]] == [(p.message_id, p.nonce) for p in first]
    assert all(b.text.startswith(a.text) for a, b in zip(first, again, strict=False))


def test_a_step_goes_on_while_the_awaited_seats_only_shrink() -> None:
    telling = Telling(seats=[1, 2], step=[0, 1, 2])
    assert step_of(telling, [2]) == [0, 1, 2]
    assert step_of(telling, [1, 2]) == [0, 1, 2]


def test_a_seat_awaited_again_begins_a_new_step() -> None:
    telling = Telling(seats=[1], step=[0, 1])
    assert step_of(telling, [0]) == [0], "seat 0 had answered: it is awaited for something new"
    assert step_of(Telling(), [2, 0]) == [0, 2]


def test_the_waiting_line_ends_the_story_message_below_a_blank_line() -> None:
    assert ended("Ann rolls.", "Waiting for: @Bo") == "Ann rolls.\n\nWaiting for: @Bo"
    assert ended("Ann rolls.", "") == "Ann rolls."


def test_a_waiting_line_longer_than_the_room_kept_for_it_is_cut() -> None:
    text = ended("Ann rolls.", "w" * (ROOM + 50))
    assert text == "Ann rolls.\n\n" + "w" * (ROOM - 2)


def test_a_story_message_without_room_leaves_the_waiting_line_to_its_own() -> None:
    assert ended("x" * (LIMIT - 10), "Waiting for: @Bo") is None
    assert ended("x" * (LIMIT - 12), "y" * 10) is not None, "exactly the limit fits"
