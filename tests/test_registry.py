"""Registry-wide checks: every system, with no extra work per system."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dipxl import systems
from dipxl.errors import DipxlError, InputError, ParameterError, UnknownSystemError
from dipxl.examples import worked_games_event
from dipxl.model import Game, Power, Seat, Tournament
from dipxl.standings import score_tournament
from dipxl.systems import SYSTEMS, canonical, get_system
from dipxl.systems.cdiplo import CDiplo
from dipxl.systems.cdiplo import Params as cdiplo_params
from dipxl.tables import standings_dict
from tests.helpers import finished_games, with_years

PER_GAME = [s for s in SYSTEMS if s.per_game]
ALL_IDS = [s.id for s in SYSTEMS]


def swap(game: Game, i: int, j: int) -> Game:
    """The same game with the results of powers i and j exchanged."""
    seats = list(game.seats)
    a, b = seats[i], seats[j]
    seats[i] = Seat(b.player, a.power, b.centres, b.eliminated, b.in_draw, b.year, b.chart)
    seats[j] = Seat(a.player, b.power, a.centres, a.eliminated, a.in_draw, a.year, a.chart)
    return Game(game.round, game.board, tuple(seats))


@pytest.mark.parametrize("system", PER_GAME, ids=lambda s: s.id)
@given(game=st.one_of(finished_games(), finished_games(complete=True)),
       i=st.integers(0, 6), j=st.integers(0, 6))
def test_swapping_two_powers_swaps_their_scores(system, game, i, j) -> None:  # type: ignore[no-untyped-def]
    try:
        scores = system.score_game(game, system.params)
    except InputError as err:  # a board missing an input this system needs on it
        assert err.field in system.reads
        with pytest.raises(InputError):
            system.score_game(swap(game, i, j), system.params)
        return
    assert len(scores) == 7 and all(isinstance(s, float) for s in scores)
    swapped = system.score_game(swap(game, i, j), system.params)
    expected = list(scores)
    expected[i], expected[j] = expected[j], expected[i]
    assert swapped == tuple(expected)


@pytest.mark.parametrize("system", PER_GAME, ids=lambda s: s.id)
@settings(max_examples=30)
@given(games=st.lists(finished_games(complete=True), min_size=1, max_size=12))
def test_scoring_many_games_gives_the_numbers_of_one_at_a_time(system, games) -> None:  # type: ignore[no-untyped-def]
    if "eliminated" in system.reads:  # a system that reads them needs them
        games = [with_years(g) for g in games]
    assert system.score_games is not None
    assert system.score_games(games, system.params) == [
        system.score_game(g, system.params) for g in games]


@st.composite
def events(draw: st.DrawFn, complete: bool = False) -> Tournament:
    names = [f"N{i}" for i in range(10)]
    games = []
    for rnd in (1, 2, 3):
        for number in (1, 2):
            game = draw(finished_games(complete=True))
            players = draw(st.permutations(names))[:7]
            games.append(Game(rnd, number, tuple(
                Seat(players[k], s.power, s.centres, s.eliminated, s.in_draw, s.year, s.chart)
                for k, s in enumerate(game.seats))))
    return Tournament(tuple(games))


@pytest.mark.parametrize("system_id", ALL_IDS)
@settings(max_examples=25, deadline=None)
@given(event=events(), i=st.integers(0, 6), j=st.integers(0, 6))
def test_relabelling_powers_everywhere_keeps_every_total(system_id, event, i, j) -> None:  # type: ignore[no-untyped-def]
    if "eliminated" in get_system(system_id).reads:  # a system that reads them needs them
        event = Tournament(tuple(with_years(g) for g in event.games))
    before = copy.deepcopy(event)
    standings = score_tournament(event, system_id)
    assert event == before  # the input is never mutated
    relabelled = Tournament(tuple(swap(g, i, j) for g in event.games))
    again = score_tournament(relabelled, system_id)
    totals = {r.player: r.score for r in standings.rows}
    assert {r.player: r.score for r in again.rows} == pytest.approx(totals, abs=1e-9)


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_every_system_describes_itself(system) -> None:  # type: ignore[no-untyped-def]
    assert system.description and system.summary
    assert "Source" in system.description
    assert get_system(system.id.upper()) is system
    assert system.parameters()


def test_stable_ids() -> None:
    assert [s.id for s in SYSTEMS][:4] == ["cdiplo", "detour98e", "dimvalue", "htm"]


def test_unknown_system_and_parameter() -> None:
    with pytest.raises(UnknownSystemError, match="unknown scoring system 'elo'"):
        get_system("elo")
    with pytest.raises(ParameterError, match="cdiplo has no parameter 'ante'"):
        get_system("cdiplo").make_params({"ante": 1})
    with pytest.raises(ParameterError, match="solo must be a number"):
        get_system("cdiplo").make_params({"solo": "lots"})
    with pytest.raises(ParameterError, match="solo must be one of"):
        get_system("htm").make_params({"solo": "everything"})


def test_parameters_from_text() -> None:
    params = get_system("cdiplo").make_params(
        {"positions": "40, 20, 10", "best-rounds": "2", "round_to": "none"})
    assert params.positions == (40, 20, 10) and params.best_rounds == 2
    assert params.round_to is None


# Each case: overrides that make parameters, then overrides equal to them in
# Python (1 == 1.0 == True) that must not get those parameters back.
@pytest.mark.parametrize(("made", "refused"), [
    ({"solo": 1}, {"solo": True}),
    ({"positions": (1, 14, 7)}, {"positions": (True, 14, 7)}),
    ({"best_rounds": 2}, {"best_rounds": 2.5}),
])
def test_parameters_made_before_are_not_given_for_equal_but_other_values(
    made: dict[str, object], refused: dict[str, object]
) -> None:
    cdiplo = get_system("cdiplo")
    first = cdiplo.make_params(made)
    assert cdiplo.make_params(dict(made)) == first
    with pytest.raises(ParameterError):
        cdiplo.make_params(refused)


def test_parameters_made_are_those_of_their_own_system() -> None:
    # The same overrides for two entries of one module make each its own.
    plain = get_system("cdiplo").make_params({"solo": 90})
    rounded = get_system("cdiplo-rounded").make_params({"solo": 90})
    assert (plain.solo, plain.round_to) == (90, None)
    assert (rounded.solo, rounded.round_to) == (90, 0)


def test_presets_are_entries_with_other_parameters() -> None:
    assert get_system("detour98e-2dp").params.round_to == 2
    assert get_system("htm-wta").params.solo == "winner_takes_all"
    assert get_system("cdiplo-rounded").params.round_to == 0
    game = Game(1, 1, tuple(Seat(f"P{i}", Power(i), c)
                            for i, c in enumerate((11, 11, 11, 1, 0, 0, 0))))
    rounded = get_system("cdiplo-rounded")
    assert rounded.score_game is not None
    assert rounded.score_game(game, rounded.params)[:3] == (32.0, 32.0, 32.0)


# ------------------------------------------------------- the typed unit


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_every_parameter_is_documented_on_its_field(system) -> None:  # type: ignore[no-untyped-def]
    for name, default in system.parameters():
        assert system.parameter_doc(name), (system.id, name)
        if isinstance(default, tuple):  # each element too: "points for 2nd place ...",
            second = system.parameter_doc(f"{name}_2")  # "weight of round 2"
            assert "2nd" in second or second.endswith(" 2"), (system.id, name)


def test_a_tuple_parameter_is_documented_per_element() -> None:
    cdiplo = get_system("cdiplo")
    assert cdiplo.parameter_doc("positions_1").startswith("points for 1st place")
    assert cdiplo.parameter_doc("positions_3").startswith("points for 3rd place")
    # solo_loss is its own parameter, not solo's first element
    assert cdiplo.parameter_doc("solo_loss") != cdiplo.parameter_doc("solo")
    assert cdiplo.parameter_doc("positions_8") == cdiplo.parameter_doc("nothing") == ""


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_blank_parameters_are_those_whose_type_admits_none(system) -> None:  # type: ignore[no-untyped-def]
    blank = system.blank_parameters
    for name, _ in system.parameters():
        made = system.make_params({name: ""}) if name in blank else None
        if name in blank:
            assert getattr(made, name) is None
    formats = {"best_games", "final_round"}  # every system's (SCORING.md section 7)
    if system.per_game:
        assert {"round_to", "best_rounds", *formats} <= blank and "victory_centres" not in blank
    else:
        assert blank == {"solo_centres", *formats}


def test_presets_share_their_system_and_have_their_own_id() -> None:
    for system in SYSTEMS:
        family = get_system(system.module)
        assert type(system) is type(family) and system.description == family.description
    # The canonical entries are the systems themselves, not their presets.
    assert {s.id for s in canonical()} == {s.module for s in SYSTEMS}


class _NoTwin(CDiplo):
    """A system written before its formulas: C-Diplo's rule, no twin.
    Source: a test."""

    twin = None


NO_TWIN = _NoTwin("notwin", "No formulas yet", cdiplo_params())


def test_a_system_without_formula_twin_gets_a_clear_error_not_a_workbook() -> None:
    from dipxl.workbook.writer import build_workbook

    with pytest.raises(DipxlError, match=r"notwin \(No formulas yet\) has no worksheet formulas"):
        build_workbook(NO_TWIN)


def test_dipxl_new_names_a_system_without_formula_twin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from dipxl import cli as shell

    # A test-only registry entry (the command line offers registered ids).
    monkeypatch.setitem(systems._BY_ID, "notwin", NO_TWIN)
    monkeypatch.setattr(shell, "get_system", lambda _: systems.get_system("notwin"))
    out = tmp_path / "x.xlsx"
    result = CliRunner().invoke(shell.cli, ["new", str(out), "--system", "cdiplo"])
    assert result.exit_code == 1 and not out.exists()
    assert result.output.strip().splitlines() == [
        "error: --system: notwin (No formulas yet) has no worksheet formulas yet, so no "
        "workbook can score it; score its results with dipxl score or the worksheet functions"
    ]
    # and it scores like any other system
    assert standings_dict(score_tournament(worked_games_event(), NO_TWIN))["standings"] == \
        standings_dict(score_tournament(worked_games_event(), "cdiplo"))["standings"]


@pytest.mark.parametrize(
    ("system", "overrides", "field"),
    [
        ("cdiplo", {"solo": "lots"}, "solo"),
        ("cdiplo", {"positions": (38, float("nan"))}, "positions"),
        ("cdiplo", {"round_to": 12}, "round_to"),
        ("htm", {"divisor": "games"}, "divisor"),
        ("cdiplo", {"bonus": 3}, "bonus"),
    ],
)
def test_parameter_errors_say_which_parameter_and_value(
    system: str, overrides: dict[str, object], field: str
) -> None:
    # Structured, so a reader names the Settings cell without parsing text.
    with pytest.raises(ParameterError) as caught:
        get_system(system).make_params(overrides)
    assert caught.value.field == field
    assert caught.value.value is not None


def test_round_to_given_as_a_whole_float_rounds_as_the_int() -> None:
    """``round_to=2.0`` (a float from Python code or a cell) is the int 2:
    round() needs an int, and the tables cached for ``round_to=2`` are the
    same rule's."""
    for system in ("cdiplo", "manorcon", "tribute"):
        spec = get_system(system)
        params = spec.make_params({"round_to": 2.0})
        assert type(params.round_to) is int
        assert spec.make_params({"round_to": 2}) == params


def test_the_readme_s_table_lists_every_system_with_its_own_module() -> None:
    """The README's table of scoring systems has a row for each canonical
    system (a preset is named in its system's row)."""
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip().strip("`") for line in readme.splitlines()
            if line.startswith("| `")}
    missing = [s.id for s in canonical() if s.id not in rows]
    assert not missing, f"README's systems table lacks {missing}"
    presets = [s.id for s in SYSTEMS if s not in canonical() and f"`{s.id}`" not in readme]
    assert not presets, f"README names no {presets}"
