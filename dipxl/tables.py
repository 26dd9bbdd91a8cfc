"""One way out: the scored tournament as plain tables, and their dict and
JSON forms.

Every output of the standings (the scored workbook, CSV, JSON, the
terminal, ``DIPXL_STANDINGS``) is built from the tables here, made once
from the core's :class:`~dipxl.standings.Standings`:

- :func:`standings_table`: one row per player, ranked: rank, player,
  score, games, ``finalist`` (with a final), the values of the system's
  tie-breakers, the score of each round played (``r1``, ``r2``, ...), then
  the exact score where the system defines one (HTM);
- :func:`seat_table`: one row per seat of every finished game: round,
  board, power, player, centres, eliminated, in the draw, solo, score;
- :func:`best_country_table` and :func:`powers_table`: per power.

A table's columns carry their names (the CSV header and JSON keys) and
their headers as shown in a workbook, on the terminal and by the worksheet
function: :func:`standings_columns` is the one place where the tie-breakers'
headers are spelled.  Cells hold the core's values (numbers, text, None,
booleans; a tie-break value as the core shows it); each output converts
them its own way (:func:`json_value` for JSON).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from dipxl.csvio import to_csv
from dipxl.fields import seat_entries
from dipxl.model import Power, Seat, Status
from dipxl.ranking import round_half_up
from dipxl.standings import Standings
from dipxl.systems import System
from dipxl.systems.common import param_table

__all__ = [
    "Column",
    "Table",
    "best_country_table",
    "column_header",
    "display_decimals",
    "flag",
    "json_value",
    "powers_table",
    "round_column",
    "round_number",
    "seat_table",
    "shown",
    "standings_csv",
    "standings_dict",
    "standings_json",
    "standings_table",
]


@dataclass(frozen=True, slots=True)
class Column:
    """A column: ``name`` (snake case: CSV header, JSON key), ``header``
    (scored workbook, terminal) and ``title`` (the worksheet function)."""

    name: str
    header: str
    title: str


@dataclass(frozen=True, slots=True)
class Table:
    """Plain rows under named columns."""

    columns: tuple[Column, ...]
    rows: tuple[tuple[Any, ...], ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)

    def index(self, name: str) -> int:
        """The position of column ``name`` (ValueError when absent)."""
        return self.names.index(name)

    def records(self) -> Iterator[dict[str, Any]]:
        """Each row as a dict by column name."""
        names = self.names
        for row in self.rows:
            yield dict(zip(names, row, strict=True))


def column_header(name: str) -> str:
    """The header of a column named ``name`` in the tables a TD reads (a
    workbook's Standings, the terminal, a scored workbook): ``best_game_1``
    -> ``Best game 1``."""
    return name.replace("_", " ").capitalize()


def _column(name: str, title: str | None = None) -> Column:
    header = column_header(name)
    return Column(name, header, header if title is None else title)


RANK, PLAYER, SCORE, GAMES = (_column(n) for n in ("rank", "player", "score", "games"))
FINALIST = _column("finalist")
ADJUSTMENT, STATUS = _column("adjustment"), _column("status")
EXACT = Column("exact", "Exact score", "Exact")


def round_column(number: int) -> Column:
    """The column of round ``number``'s scores: ``r2``, headed ``R2``."""
    return Column(f"r{number}", f"R{number}", f"R{number}")


def round_number(column: Column) -> int | None:
    """The round of a round-score column (``r2`` -> 2), else None."""
    name = column.name
    return int(name[1:]) if name[:1] == "r" and name[1:].isdigit() else None


def standings_columns(
    tiebreakers: Sequence[str],
    titles: Sequence[str],
    exact: bool,
    rounds: Sequence[int] = (),
    finalist: bool = False,
    adjustment: bool = False,
    status: bool = False,
) -> tuple[Column, ...]:
    """The standings table's columns: rank, player, score, games,
    ``finalist`` when the event has a final, ``adjustment`` when some
    player has one, ``status`` when some player is withdrawn or unranked,
    each tie-breaker (``titles``:
    as its system titles it), each round in ``rounds`` (its score), then
    ``exact`` when the system defines an exact score."""
    return (
        RANK,
        PLAYER,
        SCORE,
        GAMES,
        *((FINALIST,) if finalist else ()),
        *((ADJUSTMENT,) if adjustment else ()),
        *((STATUS,) if status else ()),
        *(_column(n, t) for n, t in zip(tiebreakers, titles, strict=True)),
        *(round_column(r) for r in rounds),
        *((EXACT,) if exact else ()),
    )


def standings_table(standings: Standings) -> Table:
    """One row per player in rank order; ``finalist`` (only when the
    parameters name a final round) True for a player of the final's top
    board once it is finished; a round's score (after weights) None where
    the player did not play that round; the exact score as text (a fraction
    such as ``31/2``); a tie-breaker that did not apply to the player's tie
    is None; ``adjustment`` (with some adjustment) the sum of the player's
    adjustments, already in the score; ``status`` (with some player not
    ranked as usual) ``withdrawn``, ``unranked`` (rank None, listed last)
    or blank."""
    names = standings.tiebreak_names
    adjusted = bool(standings.tournament.adjustments)
    marked = any(r.status is not Status.RANKED for r in standings.rows)
    exact = not standings.system.per_game
    rounds = standings.rounds
    finalist = getattr(standings.params, "final_round", None) is not None
    finalists = frozenset(standings.finalists)
    by_player = standings.round_scores
    rows = tuple(
        (
            r.rank,
            r.player,
            r.score,
            r.games,
            *((r.player in finalists,) if finalist else ()),
            *((r.adjustment,) if adjusted else ()),
            *((r.status.value,) if marked else ()),
            *(r.tiebreaks.get(n) for n in names),
            *(by_player.get(r.player, {}).get(n) for n in rounds),
            *((None if r.exact is None else str(r.exact),) if exact else ()),
        )
        for r in standings.rows
    )
    columns = standings_columns(names, standings.tiebreak_titles, exact, rounds, finalist,
                                adjusted, marked)
    return Table(columns, rows)


SEAT_COLUMNS = (
    *(_column(n) for n in ("round", "board", "power", "player", "centres", "eliminated",
                           "year")),
    _column("in_draw"),
    _column("solo"),
    _column("score"),
)


def seat_table(standings: Standings) -> Table:
    """One row per seat of every finished game, game by game in power
    order: ``year`` the game's final year (blank when not given),
    ``in_draw`` True for a member of the draw of a drawn game (the power a
    game was conceded to is its one member), ``solo`` True for the soloist
    on centres."""
    rows = tuple(
        (
            sg.round,
            sg.board,
            seat.power.title,
            seat.player,
            seat.centres,
            seat.eliminated,
            sg.game.year,
            sg.winner is None and sg.game.draw_members[i],
            sg.winner == i,
            sg.scores[i],
        )
        for sg in standings.games
        for i, seat in enumerate(sg.game.seats)
    )
    return Table(SEAT_COLUMNS, rows)


def _echoed(seat: Seat) -> dict[str, Any]:
    """A seat's other inputs as given: its draw flag (``Y``, ``N`` or
    None), the final year its row gives, and its chart (``{"1901": 5}``,
    only where given)."""
    flag = seat_entries(seat)["draw"]
    found: dict[str, Any] = {"draw": flag, "year": seat.year}
    if seat.chart:
        found["chart"] = {str(year): count for year, count in seat.chart}
    return found


BEST_COLUMNS = tuple(_column(n) for n in ("power", "player", "round", "board", "score", "centres"))


def best_country_table(standings: Standings) -> Table:
    """Per power, Austria to Turkey, each holder of the best single game."""
    rows = tuple(
        (power.title, b.player, b.round, b.board, b.score, b.centres)
        for power in Power
        for b in standings.best_country.get(power, ())
    )
    return Table(BEST_COLUMNS, rows)


POWERS_COLUMNS = tuple(
    _column(n)
    for n in (
        "power",
        "games",
        "total_centres",
        "mean_centres",
        "solos",
        "eliminations",
        "mean_score",
    )
)


def powers_table(standings: Standings) -> Table:
    """Per power over the finished games."""
    rows = tuple(
        (
            p.power.title,
            p.games,
            p.total_centres,
            p.mean_centres,
            p.solos,
            p.eliminations,
            p.mean_score,
        )
        for p in standings.powers
    )
    return Table(POWERS_COLUMNS, rows)


def json_value(value: Any) -> Any:
    """A core value as JSON holds it: a tuple as a list, a fraction as a float."""
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Fraction):
        return float(value)
    return value


def standings_dict(standings: Standings) -> dict[str, Any]:
    """The JSON contract (README "JSON output"): plain dicts, lists, str,
    int, float, bool and None."""
    players: list[dict[str, Any]] = []
    table = standings_table(standings)
    rounds = [c.name for c in table.columns if round_number(c) is not None]
    for row in table.records():
        exact = row.pop("exact", None)
        first = {key: row.pop(key) for key in ("rank", "player", "score", "games")}
        by_round = [row.pop(name) for name in rounds]
        mine = standings.row(first["player"])
        row.pop(ADJUSTMENT.name, None)
        row.pop(STATUS.name, None)
        players.append(
            {
                **first,
                "adjustment": mine.adjustment,
                "status": mine.status.value,
                **({"exact": exact} if exact is not None else {}),
                **{name: json_value(value) for name, value in row.items()},
                "round_scores": by_round,
            }
        )
    seats = list(seat_table(standings).records())
    games: list[dict[str, Any]] = []
    for k in range(0, len(seats), len(Power)):  # seven rows a game, in power order
        game = seats[k : k + len(Power)]
        played = standings.games[k // len(Power)].game
        conceded = played.conceded_to
        games.append(
            {
                "round": game[0]["round"],
                "board": game[0]["board"],
                "year": played.year,
                "solo": next((s["power"] for s in game if s["solo"]), None),
                "conceded_to": None if conceded is None else Power(conceded).title,
                "seats": [
                    {
                        **{key: s[key] for key in ("power", "player", "centres", "eliminated")},
                        **_echoed(played.seats[i]),
                        **{key: s[key] for key in ("in_draw", "score")},
                    }
                    for i, s in enumerate(game)
                ],
            }
        )
    best: dict[str, list[dict[str, Any]]] = {power.title: [] for power in Power}
    for holder in best_country_table(standings).records():
        best[holder.pop("power")].append(holder)
    return {
        "system": standings.system.id,
        "title": standings.title,
        "parameters": {k: json_value(v) for k, v in param_table(standings.params)},
        "after_round": standings.after_round,
        "rounds": list(standings.rounds),
        "round_systems": [{"round": r, "system": standings.round_system(r).id}
                          for r in standings.rounds],
        "final": _final_dict(standings),
        "standings": players,
        "games": games,
        "best_country": best,
        "adjustments": [{"player": a.player, "points": a.points, "note": a.note,
                         "round": a.round} for a in standings.adjustments],
        "powers": list(powers_table(standings).records()),
        "warnings": [str(n) for n in standings.notices],
        "counted": standings.counted.as_dict(),
    }


def _final_dict(standings: Standings) -> dict[str, Any] | None:
    """The final (None when the parameters name no final round): its round,
    whether its top board (board 1) is finished, its players in power order
    and its soloist (None for a draw or while unfinished)."""
    final = getattr(standings.params, "final_round", None)
    if final is None:
        return None
    return {
        "round": final,
        "board": 1,
        "finished": standings.top_board is not None,
        "finalists": list(standings.finalists),
        "solo": standings.final_winner,
    }


def standings_json(standings: Standings) -> str:
    """The JSON contract as text, indented (no final newline)."""
    return json.dumps(standings_dict(standings), indent=2, ensure_ascii=False)


def display_decimals(system: System, params: Any = None) -> int:
    """The decimals a score is shown to, in the terminal table and the CSV
    output: 4 for HTM (Hurst shows scores to 4 decimals, SCORING.md
    section 5), ``round_to`` when the parameters round each game score
    (0: whole points), else 2.  What is shown, never what is compared:
    ranks and JSON use the full numbers."""
    if not system.per_game:
        return 4
    round_to = getattr(params if params is not None else system.params, "round_to", None)
    if isinstance(round_to, int) and not isinstance(round_to, bool) and 0 <= round_to <= 9:
        return round_to
    return 2


def shown(value: Any, decimals: int) -> Any:
    """A float as a decimal number of ``decimals`` places, rounded half away
    from zero as a spreadsheet shows it (``116.94915254237289`` ->
    ``Decimal("116.95")``, printed ``116.95``; no ``-0.00``); any other
    value as it is.  A number, not text: a CSV cell ``-98.00`` is not
    defused as a formula."""
    if isinstance(value, float) and math.isfinite(value):
        text = f"{round_half_up(value, decimals):.{decimals}f}"
        return Decimal(text.removeprefix("-") if not text.strip("-0.") else text)
    return value


def flag(value: Any) -> Any:
    """A yes/no cell as a TD types it (Y or N); any other value unchanged."""
    if isinstance(value, bool):
        return "Y" if value else "N"
    return value


def standings_csv(standings: Standings) -> str:
    """The standings as CSV: ``rank,player,score,games[,finalist],
    <tie-breakers>,r1,r2,...`` (no exact score; finalist Y or N), every
    user text defused (:func:`dipxl.csvio.safe_cell`).  Numbers as a TD
    reads them, not as the machine holds them: scores to the system's
    :func:`display_decimals` (``101.47``, HTM ``4.6667``), counts whole;
    the JSON output keeps full precision."""
    table = standings_table(standings)
    keep = [i for i, name in enumerate(table.names) if name != EXACT.name]
    decimals = display_decimals(standings.system, standings.params)
    # Last, what the standings counted and left out: a row as wide as the
    # others (every CSV reader takes it), its text in the first column.
    counted = [f"Counted: {standings.counted}", *[""] * (len(keep) - 1)]
    return to_csv(
        [
            [table.names[i] for i in keep],
            *([shown(flag(row[i]), decimals) for i in keep] for row in table.rows),
            counted,
        ]
    )
