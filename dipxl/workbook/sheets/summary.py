"""The hidden Summary sheet: one row per player id, the player's seat in
each round found by MATCH on the id, the values of that seat fetched by
INDEX, then totals, tie-break values and the rank keys Standings sorts by."""

from __future__ import annotations

import re
from collections.abc import Callable

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from dipxl.workbook import formulas as fx
from dipxl.workbook.a1 import column_letter, column_span
from dipxl.workbook.formulas import SUMMARY, Formulas, Plan, PlayerRow
from dipxl.workbook.sheets.styling import define_name, header_row, put_formula, put_value

__all__ = ["build"]


def _seat_kinds(form: Formulas) -> list[tuple[str, str]]:
    """Values fetched for each seat: the weighted game value ``w`` (the
    round's weight is ``{weight}``), then the system's own."""
    return [("w", f"{{weight}}*({form.game_value()})"), *form.seat_kinds]


def _columns(plan: Plan, form: Formulas) -> list[str]:
    kinds = ["a", "b", *(k for k, _ in form.kinds)]
    for kind, _ in _seat_kinds(form):
        kinds += [f"{kind}a", f"{kind}b"]
    kinds.append("round")
    if form.needs_keep:
        kinds += ["sk", "ska", "skb", "ka", "kb"]
    cols = ["id"]
    for kind in kinds:
        cols += [f"{kind}_{r}" for r in range(1, plan.rounds + 1)]
    if form.count_kind is not None and form.more_column:
        cols.append("more")
    shown = (k for k in form.standings if k not in form.derived)
    cols += ["gamecount", "total", *form.hidden, *shown]
    cols += ["fin", "band", "pk"]
    if form.applied:
        cols.append("comp")
    if form.final_key is not None:
        cols.append("rankwd")
    cols.append("uniq")
    return cols


def build(wb: Workbook, ws: Worksheet, plan: Plan, form: Formulas) -> dict[str, str]:
    """One row per player id.  ``a_r``: the row (within round r) of the
    player's seat, by MATCH on the id; a second seat in the same round (a
    warning, both count) is looked for only in rounds where Calc found one.
    Per round the values of those seats (0 unless the game is finished;
    the system's ``count_kind`` blank instead, so that COUNT gives the
    rounds played with no column of games), the kept rounds (best N), then
    ``more`` (what second seats add to the counts), totals, rank keys and
    the list key (unique: rank, then id; unranked players last)."""
    cols = _columns(plan, form)
    letters = {name: column_letter(i) for i, name in enumerate(cols, start=1)}
    index = {name: i for i, name in enumerate(cols, start=1)}
    header_row(ws, cols)
    n = plan.players
    first, last = 2, n + 1
    kind_expr = dict(form.kinds)
    seat_kinds = _seat_kinds(form)
    exprs = [e for _, e in (*form.kinds, *seat_kinds)]
    braces = {h for e in exprs for h in re.findall(r"\{([^}]+)\}", e)} - {"weight"}
    used = sorted(braces | {"Score"})
    slug = {h: h.lower().replace(" ", "_") for h in used}
    big = n + 1
    per_round: list[dict[str, str]] = []
    for rnd in range(1, plan.rounds + 1):
        # Short defined names for the round's columns keep the formulas
        # short (LibreOffice's load and save time grows with formula text).
        sources = {"ids": "Player id", **{slug[h]: h for h in used}}
        refs = {}
        for key, header in sources.items():
            name = f"res_{key}_{rnd}"
            define_name(wb, name, plan.round_range(header, rnd))
            refs[key] = name
        per_round.append(refs)
        a_col = letters[f"a_{rnd}"]
        define_name(wb, f"sum_a_{rnd}", column_span(a_col, first, last, SUMMARY))
    define_name(wb, "res_done_all", plan.column_range("Game done"))
    define_name(wb, "res_centres_all", plan.column_range("Centres"))
    for pid in range(1, n + 1):
        row = pid + 1
        p = PlayerRow(row, plan.rounds, letters)

        def put(name: str, formula: str, row: int = row) -> None:
            put_formula(ws, row, index[name], formula)

        put_value(ws, row, 1, pid, "n")
        for rnd in range(1, plan.rounds + 1):
            refs = per_round[rnd - 1]
            ids = refs["ids"]
            a = p.at("a", rnd)
            put(f"a_{rnd}", f'IFERROR(MATCH($A{row},{ids},0),"")')
            # The second seat, looked for only where Calc found a round
            # with a player seated twice (blank otherwise).
            b = p.at("b", rnd)
            # (The first seat of the id among the rows after the first
            # one: calc_seq numbers the rows of a round.  Not a MATCH over
            # INDEX(ids,a+1):INDEX(ids,n): IronCalc cannot evaluate that.)
            after = f"INDEX(({ids}=$A{row})*(calc_seq>{a}),0)"
            put(
                f"b_{rnd}",
                f'IF(INDEX(calc_doubles,{rnd}),IFERROR(MATCH(1,{after},0),""),"")',
            )

            def fetch(kind: str, a: str = a, b: str = b, rnd: int = rnd) -> str:
                refs = per_round[rnd - 1]

                def value(slot: str) -> str:
                    # Kind expressions give 0 for unfinished games (their
                    # columns are blank or 0 there, or they multiply by
                    # {Game done}).
                    return re.sub(
                        r"\{([^}]+)\}",
                        lambda m: f"N(INDEX({refs[slug[m.group(1)]]},{slot}))",
                        kind_expr[kind],
                    )

                if kind == form.count_kind:
                    # Blank unless a game of the round is finished: COUNT
                    # over the rounds counts the rounds played, best-N
                    # (LARGE) skips the others.
                    # (A game not counted may say TEXT_ENTRY, which COUNT,
                    # LARGE and SUM pass over like a blank.)
                    ref = refs[slug[form.count_column]]
                    one, two = f"INDEX({ref},{a})", f"INDEX({ref},{b})"
                    both = f'IF(COUNT({one},{two})=0,"",N({one})+N({two}))'
                    return f'IF({a}="","",IF({b}="",{one},{both}))'
                first = f'IF({a}="",0,{value(a)})'
                other = f'IF({b}="",0,{value(b)})'
                if kind in form.maxima:
                    return f"MAX({first},{other})"
                if kind in form.minima:
                    return f'IF({b}="",0,MIN({value(a)},{value(b)}))'
                return f"{first}+{other}"

            for kind, _ in form.kinds:
                put(f"{kind}_{rnd}", fetch(kind))
            for kind, expr in seat_kinds:
                for side, row_of in (("a", a), ("b", b)):
                    put(f"{kind}{side}_{rnd}", _seat_value(expr, refs, slug, row_of, rnd))
        for rnd in range(1, plan.rounds + 1):
            put(f"round_{rnd}", form.round_score(p, rnd))
        if form.needs_keep:
            _keep(p, put)
        if form.count_kind is not None:
            # Second seats (a player seated twice in a round, a warning).
            terms = []
            for rnd in range(1, plan.rounds + 1):
                refs = per_round[rnd - 1]
                a, b = p.at("a", rnd), p.at("b", rnd)

                def seat(slot: str, refs: dict[str, str] = refs) -> Callable[[str], str]:
                    return lambda header: f"INDEX({refs[slug[header]]},{slot})"

                def at(kind: str, rnd: int = rnd, p: PlayerRow = p) -> str:
                    return p.at(kind, rnd)

                terms.append(f'IF({b}="",0,{form.second(seat(a), seat(b), at)})')
            more = "+".join(terms)
            if form.more_column:
                put("more", more)
                more = p.value("more")
        else:
            more = "0"
        games = p.value("gamecount")
        put("gamecount", form.gamecount(p, more))
        put("total", f'IF({games}>0,{form.total(p)},"")')
        values = form.values(p)
        for key, formula in values.items():
            if key not in form.derived:
                put(key, f'IF({games}>0,{formula},"")')
        pk = p.value("pk")
        put("pk", f'IF({games}>0,ROUND({p.value("total")},9),"")')
        put("fin", f'IF({games}>0,{_finalist(p, plan)},"")')
        band = p.value("band")
        put("band", f'IF({games}>0,{_band(p, plan)},"")')
        # The rank in stages, each a column only where a later stage needs
        # it as a criteria range: by the final's band and score, then the
        # applied tie-breakers, then the final key.  With no final every
        # band is 0 and the rank is RANK's; with one, a player in a higher
        # band ranks above every player of a lower band.
        bands, pks = p.column("band", first, last), p.column("pk", first, last)
        rank = (
            f"RANK({pk},{pks})+COUNTIFS({bands},\">\"&{band},{pks},\"<=\"&{pk})"
            f"-COUNTIFS({bands},\"<\"&{band},{pks},\">\"&{pk})"
        )
        if form.applied:
            # The applied tie-breakers (whole numbers below 1000) as one
            # number; one more place for each player level on score with
            # more of it (numeric criteria: equal scores match exactly).
            weights = [1000 ** (len(form.applied) - 1 - i) for i in range(len(form.applied))]
            minor = "+".join(
                (f"({values[k]})" if k in form.derived else p.value(k)) + f"*{w}"
                for k, w in zip(form.applied, weights, strict=True)
            )
            comp = p.value("comp")
            put("comp", f'IF({games}>0,{minor},"")')
            level = f"{bands},{band},{pks},{pk}"
            higher = f'{p.column("comp", first, last)},">"&{comp}'
            rank = f"{rank}+COUNTIFS({level},{higher})"
        if form.final_key is not None:
            # Among players level so far, one more for each with a higher key
            # (the key is rounded to 9 decimals: its text is exact).
            put("rankwd", f'IF({games}>0,{rank},"")')
            rankwd = p.value("rankwd")
            key = p.value(form.final_key)
            level = f"{p.column('rankwd', first, last)},{rankwd}"
            higher = f'{p.column(form.final_key, first, last)},">"&{key}'
            rank = f"{rankwd}+COUNTIFS({level},{higher})"
        # The list key, unique: rank x (players + 1) + id, unranked players
        # last; Standings shows the rank from it.
        put("uniq", f"IF({games}>0,({rank})*{big}+$A{row},{big}*{big + 1}+$A{row})")
    return letters


def _seat_value(expr: str, refs: dict[str, str], slug: dict[str, str], slot: str, rnd: int) -> str:
    """A seat kind's value of the seat at ``slot`` (a Summary cell holding
    the seat's row within round ``rnd``, or blank): blank unless the
    seat's game is scored."""
    text = expr.replace("{weight}", f"INDEX(calc_weights,{rnd})")
    value = re.sub(r"\{([^}]+)\}", lambda m: f"INDEX({refs[slug[m.group(1)]]},{slot})", text)
    score = f"INDEX({refs[slug['Score']]},{slot})"
    return f'IF({slot}="","",IF(ISNUMBER({score}),{value},""))'


def _keep(p: PlayerRow, put: Callable[[str, str], None]) -> None:
    """Which games count (1) or not (0), as the engine marks them: the best
    ``best_rounds`` rounds (equal rounds: the earlier counts), or the best
    ``best_games`` games (equal games: the earlier counts, a round's first
    seat before its second), or every game.  Compared rounded to 9
    decimals (``sk``: rounds, ``ska``/``skb``: games; blank unless played,
    counted by COUNTIF: IronCalc and formualizer cannot ROUND a range
    inside SUMPRODUCT)."""
    best_rounds, best_games = fx.setting_name("best_rounds"), fx.setting_name("best_games")
    rounds = p.rounds
    for rnd in range(1, rounds + 1):
        for kind, value in (("sk", "round"), ("ska", "wa"), ("skb", "wb")):
            v = p.at(value, rnd)
            put(f"{kind}_{rnd}", f'IF(ISNUMBER({v}),ROUND({v},9),"")')
    games = f"${p.letters['ska_1']}{p.row}:${p.letters[f'skb_{rounds}']}{p.row}"
    for rnd in range(1, rounds + 1):
        mine = p.at("sk", rnd)
        better = f'COUNTIF({p.series("sk")},">"&{mine})'
        if rnd > 1:
            better += f"+COUNTIF({p.series('sk', rnd - 1)},{mine})"
        by_round = f"1+{better}<={best_rounds}"
        for seat in ("a", "b"):
            key = p.at(f"sk{seat}", rnd)
            earlier = []
            if rnd > 1:
                earlier += [p.series("ska", rnd - 1), p.series("skb", rnd - 1)]
            if seat == "b":  # one cell as a range: IronCalc's COUNTIF gives
                # #VALUE! for a lone cell reference that does not match
                cell = p.at("ska", rnd)
                earlier.append(f"{cell}:{cell}")
            ahead = f'COUNTIF({games},">"&{key})' + "".join(
                f"+COUNTIF({r},{key})" for r in earlier
            )
            # TRUE/FALSE multiplied into 1/0, as in Excel; the criteria
            # only built for a game played (IronCalc: #VALUE! for ">"&"").
            put(
                f"k{seat}_{rnd}",
                f"IF(ISNUMBER({key}),IF(ISNUMBER({best_rounds}),{by_round},"
                f"IF(ISNUMBER({best_games}),1+{ahead}<={best_games},TRUE))*1,0)",
            )


def _top_board(plan: Plan) -> tuple[str, str]:
    """(row offset of the final round in the Results columns, its validity
    as a condition): ``final_round`` a round of the workbook."""
    final = fx.setting_name("final_round")
    valid = f"AND({final}>=1,{final}<={plan.rounds},INT({final})={final})"
    return f"({final}-1)*{plan.rows_per_round}", valid


def _finalist(p: PlayerRow, plan: Plan) -> str:
    """1 for a player of the final's top board (board 1 of
    ``final_round``) once it is finished, else 0 (no final, a final round
    not in the workbook, or its top board not finished yet)."""
    final = fx.setting_name("final_round")
    first, valid = _top_board(plan)
    seat = f"INDEX({p.series('a')},{final})"
    done = f"INDEX(res_done_all,{first}+1)=1"
    on_top = f"IF(ISNUMBER({seat}),IF({seat}<=7,IF({done},1,0),0),0)"
    return f"IF(ISNUMBER({final}),IF({valid},{on_top},0),0)"


def _band(p: PlayerRow, plan: Plan) -> str:
    """The final's band of the player (:mod:`dipxl.formats`): 2 for the
    soloist of the finished top board when ``final_solo_wins``, 1 for its
    players when ``finalists_first``, else 0."""
    final = fx.setting_name("final_round")
    first, _ = _top_board(plan)
    seat = f"INDEX({p.series('a')},{final})"
    solo = f"INDEX(res_centres_all,{first}+{seat})>={fx.setting_name('victory_centres')}"
    return (
        f"IF({p.value('fin')}=1,IF(AND({fx.setting_true('final_solo_wins')},{solo}),2,"
        f"IF({fx.setting_true('finalists_first')},1,0)),0)"
    )
