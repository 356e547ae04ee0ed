"""Adapter tests play the Sealed Bid fixture game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules import registry
from tests.fixtures.sealed_bid import ENGINE


@pytest.fixture(autouse=True)
def sealed_bid() -> Iterator[None]:
    known = ENGINE.info.id in registry.available()
    if not known:
        registry.register(ENGINE)
    yield
    if not known:
        registry.unregister(ENGINE.info.id)
