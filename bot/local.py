"""Play a game in the terminal, without Discord: ``python -m bot.local --game ID --seats NAME,bot,bot``.

Every seat named ``bot`` (or ``bot:greedy``, ``bot:random``) is played by a bot; every other name is
a person, and people take turns at the same keyboard (hotseat). The game runs through the same
:class:`~bot.service.TableService` as the Discord bot, over a SQLite file (``--db``; a temporary one
by default), so a game can be stopped and its file inspected. Each prompt is a numbered menu (a
bounded number is typed in); events are told in words from the game's message catalogue
(``--lang``); board pictures go to ``--out`` when the game has a renderer.

At a prompt, ``u`` takes back your last move (when the rules allow it alone), ``q`` quits, and
``? NAME`` tells what the game's card or tile called NAME is (as ``/game card`` does).

Started again with the same ``--db`` and no ``--seats``, it lists the games in that file that are
still being played and continues the one chosen (``--table N`` chooses without asking). When two
people share the keyboard, the screen is cleared between them and the next person is asked to
take the keyboard and press Enter, so that what one was told in private never stays on the screen
for the next. Every word it prints comes from the catalogues, in ``--lang``.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, TextIO

from bot import cards
from bot.service import Line, Outcome, SeatPrompt, TableInfo, TableService
from bot.service.words import render, render_refusal, seat_names
from render import for_game
from render import pictures as pictures_of
from rules import registry
from rules.core import Message, Part, RuleError, msg
from rules.core.messages import Text, typed
from storage.records import TableFilter
from storage.sqlite import SqliteRepository

GUILD = 0
CHANNEL = 0
BOT_SEAT = "bot"

CLEAR = "\033[H\033[2J\033[3J"
"""Clears the terminal's screen and its scrollback (ANSI), so nothing said before can be read."""


def words_for(locale: str, game_id: str = "", names: tuple[str, ...] = ()) -> Callable[..., str]:
    """The terminal's sentences: ``t("service.terminal_…", **params)`` in ``locale``."""
    def t(key: str, **params: Any) -> str:
        return render(msg(key, **params), locale, game_id, names)
    return t


class Quit(Exception):
    """The player asked to stop (or input ended)."""


class BadArgument(ValueError):
    """A command-line argument the client cannot read, with the catalogue key that says why."""

    def __init__(self, sentence: str, key: str, **params: Any) -> None:
        super().__init__(sentence)
        self.key = key
        self.params = params


class Terminal:
    """Reads answers and prints sentences for one hotseat game."""

    def __init__(self, service: TableService, table: TableInfo, locale: str, out: Path | None,
                 read: Callable[[], str], write: TextIO) -> None:
        self.service = service
        self.table = table
        self.locale = locale
        self.out = out
        self.read = read
        self.write = write
        self.renderer: ModuleType | None = for_game(table.game_id)
        self.at_keyboard: int | None = None
        """The person the screen was last shown to."""

    def t(self, key: str, **params: Any) -> str:
        return words_for(self.locale, self.table.game_id, seat_names(self.table, self.locale))(key, **params)

    def hand_over(self, user_id: int, name: str) -> None:
        """Between two people at one keyboard: clear the screen (what the last one read in private
        goes with it), then wait until the next one, ``name``, has the keyboard."""
        people = [s for s in self.table.seats if s.user_id is not None and s.bot is None]
        if len(people) < 2 or self.at_keyboard == user_id:
            self.at_keyboard = user_id
            return
        self.write.write(CLEAR)
        self.say(self.t("service.terminal_pass_to", name=typed(name)))
        self._ask("")
        self.write.write(CLEAR)
        self.write.flush()
        self.at_keyboard = user_id

    def say(self, text: str = "") -> None:
        print(text, file=self.write, flush=True)

    def words(self, message: Message) -> str:
        return render(message, self.locale, self.table.game_id, seat_names(self.table, self.locale))

    async def tell(self, outcome: Outcome, seat: int | None) -> None:
        """Print what the table and ``seat`` (the person at the keyboard) are told, and write the
        pictures (another person's private picture is not written: they share the screen)."""
        self.table = outcome.table
        for line in outcome.lines_for(seat):
            self.say(self._line(line))
        shown = [p for p in outcome.pictures if p.seat is None or p.seat == seat]
        visible = Outcome(table=outcome.table, pictures=shown)
        for path in await write_pictures(self.service, visible, self.renderer, self.out):
            self.say("  " + self.t("service.terminal_picture", path=typed(str(path))))

    def _line(self, line: Line) -> str:
        prefix = "" if line.seats is None else "  " + self.t("service.terminal_only_you") + " "
        return f"{prefix}{self.words(line.message)}"

    async def turn(self, user_id: int, prompt: SeatPrompt) -> Outcome:
        """Show ``prompt`` to its player and play their answer; ``u`` undoes, ``q`` quits."""
        name = seat_names(self.table, self.locale)[prompt.seat]
        self.hand_over(user_id, name)
        self.say("\n" + self.t("service.terminal_turn", name=typed(name), number=prompt.seat + 1))
        for line in prompt.digest:
            if line.seats is not None:
                self.say(self._line(line))
        self.say(self.words(prompt.prompt.title))
        options = prompt.prompt.options
        for i, option in enumerate(options, start=1):
            described = "" if option.description is None else f" — {self.words(option.description)}"
            self.say(f"  {i}. {self.words(option.label)}{described}")
        number = prompt.prompt.number
        if number is not None:
            pick = f"{len(options) + 1}. " if options else ""
            self.say(f"  {pick}{self.words(number.label)} ({number.low}–{number.high})")
        parts = prompt.prompt.parts
        if parts is not None:
            described = "" if parts.description is None else f" — {self.words(parts.description)}"
            self.say(f"  {len(options) + (1 if number else 0) + 1}. {self.words(parts.label)}{described}")
        self.say(self.words(msg("service.terminal_keys")))
        while True:
            try:
                action = self._choose(prompt)
                if action == "undo":
                    return await self.service.undo(self.table.id, user_id)
                return await self.service.act(self.table.id, user_id, action, expected_seq=prompt.seq)
            except RuleError as refusal:
                names = seat_names(self.table, self.locale)
                self.say(f"  ! {render_refusal(refusal, self.locale, self.table.game_id, names)}")

    def _choose(self, prompt: SeatPrompt) -> Any:
        options = prompt.prompt.options
        number = prompt.prompt.number
        text = self._ask("> ")
        while text.startswith("?"):
            self.card(text[1:].strip())
            text = self._ask("> ")
        if text == "u":
            return "undo"
        parts = prompt.prompt.parts
        if number is not None and not options and parts is None:
            return number.action(self._number(text, number.low, number.high))
        choice = self._number(text, 1, len(options) + (1 if number else 0) + (1 if parts else 0))
        if choice <= len(options):
            return options[choice - 1].action
        if number is not None and choice == len(options) + 1:
            return number.action(self._number(self._ask(f"  {number.low}–{number.high}: "), number.low,
                                              number.high))
        assert parts is not None
        return parts.action([self._part(part) for part in parts.menus])

    def _part(self, part: Part) -> int:
        """One menu of a prompt's parts, asked on its own (the parts go to the engine together):
        its choices numbered with what each costs and gives; Enter takes the menu's default."""
        default = "" if part.default is None else " " + self.t(
            "service.terminal_default", label=typed(self.words(part.choices[part.default].label)))
        self.say(f"  {self.words(part.label)}{default}")
        for i, choice in enumerate(part.choices, start=1):
            described = "" if choice.description is None else f" — {self.words(choice.description)}"
            self.say(f"    {i}. {self.words(choice.label)}{described}")
        text = self._ask("  > ")
        if text == "" and part.default is not None:
            return part.default
        return self._number(text, 1, len(part.choices)) - 1

    def card(self, name: str) -> None:
        """``? NAME``: what the game's card or tile called ``name`` is, as ``/game card`` tells it."""
        games = {self.table.game_id: dict(self.table.options)}
        found = cards.best(cards.lookup(games, name, self.locale), name, self.locale) if name else []
        if not found:
            self.say(f"  {self.words(cards.not_found(name, self.table.game_id))}")
        for one in found:
            for line in cards.lines(one):
                self.say(f"  {self.words(line).replace('**', '')}")

    def _number(self, text: str, low: int, high: int) -> int:
        while True:
            try:
                value = int(text)
            except ValueError:
                value = None
            if value is not None and low <= value <= high:
                return value
            text = self._ask("  " + self.t("service.terminal_number", low=low, high=high) + " ")

    def _ask(self, question: str) -> str:
        self.write.write(question)
        self.write.flush()
        text = self.read()
        if text == "":
            raise Quit("input ended")
        text = text.strip()
        if text == "q":
            raise Quit("quit")
        return text


async def write_pictures(service: TableService, outcome: Outcome, renderer: ModuleType | None,
                         out: Path | None) -> list[Path]:
    """Render and write the pictures ``outcome`` asks for: the public board from the spectator
    view, a seat's private picture from that seat's view (a table drawn as several pictures gives
    ``…-board.png``, ``…-board-2.png``, …). Nothing without a renderer or a folder."""
    if renderer is None or out is None:
        return []
    table = outcome.table
    written: list[Path] = []
    for picture in outcome.pictures:
        out.mkdir(parents=True, exist_ok=True)
        if picture.seat is None:
            board = await service.view_for(table.id, None)
            stem = f"table{table.id}-{table.seq:04d}-board"
        else:
            board = await service.view_for(table.id, table.seats[picture.seat].user_id)
            stem = f"table{table.id}-{table.seq:04d}-seat{picture.seat + 1}"
        for i, png in enumerate(pictures_of(renderer, board.view, picture.seat, table.names)):
            path = out / (f"{stem}.png" if i == 0 else f"{stem}-{i + 1}.png")
            path.write_bytes(png)
            written.append(path)
    return written


def parse_seats(text: str) -> list[tuple[str, str | None]]:
    """``"Ada,bot,bot:random"`` → ``[("Ada", None), ("bot", "greedy"), ("bot", "random")]``.

    :raises BadArgument: an empty name.
    """
    seats: list[tuple[str, str | None]] = []
    for raw in text.split(","):
        name = raw.strip()
        if not name:
            raise BadArgument(f"empty seat name in {text!r}", "service.terminal_empty_seat",
                              seats=typed(text))
        kind, _, bot = name.partition(":")
        if kind.lower() == BOT_SEAT:
            seats.append((BOT_SEAT, bot or "greedy"))
        else:
            seats.append((name, None))
    return seats


def load_engine(spec: str) -> str:
    """Register the engine at ``module:ATTRIBUTE`` (a game defined outside the registry, e.g. a
    test fixture) and return its game id."""
    module_name, _, attribute = spec.partition(":")
    engine = getattr(importlib.import_module(module_name), attribute or "ENGINE")
    registry.register(engine)
    return str(engine.info.id)


async def play(args: argparse.Namespace, read: Callable[[], str], write: TextIO) -> int:
    t = words_for(args.lang)
    if args.seats is None:
        if not args.db or not Path(args.db).exists():
            print(t("service.terminal_no_file", path=typed(str(args.db or ""))), file=sys.stderr)
            return 2
        repo = await SqliteRepository.open(Path(args.db))
        try:
            return await _resume(repo, args, read, write)
        finally:
            await repo.close()
    seats = parse_seats(args.seats)
    people = [name for name, bot in seats if bot is None]
    if not people:
        print(t("service.terminal_no_person"), file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        db = Path(args.db) if args.db else Path(scratch) / "local.db"
        repo = await SqliteRepository.open(db)
        try:
            return await _play(repo, args, seats, read, write)
        finally:
            await repo.close()


async def _play(repo: SqliteRepository, args: argparse.Namespace, seats: list[tuple[str, str | None]],
                read: Callable[[], str], write: TextIO) -> int:
    service = TableService(repo)
    user_ids = {i: i + 1 for i, (_, bot) in enumerate(seats) if bot is None}
    creator = min(user_ids)
    table = await service.create_table(args.game, GUILD, CHANNEL, user_ids[creator], seats[creator][0],
                                       parse_options(args.option or []), locale=args.lang)
    for i, (name, bot) in enumerate(seats):
        if i == creator:
            continue
        if bot is None:
            await service.join(table.id, user_ids[i], name, locale=args.lang)
        else:
            await service.add_bot(table.id, user_ids[creator], bot)
    outcome = await service.start(table.id, user_ids[creator], seed=args.seed, shuffle_seats=False)
    term = Terminal(service, outcome.table, args.lang, _out(args), read, write)
    await term.tell(outcome, None)
    return await _run(term, outcome, args)


async def _resume(repo: SqliteRepository, args: argparse.Namespace, read: Callable[[], str],
                  write: TextIO) -> int:
    """List the games of ``--db`` still being played, pick one (``--table``, the only one, or the
    one typed) and play on from where it stopped."""
    t = words_for(args.lang)
    service = TableService(repo)
    rows = await repo.list_tables(TableFilter(statuses=("active",), limit=1000))
    tables = [await service.table(row.id) for row in rows if _known(row.game_id)]
    if not tables:
        print(t("service.terminal_nothing_to_resume", path=typed(args.db)), file=write, flush=True)
        return 2
    print(t("service.terminal_tables", path=typed(args.db)), file=write, flush=True)
    for table in tables:
        names = ", ".join(seat_names(table, args.lang))
        print("  " + t("service.terminal_table_line", table=table.id, game=table.title,
                       seats=typed(names), moves=table.seq), file=write, flush=True)
    ids = [table.id for table in tables]
    chosen: int | None = args.table if args.table is not None else ids[0] if len(ids) == 1 else None
    typed_in = "" if chosen is None else str(chosen)
    while chosen not in ids:
        if chosen is not None or typed_in:
            print("  " + t("service.terminal_no_such_table", table=typed(typed_in)), file=write)
        write.write(t("service.terminal_which_table") + " ")
        write.flush()
        text = read()
        if text == "" or text.strip() == "q":
            return 1
        typed_in = text.strip()
        chosen = int(typed_in) if typed_in.isdigit() else None
    assert chosen is not None
    table = await service.table(chosen)
    term = Terminal(service, table, args.lang, _out(args), read, write)
    term.say(term.t("service.terminal_resumed", table=table.id, game=table.title))
    status = await service.status(table.id)
    return await _run(term, Outcome(table=table, waiting=list(status.waiting)), args)


def _known(game_id: str) -> bool:
    try:
        registry.get(game_id)
    except registry.UnknownGame:
        return False
    return True


def _out(args: argparse.Namespace) -> Path | None:
    return Path(args.out) if args.out else None


async def _run(term: Terminal, outcome: Outcome, args: argparse.Namespace) -> int:
    """Turn after turn until the game is over (0), or the player stops (1)."""
    service, table_id = term.service, term.table.id
    try:
        while outcome.waiting:
            waiting = outcome.waiting[0]
            assert waiting.user_id is not None
            prompt = await service.prompt_for(table_id, waiting.user_id)
            assert prompt is not None
            outcome = await term.turn(waiting.user_id, prompt)
            await term.tell(outcome, prompt.seat)
            if not outcome.waiting and not outcome.finished:
                outcome.waiting = list((await service.status(table_id)).waiting)
    except Quit:
        if args.db:
            term.say("\n" + term.t("service.terminal_stopped_saved", path=typed(args.db)))
        else:
            term.say("\n" + term.t("service.terminal_stopped"))
        return 1
    return 0


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """``--option name=value`` pairs as table options: each value read as JSON (a number, true,
    a list), else as the word typed. The game checks names and values when the table opens.

    :raises BadArgument: a pair without ``=``.
    """
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name.strip():
            raise BadArgument(f"write an option as name=value, not {pair!r}", "service.terminal_bad_option",
                              option=typed(pair))
        try:
            options[name.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            options[name.strip()] = raw
    return options


READABLE = (str, int, float, bool, list, Text)
"""Refusal parameters a sentence can show."""

EXAMPLES = ("\n  python -m bot.local --game rftg --seats Ada,bot:greedy,bot --option name=value"
            "\n  python -m bot.local --db game.db")


def bot_kinds(t: Callable[..., str]) -> str:
    """Each game's bot kinds, for ``--help``."""
    lines = []
    for gid in registry.available():
        lines.append(f"  {gid}: " + ", ".join(f"bot:{kind}" for kind in registry.get(gid).bots()))
    return t("service.terminal_help_bots") + "\n" + "\n".join(lines)


def parser(locale: str = "en") -> argparse.ArgumentParser:
    """The command line, its help in ``locale``."""
    t = words_for(locale)
    p = argparse.ArgumentParser(
        prog="python -m bot.local",
        description=t("service.terminal_help"),
        epilog=t("service.terminal_help_example") + EXAMPLES + "\n\n" + bot_kinds(t),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--game", help=t("service.terminal_help_game", games=", ".join(registry.GAMES)))
    p.add_argument("--seats", default=None, help=t("service.terminal_help_seats"))
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help=t("service.terminal_help_option"))
    p.add_argument("--seed", type=int, default=None, help=t("service.terminal_help_seed"))
    p.add_argument("--db", default=None, help=t("service.terminal_help_db"))
    p.add_argument("--table", type=int, default=None, help=t("service.terminal_help_table"))
    p.add_argument("--out", default="agora-pictures", help=t("service.terminal_help_out"))
    p.add_argument("--lang", choices=("en", "el"), default="en", help=t("service.terminal_help_lang"))
    p.add_argument("--engine", default=None, metavar="MODULE:ATTR", help=t("service.terminal_help_engine"))
    return p


def language_asked(argv: Sequence[str]) -> str:
    """The ``--lang`` given on the command line (before it is parsed, for the help), else English."""
    for i, arg in enumerate(argv):
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1] if arg.split("=", 1)[1] in ("en", "el") else "en"
        if arg == "--lang" and i + 1 < len(argv) and argv[i + 1] in ("en", "el"):
            return argv[i + 1]
    return "en"


def main(
    argv: Sequence[str] | None = None, *, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Run the terminal client; returns the exit status (0 when the game was played to its end)."""
    locale = language_asked(list(sys.argv[1:] if argv is None else argv))
    t = words_for(locale)
    args = parser(locale).parse_args(argv)
    if args.engine:
        engine_id = load_engine(args.engine)
        args.game = args.game or engine_id
    if not args.game and args.seats is not None:
        parser(locale).error(t("service.terminal_no_game"))
    source = stdin or sys.stdin
    try:
        return asyncio.run(play(args, source.readline, stdout or sys.stdout))
    except BadArgument as exc:
        print(t("service.terminal_error", reason=msg(exc.key, **exc.params)), file=sys.stderr)
    except RuleError as exc:
        params = {k: v for k, v in exc.params.items() if isinstance(v, READABLE)}
        said = words_for(locale, args.game or "")("service.terminal_error", reason=msg(exc.key, **params))
        known = bool(exc.key) and exc.key not in said
        print(said if known else t("service.terminal_error", reason=typed(exc.sentence)), file=sys.stderr)
    except registry.UnknownGame:
        available = ", ".join(registry.available())
        unknown = msg("service.unknown_game", game=typed(str(args.game)), available=available)
        print(t("service.terminal_error", reason=unknown), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
