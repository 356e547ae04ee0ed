"""The bounded memo of the engines' hot paths (rules/core/memo.py)."""

from __future__ import annotations

import sys
import threading

import pytest

from rules.core.memo import Memo


def test_a_value_is_made_once_per_key() -> None:
    memo: Memo[str, list[int]] = Memo(4)
    made: list[str] = []

    def make(key: str) -> list[int]:
        made.append(key)
        return [len(made)]

    first = memo.kept("a", lambda: make("a"))
    assert memo.kept("a", lambda: make("a")) is first
    assert memo.kept("b", lambda: make("b")) == [2]
    assert made == ["a", "b"]


def test_a_kept_none_is_not_made_again() -> None:
    memo: Memo[str, None] = Memo(2)
    calls: list[int] = []
    memo.kept("x", lambda: calls.append(1))
    memo.kept("x", lambda: calls.append(1))
    assert calls == [1]


def test_past_the_limit_the_oldest_entry_goes() -> None:
    memo: Memo[int, int] = Memo(3)
    for k in range(3):
        memo.kept(k, lambda k=k: k * 10)  # type: ignore[misc]
    memo.kept(0, lambda: -1)  # a hit does not renew the entry
    memo.kept(3, lambda: 30)
    assert list(memo) == [1, 2, 3]
    assert len(memo) == 3
    assert memo.kept(0, lambda: 7) == 7
    assert list(memo) == [2, 3, 0]


def test_a_memo_keeps_at_least_one_entry() -> None:
    with pytest.raises(ValueError):
        Memo(0)


def test_put_keeps_a_value_in_place_of_the_one_kept_as_the_newest_entry() -> None:
    memo: Memo[str, int] = Memo(2)
    memo.kept("a", lambda: 1)
    memo.kept("b", lambda: 2)
    memo.put("a", 10)  # at the limit, a key already kept drops no other entry
    assert list(memo.items()) == [("b", 2), ("a", 10)]
    memo.put("c", 3)
    assert list(memo.items()) == [("a", 10), ("c", 3)]


def test_threads_keeping_values_at_once_never_drop_an_entry_twice() -> None:
    """Past the limit two threads could both pick the oldest entry to drop, the second failing
    on a key already gone; the memo's lock lets one of them drop at a time. The race needs the
    threads to switch between the pick and the drop, so the switch interval is made tiny and the
    threads keep many values."""
    memo: Memo[tuple[int, int], int] = Memo(8)
    failed: list[BaseException] = []

    def keep(thread: int) -> None:
        try:
            for i in range(30_000):
                memo.kept((thread, i), lambda: i)  # noqa: B023 - made at once
        except BaseException as e:
            failed.append(e)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for _ in range(4):
            threads = [threading.Thread(target=keep, args=(t,)) for t in range(4)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
    finally:
        sys.setswitchinterval(interval)
    assert failed == [] and len(memo) == 8
