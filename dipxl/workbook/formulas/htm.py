"""Hurst Tournament Mean as worksheet formulas (the twin of
``dipxl.systems.htm``).

``Result`` is the seat's centres (winner takes all: the soloist
``set_solo_centres`` or his count, the others 0); the Powers sheet sums
each power's results over the finished games (``htm_sums``) and
``calc_games`` counts those games.  A seat's Score is
``(n * result - power sum) / n``; a player's total is computed as the
engine does, the sum over his games of ``weight x (n * result - power
sum)`` (only the best ``best_games`` of them when set) over ``n x
rounds``: with weights 1, one division of whole numbers.  No
tie-breakers: ties are broken only by more decimals.
"""

from __future__ import annotations

from dipxl.workbook.formulas import SCORE_KEY, Formulas, PlayerRow, SeatRefs, setting_name

__all__ = ["FORMULAS", "HTMFormulas"]


class HTMFormulas(Formulas):
    module = "htm"
    per_game = False
    extra_columns = (SCORE_KEY, "Result", "Power total")
    kinds = (("own", "{Result}"),)
    count_kind = "own"
    note = (
        "HTM has no tie-breakers: scores are compared exactly (to 9 decimals); "
        "players still level share the rank. Every score changes whenever a game finishes."
    )

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e = s.cell("Centres")
        sc = setting_name("solo_centres")
        wta = (
            f'IF(AND({setting_name("solo")}="winner_takes_all",{s.solo}),'
            f"IF({e}={s.top},IF(ISNUMBER({sc}),{sc},{e}),0),{e})"
        )
        power_total = f"INDEX(htm_sums,MATCH({s.cell('Power')},power_names,0))"
        n = "calc_games"
        score = f'({n}*{s.cell("Result")}-{s.cell("Power total")})/{n}'
        return {
            "Result": f'IF({s.done},{wta},"")',
            "Power total": f'IF({s.done},{power_total},"")',
            "Score": f"IF({s.done},{score},{s.unscored})",
        }

    def game_value(self) -> str:
        # The adjusted result times the finished games: whole numbers.
        return "calc_games*{Result}-{Power total}"

    def divisor(self, p: PlayerRow) -> str:
        # The finished games times the rounds (Settings divisor: of the
        # event, or those the player played); a round's weight multiplies
        # its adjusted results, never the divisor.
        rounds = f'IF({setting_name("divisor")}="played",COUNT({p.series("own")}),calc_rounds)'
        return f"calc_games*{rounds}"


FORMULAS = HTMFormulas()
