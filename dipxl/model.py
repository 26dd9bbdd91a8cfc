"""Powers, seats, games and tournaments: frozen, validated once.

The domain alone: raw cell values become these objects through the parsers
of :mod:`dipxl.fields` and the one constructor of :mod:`dipxl.rows`.  Every
check here raises an :class:`~dipxl.errors.InputError` that says what is
wrong and which field (and, for a game, which powers' seats) it is about, so
a reader can name the cell.  Odd but scorable data is reported by
:meth:`Tournament.notices` (SCORING.md section 1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from operator import attrgetter
from typing import cast

from dipxl.errors import InputError, Notice

__all__ = [
    "FIRST_YEAR",
    "HOME_CENTRES",
    "LAST_YEAR",
    "MAX_CENTRES",
    "POWERS",
    "SOLO_CENTRES",
    "Adjustment",
    "Game",
    "Power",
    "Seat",
    "SitOut",
    "Status",
    "Tournament",
]

MAX_CENTRES = 34
# Every game starts with 22 owned home centres and a centre never loses its
# owner, only changes it: a finished game owns at least these.
HOME_CENTRES = 22
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
        """A power from its name, abbreviation or a ``Power``; else InputError
        (:func:`dipxl.fields.parse_power`, the one parser of powers)."""
        if isinstance(value, Power):
            return value
        from dipxl.fields import parse_power  # fields imports this module

        return parse_power(value, where)


POWERS: tuple[str, ...] = tuple(p.title for p in Power)


# ---------------------------------------------------------------- model


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's part in one game.

    ``centres`` is None until the result is entered; ``eliminated`` is the
    year the player lost the last centre (None for a survivor, or unknown);
    ``in_draw`` is an explicit draw-membership record (None: the default rule);
    ``year`` the year of the game's final centre counts as this seat's row
    gives it (the game's :attr:`Game.year`: every seat that gives one gives
    the same); ``chart`` this power's centre counts of earlier years,
    ``(year, centres)`` pairs in ascending years (the year-by-year chart
    Maxonian reads; a year may be missing).
    """

    player: str
    power: Power
    centres: int | None
    eliminated: int | None = None
    in_draw: bool | None = None
    year: int | None = None
    chart: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        # One test of every field on the common path; _refuse_seat names
        # the first that fails.
        if type(self.power) is not Power:
            object.__setattr__(self, "power", Power.parse(self.power))
        player, centres, year, flag = self.player, self.centres, self.eliminated, self.in_draw
        if (
            type(player) is not str
            or (centres is not None
                and (type(centres) is not int or not 0 <= centres <= MAX_CENTRES))
            or (year is not None
                and (type(year) is not int or centres or not FIRST_YEAR <= year <= LAST_YEAR))
            or (flag is not None and (type(flag) is not bool or (flag and centres == 0)))
        ):
            _refuse_seat(player, self.power, centres, year, flag)
        final, chart = self.year, self.chart
        if final is not None and (type(final) is not int or not FIRST_YEAR <= final <= LAST_YEAR
                                  or (year is not None and year > final)):
            _refuse_year(player, self.power, final, year)
        if chart:
            _check_chart(player, self.power, chart, final)


def _refuse_seat(
    player: object, power: Power, centres: object, year: object, flag: object
) -> None:
    """Raise the InputError for a seat whose fields are wrong or disagree."""
    who = f"{power.title} ({player or 'no player'})"
    if type(player) is not str:
        raise InputError(f"player must be text, got {player!r}", who, field="player", value=player)
    if centres is not None and (type(centres) is not int or not 0 <= centres <= MAX_CENTRES):
        raise InputError(
            f"centres must be a whole number 0-34, got {centres!r}", who, field="centres",
            value=centres,
        )
    if year is not None:
        if type(year) is not int or not FIRST_YEAR <= year <= LAST_YEAR:
            raise InputError(
                f"elimination year must be a year {FIRST_YEAR}-{LAST_YEAR}, got {year!r}", who,
                field="eliminated", value=year,
            )
        if centres:
            raise InputError(
                f"has {centres} centres but an elimination year ({year})", who,
                field="eliminated", value=year,
            )
    if flag is not None:
        if type(flag) is not bool:
            raise InputError(
                f"draw flag must be True, False or None, got {flag!r}", who, field="draw",
                value=flag,
            )
        if flag and centres == 0:
            raise InputError(
                "is eliminated (0 centres) but marked in the draw", who, field="draw", value=flag
            )
    raise AssertionError("a seat that no check refuses")  # pragma: no cover


def _refuse_year(player: object, power: Power, final: object, eliminated: int | None) -> None:
    """Raise the InputError for a final year that is not a year, or before
    the seat's elimination year."""
    who = f"{power.title} ({player or 'no player'})"
    if type(final) is not int or not FIRST_YEAR <= final <= LAST_YEAR:
        raise InputError(
            f"the game's year must be a year {FIRST_YEAR}-{LAST_YEAR}, got {final!r}", who,
            field="year", value=final,
        )
    raise InputError(
        f"eliminated in {eliminated}, after the game's final year {final}", who,
        field="eliminated", value=eliminated,
    )


def _check_chart(
    player: object, power: Power, chart: object, final: int | None
) -> None:
    """InputError unless ``chart`` is (year, centres) pairs in ascending
    years, each a year up to the game's final year and a count 0-34."""
    who = f"{power.title} ({player or 'no player'})"
    if not isinstance(chart, tuple):
        raise InputError(f"the chart must be (year, centres) pairs, got {chart!r}", who,
                         field="chart", value=chart)
    last = FIRST_YEAR - 1
    for pair in chart:
        if not (isinstance(pair, tuple) and len(pair) == 2
                and all(type(v) is int for v in pair)):
            raise InputError(f"the chart must be (year, centres) pairs, got {pair!r}", who,
                             field="chart", value=pair)
        year, count = pair
        if not FIRST_YEAR <= year <= LAST_YEAR or year <= last:
            raise InputError(
                f"chart years must be {FIRST_YEAR}-{LAST_YEAR}, ascending, got {year}", who,
                field="chart", value=year,
            )
        if final is not None and year > final:
            raise InputError(
                f"the chart has a count for {year}, after the game's final year {final}", who,
                field="chart", value=year,
            )
        if not 0 <= count <= MAX_CENTRES:
            raise InputError(
                f"a chart count must be a whole number 0-34, got {count} for {year}", who,
                field="chart", value=count,
            )
        last = year


def _player_of(seat: Seat) -> str:
    """`` (Alice)``: the player after a power in a message; nothing for a
    player named after the power (one-board worksheet functions do that)."""
    if seat.player == seat.power.title:
        return ""
    return f" ({seat.player or 'no player'})"


_get_power = attrgetter("power")
# A seat's fields, which a game's __post_init__ turns into one tuple each.
_columns = attrgetter("power", "player", "centres", "eliminated", "in_draw")
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
    record where the workbook gives one, else every survivor),
    ``year`` (the year of the final centre counts, where a seat gives it:
    seats that give it agree), ``conceded_to`` (the power, by index, the
    game was conceded to: the draw flags mark exactly one survivor in the
    draw while nobody holds 18 centres, a one-power passed vote, voted in
    :attr:`vote_year`) and ``chart`` (the year-by-year chart: year ->
    the seven counts of that year in power order, None where not entered;
    only the years some seat gives, before or at the final year).
    """

    round: int
    board: int
    seats: tuple[Seat, ...]
    origin: str = ""
    # Where a field of some seats was read (a reader's cells: "Results!F8",
    # "line 5, column eliminated"), for errors about them (:meth:`where`).
    cells: Callable[[str, tuple[Power, ...]], str] | None = field(
        default=None, compare=False, repr=False)
    finished: bool = field(init=False, compare=False)
    centres: tuple[int, ...] = field(init=False, compare=False, repr=False)
    draw_members: tuple[bool, ...] = field(init=False, compare=False, repr=False)
    years: tuple[int | None, ...] = field(init=False, compare=False, repr=False)
    players: tuple[str, ...] = field(init=False, compare=False, repr=False)
    centres_desc: tuple[int, ...] = field(init=False, compare=False, repr=False)
    year: int | None = field(init=False, compare=False, repr=False)
    conceded_to: int | None = field(init=False, compare=False, repr=False)
    chart: dict[int, tuple[int | None, ...]] = field(init=False, compare=False, repr=False)

    @property
    def label(self) -> str:
        """``round 2, board 3`` (plus the origin, e.g. cells, when known)."""
        text = f"round {self.round}, board {self.board}"
        return f"{self.origin} ({text})" if self.origin else text

    def where(self, name: str, powers: tuple[Power, ...]) -> str:
        """Where the field ``name`` of the seats of ``powers`` was read,
        for an error about them: their cells and the game (``Results!F8
        (round 1, board 1)``) when the reader said, else :attr:`label`."""
        found = self.cells(name, powers) if self.cells is not None else ""
        return f"{found} (round {self.round}, board {self.board})" if found else self.label

    def __post_init__(self) -> None:
        if (type(self.round) is not int or self.round < 1
                or type(self.board) is not int or self.board < 1):
            self._bad_number()
        seats = tuple(self.seats)
        if len(seats) != 7:
            raise InputError(f"a game has seven seats, this one has {len(seats)}", self.label)
        if set(map(type, seats)) != {Seat}:
            bad = next(s for s in seats if type(s) is not Seat)
            raise InputError(f"seats must be Seat objects, got {bad!r}", self.label)
        powers, players, entered, years, flags = zip(*map(_columns, seats), strict=True)
        if powers != _ALL_POWERS:
            seats = tuple(sorted(seats, key=_get_power))
            powers, players, entered, years, flags = zip(*map(_columns, seats), strict=True)
            if powers != _ALL_POWERS:
                self._twice(seats)
        finished = None not in entered
        centres = cast("tuple[int, ...]", entered) if finished else ()
        desc = tuple(sorted(centres, reverse=True))
        final = self._final_year(seats)
        if final is not None and any(y is not None and y > final for y in years):
            self._eliminated_after(seats, final)
        chart = self._chart(seats, centres, final) if any(s.chart for s in seats) else {}
        for name, value in (("seats", seats), ("players", players), ("years", years),
                            ("finished", finished), ("centres", centres),
                            ("centres_desc", desc), ("year", final), ("chart", chart),
                            ("conceded_to", None)):
            object.__setattr__(self, name, value)
        if not finished:
            object.__setattr__(self, "draw_members", ())
            return
        if "" in players or len(set(players)) != 7:
            self._bad_players(seats)
        if desc[1] >= SOLO_CENTRES:
            names = ", ".join(f"{s.power.title} {s.centres}{_player_of(s)}"
                              for s in seats if (s.centres or 0) >= SOLO_CENTRES)
            raise InputError(
                f"more than one power on {SOLO_CENTRES} or more centres: {names}", self.label,
                field="power",
                value=tuple(s.power for s in seats if (s.centres or 0) >= SOLO_CENTRES),
            )
        if desc[0] == 0:
            raise InputError("every power has 0 centres: no game ends like that", self.label)
        members = (tuple(map(bool, centres)) if flags == _NO_FLAGS
                   else self._draw_members(flags, centres, desc[0]))
        object.__setattr__(self, "draw_members", members)
        if desc[0] < SOLO_CENTRES and True in flags and members.count(True) == 1:
            object.__setattr__(self, "conceded_to", members.index(True))

    @property
    def vote_year(self) -> int | None:
        """The year of a concession's passed vote: the year after the final
        centre counts (None without a concession or a final year)."""
        if self.conceded_to is None or self.year is None:
            return None
        return self.year + 1

    def soloer(self, victory_centres: int = SOLO_CENTRES) -> int | None:
        """The winner of a finished game, by index: the power on
        ``victory_centres`` or more, else the power the game was conceded
        to (None: a draw).  Systems that read concessions call this;
        those that test centres only read :attr:`centres`."""
        top = self.centres_desc[0]
        if top >= victory_centres:
            return self.centres.index(top)
        return self.conceded_to

    def _final_year(self, seats: tuple[Seat, ...]) -> int | None:
        """The year the seats give (InputError naming the seats whose year
        differs from the first one given)."""
        given = [s for s in seats if s.year is not None]
        if not given:
            return None
        first = given[0].year
        other = [s for s in given if s.year != first]
        if other:
            names = ", ".join(f"{s.power.title} {s.year}" for s in given)
            raise InputError(
                f"the seats give different final years: {names}", self.label,
                field="year", value=tuple(s.power for s in other),
            )
        return first

    def _eliminated_after(self, seats: tuple[Seat, ...], final: int) -> None:
        """Raise the error for seats eliminated after the game's final year
        (given on another seat's row: a seat's own row is checked by
        :class:`Seat`), naming their Eliminated cells."""
        late = [s for s in seats if s.eliminated is not None and s.eliminated > final]
        names = ", ".join(f"{s.power.title}{_player_of(s)} in {s.eliminated}" for s in late)
        powers = tuple(s.power for s in late)
        raise InputError(
            f"eliminated after the game's final year {final}: {names}",
            self.where("eliminated", powers), field="eliminated", value=powers,
        )

    def _chart(
        self, seats: tuple[Seat, ...], centres: tuple[int, ...], final: int | None
    ) -> dict[int, tuple[int | None, ...]]:
        """The year-by-year chart from the seats' (year, centres) pairs; a
        count given for the final year itself must be the final count."""
        years = sorted({y for s in seats for y, _ in s.chart})
        by_seat = [dict(s.chart) for s in seats]
        chart = {y: tuple(counts.get(y) for counts in by_seat) for y in years}
        if final is not None and final in chart and centres:
            wrong = tuple(p for p, c, h in zip(_ALL_POWERS, centres, chart[final], strict=True)
                          if h is not None and h != c)
            if wrong:
                raise InputError(
                    f"the chart's {final} (the final year) differs from the final centres "
                    f"of {', '.join(p.title for p in wrong)}", self.label,
                    field="chart", value=wrong,
                )
        return chart

    def earlier_years(self) -> list[int]:
        """The chart's years before the final year, latest first (every
        chart year when no final year is given)."""
        return sorted((y for y in self.chart if self.year is None or y < self.year),
                      reverse=True)

    def _bad_number(self) -> None:
        """Raise the error for a round or board that is not a whole number from 1."""
        for name in ("round", "board"):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise InputError(
                    f"{name} must be a whole number from 1, got {value!r}", self.origin,
                    field=name, value=value,
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
                    field="power",
                    value=(seat.power,),
                )
            by_power[seat.power] = seat
        raise AssertionError("seven seats, seven distinct powers")  # pragma: no cover

    def _bad_players(self, ordered: tuple[Seat, ...]) -> None:
        """Raise the error for a missing or repeated player."""
        seen: dict[str, Power] = {}
        for seat in ordered:
            if not seat.player:
                raise InputError(
                    f"{seat.power.title} has a result but no player", self.label,
                    field="player", value=(seat.power,),
                )
            if seat.player in seen:
                raise InputError(
                    f"player {seat.player} holds two seats "
                    f"({seen[seat.player].title} and {seat.power.title})",
                    self.label,
                    field="player",
                    value=(seen[seat.player], seat.power),
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
                f"the draw has no member: every survivor is marked N: {survivors}", self.label,
                field="power", value=tuple(s.power for s in self.seats if s.centres),
            )
        return members

    @property
    def total_centres(self) -> int:
        """Centres owned at the end (0 while unfinished)."""
        return sum(self.centres)


class Status(Enum):
    """Who is ranked (a Players ``status`` column): everyone by default; a
    withdrawn player keeps their games and place in the standings, marked;
    an unranked player (the TD, a stand-in) plays games that count for the
    others but takes no rank, no award and no best country."""

    RANKED = ""
    WITHDRAWN = "withdrawn"
    UNRANKED = "unranked"


@dataclass(frozen=True, slots=True)
class SitOut:
    """A player present in ``round`` who played no board there (a results
    row with a round and a player, no board and no power)."""

    player: str
    round: int
    where: str = field(default="", compare=False)  # the input's place, for messages

    def __post_init__(self) -> None:
        if type(self.round) is not int or self.round < 1:
            raise InputError(f"round must be a whole number from 1, got {self.round!r}",
                             self.where, field="round", value=self.round)


@dataclass(frozen=True, slots=True)
class Adjustment:
    """Points added to (or, negative, taken from) a player's total after the
    game scores are combined: a penalty, a bonus, with the TD's ``note``;
    ``round``, where given, the round it belongs to (standings after an
    earlier round leave it out)."""

    player: str
    points: float
    note: str = ""
    round: int | None = None
    where: str = field(default="", compare=False)  # the input's place, for messages

    def __post_init__(self) -> None:
        if self.round is not None and (type(self.round) is not int or self.round < 1):
            raise InputError(f"round must be a whole number from 1, got {self.round!r}",
                             self.where, field="round", value=self.round)


@dataclass(frozen=True, slots=True)
class Tournament:
    """The games of an event.  Round numbers order the games; (round, board)
    is unique.  Unfinished games are kept (they name the seating) but every
    system ignores them.  ``remarks``: warnings found while reading the input
    (a board half entered, a name not on the Players sheet ...), naming its
    cells; :meth:`notices` reports them first."""

    games: tuple[Game, ...]
    title: str = ""
    remarks: tuple[Notice, ...] = field(default=(), compare=False)
    # Around the games (issue 26): who sat out which round, the TD's
    # adjustments, and (player, status) where a status is not RANKED
    # (:meth:`status`).
    sit_outs: tuple[SitOut, ...] = ()
    adjustments: tuple[Adjustment, ...] = ()
    statuses: tuple[tuple[str, Status], ...] = ()

    def __post_init__(self) -> None:
        games = tuple(sorted(self.games, key=lambda g: (g.round, g.board)))
        seen: set[tuple[int, int]] = set()
        for game in games:
            key = (game.round, game.board)
            if key in seen:
                raise InputError("this board is entered twice", game.label)
            seen.add(key)
        object.__setattr__(self, "games", games)

    def status(self, player: str) -> Status:
        """The status of ``player`` (RANKED unless :attr:`statuses` says)."""
        for name, status in self.statuses:
            if name == player:
                return status
        return Status.RANKED

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
        """The tournament as it stood after ``last_round``; when that round
        has no finished board yet, with a warning that says so (the
        standings "after round 3" are then those after an earlier round)."""
        games = tuple(g for g in self.games if g.round <= last_round)
        remarks = self.remarks
        if not any(g.finished and g.round == last_round for g in games):
            played = max((g.round for g in games if g.finished), default=0)
            since = f"those after round {played}" if played else "empty"
            remarks = (*remarks, Notice(
                "round_not_finished",
                f"round {last_round} has no finished board yet: the standings after round "
                f"{last_round} are {since}",
                f"round {last_round}",
            ))
        return Tournament(
            games, self.title, remarks,
            tuple(s for s in self.sit_outs if s.round <= last_round),
            tuple(a for a in self.adjustments if a.round is None or a.round <= last_round),
            self.statuses,
        )

    def notices(self) -> tuple[Notice, ...]:
        """The reader's :attr:`remarks`, warnings of SCORING.md section 1
        (scoring goes on), and names that differ only in case (probably one
        player typed two ways): only in a tournament built in Python, since
        every reader spells them as one player (:func:`dipxl.rows.tournament_from_rows`)."""
        found: list[Notice] = list(self.remarks)
        for game in self.games:
            if game.finished and game.total_centres > MAX_CENTRES:
                found.append(
                    Notice(
                        "centres_over_34",
                        f"centres total {game.total_centres}, more than {MAX_CENTRES}",
                        game.label,
                    )
                )
            elif game.finished and game.total_centres < HOME_CENTRES:
                found.append(
                    Notice(
                        "centres_under_22",
                        f"centres total {game.total_centres}, fewer than the {HOME_CENTRES} "
                        "home centres every game starts with (a count mistyped?)",
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


