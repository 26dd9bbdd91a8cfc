"""xlwings classic, as far as Linux allows: xlwings' own Windows modules
(``xlwings.udfs``, ``xlwings._xlwindows``, ``xlwings.com_server``) loaded
with stand-ins for the Windows-only modules they import (pywin32's
``pywintypes``, ``pythoncom``, ``win32api``, ``win32com``..., ctypes' ``windll``
and ``oledll``), so that:

- xlwings' real decorators wrap ``dipxl.udfs`` and its own
  ``generate_vba_wrapper`` writes the VBA module that **Import Functions**
  puts in the workbook, which is checked: every function, its optional
  arguments, names Excel and VBA accept;
- each call goes through xlwings' own classic call path, ``call_udf``,
  exactly as the VBA wrapper's ``XLPy.CallUDF`` makes it: range arguments as
  COM Range objects (stand-ins whose ``Value`` is what COM returns: floats,
  ``None`` for blanks, text, datetimes for date cells, error cells as COM
  error codes such as -2146826281, a lone cell as a scalar), literals as
  themselves, an omitted argument as COM's "missing" code.  Its conversion
  (the Windows engine's, with each argument's declared options) and the
  write-back conversion are xlwings' own.  What comes back must equal the
  direct CPython call, as the cell would show it.

Not covered (no Windows here): COM itself, the VBA compiling and running in
Excel, Excel's MacroOptions help.
"""

from __future__ import annotations

import ctypes
import datetime as dt
import importlib
import importlib.util
import inspect
import io
import re
import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest

import dipxl.udfs as udfs
from dipxl.errors import DipxlError
from dipxl.model import Power
from tests.runtimes.cases import (
    BOARD,
    CASES,
    ERRORS,
    OMITTED,
    RESULTS_HEADER,
    Call,
    column,
    cpython,
    whole,
)

xlwings = pytest.importorskip("xlwings")

CLASSIC_NAME = "dipxl_udfs_classic"  # dipxl/udfs.py decorated by classic xlwings
RANGE_IID = "{00020846-0000-0000-C000-000000000046}"  # COM's Excel.Range interface
MISSING = -2147352572  # what VBA passes for an omitted Optional argument
COM_ERRORS = {  # the COM codes of Excel's error values
    "#DIV/0!": -2146826281,
    "#N/A": -2146826246,
    "#NAME?": -2146826259,
    "#NULL!": -2146826288,
    "#NUM!": -2146826252,
    "#REF!": -2146826265,
    "#VALUE!": -2146826273,
}
WINDOWS_MODULES = (
    "pywintypes", "pythoncom", "win32api", "win32con", "win32event", "win32gui",
    "win32process", "win32timezone", "win32com", "win32com.client", "win32com.server",
    "win32com.server.dispatcher", "win32com.server.policy", "win32com.server.util",
)


class _Anything:
    """Whatever a Windows-only attribute is asked to be: callable, indexable,
    with any attribute; never used on the paths under test."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        pass

    def __getattr__(self, name: str) -> _Anything:
        if name.startswith("__"):
            raise AttributeError(name)
        return _Anything()

    def __call__(self, *args: object, **kwargs: object) -> _Anything:
        return _Anything()

    def __getitem__(self, key: object) -> _Anything:
        return _Anything()


class _StandInModule(types.ModuleType):
    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return _Anything()


class _ComTime(dt.datetime):
    """pywintypes' time type: COM's date cells (a datetime subclass)."""


def _stand_ins() -> dict[str, types.ModuleType]:
    modules = {name: _StandInModule(name) for name in WINDOWS_MODULES}
    pywintypes = modules["pywintypes"]
    pywintypes.TimeType = _ComTime  # type: ignore[attr-defined]  # stand-in module
    pywintypes.com_error = type("com_error", (Exception,), {})  # type: ignore[attr-defined]  # stand-in
    pywintypes.error = type("error", (Exception,), {})  # type: ignore[attr-defined]  # stand-in
    pywintypes.IID = str  # type: ignore[attr-defined]  # an interface id compares as its text
    pythoncom = modules["pythoncom"]
    pythoncom.__file__ = "pythoncom.dll"
    pythoncom.ole_error = type("ole_error", (Exception,), {})  # type: ignore[attr-defined]  # stand-in
    modules["win32timezone"].TimeZoneInfo = types.SimpleNamespace(  # type: ignore[attr-defined]  # stand-in
        utc=lambda: dt.UTC
    )
    modules["win32com"].client = modules["win32com.client"]  # type: ignore[attr-defined]  # package
    modules["win32com"].server = modules["win32com.server"]  # type: ignore[attr-defined]  # package
    return modules


class ComRange:
    """A COM Excel.Range as pywin32 hands it to Python: ``Value`` is a tuple
    of row tuples, or the value itself for a single cell."""

    def __init__(self, rows: list[list[Any]]) -> None:
        cells = tuple(tuple(com_cell(v) for v in row) for row in rows)
        self.Value = cells[0][0] if len(cells) == 1 and len(cells[0]) == 1 else cells
        self._oleobj_ = types.SimpleNamespace(GetTypeInfo=lambda: types.SimpleNamespace(
            GetTypeAttr=lambda: types.SimpleNamespace(iid=RANGE_IID)))
        app = types.SimpleNamespace(Hwnd=1)
        self.Worksheet = types.SimpleNamespace(Parent=types.SimpleNamespace(Application=app))
        self.Application = app
        self.Row, self.Column = 2, 5  # where it is does not matter: E2
        self.Rows = types.SimpleNamespace(Count=len(rows))
        self.Columns = types.SimpleNamespace(Count=len(rows[0]))


def com_cell(value: Any) -> Any:
    if isinstance(value, str) and value in ERRORS:
        return COM_ERRORS[value]
    if type(value) is dt.datetime:
        return _ComTime(value.year, value.month, value.day, tzinfo=dt.UTC)
    return value


def com_arg(value: Any) -> Any:
    """An argument as the VBA wrapper passes it to ``XLPy.CallUDF``."""
    if value is OMITTED:
        return MISSING
    if isinstance(value, list):
        return ComRange(value)
    return com_cell(value)


@pytest.fixture(scope="module")
def classic() -> Iterator[types.SimpleNamespace]:
    """xlwings' classic modules and dipxl.udfs decorated by them; everything
    put in place is taken away afterwards."""
    before = set(sys.modules)
    with pytest.MonkeyPatch.context() as mp:
        for name, module in _stand_ins().items():
            mp.setitem(sys.modules, name, module)
        for name in ("windll", "oledll"):
            mp.setattr(ctypes, name, _Anything(), raising=False)
        mp.setattr(ctypes, "PyDLL", _Anything)
        windows = importlib.import_module("xlwings._xlwindows")
        classic_udfs = importlib.import_module("xlwings.udfs")
        importlib.import_module("xlwings.com_server")
        mp.undo()  # ctypes as it was; the stand-in modules go below
        for name, module in _stand_ins().items():
            mp.setitem(sys.modules, name, module)
        engine = xlwings.main.Engine(impl=windows.engine)
        mp.setattr(xlwings.engines, "engines", [*xlwings.engines.engines, engine])
        mp.setitem(xlwings.engines.engines_by_name, "excel", engine)
        mp.setattr(xlwings, "func", classic_udfs.xlfunc)
        mp.setattr(xlwings, "arg", classic_udfs.xlarg)
        mp.setattr(xlwings, "ret", classic_udfs.xlret)
        spec = importlib.util.spec_from_file_location(CLASSIC_NAME, udfs.__file__)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        mp.setitem(sys.modules, CLASSIC_NAME, module)
        spec.loader.exec_module(module)
        yield types.SimpleNamespace(udfs=classic_udfs, module=module)
    for name in set(sys.modules) - before:
        if name.startswith("xlwings.") or name == CLASSIC_NAME:
            del sys.modules[name]
            parent, _, child = name.rpartition(".")
            if parent == "xlwings" and hasattr(xlwings, child):
                delattr(xlwings, child)


# ------------------------------------------------------------------ the VBA

VBA_RESERVED = frozenset((  # VBA's keywords: not a function or argument name
    "and", "as", "boolean", "byref", "byte", "byval", "call", "case", "const", "currency",
    "date", "declare", "dim", "do", "double", "each", "else", "elseif", "empty", "end", "enum",
    "eqv", "erase", "error", "event", "exit", "false", "for", "friend", "function", "get",
    "global", "gosub", "goto", "if", "imp", "implements", "in", "integer", "is", "let", "lib",
    "like", "long", "loop", "lset", "me", "mod", "new", "next", "not", "nothing", "null",
    "object", "on", "optional", "or", "paramarray", "preserve", "private", "property",
    "public", "raiseevent", "redim", "rem", "resume", "return", "rset", "select", "set",
    "single", "static", "step", "stop", "string", "sub", "then", "to", "true", "type",
    "typeof", "until", "variant", "wend", "while", "with", "xor",
))


def excel_accepts(name: str) -> bool:
    """A worksheet function name: a VBA identifier that Excel cannot read as
    a cell reference (A1 or R1C1)."""
    return (
        re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{0,254}", name) is not None
        and name.lower() not in VBA_RESERVED
        and re.fullmatch(r"[A-Za-z]{1,3}[0-9]+", name) is None
        and re.fullmatch(r"[Rr][0-9]*[Cc][0-9]*|[RrCc][0-9]*", name) is None
    )


@pytest.fixture(scope="module")
def vba(classic: types.SimpleNamespace) -> str:
    """The VBA module Import Functions writes into Tournament.xlsm."""
    out = io.StringIO()
    workbook = types.SimpleNamespace(Name="Tournament.xlsm")
    classic.udfs.generate_vba_wrapper("dipxl.udfs", classic.module, out, workbook)
    return out.getvalue()


def test_import_functions_writes_every_function_with_its_optional_arguments(vba: str) -> None:
    declared = dict(re.findall(r"^Function (\w+)\(([^)]*)\)", vba, re.MULTILINE))
    assert set(declared) == set(udfs.__all__)
    for name in udfs.__all__:
        params = inspect.signature(getattr(udfs, name)).parameters.values()
        want = [("Optional " if p.default is not p.empty else "") + p.name for p in params]
        assert declared[name] == ", ".join(want), name
        names = ", ".join(p.name for p in params)
        assert (f'{name} = XLPy.CallUDF("dipxl.udfs", "{name}", Array({names}), '
                f"ThisWorkbook, Application.Caller)") in vba, name


def test_import_functions_writes_names_excel_and_vba_accept(vba: str) -> None:
    for function, arguments in re.findall(r"^Function (\w+)\(([^)]*)\)", vba, re.MULTILINE):
        assert excel_accepts(function), function
        for argument in re.sub(r"\bOptional ", "", arguments).split(", "):
            if argument:
                assert excel_accepts(argument), (function, argument)
    assert len(re.findall(r"^End Function$", vba, re.MULTILINE)) == len(udfs.__all__)
    assert "ParamArray" not in vba


@pytest.mark.parametrize(
    ("name", "accepted"),
    [("CDIPLO", True), ("HTM_SCORE", True), ("ABCD1", True), ("ABC1", False),
     ("XFD1048576", False), ("R1C1", False), ("RC", False), ("C3", False),
     ("Optional", False), ("1ST", False), ("A B", False)],
)
def test_the_name_rule_itself(name: str, accepted: bool) -> None:
    assert excel_accepts(name) is accepted


# ---------------------------------------------------------------- the calls

DATED = [  # a Notes column holding dates, as COM delivers a date cell
    list(RESULTS_HEADER),
    *([1.0, 1.0, power.title, f"P{i}", centres, None, None, dt.datetime(2026, 3, 14)]
      for i, (power, centres) in enumerate(zip(Power, whole(BOARD), strict=True))),
]
CLASSIC_ONLY = (
    Call("a date in a notes column", "DIPXL_STANDINGS", (DATED, OMITTED, OMITTED)),
    Call("a date as a player", "HTM_SCORE", (column(["A", "B", "C", "D", "E", "F", "G"]),
                                             column(list("AEFGIRT")),
                                             column(whole(BOARD)),
                                             dt.datetime(2026, 3, 14), OMITTED)),
    Call("a date among the centres", "CDIPLO",
         (column([dt.datetime(2026, 3, 14), *whole(BOARD[1:])]), OMITTED)),
)


def classic_call(classic: types.SimpleNamespace, call: Call) -> dict[str, Any]:
    args = tuple(com_arg(a) for a in call.args)
    try:
        value = classic.udfs.call_udf(CLASSIC_NAME, call.function, args)
    except DipxlError as err:
        return {"error": str(err)}
    if not isinstance(value, list):
        value = [[value]]
    return {"result": [list(row) for row in value]}


@pytest.mark.parametrize("call", [*CASES, *CLASSIC_ONLY], ids=lambda c: c.id)
def test_every_call_through_xlwings_classic_gives_what_cpython_gives(
    classic: types.SimpleNamespace, call: Call
) -> None:
    assert classic_call(classic, call) == cpython(call)


def test_the_calls_really_go_through_xlwings_conversion(classic: types.SimpleNamespace) -> None:
    """The declared options reach the call: a column stays a column (ndim=2),
    an error cell arrives as its text (err_to_str), a lone cell is a range."""
    seen: list[Any] = []

    def spy(*args: Any) -> Any:
        seen.append(args)
        return [[1.0]]

    info = classic.module.DIMVALUE.__xlfunc__
    spy.__xlfunc__ = info  # type: ignore[attr-defined]  # what xlwings looks up
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(classic.module, "DIMVALUE", spy)
        got = classic.udfs.call_udf(CLASSIC_NAME, "DIMVALUE", (
            ComRange(column(whole([10, 8, 8, 5, 3, 0, 0]))), ComRange([["#N/A"]]), MISSING))
    assert got == [[1.0]]
    assert seen == [([[10.0], [8.0], [8.0], [5.0], [3.0], [0.0], [0.0]], [["#N/A"]], None)]
    assert info["args"][0]["options"] == {"convert": Any, "ndim": 2, "err_to_str": True}
