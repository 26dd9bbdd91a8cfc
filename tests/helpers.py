"""Builders and hypothesis strategies shared by the engine tests."""

from __future__ import annotations

from collections.abc import Sequence

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
) -> Game:
    """A finished game: centres, elimination years and draw flags in power
    order; ``year``: the year of the final counts, given on every row."""
    years = years if years is not None else [None] * 7
    draw = draw if draw is not None else [None] * 7
    return Game(
        rnd,
        number,
        tuple(Seat(players[i], Power(i), centres[i], years[i], draw[i], year)
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
    an explicit draw record leaving some survivors out.  ``complete``: every
    eliminated power has its year and the board its final year (for the
    systems that read them: a board without them is refused)."""
    counts = draw(centre_counts(total, solo))
    known = st.integers(1901, 1912)
    years = [draw(known if complete else st.one_of(st.none(), known)) if c == 0 else None
             for c in counts]
    final = (max([y for y in years if y is not None] + [1905]) + draw(st.integers(0, 3))
             if complete else None)
    flags: list[bool | None] = [None] * 7
    if explicit_draws and max(counts) < 18 and draw(st.booleans()):
        survivors = [i for i, c in enumerate(counts) if c > 0]
        members = draw(st.lists(st.sampled_from(survivors), min_size=1, unique=True))
        flags = [True if i in members else None for i in range(7)]
    return board(counts, years, flags, year=final)
