"""Powers, seats, games and tournaments: frozen, validated once, at the boundary.

Readers (CSV, workbooks, worksheet functions) turn raw cell values into these
objects through :func:`tournament_from_records`, which parses every value with
the cell it came from, so any error names that cell (and the round, board,
power and player of its row: :meth:`Record.locate`).  A reader holding whole
columns tries :func:`tournament_from_columns` first: the same tournament
without an object per row, or None, and then the records say what is wrong.
Structural errors (a power twice in a game, a game of other than seven seats)
name round, board, power and player.  Odd but scorable data is reported by
:meth:`Tournament.notices` (SCORING.md section 1).
"""

from __future__ import annotations

import datetime
import math
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from operator import attrgetter
from types import MappingProxyType
from typing import TypeVar, cast

from dipxl.errors import InputError, InputErrors, Notice
from dipxl.slots import slot_setters

__all__ = [
    "MAX_CENTRES",
    "POWERS",
    "SOLO_CENTRES",
    "CellNames",
    "Game",
    "Power",
    "Record",
    "Seat",
    "Tournament",
    "board_from_values",
    "finished_counts",
    "parse_centres",
    "parse_draw",
    "parse_player",
    "parse_text",
    "parse_whole",
    "parse_year",
    "tournament_from_columns",
    "tournament_from_records",
]

_T = TypeVar("_T")

MAX_CENTRES = 34
SOLO_CENTRES = 18
FIRST_YEAR = 1901
LAST_YEAR = 2100


class Power(IntEnum):
    """The seven Great Powers, in canonical order."""

    AUSTRIA = 0
    ENGLAND = 1
    FRANCE = 2
    GERMANY = 3
    ITALY = 4
    RUSSIA = 5
    TURKEY = 6

    @property
    def title(self) -> str:
        """The name as shown to people: ``Austria``."""
        return self.name.capitalize()

    @property
    def abbreviation(self) -> str:
        """Three letters: ``Aus``."""
        return self.name[:3].capitalize()

    @classmethod
    def parse(cls, value: object, where: str = "") -> Power:
        """A power from its name, abbreviation or a ``Power``; else InputError."""
        if isinstance(value, Power):
            return value
        if isinstance(value, str):
            quick = _POWER_ALIASES.get(value.lower())
            if quick is not None:
                return quick
            key = re.sub(r"[\s_\-]+", " ", value.strip().lower())
            found = _POWER_ALIASES.get(key)
            if found is not None:
                return found
        raise InputError(
            f"power must be one of {', '.join(POWERS)} (or A/E/F/G/I/R/T), got {value!r}",
            where,
        )


POWERS: tuple[str, ...] = tuple(p.title for p in Power)

_POWER_ALIASES: dict[str, Power] = {}
for _p in Power:
    for _alias in (_p.name.lower(), _p.name[:3].lower(), _p.name[0].lower()):
        _POWER_ALIASES[_alias] = _p
_POWER_ALIASES.update(
    {
        "austria hungary": Power.AUSTRIA,
        "a h": Power.AUSTRIA,
        "ah": Power.AUSTRIA,
        "aut": Power.AUSTRIA,
        "great britain": Power.ENGLAND,
        "britain": Power.ENGLAND,
        "frn": Power.FRANCE,
        "deu": Power.GERMANY,
        "ity": Power.ITALY,
        "tky": Power.TURKEY,
        "ottoman empire": Power.TURKEY,
    }
)


# ---------------------------------------------------------------- raw values


def _describe(value: object) -> str:
    """A value as an error message shows it: text in double quotes, escaped
    (like repr) when it holds control or other unprintable characters, so a
    message never carries a raw escape sequence to a terminal.  A date or
    time (a spreadsheet turns "12-3" into one) is named as what it is."""
    if isinstance(value, datetime.datetime) and value.time() == datetime.time():
        value = value.date()
    if isinstance(value, datetime.date | datetime.time | datetime.timedelta):
        kind = "a date" if isinstance(value, datetime.date) else "a time"
        return f"{kind} ({value}), not a number"
    if not isinstance(value, str):
        return repr(value)
    if value.isprintable():
        return f'"{value}"'
    return '"' + repr(value)[1:-1].replace('"', '\\"') + '"'


# A number typed as text: ASCII digits, sign, point and exponent only (what a
# spreadsheet reads as a number; Python's int() would also take "1_0" or
# other scripts' digits).
_NUMBER_TEXT = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?", re.ASCII)


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and value.strip() == "")


def parse_whole(value: object, what: str, low: int, high: int, where: str = "") -> int | None:
    """A whole number in ``low..high`` from a cell value; blank gives None.

    Accepts ints, integral floats (as spreadsheets deliver them) and text
    holding a whole number; anything else is an InputError naming ``where``.
    """
    if type(value) is float:
        if value.is_integer() and low <= value <= high:
            return int(value)
    elif type(value) is int:
        if low <= value <= high:
            return value
    elif value is None:
        return None
    return _parse_whole(value, what, low, high, where)


def _parse_whole(value: object, what: str, low: int, high: int, where: str) -> int | None:
    """The general case of :func:`parse_whole`, with its messages."""
    if _blank(value):
        return None
    number: float | int
    if isinstance(value, bool):
        raise InputError(f"{what} must be a whole number {low}-{high}, got {value!r}", where)
    if isinstance(value, int | float):
        number = value
    elif isinstance(value, str):
        text = value.strip()
        if not _NUMBER_TEXT.fullmatch(text):
            raise InputError(
                f"{what} must be a whole number {low}-{high}, got {_describe(value)}", where
            )
        try:
            number = int(text)
        except ValueError:
            number = float(text)
    else:
        raise InputError(
            f"{what} must be a whole number {low}-{high}, got {_describe(value)}", where
        )
    if isinstance(number, float):
        if not math.isfinite(number) or number != math.floor(number):
            raise InputError(
                f"{what} must be a whole number {low}-{high}, got {_describe(value)}", where
            )
        number = int(number)
    if not low <= number <= high:
        raise InputError(
            f"{what} must be a whole number {low}-{high}, got {_describe(value)}", where
        )
    return number


def parse_centres(value: object, where: str = "") -> int | None:
    """Final centre count 0-34; blank (not entered yet) gives None."""
    return parse_whole(value, "centres", 0, MAX_CENTRES, where)


def parse_year(value: object, where: str = "") -> int | None:
    """Elimination year (1901-2100); blank gives None."""
    return parse_whole(value, "elimination year", FIRST_YEAR, LAST_YEAR, where)


_YES = {"y", "yes", "true", "1", "x", "d", "draw"}
_NO = {"n", "no", "false", "0", "-"}


def parse_draw(value: object, where: str = "") -> bool | None:
    """Draw-member flag: Y/N (also yes/no, true/false, 1/0, x); blank gives None."""
    if _blank(value):
        return None
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _YES:
        return True
    if isinstance(value, str) and value.strip().lower() in _NO:
        return False
    raise InputError(f"draw must be Y, N or blank, got {_describe(value)}", where)


# Bidirectional embedding, override and isolate controls: they make a name
# display as other text ("Trojan Source"); never needed in a name.
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def parse_player(value: object, where: str = "") -> str:
    """A player's name as text (whitespace folded); blank gives ``""``.

    Numbers are accepted (``12.0`` reads as ``"12"``); anything else that is
    not text is an InputError.
    """
    if type(value) is str and value.isprintable() and value == value.strip() \
            and "  " not in value:
        return value
    if value is None:
        return ""
    if isinstance(value, bool):
        raise InputError(f"player must be a name, got {value!r}", where)
    if isinstance(value, float) and not math.isfinite(value):
        raise InputError(f"player must be a name, got {value!r}", where)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int | float):
        return str(value)
    if not isinstance(value, str):
        raise InputError(f"player must be a name, got {_describe(value)}", where)
    return parse_text(value, "player name", where)


def parse_text(value: str, what: str = "text", where: str = "") -> str:
    """User text (a name, a title) with its white space folded; control
    characters (tab, line breaks aside) and bidirectional overrides are an
    InputError naming ``what``."""
    if any(
        (unicodedata.category(ch) in ("Cc", "Cs") and ch not in "\t\n\r") or ch in _BIDI
        for ch in value
    ):
        raise InputError(f"{what} holds a control character: {_describe(value)}", where)
    return " ".join(value.split())


# ---------------------------------------------------------------- model


@dataclass(frozen=True, slots=True, init=False)
class Seat:
    """One player's part in one game.

    ``centres`` is None until the result is entered; ``eliminated`` is the
    year the player lost the last centre (None for a survivor, or unknown);
    ``in_draw`` is an explicit draw-membership record (None: the default rule).
    """

    player: str
    power: Power
    centres: int | None
    eliminated: int | None = None
    in_draw: bool | None = None

    # A hand-written __init__: fields are stored through their slots (a
    # frozen dataclass's generated one costs twice as much, and a tournament
    # builds tens of thousands of seats); the checks run on the arguments.
    def __init__(
        self,
        player: str,
        power: Power,
        centres: int | None,
        eliminated: int | None = None,
        in_draw: bool | None = None,
    ) -> None:
        if type(power) is not Power:
            power = Power.parse(power)
        if (
            type(player) is not str
            or (centres is not None
                and (type(centres) is not int or not 0 <= centres <= MAX_CENTRES))
            or (eliminated is not None
                and (type(eliminated) is not int or centres
                     or not FIRST_YEAR <= eliminated <= LAST_YEAR))
            or (in_draw is not None and (type(in_draw) is not bool or (in_draw and centres == 0)))
        ):
            _refuse_seat(player, power, centres, eliminated, in_draw)
        _set_seat_player(self, player)
        _set_seat_power(self, power)
        _set_seat_centres(self, centres)
        _set_seat_eliminated(self, eliminated)
        _set_seat_in_draw(self, in_draw)


(
    _set_seat_player,
    _set_seat_power,
    _set_seat_centres,
    _set_seat_eliminated,
    _set_seat_in_draw,
) = slot_setters(
    Seat,
    "player", "power", "centres", "eliminated", "in_draw",
)


def _refuse_seat(
    player: object, power: Power, centres: object, year: object, flag: object
) -> None:
    """Raise the InputError for a seat whose fields are wrong or disagree."""
    who = f"{power.title} ({player or 'no player'})"
    if type(player) is not str:
        raise InputError(f"player must be text, got {player!r}", who)
    if centres is not None and (type(centres) is not int or not 0 <= centres <= MAX_CENTRES):
        raise InputError(f"centres must be a whole number 0-34, got {centres!r}", who)
    if year is not None:
        if type(year) is not int or not FIRST_YEAR <= year <= LAST_YEAR:
            raise InputError(
                f"elimination year must be a year {FIRST_YEAR}-{LAST_YEAR}, got {year!r}", who
            )
        if centres:
            raise InputError(f"has {centres} centres but an elimination year ({year})", who)
    if flag is not None:
        if type(flag) is not bool:
            raise InputError(f"draw flag must be True, False or None, got {flag!r}", who)
        if flag and centres == 0:
            raise InputError("is eliminated (0 centres) but marked in the draw", who)
    raise AssertionError("a seat that no check refuses")  # pragma: no cover


def _player_of(seat: Seat) -> str:
    """`` (Alice)``: the player after a power in a message; nothing for a
    player named after the power (one-board worksheet functions do that)."""
    if seat.player == seat.power.title:
        return ""
    return f" ({seat.player or 'no player'})"


_get_power = attrgetter("power")
_get_where = attrgetter("where")
_ALL_POWERS = tuple(Power)
_TITLES = tuple(p.title for p in Power)
_NO_FLAGS = (None,) * 7


@dataclass(frozen=True, slots=True, init=False)
class Game:
    """One board of one round: seven seats, stored in power order.

    Derived on construction: ``finished`` (all seven centre counts entered)
    and, for finished games, ``centres`` (ints in power order),
    ``centres_desc`` (the same counts, highest first: the game's shape, by
    which scoring tables are memoised) and
    ``draw_members`` (who is in the draw if the game is drawn: the explicit
    record where the workbook gives one, else every survivor).
    """

    round: int
    board: int
    seats: tuple[Seat, ...]
    origin: str = ""
    finished: bool = field(init=False, compare=False)
    centres: tuple[int, ...] = field(init=False, compare=False, repr=False)
    draw_members: tuple[bool, ...] = field(init=False, compare=False, repr=False)
    years: tuple[int | None, ...] = field(init=False, compare=False, repr=False)
    players: tuple[str, ...] = field(init=False, compare=False, repr=False)
    centres_desc: tuple[int, ...] = field(init=False, compare=False, repr=False)

    @property
    def label(self) -> str:
        """``round 2, board 3`` (plus the origin, e.g. cells, when known)."""
        text = f"round {self.round}, board {self.board}"
        return f"{self.origin} ({text})" if self.origin else text

    # A hand-written __init__ (see Seat): fields are stored through their
    # slots, derived from the seven seats unpacked by name, each check made once.
    def __init__(
        self, round: int, board: int, seats: Sequence[Seat], origin: str = ""
    ) -> None:
        _set_round(self, round)
        _set_board(self, board)
        _set_origin(self, origin)
        if type(round) is not int or round < 1 or type(board) is not int or board < 1:
            self._bad_number()
        if type(seats) is not tuple:
            seats = tuple(seats)
        if len(seats) != 7:
            raise InputError(f"a game has seven seats, this one has {len(seats)}", self.label)
        # Seven names, no loop: the interpreter's own attribute loads are
        # several times cheaper than map() with attrgetter here.
        a, b, c, d, e, f, g = seats
        if not (type(a) is Seat and type(b) is Seat and type(c) is Seat and type(d) is Seat
                and type(e) is Seat and type(f) is Seat and type(g) is Seat):
            bad = next(s for s in seats if type(s) is not Seat)
            raise InputError(f"seats must be Seat objects, got {bad!r}", self.label)
        if (a.power, b.power, c.power, d.power, e.power, f.power, g.power) != _ALL_POWERS:
            seats = tuple(sorted(seats, key=_get_power))
            if tuple(map(_get_power, seats)) != _ALL_POWERS:
                self._twice(seats)
            a, b, c, d, e, f, g = seats
        _set_seats(self, seats)
        _set_years(self, (a.eliminated, b.eliminated, c.eliminated, d.eliminated, e.eliminated,
                          f.eliminated, g.eliminated))
        players = (a.player, b.player, c.player, d.player, e.player, f.player, g.player)
        _set_players(self, players)
        entered = (a.centres, b.centres, c.centres, d.centres, e.centres, f.centres, g.centres)
        if None in entered:
            _set_finished(self, False)
            _set_centres(self, ())
            _set_centres_desc(self, ())
            _set_draw_members(self, ())
            return
        centres = cast("tuple[int, ...]", entered)
        _set_finished(self, True)
        _set_centres(self, centres)
        desc = sorted(centres, reverse=True)
        _set_centres_desc(self, tuple(desc))
        if "" in players or len(set(players)) != 7:
            self._bad_players(seats)
        if desc[1] >= SOLO_CENTRES:
            names = ", ".join(f"{s.power.title} {s.centres}{_player_of(s)}"
                              for s in seats if (s.centres or 0) >= SOLO_CENTRES)
            raise InputError(
                f"more than one power on {SOLO_CENTRES} or more centres: {names}", self.label
            )
        if desc[0] == 0:
            raise InputError("every power has 0 centres: no game ends like that", self.label)
        flags = (a.in_draw, b.in_draw, c.in_draw, d.in_draw, e.in_draw, f.in_draw, g.in_draw)
        _set_draw_members(self, tuple(map(bool, centres)) if flags == _NO_FLAGS
                          else self._draw_members(flags, centres, desc[0]))

    def _bad_number(self) -> None:
        """Raise the error for a round or board that is not a whole number from 1."""
        for name in ("round", "board"):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise InputError(
                    f"{name} must be a whole number from 1, got {value!r}", self.origin
                )

    def _twice(self, ordered: tuple[Seat, ...]) -> None:
        """Raise the error for a power seated twice."""
        by_power: dict[Power, Seat] = {}
        for seat in ordered:
            if seat.power in by_power:
                raise InputError(
                    f"{seat.power.title} appears twice "
                    f"({by_power[seat.power].player or 'no player'}"
                    f" and {seat.player or 'no player'})",
                    self.label,
                )
            by_power[seat.power] = seat
        raise AssertionError("seven seats, seven distinct powers")  # pragma: no cover

    def _bad_players(self, ordered: tuple[Seat, ...]) -> None:
        """Raise the error for a missing or repeated player."""
        seen: dict[str, Power] = {}
        for seat in ordered:
            if not seat.player:
                raise InputError(f"{seat.power.title} has a result but no player", self.label)
            if seat.player in seen:
                raise InputError(
                    f"player {seat.player} holds two seats "
                    f"({seen[seat.player].title} and {seat.power.title})",
                    self.label,
                )
            seen[seat.player] = seat.power

    def _draw_members(
        self, flags: tuple[bool | None, ...], centres: tuple[int, ...], top: int
    ) -> tuple[bool, ...]:
        """The draw's members where some seat has an explicit flag."""
        if True in flags:
            members = tuple([f is True for f in flags])
        else:
            members = tuple(c > 0 and f is not False for c, f in zip(centres, flags, strict=True))
        if True not in members and top < SOLO_CENTRES:
            survivors = ", ".join(
                f"{s.power.title}{_player_of(s)}" for s in self.seats if s.centres
            )
            raise InputError(
                f"the draw has no member: every survivor is marked N: {survivors}", self.label
            )
        return members

    def seat(self, power: Power) -> Seat:
        """The seat of ``power``."""
        return self.seats[power]

    @property
    def total_centres(self) -> int:
        """Centres owned at the end (0 while unfinished)."""
        return sum(self.centres)


(
    _set_round,
    _set_board,
    _set_origin,
    _set_seats,
    _set_years,
    _set_players,
    _set_finished,
    _set_centres,
    _set_centres_desc,
    _set_draw_members,
) = slot_setters(
    Game,
    "round", "board", "origin", "seats", "years", "players", "finished", "centres",
    "centres_desc", "draw_members",
)


@dataclass(frozen=True, slots=True)
class Tournament:
    """The games of an event.  Round numbers order the games; (round, board)
    is unique.  Unfinished games are kept (they name the seating) but every
    system ignores them."""

    games: tuple[Game, ...]
    title: str = ""

    def __post_init__(self) -> None:
        games = tuple(sorted(self.games, key=lambda g: (g.round, g.board)))
        seen: set[tuple[int, int]] = set()
        for game in games:
            key = (game.round, game.board)
            if key in seen:
                raise InputError("this board is entered twice", game.label)
            seen.add(key)
        object.__setattr__(self, "games", games)

    @property
    def finished_games(self) -> tuple[Game, ...]:
        """The games every system scores."""
        return tuple(g for g in self.games if g.finished)

    @property
    def rounds(self) -> tuple[int, ...]:
        """Round numbers with at least one finished game, ascending."""
        return tuple(sorted({g.round for g in self.games if g.finished}))

    @property
    def players(self) -> tuple[str, ...]:
        """Every player with a finished game, in order of first appearance."""
        seen: dict[str, None] = {}
        for game in self.games:
            if game.finished:
                for seat in game.seats:
                    seen.setdefault(seat.player, None)
        return tuple(seen)

    def up_to_round(self, last_round: int) -> Tournament:
        """The tournament as it stood after ``last_round``."""
        return Tournament(tuple(g for g in self.games if g.round <= last_round), self.title)

    def notices(self) -> tuple[Notice, ...]:
        """Warnings of SCORING.md section 1 (scoring goes on), and names that
        differ only in case (probably one player typed two ways)."""
        found: list[Notice] = []
        for game in self.games:
            if game.finished and game.total_centres > MAX_CENTRES:
                found.append(
                    Notice(
                        "centres_over_34",
                        f"centres total {game.total_centres}, more than {MAX_CENTRES}",
                        game.label,
                    )
                )
        played: dict[str, set[Power]] = {}
        in_round: dict[tuple[int, str], Game] = {}
        spelled: dict[str, str] = {}
        told: set[tuple[str, str]] = set()
        for game in self.games:
            for seat in game.seats:
                if not seat.player:
                    continue
                powers = played.get(seat.player)
                if powers is None:
                    played[seat.player] = powers = set()
                elif seat.power in powers and len(powers) < 7:
                    found.append(
                        Notice(
                            "repeated_power",
                            f"{seat.player} plays {seat.power.title} again before "
                            "having played all seven powers",
                            game.label,
                        )
                    )
                powers.add(seat.power)
                folded = seat.player.casefold()
                first = spelled.setdefault(folded, seat.player)
                if first != seat.player and (folded, seat.player) not in told:
                    told.add((folded, seat.player))
                    found.append(
                        Notice(
                            "similar_names",
                            f"players {first!r} and {seat.player!r} differ only in case: "
                            "they are scored as two players",
                            game.label,
                        )
                    )
                other = in_round.setdefault((game.round, seat.player), game)
                if other is not game:
                    found.append(
                        Notice(
                            "two_games_in_round",
                            f"{seat.player} also plays board {other.board} of round "
                            f"{game.round}; both games count",
                            game.label,
                        )
                    )
        return tuple(found)


# ---------------------------------------------------------------- records


_NO_CELLS: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True, slots=True, init=False)
class Record:
    """One seat as read from a row of cells, before validation.

    ``cells`` maps a field name (``round``, ``board``, ``power``, ``player``,
    ``centres``, ``eliminated``, ``draw``) to the cell it came from, so that
    an error names it; ``where`` names the row when no cell is known.
    """

    round: object
    board: object
    power: object
    player: object
    centres: object
    eliminated: object = None
    draw: object = None
    cells: Mapping[str, str] = field(default_factory=dict)
    where: str = ""

    # Hand-written, as Seat's: readers build one Record per result row.
    def __init__(
        self,
        round: object,
        board: object,
        power: object,
        player: object,
        centres: object,
        eliminated: object = None,
        draw: object = None,
        cells: Mapping[str, str] = _NO_CELLS,
        where: str = "",
    ) -> None:
        _set_record_round(self, round)
        _set_record_board(self, board)
        _set_record_power(self, power)
        _set_record_player(self, player)
        _set_record_centres(self, centres)
        _set_record_eliminated(self, eliminated)
        _set_record_draw(self, draw)
        _set_record_cells(self, cells)
        _set_record_where(self, where)

    def at(self, name: str) -> str:
        """The cell (or row) of field ``name``."""
        return self.cells.get(name) or self.where

    def locate(self, name: str) -> str:
        """Where field ``name`` is, for an error about it: the cell first,
        then the row's round, board, power and player, those of them that
        are readable (``Results!E14 (round 2, board 3, Austria, Alice)``)."""
        seen = []
        for key, parse in _FIELD_PARSERS[:4]:  # round, board, power, player
            if key == name:
                continue
            try:
                value = parse(getattr(self, key))
            except InputError:
                continue
            if isinstance(value, Power):
                seen.append(value.title)
            elif value is not None and value != "":
                seen.append(f"{key} {value}" if key in ("round", "board") else str(value))
        cell = self.at(name)
        if cell and seen:
            return f"{cell} ({', '.join(seen)})"
        return cell or ", ".join(seen)


(
    _set_record_round,
    _set_record_board,
    _set_record_power,
    _set_record_player,
    _set_record_centres,
    _set_record_eliminated,
    _set_record_draw,
    _set_record_cells,
    _set_record_where,
) = slot_setters(
    Record,
    "round", "board", "power", "player", "centres", "eliminated", "draw", "cells", "where",
)


class CellNames(Mapping[str, str]):
    """A :attr:`Record.cells` mapping that names a field's cell only when
    asked (``before + parts[field] + after``): most rows are never asked,
    and building every name would cost more than the row itself."""

    __slots__ = ("_after", "_before", "_parts")

    def __init__(self, parts: Mapping[str, str], after: str = "", before: str = "") -> None:
        self._parts = parts
        self._after = after
        self._before = before

    def __getitem__(self, name: str) -> str:
        return self._before + self._parts[name] + self._after

    def __iter__(self) -> Iterator[str]:
        return iter(self._parts)

    def __len__(self) -> int:
        return len(self._parts)

    def __repr__(self) -> str:
        return repr(dict(self))


MAX_ROUND = 10_000  # round and board numbers beyond these are typos
MAX_BOARD = 100_000


def _round(value: object) -> int | None:
    return parse_whole(value, "round", 1, MAX_ROUND)


def _board(value: object) -> int | None:
    return parse_whole(value, "board", 1, MAX_BOARD)


def tournament_from_records(records: Iterable[Record], title: str = "") -> Tournament:
    """Parse and group raw records into a validated :class:`Tournament`.

    Records are grouped by (round, board) in order of appearance; every raw
    value is parsed with the cell it came from.
    """
    grouped: dict[tuple[int, int], list[tuple[Record, Seat]]] = {}
    # Every bad cell is reported (InputErrors), then, when there is none,
    # every broken game: a TD fixes them in one go.
    problems: list[InputError] = []
    # Values of the usual types are checked inline; anything else goes
    # through the parse_* functions, which also word the errors.
    powers: dict[object, Power] = {}
    players: dict[object, str] = {}
    for rec in records:
        name = "round"  # the field being read, to name its cell on error
        try:
            raw = rec.round
            rnd = int(raw) if type(raw) is float and raw.is_integer() else raw
            if type(rnd) is not int or not 0 < rnd <= MAX_ROUND:
                rnd = _round(raw)
            name = "board"
            raw = rec.board
            board = int(raw) if type(raw) is float and raw.is_integer() else raw
            if type(board) is not int or not 0 < board <= MAX_BOARD:
                board = _board(raw)
            if rnd is None or board is None:
                name = "round" if rnd is None else "board"
                raise InputError(f"{name} is blank")
            name = "power"
            raw = rec.power
            power = powers.get(raw) if type(raw) is str else None
            if power is None:
                power = Power.parse(raw)
                if type(raw) is str:
                    powers[raw] = power
            name = "player"
            raw = rec.player
            player = players.get(raw) if type(raw) is str else None
            if player is None:
                player = parse_player(raw)
                if type(raw) is str:
                    players[raw] = player
            name = "centres"
            raw = rec.centres
            centres = int(raw) if type(raw) is float and raw.is_integer() else raw
            if centres is not None and (
                type(centres) is not int or not 0 <= centres <= MAX_CENTRES
            ):
                centres = parse_centres(raw)
            name = "eliminated"
            year = rec.eliminated
            if year is not None:
                year = parse_year(year)
            name = "draw"
            draw = rec.draw
            if draw is not None:
                draw = parse_draw(draw)
            name = ""
            seat = Seat(player, power, centres, year, draw)
        except InputError as err:
            name = name or _seat_check_field(err)
            if name == "board" and rnd is None:  # the round, read first, is blank too
                problems.append(InputError("round is blank", rec.locate("round")))
            problems.append(InputError(err.message, rec.locate(name) or err.where))
            problems += _later_problems(rec, name)
            continue
        key = (rnd, board)
        items = grouped.get(key)
        if items is None:
            grouped[key] = [(rec, seat)]
        else:
            items.append((rec, seat))
    if problems:  # games missing a bad row would only add confusing errors
        raise InputErrors.of(problems)
    games = []
    for (rnd, board), items in grouped.items():
        recs, seats = zip(*items, strict=True)
        origin = _span(list(map(_get_where, recs)))
        try:
            games.append(Game(rnd, board, seats, origin))
        except InputError as err:
            problems.append(InputError(err.message, _locate(err, items, rnd, board)))
    if problems:
        raise InputErrors.of(problems)
    return Tournament(tuple(games), title)


# Each field of a record, in the order read, with the function that parses it.
_FIELD_PARSERS: tuple[tuple[str, Callable[[object], object]], ...] = (
    ("round", _round), ("board", _board), ("power", Power.parse), ("player", parse_player),
    ("centres", parse_centres), ("eliminated", parse_year), ("draw", parse_draw),
)


def _later_problems(rec: Record, failed: str) -> list[InputError]:
    """The problems of the fields of ``rec`` read after ``failed``, each
    parsed on its own (an error path: every bad cell is reported)."""
    names = [name for name, _ in _FIELD_PARSERS]
    found = []
    for name, parse in _FIELD_PARSERS[names.index(failed) + 1 :] if failed in names else ():
        try:
            if parse(getattr(rec, name)) is None and name in ("round", "board"):
                raise InputError(f"{name} is blank")
        except InputError as err:
            found.append(InputError(err.message, rec.locate(name) or err.where))
    return found


# Kinds of raw value :func:`tournament_from_columns` parses once per distinct
# value: within each set, values that compare equal (``1 == 1.0``, two equal
# strings) parse alike.  ``True == 1`` too, but a bool does not parse like a
# number, so a column mixing them goes the record way.
_NUMBERS_OR_TEXT = frozenset((str, int, float, type(None)))
_FLAGS_OR_TEXT = frozenset((str, bool, type(None)))


def _parsed_column(values: Sequence[object], parse: Callable[[object], _T]) -> list[_T] | None:
    """``parse`` of each value, one call per distinct value; None when the
    column holds other kinds of value (the caller then reads records)."""
    kinds = set(map(type, values))
    if not (kinds <= _NUMBERS_OR_TEXT or kinds <= _FLAGS_OR_TEXT):
        return None
    table = {value: parse(value) for value in set(values)}
    return list(map(table.__getitem__, values))


def tournament_from_columns(
    columns: Mapping[str, Sequence[object]], wheres: Sequence[str], title: str = ""
) -> Tournament | None:
    """:func:`tournament_from_records` of rows given as columns of raw
    values (``round``, ``board``, ``power``, ``player``, ``centres`` and
    optionally ``eliminated`` and ``draw``; row ``i`` is at ``wheres[i]``),
    without a record per row: each distinct value of a column is parsed
    once, by the same functions, and seats and games are built and checked
    as there.  Returns None whenever something is refused or a column holds
    an unusual kind of value; the caller then goes through
    :func:`tournament_from_records`, which says what is wrong and where (or
    reads the unusual values)."""
    size = len(wheres)

    def column(name: str) -> Sequence[object]:
        values = columns.get(name, (None,) * size)
        if len(values) != size:
            raise ValueError(f"column {name} and wheres are not of the same length")
        return values

    try:
        rounds = _parsed_column(column("round"), _round)
        boards = _parsed_column(column("board"), _board)
        powers = _parsed_column(column("power"), Power.parse)
        players = _parsed_column(column("player"), parse_player)
        centres = _parsed_column(column("centres"), parse_centres)
        years = _parsed_column(column("eliminated"), parse_year)
        draws = _parsed_column(column("draw"), parse_draw)
        if (
            rounds is None or boards is None or powers is None or players is None
            or centres is None or years is None or draws is None
            or None in rounds or None in boards  # a blank round or board
        ):
            return None
        seats = tuple(map(Seat, players, powers, centres, years, draws))
        # Compared column by column, without a (round, board) pair per row.
        first_rounds = cast("list[int]", rounds[::7])
        first_boards = cast("list[int]", boards[::7])
        firsts = list(zip(first_rounds, first_boards, strict=True))
        if (
            size == 7 * len(dict.fromkeys(firsts))
            and all(rounds[k::7] == first_rounds and boards[k::7] == first_boards
                    for k in range(1, 7))
            and all(wheres)
        ):
            # The usual layout: each game in seven rows of its own, one after
            # the other.  The span of a game's rows is its first and last.
            games = [
                Game(rnd, board, seats[i : i + 7], _joined(wheres[i], wheres[i + 6]))
                for i, (rnd, board) in zip(range(0, size, 7), firsts, strict=True)
            ]
        else:
            keys = zip(cast("list[int]", rounds), cast("list[int]", boards), strict=True)
            grouped: dict[tuple[int, int], list[int]] = {}
            for i, key in enumerate(keys):
                rows = grouped.get(key)
                if rows is None:
                    grouped[key] = [i]
                else:
                    rows.append(i)
            games = [
                Game(rnd, board, tuple([seats[i] for i in rows]), _span([wheres[i] for i in rows]))
                for (rnd, board), rows in grouped.items()
            ]
        return Tournament(tuple(games), title)
    except InputError:
        return None


def _seat_check_field(err: InputError) -> str:
    """The field a :class:`Seat` check that compares fields is about: the
    elimination year, the draw flag, else the centres."""
    if "elimination" in err.message:
        return "eliminated"
    return "draw" if "draw" in err.message else "centres"


def board_from_values(
    centres: Sequence[object],
    years: Sequence[object] | None = None,
    draws: Sequence[object] | None = None,
    cells: Sequence[Mapping[str, str]] | None = None,
) -> Game:
    """One board from raw cell values in power order (Austria ... Turkey),
    for functions that score a single board: players are named after their
    powers.  ``cells[i]`` names the cells of seat ``i`` (``centres``,
    ``eliminated``, ``draw``) for error messages.  Round and board are 1."""
    if len(centres) != 7:
        raise InputError(f"a board has seven seats, got {len(centres)} centre counts")
    try:
        counts = [parse_centres(v) for v in centres]
        year_values = [parse_year(v) for v in years] if years is not None else _NO_FLAGS
        flags = [parse_draw(v) for v in draws] if draws is not None else _NO_FLAGS
        seats = tuple(map(Seat, _TITLES, _ALL_POWERS, counts, year_values, flags))
    except InputError:
        pass  # find the seat and the cell, the slow way
    else:
        return Game(1, 1, seats)
    for i, power in enumerate(_ALL_POWERS):
        name = "centres"
        try:
            count = parse_centres(centres[i])
            name = "eliminated"
            year = parse_year(years[i]) if years is not None else None
            name = "draw"
            flag = parse_draw(draws[i]) if draws is not None else None
            name = ""
            Seat(power.title, power, count, year, flag)
        except InputError as err:
            name = name or _seat_check_field(err)
            where = cells[i].get(name, "") if cells is not None else ""
            raise InputError(err.message, where or f"{power.title} {name}") from None
    raise AssertionError("a bad value that no seat refuses")  # pragma: no cover


def finished_counts(values: Sequence[object]) -> tuple[int, ...] | None:
    """The seven centre counts of a finished board, in power order, when
    every value is a plain whole number 0-34 (an int or an integral float,
    as spreadsheets send them) and the counts make a game that :class:`Game`
    accepts; None otherwise, and the caller takes the general path
    (:func:`board_from_values`), which says what is wrong.  For functions
    that score a board from its centres alone, without building a Game."""
    if len(values) != 7:
        return None
    kinds = set(map(type, values))
    numbers = cast("Sequence[float]", values)  # when kinds says so
    if kinds == _FLOAT_KIND:  # as spreadsheets send numbers
        if not all(map(float.is_integer, numbers)):
            return None
        counts = tuple(map(int, numbers))
    elif kinds == _INT_KIND or (
        kinds == _NUMBER_KINDS and all(v.is_integer() for v in numbers if type(v) is float)
    ):
        counts = tuple(map(int, numbers))
    else:
        return None
    if min(counts) < 0 or max(counts) > MAX_CENTRES:
        return None
    desc = sorted(counts, reverse=True)
    if desc[0] == 0 or desc[1] >= SOLO_CENTRES:  # Game's own refusals
        return None
    return counts


_FLOAT_KIND = {float}
_INT_KIND = {int}
_NUMBER_KINDS = {int, float}


def _span(wheres: Sequence[str]) -> str:
    """``Results!A2-A8`` style span of row references (the first and the
    last named), or the one named, or ``""``."""
    first = next(filter(None, wheres), "")
    return _joined(first, next(filter(None, reversed(wheres)), "")) if first else ""


def _joined(first: str, last: str) -> str:
    """The span from row reference ``first`` to ``last``: ``Results!A2-A8``
    (cells), ``line 2-8`` (lines of a text file), or ``first`` alone when
    they are the same."""
    if first == last:
        return first
    _, bang, cell = last.rpartition("!")
    if bang:
        return f"{first}-{cell}"
    before, space, number = last.rpartition(" ")
    if space and first.startswith(before + space):
        return f"{first}-{number}"
    return f"{first}-{last}"


def _locate(err: InputError, items: list[tuple[Record, Seat]], rnd: int, board: int) -> str:
    """Point a game-level error at the most specific row it concerns."""
    for rec, seat in items:
        if seat.power.title in err.message and rec.where:
            return f"{rec.where} (round {rnd}, board {board})"
    return err.where
