"""Bangkok (and its preset Olympic): dipvis's GScoringBangkok (CATALOGUE.md)."""

from __future__ import annotations

from dataclasses import dataclass

from dipxl.errors import ParameterError
from dipxl.model import FIRST_YEAR, Game
from dipxl.systems.base import ELIMINATED_YEARS, BoardInput, GameSystem, param
from dipxl.systems.common import GameParams, check_number, game_winner, need_elimination_years

__all__ = ["Bangkok", "Params", "score"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Bangkok parameters; the defaults are the Bangkok 2020 system."""

    solo: float = param(41, "points of the winner of a solo or a concession")
    loser_per_centre: float = param(
        0.5, "points per centre of every other power of a won game")
    survival: float = param(3, "points of each survivor of a drawn game")
    per_year: float = param(
        0.3, "points of an eliminated power of a drawn game per year from 1901 to its "
        "elimination year (0.3 x (year - 1901))")
    domination: float = param(
        12, "points of a drawn game split by the domination shares")
    top_shares: float = param(3, "domination shares of each power on the top count")
    one_behind_shares: float = param(
        2, "domination shares of each power one centre behind the top")
    two_behind_shares: float = param(
        1, "domination shares of each power two centres behind the top")

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("solo", "loser_per_centre", "survival", "per_year", "domination"):
            check_number(name, getattr(self, name))
        for name in ("top_shares", "one_behind_shares", "two_behind_shares"):
            check_number(name, getattr(self, name), 0)
        if self.top_shares == 0:
            raise ParameterError(
                "top_shares must be more than 0 (the domination points are split by the "
                "shares, and the top always has some), got 0",
                field="top_shares", value=self.top_shares,
            )


DEFAULT = Params()


class Bangkok(GameSystem[Params]):
    """Bangkok: centres, 3 for surviving and 12 domination points split by shares.

    Solo (18+ centres) or concession (the draw marks one survivor alone):
    the winner scores 41, every other power 0.5 per centre (the eliminated
    0). Draw: each power scores its centres; each survivor +3, each
    eliminated power 0.3 x (its elimination year - 1901) instead; and 12
    domination points are split by shares: 3 shares to each power on the
    top count, 2 to each one centre behind it, 1 to each two behind,
    none to the rest, each power scoring 12 x its shares / all the shares.
    A lone leader with nobody one or two behind takes all 12. A drawn
    board with an eliminated power and no elimination year is refused.
    Olympic (preset): solo 46, 0 to the losers of a solo, shares 4 / 1.5 /
    0.5. Tournament score: the sum of game scores (option: best N rounds).
    No tie-breakers.
    Source: https://world-diplomacy-wiki.fandom.com/wiki/Bangkok_2020_Scoring_System
    (as dipvis GScoringBangkok scores it; Olympic: dipvis, no source cited).
    """

    twin = "bangkok"
    reads = ("centres", "eliminated", "draw")
    own_inputs = (
        BoardInput(ELIMINATED_YEARS, "The year each eliminated power lost its last centre "
                   "(blank for survivors), in the same order; needed in a drawn game."),
    )

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Bangkok scores of one game (the rule: :class:`Bangkok`)."""
    centres = game.centres
    winner = game_winner(game, params.victory_centres)
    if winner is not None:
        scores = tuple([float(params.solo) if i == winner else float(params.loser_per_centre * c)
                        for i, c in enumerate(centres)])
        return params.finish(scores)
    years = need_elimination_years(game) if 0 in centres else game.years
    top = game.centres_desc[0]
    by_gap = {0: params.top_shares, 1: params.one_behind_shares, 2: params.two_behind_shares}
    shares = [by_gap.get(top - c, 0) for c in centres]
    total = sum(shares)

    def base(c: int, year: int | None) -> float:
        if c:
            return float(c + params.survival)
        assert year is not None  # need_elimination_years: every eliminated power has one
        return float(params.per_year * (year - FIRST_YEAR))

    scores = tuple([base(c, y) + params.domination * share / total
                    for c, y, share in zip(centres, years, shares, strict=True)])
    return params.finish(scores)
