"""The table service keeps its own limits, whatever its caller checked: a pace from 1 minute to 30
days per move, and table ids storage can hold (a larger one names no table)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from bot.service import BadSetting, NoSuchTable, TableService
from bot.service.core import LARGEST_ID
from tests.fixtures.sealed_bid import Bid
from tests.service.conftest import ADA, BO, CHANNEL, GUILD, new_table

OUTSIDE = [0, -1, 0.01, 720.5, 10**6, math.nan, math.inf, -math.inf, True, "24"]
"""Paces outside 1 minute (1/60 hour) to 30 days (720 hours), or no number at all."""


@pytest.mark.parametrize("pace", OUTSIDE)
async def test_a_new_table_with_a_pace_outside_the_limits_is_refused(
    service: TableService, pace: Any
) -> None:
    with pytest.raises(BadSetting) as refused:
        await service.create_table("sealed_bid", GUILD, CHANNEL, ADA, "Ada", pace_hours=pace)
    assert refused.value.key == "service.bad_pace"
    assert await service.tables(GUILD) == []


@pytest.mark.parametrize("pace", OUTSIDE)
async def test_a_pace_outside_the_limits_is_refused_and_the_old_one_kept(
    service: TableService, pace: Any
) -> None:
    table = await new_table(service, (BO, "Bo"))
    with pytest.raises(BadSetting):
        await service.settings(table.id, ADA, pace_hours=pace)
    assert (await service.table(table.id)).pace_hours == 24


@pytest.mark.parametrize("pace", [1 / 60, 720])
async def test_the_limits_themselves_are_allowed(service: TableService, pace: float) -> None:
    table = await service.create_table("sealed_bid", GUILD, CHANNEL, ADA, "Ada", pace_hours=pace)
    assert table.pace_hours == pace


@pytest.mark.parametrize("table_id", [LARGEST_ID + 1, 10**20, 0, -1, -(2**70)])
async def test_a_table_id_storage_cannot_hold_names_no_table(service: TableService, table_id: int) -> None:
    await new_table(service, (BO, "Bo"))
    with pytest.raises(NoSuchTable):
        await service.table(table_id)
    with pytest.raises(NoSuchTable):
        await service.prompt_for(table_id, ADA)
    with pytest.raises(NoSuchTable):
        await service.act(table_id, ADA, Bid(coins=1))
    with pytest.raises(NoSuchTable):
        await service.join(table_id, BO, "Bo")

