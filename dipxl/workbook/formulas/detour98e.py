"""Detour 98e as worksheet formulas (the twin of ``dipxl.systems.detour98e``).

Draw: ``Raw`` = centres + survival to Fall ``set_survival_year`` + 1 for a
centre held + the outright leader's margin over the second count + the
points of the *lowest* position the seat's count occupies
(``INDEX(calc_pos, seats on that count or more)``); Score = Raw scaled so
the game totals ``set_draw_total``.  Solo: the winner ``set_win``, each
loser centres + survival.  ``Game key`` is 10000 x the outcome (3 win, 2 in the
draw, 1 drawn game but not in the draw, 0 loss) + points + 1 (0 while
unfinished): it gives the wins and draws tie-breakers, the best game and
the best-country comparison.

Tie-breakers in formulas: wins, then drawn games in the draw (both whole
numbers, applied to the rank).  The best-game comparisons are left to
``dipxl score``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from dipxl.workbook.formulas import Cell, Formulas, PlayerRow, SeatRefs, member, setting_name

__all__ = ["FORMULAS", "DetourFormulas"]


class DetourFormulas(Formulas):
    module = "detour98e"
    extra_columns = ("Raw", "Game key")
    # The round's score (blank when no game of it is finished) and best
    # game key (0 unfinished): the games are the rounds with a score, the
    # wins the rounds whose best key is above 30000, the drawn games in the
    # draw those with a best key in 20001-30000 (points 0 to under 9999).
    # ``low``: the lower game key of a round with two seats (0 otherwise):
    # the best and low keys of all rounds (adjacent Summary columns) hold
    # every finished game's key, so LARGE over them gives the 2nd and 3rd.
    kinds = (("score", "{Score}"), ("best", "{Game key}"), ("low", "{Game key}"))
    maxima = ("best",)
    minima = ("low",)
    more_column = True
    # Wins and draws are shown from ``comp`` (1000 x wins + draws), the
    # best games from their keys: the score is the key's points.  The key
    # orders games by outcome, then points, as the engine's comparison
    # does first, so the k-th largest key holds the points of the engine's
    # k-th best game (the later rules only order games equal on both).
    derived: Mapping[str, tuple[str, str]] = MappingProxyType(
        {
            "wins": ("comp", "INT({0}/1000)"),
            "draws": ("comp", "MOD({0},1000)"),
            **{
                f"best_game_{k}": (key, "{0}-1-10000*INT(({0}-1)/10000)")
                for k, key in ((1, "bestkey"), (2, "key2"), (3, "key3"))
            },
        }
    )
    standings = ("wins", "draws", "best_game_1", "best_game_2", "best_game_3")
    column_notes: Mapping[str, str] = MappingProxyType(
        {
            "best_game_1": (
                "Best game 1-3: ordered as Detour compares games, by outcome first (win > "
                "draw > elimination > loss), then points, so a later one may show more points."
            )
        }
    )
    hidden = ("bestkey", "key2", "key3")
    applied = ("wins", "draws")
    final_key = "bestkey"
    best_passes = ("gamekey",)
    note = (
        "Tie-breakers applied here: score, then wins, then drawn games in the draw, then "
        "the best game compared by outcome (win > draw > elimination > loss) and then "
        "points. Players still level share the rank: the rest of Detour's game "
        "comparison (place by centres, elimination year, margins) and the second- and "
        "third-best games (their scores are shown, not compared) are applied only by "
        "`dipxl score` (or the DIPXL_STANDINGS worksheet function). Best country here "
        "compares outcome then points; dipxl score applies the full game comparison."
    )

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e = s.cell("Centres")
        f = s.cell("Eliminated")
        blk = s.block("Centres")
        top = s.top
        # TRUE/FALSE added as 1/0, as in Excel.  Read only in a finished
        # game, where the year is a number or blank (text stops the game),
        # so no N(): Gnumeric's N() of an empty cell is #NUM!.
        survived = f"OR({e}>0,{f}>{setting_name('survival_year')})"
        # The outright leader's margin over the second count: a seat below
        # the top is at most the second count, a top shared gives 0.
        lead = f"MAX(0,{e}-LARGE({blk},2))"
        position = f'INDEX(calc_pos,COUNTIF({blk},">="&{e}))'
        draw = f"{top}<{setting_name('victory_centres')}"
        raw = f'IF(AND({s.done},{draw}),{e}+{survived}+({e}>0)+{position}+{lead},"")'
        scaled = f"{s.cell('Raw')}*{setting_name('draw_total')}/SUM({s.block('Raw')})"
        score = s.score(s.soloist(setting_name("win"), f"{e}+{survived}"), scaled)
        outcome = f"IF({s.solo},IF({e}={top},3,0),IF({member(s)},2,1))"
        # Outcome and points in one number (points below 10000), 0 unfinished.
        key = f"IF({s.done},ROUND(10000*{outcome}+{s.cell('Score')}+1,9),0)"
        return {"Score": score, "Raw": raw, "Game key": key}

    # What the lower game key of a round with two seats adds to ``more``
    # (games + 1000 x wins + 1000000 x drawn games in the draw), by the
    # smallest key of each outcome: keys are rounded to 9 decimals, so a key
    # above 20000 is at least 20000.000000001.
    steps: Mapping[str, tuple[tuple[float, float], ...]] = MappingProxyType(
        {
            "second": (
                (0, 0),  # unfinished
                (0.000000001, 1),  # a loss, or a drawn game out of the draw
                (20000.000000001, 1000001),  # in the draw
                (30000.000000001, 1001),  # a win
            )
        }
    )

    def second(self, first: Cell, other: Cell, kind: Cell) -> str:
        # A round with two seats: the lower game key (the higher is the
        # round's best) looked up in the step table.
        return f"INDEX(calc_second_value,MATCH({kind('low')},calc_second_key,1))"

    def gamecount(self, p: PlayerRow, more: str) -> str:
        return f"COUNT({p.series('score')})+MOD({more},1000)"

    def values(self, p: PlayerRow) -> dict[str, str]:
        best = p.series("best")
        more = p.value("more")
        games = p.value("gamecount")
        # Every finished game's key (unfinished and absent games are 0).
        keys = f"${p.letters['best_1']}{p.row}:${p.letters[f'low_{p.rounds}']}{p.row}"
        return {
            "wins": f'COUNTIF({best},">30000")+MOD(INT({more}/1000),1000)',
            "draws": f'COUNTIFS({best},">20000",{best},"<=30000")+INT({more}/1000000)',
            "bestkey": f"ROUND(MAX({best}),9)",
            **{f"key{k}": f'IF({games}>={k},LARGE({keys},{k}),"")' for k in (2, 3)},
        }  # best_game_k is shown from its key (see ``derived``)


FORMULAS = DetourFormulas()
