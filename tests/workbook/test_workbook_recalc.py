"""Generated workbooks recalculated by every formula judge agree with the
engine.

Every case is a tournament written into a workbook by ``build_workbook``
(some with Settings edited afterwards, as a TD would); the files are
written once and each judge of :data:`engines.SUITE_JUDGES` (LibreOffice,
formualizer, IronCalc) recalculates them all, the file exactly as written
(LibreOffice in ONE soffice run); then every per-seat score, every
standings score, rank and tie-break value, every power statistic and best
country is compared with ``score_tournament`` (relative tolerance 1e-9),
and no cell may hold an error value.

The comparisons are functions (``compare_*``) that record each compared
value in a :class:`Checks`: a test asserts that none failed, and
``benchmarks/gnumeric_judge.py`` counts the agreement of a judge outside
the suite with the very same comparisons.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from engines import SUITE_JUDGES, available, recalculate_many
from finals import FINAL, QUALIFYING, final_event
from lo import error_cells
from openpyxl import load_workbook
from tournaments import mirror_tournament, random_tournament, tie_tournament

from dipxl.errors import DipxlError
from dipxl.ledger import PlainJudge
from dipxl.model import POWERS, Power, Tournament
from dipxl.ranking import competition_ranks, rank_key, tie_groups
from dipxl.standings import Standings, score_tournament
from dipxl.systems import EventSystem, GameSystem, canonical, detour98e, get_system
from dipxl.tables import column_header
from dipxl.workbook.formulas import FORMATS_NOTE, for_system
from dipxl.workbook.reader import read_workbook
from dipxl.workbook.writer import build_workbook


class Checks:
    """The outcome of each compared value: ``passed`` counts the values
    that agree, ``failed`` describes each that does not."""

    def __init__(self) -> None:
        self.passed = 0
        self.failed: list[tuple[Any, ...]] = []

    def __call__(self, ok: bool, *detail: Any) -> None:
        if ok:
            self.passed += 1
        else:
            self.failed.append(detail)


@dataclass(frozen=True)
class Case:
    """A tournament in a workbook; ``edits`` are Settings changes made in
    the saved workbook (expected: the engine with those overrides)."""

    id: str
    system: str
    tournament: Tournament
    params: dict[str, Any] = field(default_factory=dict)
    edits: dict[str, Any] = field(default_factory=dict)
    rounds: int = 0
    typed: bool = False  # blank workbook, results typed in, last player a late entry


TEMPLATES = tuple(s.id for s in canonical())  # every system of the registry
FINAL_RULES = ("finalists_first", "final_solo_wins")
# The systems before issue 25's catalogue: every case runs for them.  The
# catalogue's systems get the cases that judge their own per-seat rule
# (random tournaments: solos, concessions, eliminations, unfinished boards;
# tie patterns; a doubled seat under weights and best games; a final won
# by a solo; results typed in); the cases that judge the shared Standings
# machinery (standings ties of mirrored boards, a doubled seat without
# formats, best rounds, a final counted double) run for these seven only,
# which hold a per-round event system (htm) and a system with its own
# judge of games (detour98e).  (Keeps the suite's time on two cores.)
SHARED_MACHINERY = ("cdiplo", "detour98e", "dimvalue", "htm", "sumofsquares", "drawsize",
                    "carnage")


def _cases() -> list[Case]:
    cases: list[Case] = []
    for n, system in enumerate(TEMPLATES):
        seed = 100 * (n + 1)
        cases += [
            Case(f"{system}-random", system, random_tournament(seed, 30, 3)),
            Case(f"{system}-ties", system, tie_tournament(seed + 3)),
        ]
        if system in SHARED_MACHINERY:
            cases += [
                Case(f"{system}-doubles", system,
                     random_tournament(seed + 1, 23, 4, doubles=True)),
                Case(f"{system}-mirror", system, mirror_tournament(seed + 2), rounds=4),
            ]
    cases += [
        Case("cdiplo-rounded", "cdiplo-rounded", random_tournament(7, 21, 3)),
        Case("cdiplo-80", "cdiplo-80", random_tournament(12, 21, 3)),  # no point for playing
        Case("yds-unlimited", "yds-unlimited", random_tournament(22, 21, 3)),  # solo 320
        # Bangkok's numbers changed: nothing to the losers of a solo, shares 4 / 1.5 / 0.5.
        Case("olympic", "olympic", random_tournament(22, 28, 3)),
        # Maxonian with the bonus above 11 (the chart's tie-breaks as Maxonian's)
        Case("7eleven", "7eleven", random_tournament(13, 21, 3)),
        Case("cdiplo-namur", "cdiplo-namur", random_tournament(22, 21, 3)),  # a centre table
        Case("manorcon-original", "manorcon-original", random_tournament(31, 21, 3)),  # win 100
        # a win 100, the eliminated add nothing to the sum of N
        Case("manorcon-v2", "manorcon-v2", random_tournament(32, 21, 3)),
        # no topping pool for three or more toppers
        Case("summer-classic", "summer-classic", tie_tournament(33)),
        Case("cdiplo-best2", "cdiplo", random_tournament(8, 21, 4), {"best_rounds": 2}),
        Case(
            "cdiplo-edited",
            "cdiplo",
            random_tournament(9, 28, 3),
            edits={"solo": 50, "played": 2, "positions_2": 15, "positions_4": 3},
        ),
        Case("detour98e-2dp", "detour98e-2dp", random_tournament(10, 28, 3)),
        Case(
            "detour98e-edited",
            "detour98e",
            random_tournament(11, 28, 3),
            edits={"survival_year": 1907, "round_to": 1, "win": 90},
        ),
        Case("dimvalue-best2", "dimvalue", random_tournament(12, 21, 3), {"best_rounds": 2}),
        Case("htm-wta", "htm-wta", random_tournament(13, 28, 3)),
        # dipvis's Carnage family and Duct Tape V2 (presets: by year, per centre, lead
        # bonus); seeds 37 and 58 hold two concessions and three solos each
        Case("carnage-elimination-order", "carnage-elimination-order",
             random_tournament(31, 28, 3)),
        Case("carnage-centre-count", "carnage-centre-count", random_tournament(37, 28, 3)),
        Case("carnage-2023", "carnage-2023", random_tournament(33, 28, 3)),
        Case("duct-tape-elimination-order", "duct-tape-elimination-order",
             random_tournament(34, 28, 3)),
        Case("carnage-edited", "carnage", random_tournament(58, 28, 3),
             edits={"solo": 30000, "solo_loss": 7, "centre_points": 2, "lead_bonus": 50}),
        Case("cdiplo-typed", "cdiplo", random_tournament(15, 26, 3), typed=True),
        Case("detour98e-typed", "detour98e", random_tournament(16, 26, 3), typed=True),
        # Formats typed into Settings as a TD would: a weight for round 3
        # (the others blank: 1), best 2 games; a final set afterwards, its
        # rules switched off one by one; weights typed for rounds not
        # played yet.
        Case("cdiplo-formats-edited", "cdiplo", random_tournament(17, 21, 3, doubles=True),
             edits={"round_weights_3": 2, "best_games": 2}),
        Case("detour98e-final-edited", "detour98e", final_event(18, solo=True),
             edits={"final_round": FINAL, "final_solo_wins": "no"}),
        Case("dimvalue-final-edited", "dimvalue", final_event(19, solo=False),
             edits={"final_round": FINAL, "finalists_first": False}),
        Case("cdiplo-final-rules-off", "cdiplo", final_event(21, solo=True),
             edits={"final_round": FINAL, "finalists_first": "No", "final_solo_wins": False}),
        Case("htm-weights-ahead", "htm", random_tournament(20, 21, 2), rounds=4,
             edits={"round_weights_2": 3, "round_weights_4": 2}),
        Case(
            "htm-played",
            "htm",
            random_tournament(14, 30, 3),
            edits={"divisor": "played", "solo": "winner_takes_all"},
        ),
        # dipvis's Ranked Classic v2: ties of three or more (the tie patterns).
        Case("ranked-classic-v2", "ranked-classic-v2", random_tournament(22, 28, 3)),
        Case("ranked-classic-v2-ties", "ranked-classic-v2", tie_tournament(23)),
    ]
    for n, system in enumerate(TEMPLATES):
        spec = get_system(system)
        # Every yes/no parameter switched from its default in Settings as a
        # TD would: typed as TRUE/FALSE, and as the text yes/no.
        for name, default in spec.parameters():
            # (The final's yes/no rules mean nothing without a final: the
            # final cases below switch them.)
            if isinstance(default, bool) and name not in FINAL_RULES:
                cases += [
                    Case(f"{system}-{name}-boolean", system, random_tournament(500 + n, 28, 3),
                         edits={name: not default}),
                    Case(f"{system}-{name}-text", system, tie_tournament(520 + n),
                         edits={name: "no" if default else "yes"}),
                ]
        # The tournament formats (SCORING.md section 7) for every system:
        # round weights with the best N games (players seated twice: two
        # games in a round) and a final won by a solo on the top board; for
        # the SHARED_MACHINERY systems a weighted best-N-rounds event and a
        # drawn final counted double too.
        cases += [
            Case(f"{system}-weights-bestgames", system,
                 random_tournament(560 + n, 23, 4, doubles=True),
                 {"round_weights": (1, 0.5, 2, 1), "best_games": 3}),
            Case(f"{system}-final-solo", system, final_event(580 + n, solo=True),
                 {"final_round": FINAL}),
        ]
        if system in SHARED_MACHINERY:
            cases.append(Case(f"{system}-final-doubled", system, final_event(600 + n, solo=False),
                              {"final_round": FINAL, "round_weights": (1,) * QUALIFYING + (2,)}))
        if spec.per_game and system in SHARED_MACHINERY:
            cases.append(Case(f"{system}-weights-bestrounds", system,
                              random_tournament(620 + n, 22, 4),
                              {"round_weights": (2, 1, 1, 3), "best_rounds": 2}))
        # Every per-game system's results typed into a blank workbook.
        if spec.per_game and not any(c.id == f"{system}-typed" for c in cases):
            cases.append(Case(f"{system}-typed", system, random_tournament(540 + n, 26, 3),
                              typed=True))
    return cases


CASES = _cases()
ROOT = Path(__file__).resolve().parents[2]


SETTINGS: dict[str, dict[str, Any]] = {}


def _edit(wb: Any, edits: dict[str, Any]) -> None:
    """Change Settings values as a TD would."""
    ws = wb["Settings"]
    rows = {ws.cell(r, 1).value: r for r in range(2, ws.max_row + 1)}
    for name, value in edits.items():
        ws.cell(rows[name], 2).value = value


def _typed(case: Case) -> Any:
    """A workbook generated for all players but the last, who registers
    late (typed into an empty Players row); every result typed into the
    Results rows of its board, as a TD would."""
    t = case.tournament
    names = list(dict.fromkeys(s.player for g in t.games for s in g.seats))
    rounds = max(g.round for g in t.games)
    boards = max(g.board for g in t.games)
    wb = build_workbook(case.system, None, case.id, rounds, boards, names[:-1])
    wb["Players"].cell(len(names) + 1, 2).value = names[-1]
    wb["Players"].cell(len(names) + 1, 2).data_type = "s"
    ws = wb["Results"]
    header = {c.value: c.column for c in ws[1]}
    for game in t.games:
        first = 2 + ((game.round - 1) * boards + game.board - 1) * 7
        for i, seat in enumerate(game.seats):
            row = first + i
            assert ws.cell(row, 3).value == seat.power.title
            assert ws.cell(1, 8).value == "Year"
            for col, value in (
                (4, seat.player),
                (5, seat.centres),
                (6, seat.eliminated),
                (7, None if seat.in_draw is None else ("Y" if seat.in_draw else "N")),
                (8, seat.year),
            ):
                if value is None:  # left empty, as a TD leaves it
                    continue
                ws.cell(row, col).value = value
                if isinstance(value, str):
                    ws.cell(row, col).data_type = "s"
            for year, count in seat.chart:  # the chart, where the workbook has its columns
                if str(year) in header:
                    ws.cell(row, header[str(year)]).value = count
            if seat.year is not None and "1901" in header:  # (with the chart: Maxonian)
                ws.cell(row, header["Year"]).value = seat.year
    return wb


def generate(outdir: Path) -> list[Path]:
    """Every case's workbook saved in ``outdir`` (its Settings edits made
    and recorded in ``SETTINGS``), then the four templates as shipped."""
    paths = []
    for case in CASES:
        if case.typed:
            wb = _typed(case)
        else:
            wb = build_workbook(
                case.system,
                case.params or None,
                case.id,
                rounds=max(case.rounds, 1),
                tournament=case.tournament,
            )
        _edit(wb, case.edits)
        path = outdir / f"{case.id}.xlsx"
        wb.save(path)
        # The parameters the saved Settings mean, as dipxl score reads them.
        SETTINGS[case.id] = dict(read_workbook(path).overrides)
        paths.append(path)
    return [*paths, *(ROOT / "templates" / f"{system}.xlsx" for system in TEMPLATES)]


def judged(judge: str, sources: list[Path], outdir: Path) -> dict[str, Any]:
    """The workbooks of :func:`generate` recalculated by ``judge``, by case
    id (and ``template <system>``), values loaded as computed."""
    out = recalculate_many(judge, sources, outdir)
    books = {
        case.id: load_workbook(path, data_only=True)
        for case, path in zip(CASES, out[: len(CASES)], strict=True)
    }
    for system, path in zip(TEMPLATES, out[len(CASES) :], strict=True):
        books[f"template {system}"] = load_workbook(path, data_only=True)
    return books


@pytest.fixture(scope="session")
def generated(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return generate(tmp_path_factory.mktemp("generated"))


@pytest.fixture(scope="session", params=SUITE_JUDGES)
def recalculated(
    request: pytest.FixtureRequest, generated: list[Path], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    """Every workbook recalculated once by each judge."""
    judge: str = request.param
    missing = available(judge)
    if missing:
        pytest.skip(missing)
    return judged(judge, generated, tmp_path_factory.mktemp(f"recalculated-{judge}"))


def close(got: Any, want: float) -> bool:
    """Equal to 1e-9 relative (absolute near zero: sums of +-x cancel)."""
    return isinstance(got, int | float) and math.isclose(got, want, rel_tol=1e-9, abs_tol=1e-9)


def engine(case: Case) -> Standings:
    """The engine's standings with the parameters the workbook's Settings
    hold (overrides as the batch reader reads them)."""
    return score_tournament(case.tournament, case.system, SETTINGS[case.id])


def _rows(ws: Any) -> list[dict[str, Any]]:
    header = [c.value for c in ws[1]]
    return [
        dict(zip(header, row, strict=False))
        for row in ws.iter_rows(min_row=2, values_only=True)
        if any(v is not None for v in row)
    ]


def best_outcome_and_points(standings: Standings) -> dict[str, tuple[int, float]]:
    """Detour: each player's best game as (outcome, points), the engine's
    view of every game he played (the formulas' last tie-breaker)."""
    best: dict[str, tuple[int, float]] = {}
    for sg in standings.games:
        for i, seat in enumerate(sg.game.seats):
            v = detour98e.view(sg.scores, sg.game, i, sg.winner)
            key = (int(v.outcome), rank_key(v.points))
            best[seat.player] = max(best.get(seat.player, key), key)
    return best


def band(standings: Standings, player: str) -> int:
    """The final's band of the player as the engine ranks him: 2 for the
    top board's soloist (``final_solo_wins``), 1 for a finalist
    (``finalists_first``), else 0."""
    params = standings.params
    if player == standings.final_winner and params.final_solo_wins:
        return 2
    return 1 if player in standings.finalists and params.finalists_first else 0


def compare_errors(wb: Any, check: Checks) -> None:
    """No cell of the workbook holds an error value (one check)."""
    errors = error_cells(wb)
    check(errors == [], "error cells", errors[:10], len(errors))


def compare_template(wb: Any, check: Checks) -> None:
    """A blank template: no error anywhere, no score, every player unranked."""
    compare_errors(wb, check)
    for row in _rows(wb["Results"]):
        check(row["Score"] is None, "Results score", row["Score"])
    standings = _rows(wb["Standings"])
    named = [row["Player"] for row in standings if row["Player"] is not None]
    # the rest: rows for late players
    check(named == [f"Player {i}" for i in range(1, 22)], "Standings names", named)
    check(len(standings) == 28, "Standings rows", len(standings))
    for row in standings:
        check(row["Rank"] is None and row["Games"] == 0, "Standings row", row)
    powers = [row for row in _rows(wb["Powers"]) if row["Power"] in POWERS]
    check(len(powers) == 7, "Powers rows", len(powers))
    for row in powers:
        check(row["Games"] == 0, "Powers games", row)


def compare_seat_scores(case: Case, wb: Any, check: Checks) -> None:
    """Every Score cell of a finished game is the engine's, every other blank."""
    standings = engine(case)
    want = {(sg.round, sg.board): sg.scores for sg in standings.games}
    check(bool(want), "the case must have finished games")
    seen = set()
    for row in _rows(wb["Results"]):
        key = (row["Round"], row["Board"])
        power = Power.parse(row["Power"])
        if key in want:
            seen.add(key)
            check(close(row["Score"], want[key][power]), key, power.title, row["Score"])
        else:
            check(row["Score"] is None, key, power.title, row["Score"])
    check(seen == set(want), "games seen", seen ^ set(want))


def compare_standings(case: Case, wb: Any, check: Checks) -> None:
    """Standings: each player's score, games, rank and shown tie-break values."""
    standings = engine(case)
    form = for_system(get_system(case.system))
    got = {row["Player"]: row for row in _rows(wb["Standings"])}
    # The formulas rank by score and the tie-breakers they apply; the
    # engine's rank refines that order with the rest.
    best = best_outcome_and_points(standings) if form.final_key else {}
    groups = tie_groups(
        list(standings.rows),
        lambda r: (
            band(standings, r.player),
            rank_key(r.score),
            *(r.tiebreaks[k] for k in form.applied),
            best.get(r.player),
        ),
    )
    partial: dict[str, tuple[int, int]] = {}
    for rank, group in zip(competition_ranks(groups), groups, strict=True):
        for r in group:
            partial[r.player] = (rank, len(group))
    complete = set(form.applied) == set(standings.tiebreak_names)
    for r in standings.rows:
        row = got.pop(r.player, None)
        check(row is not None, "player missing from Standings", r.player)
        if row is None:
            continue
        check(close(row["Score"], r.score), r.player, row["Score"], r.score)
        check(row["Games"] == r.games, r.player, row["Games"], r.games)
        rank, size = partial[r.player]
        check(row["Rank"] == rank, r.player, row["Rank"], rank)
        check(rank <= r.rank < rank + size, r.player, r.rank, rank, size)
        if complete:
            check(row["Rank"] == r.rank, r.player, row["Rank"], r.rank)
        for key in form.standings:
            header = column_header(key)
            want = r.tiebreaks[key]
            if want is None:  # a blank value (no such game): the cell is blank too
                check(row[header] is None, r.player, key, row[header])
            else:
                check(close(row[header], want), r.player, key, row[header], want)
        # With a final: whether the player is on its finished top board.
        final = standings.params.final_round is not None
        finalist = ("yes" if r.player in standings.finalists else "no") if final else None
        check(row["Finalist"] == finalist, r.player, "Finalist", row["Finalist"], finalist)
        # The round scores (after weights; blank for a round not played).
        rounds = [h for h in row if isinstance(h, str) and re.fullmatch(r"R[0-9]+", h)]
        check(len(rounds) >= max(g.round for g in case.tournament.games), "round columns", rounds)
        for header in rounds:
            played = standings.round_score(r.player, int(header[1:]))
            if played is None:  # a round not played: blank
                check(row[header] is None, r.player, header, row[header])
            else:
                check(close(row[header], played), r.player, header, row[header], played)
    # Listed players without a finished game: no rank, no score.
    for name, row in got.items():
        check(
            row["Rank"] is None and row["Score"] is None and row["Games"] == 0, "unranked", name
        )
    ranks = [row["Rank"] for row in _rows(wb["Standings"]) if row["Rank"]]
    check(ranks == sorted(ranks), "Standings are listed best first", ranks)


def compare_powers(case: Case, wb: Any, check: Checks) -> None:
    """Powers: each power's statistics and best country."""
    standings = engine(case)
    spec = get_system(case.system)
    rows = {
        row["Power"]: row
        for row in _rows(wb["Powers"])
        if row["Power"] in [p.title for p in Power]
    }
    event = None
    if isinstance(spec, EventSystem):
        event = spec.score_event(case.tournament, standings.params)
    # The usual comparison of single games (score, then centres), or the
    # system's own (Detour's).
    plain = not isinstance(spec, GameSystem) or type(spec.judge()) is PlainJudge
    for stats in standings.powers:
        row = rows[stats.power.title]
        p = stats.power.title
        check(row["Games"] == stats.games, p, "Games", row["Games"])
        check(row["Total centres"] == stats.total_centres, p, "Total", row["Total centres"])
        check(close(row["Mean centres"], stats.mean_centres or 0.0), p, row["Mean centres"])
        check(row["Solos"] == stats.solos, p, "Solos", row["Solos"])
        check(row["Eliminations"] == stats.eliminations, p, row["Eliminations"])
        check(close(row["Mean score"], stats.mean_score or 0.0), p, row["Mean score"])
        if event is not None:
            check(close(row["Power mean"], float(event.mean(stats.power))), p, row["Power mean"])
        holders = standings.best_country[stats.power]
        check(close(row["Best score"], holders[0].score), p, row["Best score"])
        if plain:
            check(row["Best country"] in {b.player for b in holders}, p, row["Best country"])
            check(row["Holders"] == len(holders), p, row["Holders"], len(holders))


COMPARISONS: tuple[Callable[[Case, Any, Checks], None], ...] = (
    lambda case, wb, check: compare_errors(wb, check),
    compare_seat_scores,
    compare_standings,
    compare_powers,
)


def _run(compare: Callable[..., None], *args: Any) -> None:
    check = Checks()
    compare(*args, check)
    assert check.failed == [], check.failed[:10]


def test_every_case_kind_runs_for_the_shared_machinery_systems() -> None:
    """SHARED_MACHINERY names systems of the registry (a renamed one would
    silently lose its cases), the per-round event system among them."""
    assert set(SHARED_MACHINERY) <= set(TEMPLATES)
    assert any(not get_system(s).per_game for s in SHARED_MACHINERY)
    ids = {c.id for c in CASES}
    for system in SHARED_MACHINERY:
        assert {f"{system}-{kind}" for kind in ("doubles", "mirror", "final-doubled")} <= ids


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_no_cell_holds_an_error(case: Case, recalculated: dict[str, Any]) -> None:
    assert error_cells(recalculated[case.id]) == []


@pytest.mark.parametrize("system", TEMPLATES)
def test_blank_templates_compute_cleanly(system: str, recalculated: dict[str, Any]) -> None:
    """A blank template: no error anywhere, no score, every player unranked."""
    _run(compare_template, recalculated[f"template {system}"])


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_every_seat_score(case: Case, recalculated: dict[str, Any]) -> None:
    _run(compare_seat_scores, case, recalculated[case.id])


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_standings_scores_ranks_and_values(case: Case, recalculated: dict[str, Any]) -> None:
    _run(compare_standings, case, recalculated[case.id])


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_powers(case: Case, recalculated: dict[str, Any]) -> None:
    _run(compare_powers, case, recalculated[case.id])


def _message(wb: Any) -> Any:
    """The live line of Standings saying what dipxl score would refuse (in
    the notes column, under the note on the formats)."""
    ws = wb["Standings"]
    header = [c.value for c in ws[1]]
    column = header.index("Tie-breakers") + 1
    notes = [ws.cell(r, column).value for r in range(1, 60)]
    after = notes[notes.index(FORMATS_NOTE) + 1 :]
    return next((text for text in after if text is not None), None)


@pytest.mark.parametrize("judge", SUITE_JUDGES)
def test_standings_say_what_dipxl_score_would_refuse(
    judge: str, tmp_path: Path
) -> None:
    """Formats that dipxl score refuses are computed as far as they go and
    said on Standings: both best N rounds and games (the formulas count
    the rounds), a final round the workbook does not have (no final
    applied), a final before a round with finished games."""
    missing = available(judge)
    if missing:
        pytest.skip(missing)
    both = random_tournament(22, 21, 3)
    early = final_event(23, solo=True)
    books = {
        "both": ("cdiplo", both, {"best_rounds": 2, "best_games": 2, "final_round": 9}),
        "early": ("htm", early, {"final_round": 4}),
        "plain": ("cdiplo", both, {}),
    }
    paths = []
    for name, (system, t, edits) in books.items():
        wb = build_workbook(system, None, name, tournament=t)
        _edit(wb, edits)
        paths.append(tmp_path / f"{name}.xlsx")
        wb.save(paths[-1])
    got = dict(zip(books, recalculate_many(judge, paths, tmp_path / "out"), strict=True))
    values = {name: load_workbook(path, data_only=True) for name, path in got.items()}
    for name, wb in values.items():
        assert error_cells(wb) == [], name
    message = _message(values["both"])
    assert "best_rounds and best_games are both set" in message
    assert "final_round 9 is not a round of this workbook" in message
    assert "A round after final_round" in _message(values["early"])
    assert _message(values["plain"]) is None
    # The formulas count the best rounds and apply no final; dipxl score
    # refuses the Settings, naming the cell.
    want = score_tournament(both, "cdiplo", {"best_rounds": 2})
    shown = {row["Player"]: row for row in _rows(values["both"]["Standings"])}
    for r in want.rows:
        assert close(shown[r.player]["Score"], r.score), r.player
        assert shown[r.player]["Rank"] == r.rank, r.player
    with pytest.raises(DipxlError, match="best_rounds"):
        read_workbook(paths[0])
    with pytest.raises(DipxlError, match="final_round is 4 but round 5 comes after it"):
        got_early = read_workbook(paths[1])
        score_tournament(got_early.tournament, got_early.system, got_early.params)
