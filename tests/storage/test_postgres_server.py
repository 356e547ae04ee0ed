"""The test server fixture itself: where PostgreSQL is missing it says so (and CI fails on it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import postgres


def test_a_machine_without_postgresql_gets_a_reason_naming_the_missing_tool(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(postgres, "DEBIAN_BINARIES", tmp_path)
    with pytest.raises(postgres.NoServer, match="initdb is not on the PATH"), postgres.running_server():
        pass


def test_the_server_tools_are_found_off_the_path_where_debian_keeps_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for version in ("9", "15"):
        tool = tmp_path / version / "bin" / "initdb"
        tool.parent.mkdir(parents=True)
        tool.touch()
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setattr(postgres, "DEBIAN_BINARIES", tmp_path)
    assert postgres._tool("initdb") == str(tmp_path / "15" / "bin" / "initdb")


@pytest.mark.parametrize(("value", "required"), [("1", True), ("", False), ("0", False)])
def test_ci_makes_a_missing_server_a_failure(
    monkeypatch: pytest.MonkeyPatch, value: str, required: bool
) -> None:
    monkeypatch.setenv(postgres.REQUIRE, value)
    assert postgres.required() is required


def test_ci_requires_the_postgresql_server() -> None:
    ci = (Path(__file__).resolve().parents[2] / ".ci" / "run").read_text(encoding="utf-8")
    assert f"export {postgres.REQUIRE}=1" in ci.splitlines()
