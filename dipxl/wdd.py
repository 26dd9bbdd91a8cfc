"""The hand-off to the World Diplomacy Database (SCORING.md section 9).

The WDD imports two CSV files, named as its own upload format names its
fields; this module turns scored standings into their rows and writes
nothing (``dipxl score --format wdd`` writes them):

- :func:`classification`: one row per player who played: ``FIRST NAME``,
  ``NAME``, ``HOMONYME`` (always 1), ``RANK`` and ``EXAEQUO`` (how many
  share that rank; dipxl ranks everyone who played, so the WDD's 999 for
  an unranked player never appears), ``SCORE``, ``R1`` ... ``R8`` (the round scores, after
  weights, as the engine gives them), the best country per power on its
  holder's row (``RK_0AU``, ``PT_0AU``, ``CT_0AU``, ``HEAT_0AU``,
  ``BOARD_0AU`` ... ``_0TU``) and, with a final, the top-board columns
  (``HEAT_TOPBOARD``, ``BOARD_TOPBOARD``, ``RK_TOPBOARD``, ``CT_TOPBOARD``,
  ``COUNTRY_TOPBOARD``) on each finalist's row;
- :func:`boards`: one row per seat of every finished game: ``ROUND``,
  ``BOARD``, ``COUNTRY``, ``RANK``/``EXAEQUO`` (the place by centres,
  shared places taking the better one), ``SCORE``, ``NB_CENTRE``,
  ``YEAR_ELIMINATION`` (two digits: 5 is 1905) and ``DRAW``.

Names are split as decided in section 9: ``NAME`` is the last word of the
player's name and ``FIRST NAME`` the rest, unless ``names`` (a workbook's
Players sheet with ``First name`` / ``Last name`` columns) gives them.
The WDD takes at most eight rounds: a later round is an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dipxl.csvio import to_csv
from dipxl.errors import InputError
from dipxl.model import Power
from dipxl.ranking import places
from dipxl.standings import Standings
from dipxl.tables import Column, Table

__all__ = [
    "COUNTRY",
    "MAX_ROUNDS",
    "Names",
    "as_csv",
    "boards",
    "check_rounds",
    "classification",
    "split_name",
]

MAX_ROUNDS = 8  # R1 ... R8: the WDD takes no more
# The WDD's code of each power, in power order.
COUNTRY = {power: "0" + power.name[:2] for power in Power}
HOMONYME = 1  # "this is the player of that name the WDD knows"
CENTURY = 1900  # elimination years are written as two digits: 5 is 1905

# player -> (first name, last name), as a Players sheet gives them.
Names = Mapping[str, tuple[str, str]]

_NAME_COLUMNS = ("FIRST NAME", "NAME", "HOMONYME")


def _columns(names: tuple[str, ...]) -> tuple[Column, ...]:
    """The WDD's field names are the CSV header (and the keys of records)."""
    return tuple(Column(n, n, n) for n in names)


def split_name(player: str) -> tuple[str, str]:
    """(first name, last name) of a player: the last word is the last name,
    the rest the first name (``"Jean de la Fontaine"`` -> ``("Jean de la",
    "Fontaine")``; a single word is a last name alone)."""
    *first, last = player.split() or [""]
    return " ".join(first), last


def _name_cells(player: str, names: Names | None) -> tuple[str, str, int]:
    given = names.get(player) if names else None
    first, last = given if given is not None else split_name(player)
    return first, last, HOMONYME


def check_rounds(standings: Standings) -> None:
    """Refuse an event with a round after the eighth: the WDD has no column
    for it (the round is named, and how to export what the WDD can take)."""
    late = [sg.round for sg in standings.games if sg.round > MAX_ROUNDS]
    if late:
        raise InputError(
            f"the WDD takes at most {MAX_ROUNDS} rounds (R1-R{MAX_ROUNDS}), this event has "
            f"round {max(late)}: it cannot be exported in the WDD's format",
            field="round",
            value=max(late),
        )


# ---------------------------------------------------------------- classification

_ROUND_COLUMNS = tuple(f"R{r}" for r in range(1, MAX_ROUNDS + 1))
_BEST_FIELDS = ("RK", "PT", "CT", "HEAT", "BOARD")
_BEST_COLUMNS = tuple(f"{f}_{COUNTRY[p]}" for p in Power for f in _BEST_FIELDS)
CLASSIFICATION_COLUMNS = (
    *_NAME_COLUMNS, "RANK", "EXAEQUO", "SCORE", *_ROUND_COLUMNS, *_BEST_COLUMNS
)
# With a final (``final_round`` set), on each finalist's row.
TOP_BOARD_COLUMNS = (
    "HEAT_TOPBOARD", "BOARD_TOPBOARD", "RK_TOPBOARD", "CT_TOPBOARD", "COUNTRY_TOPBOARD"
)


def _best_country_cells(standings: Standings) -> dict[str, list[Any]]:
    """player -> the best-country cells of their row (None where they hold
    no power's best game).  A player holding one power's best game twice
    (two equal games) is given the first of them."""
    cells: dict[str, list[Any]] = {}
    for power in Power:
        start = int(power) * len(_BEST_FIELDS)
        for best in standings.best_country.get(power, ()):
            row = cells.setdefault(best.player, [None] * len(_BEST_COLUMNS))
            if row[start] is None:
                row[start : start + len(_BEST_FIELDS)] = [
                    1, best.score, best.centres, best.round, best.board
                ]
    return cells


def _top_board_cells(standings: Standings) -> dict[str, tuple[Any, ...]]:
    """finalist -> the top-board cells of their row: the final's round and
    board, their place on it by centres (shared places taking the better
    one), their centres and country; nobody while the top board is not
    finished."""
    top = standings.top_board
    if top is None:
        return {}
    return {
        seat.player: (top.round, top.board, place, seat.centres, COUNTRY[seat.power])
        for seat, (place, _shared) in zip(top.seats, places(top.centres), strict=True)
    }


def classification(standings: Standings, names: Names | None = None) -> Table:
    """The WDD classification: one row per player, in standings order;
    ``R1`` ... ``R8`` the round scores (blank for a round not played); with
    a final (``final_round`` set) the top-board columns, filled on the
    finalists' rows once the top board is finished."""
    check_rounds(standings)
    # An unranked player (a TD, a stand-in) takes no rank: the WDD's RANK
    # and EXAEQUO cannot be blank, so their row is left out (their games
    # stay in the boards file).
    ranked = [row for row in standings.rows if row.rank is not None]
    sharing: dict[int, int] = {}
    for row in ranked:
        if row.rank is not None:
            sharing[row.rank] = sharing.get(row.rank, 0) + 1
    best = _best_country_cells(standings)
    no_best = [None] * len(_BEST_COLUMNS)
    final = getattr(standings.params, "final_round", None) is not None
    top = _top_board_cells(standings)
    no_top = (None,) * len(TOP_BOARD_COLUMNS) if final else ()
    rows = tuple(
        (
            *_name_cells(row.player, names),
            row.rank,
            sharing[row.rank],
            row.score,
            *(standings.round_score(row.player, r) for r in range(1, MAX_ROUNDS + 1)),
            *best.get(row.player, no_best),
            *top.get(row.player, no_top),
        )
        for row in ranked
        if row.rank is not None
    )
    columns = (*CLASSIFICATION_COLUMNS, *(TOP_BOARD_COLUMNS if final else ()))
    return Table(_columns(columns), rows)


# ---------------------------------------------------------------- boards

BOARDS_COLUMNS = (
    *_NAME_COLUMNS,
    "ROUND",
    "BOARD",
    "COUNTRY",
    "RANK",
    "EXAEQUO",
    "SCORE",
    "NB_CENTRE",
    "YEAR_ELIMINATION",
    "DRAW",
)


def _two_digits(year: int | None, where: str) -> int | None:
    """An elimination year as the WDD writes it: 1905 -> 5."""
    if year is None:
        return None
    if not CENTURY < year < CENTURY + 100:
        raise InputError(
            f"the WDD writes elimination years as two digits (5 is 1905): {year} has none",
            where,
            field="eliminated",
            value=year,
        )
    return year - CENTURY


def boards(standings: Standings, names: Names | None = None) -> Table:
    """The WDD boards file: one row per seat of every finished game, game
    by game in power order.  ``DRAW``: in a solo 1 for the winner and 0 for
    the others; in a draw the number of draw members for each member, 0
    for everyone else."""
    check_rounds(standings)
    rows: list[tuple[Any, ...]] = []
    for sg in standings.games:
        game = sg.game
        size = sum(game.draw_members)
        for i, (seat, (place, shared)) in enumerate(
            zip(game.seats, places(game.centres), strict=True)
        ):
            if sg.winner is not None:
                draw = int(sg.winner == i)
            else:
                draw = size if game.draw_members[i] else 0
            rows.append(
                (
                    *_name_cells(seat.player, names),
                    sg.round,
                    sg.board,
                    COUNTRY[seat.power],
                    place,
                    shared,
                    sg.scores[i],
                    seat.centres,
                    _two_digits(seat.eliminated, f"{game.label}, {seat.power.title}"),
                    draw,
                )
            )
    return Table(_columns(BOARDS_COLUMNS), tuple(rows))


def as_csv(table: Table) -> str:
    """A WDD table as the CSV text the WDD imports: a header row of the
    field names, then the rows; text a spreadsheet would take for a formula
    is defused as in every CSV output (:func:`dipxl.csvio.safe_cell`)."""
    return to_csv([table.names, *table.rows])
