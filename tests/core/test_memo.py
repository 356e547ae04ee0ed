"""The bounded memo of the engines' hot paths (rules/core/memo.py)."""

from __future__ import annotations

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
