"""Powers, seats, games and tournaments: frozen, validated once, at the boundary.

Readers (CSV, workbooks, worksheet functions) turn raw cell values into these
objects through :func:`tournament_from_records`, which parses every value with
the cell it came from, so any error names that cell.  Structural errors (a
power twice in a game, a game of other than seven seats) name round, board,
power and player.  Odd but scorable data is reported by
:meth:`Tournament.notices` (SCORING.md section 1).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import cast

from dipxl.errors import InputError, Notice

__all__ = [
    "MAX_CENTRES",
    "POWERS",
    "SOLO_CENTRES",
    "Game",
    "Power",
    "Record",
    "Seat",
    "Tournament",
    "board_from_values",
    "parse_centres",
    "parse_draw",
    "parse_player",
    "parse_text",
    "parse_whole",
    "parse_year",
    "tournament_from_records",
]

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
    message never carries a raw escape sequence to a terminal."""
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


@dataclass(frozen=True, slots=True)
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

    def __post_init__(self) -> None:
        if type(self.power) is not Power:
            object.__setattr__(self, "power", Power.parse(self.power))
        if type(self.player) is not str:
            raise InputError(f"player must be text, got {self.player!r}", self._who())
        centres, year, flag = self.centres, self.eliminated, self.in_draw
        if centres is not None and (type(centres) is not int or not 0 <= centres <= MAX_CENTRES):
            raise InputError(f"centres must be a whole number 0-34, got {centres!r}", self._who())
        if year is not None:
            if type(year) is not int or not FIRST_YEAR <= year <= LAST_YEAR:
                raise InputError(
                    f"elimination year must be a year {FIRST_YEAR}-{LAST_YEAR}, got {year!r}",
                    self._who(),
                )
            if centres:
                raise InputError(
                    f"has {centres} centres but an elimination year ({year})", self._who()
                )
        if flag is not None:
            if type(flag) is not bool:
                raise InputError(
                    f"draw flag must be True, False or None, got {flag!r}", self._who()
                )
            if flag and centres == 0:
                raise InputError("is eliminated (0 centres) but marked in the draw", self._who())

    def _who(self) -> str:
        power = self.power.title if isinstance(self.power, Power) else str(self.power)
        return f"{power} ({self.player or 'no player'})"


def _power_of(seat: Seat) -> int:
    return int(seat.power)


_ALL_POWERS = tuple(Power)
_TITLES = tuple(p.title for p in Power)
_NO_FLAGS = (None,) * 7


@dataclass(frozen=True, slots=True)
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
    year_or_zero: tuple[int, ...] = field(init=False, compare=False, repr=False)
    centres_desc: tuple[int, ...] = field(init=False, compare=False, repr=False)

    @property
    def label(self) -> str:
        """``round 2, board 3`` (plus the origin, e.g. cells, when known)."""
        text = f"round {self.round}, board {self.board}"
        return f"{self.origin} ({text})" if self.origin else text

    def __post_init__(self) -> None:
        for name in ("round", "board"):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise InputError(
                    f"{name} must be a whole number from 1, got {value!r}", self.origin
                )
        seats = tuple(self.seats)
        if len(seats) != 7:
            raise InputError(f"a game has seven seats, this one has {len(seats)}", self.label)
        for seat in seats:
            if type(seat) is not Seat:
                raise InputError(f"seats must be Seat objects, got {seat!r}", self.label)
        ordered = tuple(sorted(seats, key=_power_of))
        if tuple(s.power for s in ordered) != _ALL_POWERS:
            self._twice(ordered)
        set_ = object.__setattr__
        set_(self, "seats", ordered)
        years = tuple([s.eliminated for s in ordered])
        set_(self, "years", years)
        players = tuple([s.player for s in ordered])
        set_(self, "players", players)
        set_(self, "year_or_zero", tuple([y or 0 for y in years]))
        entered = tuple([s.centres for s in ordered])
        finished = None not in entered
        set_(self, "finished", finished)
        if not finished:
            set_(self, "centres", ())
            set_(self, "centres_desc", ())
            set_(self, "draw_members", ())
            return
        centres = cast(tuple[int, ...], entered)
        set_(self, "centres", centres)
        set_(self, "centres_desc", tuple(sorted(centres, reverse=True)))
        if "" in players or len(set(players)) != 7:
            self._bad_players(ordered)
        if max(centres) >= SOLO_CENTRES and [c >= SOLO_CENTRES for c in centres].count(True) > 1:
            names = ", ".join(f"{s.power.title} {s.centres}" for s in ordered
                              if (s.centres or 0) >= SOLO_CENTRES)
            raise InputError(
                f"more than one power on {SOLO_CENTRES} or more centres ({names})", self.label
            )
        set_(self, "draw_members", self._draw_members(ordered, centres))

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

    def _draw_members(self, seats: tuple[Seat, ...], centres: tuple[int, ...]) -> tuple[bool, ...]:
        flags = tuple([s.in_draw for s in seats])
        if flags == _NO_FLAGS:
            members = tuple([c > 0 for c in centres])
        elif True in flags:
            members = tuple([f is True for f in flags])
        else:
            members = tuple(c > 0 and f is not False for c, f in zip(centres, flags, strict=True))
        if max(centres) == 0:
            raise InputError("every power has 0 centres: no game ends like that", self.label)
        if True not in members and max(centres) < SOLO_CENTRES:
            raise InputError("the draw has no member: every survivor is marked N", self.label)
        return members

    def seat(self, power: Power) -> Seat:
        """The seat of ``power``."""
        return self.seats[power]

    @property
    def total_centres(self) -> int:
        """Centres owned at the end (0 while unfinished)."""
        return sum(self.centres)


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


@dataclass(frozen=True, slots=True)
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

    def at(self, name: str) -> str:
        """The cell (or row) of field ``name``."""
        return self.cells.get(name) or self.where


def tournament_from_records(records: Iterable[Record], title: str = "") -> Tournament:
    """Parse and group raw records into a validated :class:`Tournament`.

    Records are grouped by (round, board) in order of appearance; every raw
    value is parsed with the cell it came from.
    """
    grouped: dict[tuple[int, int], list[tuple[Record, Seat]]] = {}
    for rec in records:
        name = "round"  # the field being read, to name its cell on error
        try:
            rnd = parse_whole(rec.round, "round", 1, 10_000)
            name = "board"
            board = parse_whole(rec.board, "board", 1, 100_000)
            if rnd is None or board is None:
                name = "round" if rnd is None else "board"
                raise InputError(f"{name} is blank")
            name = "power"
            power = Power.parse(rec.power)
            name = "player"
            player = parse_player(rec.player)
            name = "centres"
            centres = parse_centres(rec.centres)
            name = "eliminated"
            year = parse_year(rec.eliminated)
            name = "draw"
            draw = parse_draw(rec.draw)
            name = ""
            seat = Seat(player, power, centres, year, draw)
        except InputError as err:
            name = name or _seat_check_field(err)
            raise InputError(err.message, rec.at(name) or err.where) from None
        grouped.setdefault((rnd, board), []).append((rec, seat))
    games = []
    for (rnd, board), items in grouped.items():
        origin = _span([rec.where for rec, _ in items])
        try:
            games.append(Game(rnd, board, tuple(seat for _, seat in items), origin))
        except InputError as err:
            raise InputError(err.message, _locate(err, items, rnd, board)) from None
    return Tournament(tuple(games), title)


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


def _span(wheres: Sequence[str]) -> str:
    """``Results!A2:G8`` style span of row references, or the first one."""
    first = next((w for w in wheres if w), "")
    last = next((w for w in reversed(wheres) if w), "")
    if first and last and first != last:
        return f"{first}-{last.split('!')[-1]}"
    return first


def _locate(err: InputError, items: list[tuple[Record, Seat]], rnd: int, board: int) -> str:
    """Point a game-level error at the most specific row it concerns."""
    for rec, seat in items:
        if seat.power.title in err.message and rec.where:
            return f"{rec.where} (round {rnd}, board {board})"
    return err.where
