"""The terminal client's tests: the fixture game a test registers is forgotten after it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules import registry
from tests.fixtures.sealed_bid import ENGINE


@pytest.fixture(autouse=True)
def forget_fixture() -> Iterator[None]:
    yield
    registry.unregister(ENGINE.info.id)
