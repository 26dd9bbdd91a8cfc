"""Diminishing Value DBS as worksheet formulas (the twin of
``dipxl.systems.dimvalue``).

Solo: the soloist 6 x ``set_ante`` + ``set_solo_bonus``, everyone else
-``set_solo_loss``.  Draw: an eliminated seat -``set_ante``, a survivor out
of the draw -``set_out_of_draw_loss``, and the N members (``In draw``)
share what those lost.  ``Tally`` packs what the Summary needs of a seat
in one number: 1000000 for a finished game + 1000 x centres + 1 for an
elimination in a drawn game (a defeat: the "zero for defeat" value).

Tie-breakers: head-to-head, power-to-power and superior player depend on
the group of tied players and come first, so the formulas apply none of
them; the sheet shows the two group-independent values (zero for defeat,
total centres) and points to ``dipxl score`` for the full order.
"""

from __future__ import annotations

from dipxl.workbook.formulas import (
    SCORE_KEY,
    Formulas,
    PlayerRow,
    SeatRefs,
    in_draw,
    setting_name,
)

__all__ = ["FORMULAS", "DimValueFormulas"]


class DimValueFormulas(Formulas):
    module = "dimvalue"
    extra_columns = (SCORE_KEY, "In draw", "Tally")
    needs_keep = True
    # Games, centres and defeats of a round in one number: 1000000 x games
    # + 1000 x centres + defeats (at most 14 games, 476 centres, 14 defeats).
    kinds = (("cd", "{Tally}"),)
    # A game's score with 0 for a defeat (unweighted, as the tie-breaker
    # reads the games as played).
    seat_kinds = (("z", f"{{Score}}+{setting_name('ante')}*MOD({{Tally}},1000)"),)
    count_kind = None
    standings = ("zero_for_defeat", "total_centres")
    note = (
        "Tie-breakers are NOT applied by these formulas: players level on score share "
        "the rank. Diminishing Value breaks ties by head-to-head, power-to-power and "
        "superior player (which depend on who is tied), then zero for defeat and total "
        "centres (shown here): run `dipxl score` (or the DIPXL_STANDINGS worksheet "
        "function) for the final order."
    )

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e = s.cell("Centres")
        blk = s.block("Centres")
        ante = setting_name("ante")
        out = setting_name("out_of_draw_loss")
        members = f"SUM({s.block('In draw')})"
        dead = f"COUNTIF({blk},0)"
        share = f"({ante}*{dead}+{out}*(7-{dead}-{members}))/{members}"
        draw = f"IF({s.cell('In draw')}=1,{share},IF({e}=0,-{ante},-{out}))"
        # An elimination in a drawn game, TRUE/FALSE added as 1/0 (as in Excel).
        defeat = f"AND({s.top}<{setting_name('victory_centres')},{e}=0)"
        solo = s.soloist(f"6*{ante}+{setting_name('solo_bonus')}", f"-{setting_name('solo_loss')}")
        return {
            "Score": s.score(solo, draw),
            "In draw": in_draw(s),
            "Tally": f"IF({s.done},1000000+1000*{e}+{defeat},0)",
        }

    def gamecount(self, p: PlayerRow, more: str) -> str:
        return f"INT(SUM({p.series('cd')})/1000000)"

    def total(self, p: PlayerRow) -> str:
        return self._counted(p, "w")

    def _counted(self, p: PlayerRow, kind: str) -> str:
        """The sum of a seat kind over the games that count (keep flags)."""
        return "+".join(
            f"IF({p.at(f'k{seat}', r)},{p.at(f'{kind}{seat}', r)},0)"
            for r in range(1, p.rounds + 1)
            for seat in ("a", "b")
        )

    def values(self, p: PlayerRow) -> dict[str, str]:
        return {
            "zero_for_defeat": f"ROUND({self._counted(p, 'z')},9)",
            "total_centres": f"INT(MOD(SUM({p.series('cd')}),1000000)/1000)",
        }


FORMULAS = DimValueFormulas()
