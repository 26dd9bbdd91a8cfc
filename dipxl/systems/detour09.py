"""Detour09 (dipvis's GScoringDetour09; CATALOGUE.md "Detour09")."""

from __future__ import annotations

from dataclasses import dataclass

from dipxl.model import FIRST_YEAR, Game
from dipxl.ranking import TieShare, position_points
from dipxl.systems.base import ELIMINATED_YEARS, BoardInput, GameSystem, param
from dipxl.systems.common import (
    GameParams,
    check_number,
    check_positions,
    need_elimination_years,
    solo_year,
)

__all__ = ["DEFAULT", "Detour09", "Params", "score", "survival"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Detour09 parameters; the defaults are dipvis's Detour09."""

    win: float = param(
        110, "points of the soloist, or of the power a game is conceded to (the others "
        "score their survival points)")
    draw_total: float = param(100, "a drawn game's raw scores are scaled to total this")
    alive: float = param(2, "raw points of a survivor in a draw, besides 1 a centre")
    positions: tuple[float, ...] = param(
        (4, 3, 2, 1), "raw points for 1st, 2nd, ... place by centres in a draw "
        "(ties: the lowest place's)", item="raw points for {ordinal} place by centres in a draw")
    survival: float = param(
        0.25, "points a year survived after 1901, added after the scaling: an eliminated "
        "power's years to its elimination, a loser of a solo's to the solo year")
    survival_years: int = param(8, "survival years counted at most")

    def __post_init__(self) -> None:
        super().__post_init__()
        check_number("win", self.win)
        check_number("draw_total", self.draw_total, 0)
        check_number("alive", self.alive, 0)
        check_positions(self.positions)
        for value in self.positions:
            check_number("positions", value, 0)
        check_number("survival", self.survival)
        check_number("survival_years", self.survival_years, 0, whole=True)


DEFAULT = Params()


class Detour09(GameSystem[Params]):
    """Detour09: a draw's raw scores scaled to 100, a solo 110, survival points.

    Solo (18+ centres, or a game conceded to one power): the soloist scores
    110; everyone else 0 + survival points. Draw: each power's raw score is
    its centres, + 2 for a survivor, + the sole board topper's lead over the
    second count, + 4 / 3 / 2 / 1 for 1st / 2nd / 3rd / 4th place by
    centres (powers tied all get the points of the lowest place they
    occupy, so a tie of 5 or more gets none); the raw scores are scaled to
    total 100, then each eliminated power adds its survival points.
    Survival points: 0.25 a year after 1901, at most 8 years (2 points);
    the year is the elimination year of an eliminated power and the solo
    year of a survivor who lost to a solo (the final year; for a
    concession the year of the vote, the year after the final counts).
    Needs the elimination year of every eliminated power and, when a
    survivor lost to a solo, the final year. Tournament score: the sum of
    game scores (option: best N rounds). No tie-breakers.
    Source: dipvis GScoringDetour09 (http://www.totalcon.com/docs/DiplomacyRules.pdf;
    https://docs.google.com/document/d/1KI4w3fVuHG1Wcz33Nm4devevHhdst3FnWf3cuHhRmbo/edit).
    """

    twin = "detour09"
    reads = ("centres", "eliminated", "draw", "year")
    own_inputs = (
        BoardInput(ELIMINATED_YEARS, "The year each eliminated power lost its last centre "
                   "(blank for survivors), in the same order: survival points."),
    )

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)


def survival(year: int, params: Params = DEFAULT) -> float:
    """The survival points of a power out (or beaten by a solo) in ``year``."""
    return params.survival * min(params.survival_years, year - FIRST_YEAR)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Detour09 scores of one game (the rule: :class:`Detour09`)."""
    centres = game.centres
    years = need_elimination_years(game)
    winner = game.soloer(params.victory_centres)
    if winner is not None:
        beaten = any(c and i != winner for i, c in enumerate(centres))
        y = solo_year(game) if beaten else FIRST_YEAR
        scores = tuple([
            float(params.win) if i == winner
            else survival(y if c else _year(e), params)
            for i, (c, e) in enumerate(zip(centres, years, strict=True))
        ])
        return params.finish(scores)
    points = position_points(centres, params.positions, TieShare.LOWEST)
    raw = [c + (params.alive if c else 0) + points[c] for c in centres]
    desc = game.centres_desc
    if desc[0] > desc[1]:  # a sole board topper adds its lead
        raw[centres.index(desc[0])] += desc[0] - desc[1]
    total = sum(raw)
    scores = tuple([
        r * params.draw_total / total + (0.0 if c else survival(_year(e), params))
        for r, c, e in zip(raw, centres, years, strict=True)
    ])
    return params.finish(scores)


def _year(year: int | None) -> int:
    """An eliminated power's year (need_elimination_years gave them all)."""
    assert year is not None
    return year
