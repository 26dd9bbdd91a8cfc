"""Builders and hypothesis strategies shared by the engine tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hypothesis import strategies as st

from dipxl.model import Game, Power, Seat, Tournament

PLAYERS = tuple(f"P{i}" for i in range(1, 8))


def board(
    centres: Sequence[int],
    years: Sequence[int | None] | None = None,
    draw: Sequence[bool | None] | None = None,
    *,
    rnd: int = 1,
    number: int = 1,
    players: Sequence[str] = PLAYERS,
    year: int | None = None,
    chart: Mapping[int, Sequence[int | None]] | None = None,
) -> Game:
    """A finished game: centres, elimination years and draw flags in power
    order; ``year`` the final year (on every seat), ``chart`` year -> the
    seven counts of that year in power order (None: not entered)."""
    years = years if years is not None else [None] * 7
    draw = draw if draw is not None else [None] * 7
    chart = chart or {}

    def counts(i: int) -> tuple[tuple[int, int], ...]:
        return tuple((y, c) for y in sorted(chart) if (c := chart[y][i]) is not None)

    return Game(
        rnd,
        number,
        tuple(Seat(players[i], Power(i), centres[i], years[i], draw[i], year, counts(i))
              for i in range(7)),
    )


def event(*games: Game) -> Tournament:
    return Tournament(games)


def _split(draw: st.DrawFn, owned: int, parts: int) -> list[int]:
    cuts = sorted(draw(st.lists(st.integers(0, owned), min_size=parts - 1, max_size=parts - 1)))
    return [b - a for a, b in zip([0, *cuts], [*cuts, owned], strict=True)]


@st.composite
def centre_counts(draw: st.DrawFn, total: int | None = None, solo: bool | None = None) -> list[int]:
    """Seven centre counts owning ``total`` centres (1-34), at most one of 18+."""
    if solo is None:
        solo = draw(st.booleans()) and (total is None or total >= 18)
    if solo:
        owned = total if total is not None else draw(st.integers(18, 34))
        top = draw(st.integers(18, owned))
        counts = [top, *_split(draw, owned - top, 6)]
    else:
        owned = total if total is not None else draw(st.integers(1, 34))
        counts = _split(draw, owned, 7)
        while max(counts) >= 18:  # move centres from the leader to the smallest
            counts[counts.index(max(counts))] -= 1
            counts[counts.index(min(counts))] += 1
    return list(draw(st.permutations(counts)))


@st.composite
def finished_games(
    draw: st.DrawFn,
    total: int | None = None,
    solo: bool | None = None,
    explicit_draws: bool = True,
    complete: bool = False,
) -> Game:
    """A random valid finished game, with elimination years and, sometimes,
    an explicit draw record leaving some survivors out; its chart gives 1901.
    ``complete``: every eliminated power has its year and the game its final
    year (on every seat), as a system that reads them may require."""
    counts = draw(centre_counts(total, solo))
    year = st.integers(1901, 1912) if complete else st.one_of(st.none(), st.integers(1901, 1912))
    years = [draw(year) if c == 0 else None for c in counts]
    flags: list[bool | None] = [None] * 7
    if explicit_draws and max(counts) < 18 and draw(st.booleans()):
        survivors = [i for i, c in enumerate(counts) if c > 0]
        members = draw(st.lists(st.sampled_from(survivors), min_size=1, unique=True))
        flags = [True if i in members else None for i in range(7)]
    # An earlier year of the chart (Maxonian breaks ties on centres by it).
    before = draw(st.lists(st.integers(0, 5), min_size=7, max_size=7))
    if not complete:
        return board(counts, years, flags, chart={1901: before})
    final = draw(st.integers(max([y for y in years if y is not None] + [1902]), 1915))
    return board(counts, years, flags, year=final, chart={1901: before})


def with_years(game: Game, year: int = 1905) -> Game:
    """The same game with ``year`` as the elimination year of every
    eliminated power that has none (for a system that needs them)."""
    return Game(game.round, game.board, tuple(
        Seat(s.player, s.power, s.centres,
             year if s.centres == 0 and s.eliminated is None else s.eliminated,
             s.in_draw, s.year, s.chart)
        for s in game.seats), game.origin)


def dated_games(solo: bool | None = None) -> st.SearchStrategy[Game]:
    """Random valid finished games with every input a dipvis system reads:
    an elimination year for every eliminated power, the final year after
    them, and sometimes a one-power vote (a concession) or a draw vote."""
    return finished_games(solo=solo, complete=True)
