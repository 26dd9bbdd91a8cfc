"""Duct Tape V2 as worksheet formulas (the twin of ``dipxl.systems.duct_tape``):
Carnage's formulas (:mod:`dipxl.workbook.formulas.carnage`), Duct Tape's
numbers in Settings."""

from __future__ import annotations

from dipxl.workbook.formulas import no_tiebreakers
from dipxl.workbook.formulas.carnage import CarnageFormulas

__all__ = ["FORMULAS", "DuctTapeFormulas"]


class DuctTapeFormulas(CarnageFormulas):
    module = "duct_tape"
    note = no_tiebreakers("Duct Tape V2")


FORMULAS = DuctTapeFormulas()
