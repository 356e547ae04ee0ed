"""The translator's catalogue keys: a command's own wording of a parameter wins over the common one."""

from __future__ import annotations

from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.discord.commands.game import GameCommands
from bot.discord.translator import keys, lookup


def parameter(command: str, name: str) -> app_commands.Parameter:
    group = GameCommands()
    found = group.get_command(command)
    assert isinstance(found, app_commands.Command)
    return next(p for p in found.parameters if p.name == name)


def test_a_parameter_common_to_many_commands_is_written_once() -> None:
    table = parameter("join", "table")
    assert keys(Where.parameter_name, table) == ("bot.cmd.game.join.opt.table", "bot.cmd.opt.table")
    assert lookup("el", Where.parameter_name, table) == "τραπέζι"


def test_a_command_may_word_a_parameter_its_own_way() -> None:
    new_pace = parameter("new", "pace")
    settings_pace = parameter("settings", "pace")
    assert lookup("en", Where.parameter_description, new_pace) != lookup(
        "en", Where.parameter_description, settings_pace
    )


def test_a_subcommand_is_looked_up_by_its_whole_name() -> None:
    join = GameCommands().get_command("join")
    assert lookup("el", Where.command_name, join) == "συμμετοχή"
    assert lookup("el", Where.command_description, join) == "Πάρτε θέση σε αυτό το τραπέζι"


def test_a_choice_offered_by_autocomplete_has_no_key() -> None:
    choice = app_commands.Choice(name="Praetor", value="praetor")
    assert lookup("el", Where.choice_name, choice) is None
