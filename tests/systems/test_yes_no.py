"""Yes/no parameters: a ``bool`` field of a system's parameters is read
from a command line, a worksheet function's parameters and a Settings cell
alike (``systems.base.truth``): a bool, 1 or 0, or the text true/yes/1 or
false/no/0; anything else is refused, naming the parameter (and the cell)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from dipxl.errors import InputError, ParameterError
from dipxl.model import Game
from dipxl.systems.base import GameSystem, param, truth
from dipxl.systems.common import GameParams
from dipxl.workbook.layout import system_from_settings


@dataclass(frozen=True, kw_only=True)
class _Params(GameParams):
    double: bool = param(False, "score twice the centres")


class _Doubling(GameSystem[_Params]):
    """A test system: each player scores his centres, twice with ``double``."""

    def score_game(self, game: Game, params: _Params) -> tuple[float, ...]:
        return tuple(float(c * (2 if params.double else 1)) for c in game.centres)


SYSTEM = _Doubling("doubling", "Doubling", _Params())

# (value given, what it means)
ACCEPTED = [
    ("yes", True), (" TRUE ", True), ("Yes", True), ("1", True), (1, True), (1.0, True),
    (True, True),
    ("no", False), ("False", False), ("NO", False), ("0", False), (0, False), (0.0, False),
    (False, False),
]
REFUSED: list[object] = ["maybe", "", "2", "y", 2, 0.5, -1, None, [1]]


@pytest.mark.parametrize(("value", "meant"), ACCEPTED)
def test_a_yes_or_no_value_read_from_text_numbers_and_booleans(value: object,
                                                               meant: bool) -> None:
    assert truth("double", value) is meant
    assert SYSTEM.make_params({"double": value}).double is meant


@pytest.mark.parametrize("value", REFUSED)
def test_anything_else_is_refused_naming_the_parameter(value: object) -> None:
    message = f"double must be true or false (yes or no), got {value!r}"
    with pytest.raises(ParameterError) as err:
        SYSTEM.make_params({"double": value})
    assert str(err.value) == message


def test_a_yes_or_no_field_is_not_blank() -> None:
    assert "double" not in SYSTEM.blank_parameters


def read_setting(value: object) -> object:
    rows = [("system", "cdiplo", "B3"), ("solo", value, "B4")]
    return system_from_settings(rows)[1]


@pytest.mark.parametrize(("value", "meant"), [*ACCEPTED, (None, False)])
def test_a_yes_or_no_setting_is_read_from_its_cell(value: object, meant: bool,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("dipxl.workbook.layout.get_system", lambda _id: SYSTEM)
    rows = [("system", "doubling", "B3"), ("double", value, "B14")]
    assert system_from_settings(rows)[1]["double"] is meant  # blank: the default


@pytest.mark.parametrize("value", ["perhaps", 2, "y"])
def test_a_bad_yes_or_no_setting_names_its_cell(value: object,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("dipxl.workbook.layout.get_system", lambda _id: SYSTEM)
    rows = [("system", "doubling", "B3"), ("double", value, "B14")]
    with pytest.raises(InputError) as err:
        system_from_settings(rows)
    assert str(err.value) == f"B14: double must be true or false (yes or no), got {value!r}"
    assert (err.value.field, err.value.value, err.value.cell) == ("double", value, "B14")


def test_a_number_parameter_still_refuses_a_boolean_setting() -> None:
    with pytest.raises(InputError, match="solo must be a number, got True"):
        read_setting(True)
