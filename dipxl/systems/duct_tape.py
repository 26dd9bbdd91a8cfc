"""Duct Tape V2 (dipvis GScoringDuctTapeV2; CATALOGUE.md): Carnage's rule
with other numbers, so scored by :mod:`dipxl.systems.carnage`."""

from __future__ import annotations

from dipxl.systems import carnage

__all__ = ["DEFAULT", "DuctTape"]

# Carnage's parameters with Duct Tape V2's numbers: rank points 40 ... 3,
# 1 point a centre in a draw, a solo (or concession) 75 and nothing else.
DEFAULT = carnage.Params(positions=(40, 24, 15, 9, 6, 3, 3), solo=75)


class DuctTape(carnage.Carnage):
    """Duct Tape V2: 1 point a centre plus rank points 40, 24, 15, 9, 6, 3, 3.

    Solo (18+ centres) or concession (the draw flags mark one survivor
    alone): the winner scores 75, everyone else 0 (no centre points, the
    winner's neither). Draw: each power scores 1 per final centre + the
    rank points of its rank by centres, 40 for 1st down to 3 for 6th and
    7th; powers tied on centres share equally the points of the ranks they
    occupy together, and eliminated powers tie on 0 and share the lowest
    ranks (option eliminated_by_year, the preset "Duct Tape V2 with
    elimination order": the survivors take the top ranks by centres, the
    eliminated the ranks below by elimination year, the later the better,
    equal years sharing, an unknown year ranking last; they score those
    rank points only). A lone survivor short of a solo ranks 1st. It is
    Carnage's rule with these numbers (the Carnage parameters apply).
    Tournament score: the sum of game scores (option: best N rounds). No
    tie-breakers.
    Source: dipvis GScoringDuctTapeV2 ("Eber's rank based duct tape",
    dipvis PR #426), no source cited.
    """

    twin = "duct_tape"
