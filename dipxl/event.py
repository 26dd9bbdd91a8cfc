"""The event's format: how the games of a tournament become its ranking.

A game system scores a game; the event decides the rest, in five steps
that :func:`dipxl.standings.score_tournament` composes:

1. :func:`plan_rounds` and :func:`score_games`: each game scored by its
   round's system (``round_systems``; blank: the event's system);
2. :func:`player_units`: what each player may count, round by round: each
   game's score times its round's weight, and a sit-out bonus
   (``sit_out_bonus``, ``sit_out_bonus_once``) for a round the player sat
   out;
3. :func:`combine`: the total, by the combination rules (``round_score``,
   ``best_rounds``, ``best_games``, ``rest``/``rest_weight``,
   ``average_offset``, a cut before a final round: ``cut_round``,
   ``cut_size``, ``cut_weight``), the rules of dipvis's round and
   tournament systems (CATALOGUE.md, "Combining game scores");
4. :func:`adjustments`: the TD's adjustments added to the total;
5. :func:`rank`: ranked rows; an unranked player (``Status.UNRANKED``)
   takes no rank and is listed after everyone ranked.

HTM (a whole-event system) scores step 1 to 3 at once and joins at step 4.
Pure: no I/O, nothing mutated.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from dipxl import tiebreaks
from dipxl.errors import DipxlError, Notice, ParameterError
from dipxl.formats import final_bands, top_board
from dipxl.ledger import Ledger, Played, ScoredGame
from dipxl.model import Game, Power, Seat, Status, Tournament
from dipxl.ranking import competition_ranks, rank_key, tie_groups
from dipxl.systems import GameSystem, System, get_system
from dipxl.systems.common import solo_winner

__all__ = [
    "SCALE_RATIO",
    "Combined",
    "Final",
    "RoundPlan",
    "Row",
    "Totals",
    "Unit",
    "adjustment_notices",
    "adjustments",
    "combine",
    "combine_event",
    "cut_makers",
    "plain_sum",
    "plan_rounds",
    "player_units",
    "rank",
    "round_scores",
    "scale",
    "score_games",
    "totals",
]

NONE_SHOWN: Mapping[str, Any] = MappingProxyType({})

# Round systems whose scales differ more than this many times are warned of.
SCALE_RATIO = 10


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the standings.  ``exact`` is the exact total where the
    system defines one (HTM); ``tiebreaks`` the values of the tie-breakers
    (None where a tie-breaker did not apply to the player's group);
    ``score`` the total after ``adjustment`` (the sum of the player's
    adjustments, 0 with none); ``rank`` None for an unranked player."""

    rank: int | None
    player: str
    score: float
    games: int
    tiebreaks: Mapping[str, Any] = field(default_factory=lambda: NONE_SHOWN)
    exact: Fraction | None = None
    adjustment: float = 0.0
    status: Status = Status.RANKED


# ---------------------------------------------------------------- 1. games


@dataclass(frozen=True, slots=True)
class RoundPlan:
    """The system of each round and the parameters it scores with: the
    event's system and parameters for a round ``round_systems`` leaves
    blank, else that system's own (registry) parameters."""

    system: GameSystem[Any]
    params: Any
    by_round: Mapping[int, tuple[GameSystem[Any], Any]] = field(default_factory=dict)

    def of(self, round_number: int) -> tuple[GameSystem[Any], Any]:
        """(system, parameters) of ``round_number``."""
        return self.by_round.get(round_number, (self.system, self.params))

    @property
    def mixed(self) -> bool:
        """Whether some round is scored by another system."""
        return any(s is not self.system for s, _ in self.by_round.values())

    def notices(self, rounds: Sequence[int]) -> list[Notice]:
        """A warning when the :func:`scale` of the systems that scored
        ``rounds`` (those played) differ more than :data:`SCALE_RATIO` times."""
        if not self.mixed:
            return []
        used: dict[str, tuple[GameSystem[Any], Any]] = {}
        for number in rounds:
            s, p = self.of(number)
            used.setdefault(s.id, (s, p))
        scales = {i: scale(s, p) for i, (s, p) in used.items()}
        known = {i: v for i, v in scales.items() if v}
        if len(known) < 2:
            return []
        low, high = min(known, key=known.__getitem__), max(known, key=known.__getitem__)
        if known[high] <= SCALE_RATIO * known[low]:
            return []
        return [Notice(
            "round_systems_scale",
            f"round_systems mixes systems whose scales differ more than {SCALE_RATIO} times: "
            f"{high} scores up to {known[high]:g} and {low} up to {known[low]:g} "
            "(the highest score of a reference solo and draw): the rounds weigh unequally",
            "round_systems",
        )]


def plan_rounds(spec: GameSystem[Any], params: Any, tournament: Tournament) -> RoundPlan:
    """The round plan of ``params.round_systems`` for ``tournament`` (the
    whole event): ParameterError, naming round_systems, for an unknown id,
    a whole-event system (HTM) or a list shorter than the last round played
    (longer is allowed: rounds still to play)."""
    text = getattr(params, "round_systems", "")
    if not text.strip():
        return RoundPlan(spec, params)
    ids = [part.strip() for part in text.replace(";", ",").split(",")]
    played = tournament.rounds
    last = played[-1] if played else 0
    if len(ids) < last:
        raise ParameterError(
            f"round_systems lists {len(ids)} system{'s' if len(ids) != 1 else ''} ({text}) "
            f"but round {last} has been played: give one system a round (blank: {spec.id})",
            field="round_systems", value=text)
    by_round: dict[int, tuple[GameSystem[Any], Any]] = {}
    for number, system_id in enumerate(ids, start=1):
        if not system_id or system_id.lower() == spec.id:
            continue
        try:
            found: System = get_system(system_id)
        except DipxlError as err:
            raise ParameterError(f"round_systems, round {number}: {err}",
                                 field="round_systems", value=system_id) from None
        if not isinstance(found, GameSystem):
            raise ParameterError(
                f"round_systems, round {number}: {found.id} scores a whole event, not a round",
                field="round_systems", value=system_id)
        by_round[number] = (found, found.params)
    return RoundPlan(spec, params, by_round)


def scale(system: GameSystem[Any], params: Any) -> float | None:
    """A system's scale: the highest absolute score of two reference boards,
    a solo (18, 4, 4, 4, 4, 0, 0) and a draw (7, 7, 6, 5, 4, 3, 2), final
    year 1910, eliminations in 1905; None when it cannot score them."""
    best = 0.0
    for counts in ((18, 4, 4, 4, 4, 0, 0), (7, 7, 6, 5, 4, 3, 2)):
        seats = tuple(Seat(f"P{i + 1}", Power(i), c, 1905 if c == 0 else None, year=1910)
                      for i, c in enumerate(counts))
        try:
            scores = system.score_game(Game(1, 1, seats), params)
        except DipxlError:
            return None
        best = max(best, *map(abs, scores))
    return best


def score_games(games: Sequence[Game], plan: RoundPlan) -> tuple[ScoredGame, ...]:
    """Every finished game scored by its round's system, with its soloist
    (on that system's victory count)."""
    if not plan.by_round:
        system, params = plan.system, plan.params
        victory = params.victory_centres
        return tuple(
            ScoredGame(game, scores, winner(game, victory))
            for game, scores in zip(games, system.score_games(games, params), strict=True))
    scored: list[ScoredGame] = []
    for number in sorted({g.round for g in games}):
        system, params = plan.of(number)
        mine = [g for g in games if g.round == number]
        for game, scores in zip(mine, system.score_games(mine, params), strict=True):
            scored.append(ScoredGame(game, scores, winner(game, params.victory_centres)))
    return tuple(scored)


def winner(game: Game, victory: int) -> int | None:
    """Index of the soloist (None for a draw); cheap for the common draw."""
    return solo_winner(game, victory) if game.centres_desc[0] >= victory else None


# ---------------------------------------------------------------- 2. units


@dataclass(frozen=True, slots=True)
class Unit:
    """One score a player's total may count: a game (``play``) or a
    sit-out bonus (``play`` None).  ``value``: as it counts (a game times
    its round's weight); ``plain``: unweighted (what tie-breakers read)."""

    round: int
    value: float
    plain: float
    play: Played | None = None


def player_units(
    scored: Sequence[ScoredGame],
    sit_outs: Sequence[Any],
    params: Any,
    weights: Mapping[int, float] | None,
) -> dict[str, list[Unit]]:
    """Per player (in order of first game) their units in round order: each
    game (board order), then a sit-out bonus for a round sat out with no
    game in it (none when ``sit_out_bonus`` is 0; with
    ``sit_out_bonus_once``, 0 after the first).  A player with no row in a
    round has no unit for it."""
    units: dict[str, list[Unit]] = {}
    for sg in scored:
        w = None if weights is None else weights[sg.round]
        for i, name in enumerate(sg.game.players):
            plain = sg.scores[i]
            unit = Unit(sg.round, plain if w is None else w * plain, plain, Played(name, sg, i))
            mine = units.get(name)
            if mine is None:
                units[name] = [unit]
            else:
                mine.append(unit)
    bonus = float(getattr(params, "sit_out_bonus", 0) or 0)
    if not bonus or not sit_outs:
        return units
    once = getattr(params, "sit_out_bonus_once", False)
    seen: set[str] = set()
    for sit in sorted(sit_outs, key=lambda s: s.round):
        mine = units.setdefault(sit.player, [])
        if any(u.round == sit.round for u in mine):
            continue  # a game in that round: the game counts
        value = 0.0 if once and sit.player in seen else bonus
        seen.add(sit.player)
        mine.append(Unit(sit.round, value, value))
        mine.sort(key=lambda u: u.round)  # stable: games keep their board order
    return units


def round_scores(units: Mapping[str, Sequence[Unit]], params: Any) -> dict[str, dict[int, float]]:
    """Per player, the score of each round with a unit: the sum of its
    units, or with ``round_score=best`` the best game (plus any bonus);
    after weights, before best N and the cut."""
    best = getattr(params, "round_score", "sum") == "best"
    return {
        player: {number: _round_pick(mine, group, best)[0]
                 for number, group in _by_round(mine).items()}
        for player, mine in units.items()
    }


def _by_round(units: Sequence[Unit]) -> dict[int, list[int]]:
    """Unit indexes by round, in order."""
    found: dict[int, list[int]] = {}
    for k, u in enumerate(units):
        found.setdefault(u.round, []).append(k)
    return found


# ---------------------------------------------------------------- 3. combine


@dataclass(frozen=True, slots=True)
class Combined:
    """A player's total by the combination rules: ``total`` (weighted),
    ``plain`` (unweighted, for tie-breakers), and per unit whether it
    counts (wholly or in part)."""

    total: float
    plain: float
    counted: tuple[bool, ...]


def combine(units: Sequence[Unit], params: Any) -> Combined:
    """A player's total from their units (the cut apart: :func:`cut_makers`).

    - round-based (the default): a round's score is the sum of its units
      (``round_score=best``: its best game, the first of equal ones, plus
      any bonus); with ``best_rounds=N`` only the N best rounds count (equal
      rounds: the earlier);
    - ``best_games=N``: the N best units whatever their round (equal: the
      earlier); with ``rest``, ``rest_weight`` x the mean of the others, the
      next best one only, or each of them (``rest_weight_one`` when exactly
      one remains);
    - ``average_offset=K``: the sum of every unit / (units + K).

    Game-based rules (best_games, rest, average_offset) count a sit-out
    bonus only when it is not 0, as dipvis does.  Counted units are added
    in their order (games in round and board order)."""
    best_games: int | None = getattr(params, "best_games", None)
    offset = getattr(params, "average_offset", None)
    if best_games is not None or offset is not None:
        kept = [u for u in units if u.play is not None or u.value != 0]
        flags = [u.play is not None or u.value != 0 for u in units]
        if offset is not None:
            total, plain = _sum(kept, None)
            n = len(kept) + offset
            return Combined(total / n if n else 0.0, plain / n if n else 0.0, tuple(flags))
        assert best_games is not None  # one of the two is set
        return _best_games(units, flags, best_games, params)
    best = getattr(params, "round_score", "sum") == "best"
    best_rounds = getattr(params, "best_rounds", None)
    counted = [True] * len(units)
    if not best and best_rounds is None:  # every unit counts
        total, plain = _sum(units, None)
        return Combined(total, plain, tuple(counted))
    rounds = _by_round(units)
    values: dict[int, float] = {}
    for number, group in rounds.items():
        values[number], dropped = _round_pick(units, group, best)
        for k in dropped:
            counted[k] = False
    if best_rounds is not None:
        ranked = sorted(values, key=lambda r: (-rank_key(values[r]), r))
        for number in ranked[best_rounds:]:
            for k in rounds[number]:
                counted[k] = False
    total, plain = _sum(units, counted)
    return Combined(total, plain, tuple(counted))


def _round_pick(units: Sequence[Unit], group: Sequence[int], best: bool) -> tuple[float, list[int]]:
    """(a round's score, the indexes of its games left out): the sum of its
    units, or the best game (the first of equal ones) plus any bonus."""
    if not best:
        total = 0.0
        for k in group:
            total += units[k].value
        return total, []
    games = [k for k in group if units[k].play is not None]
    top = max(games, key=lambda k: rank_key(units[k].value), default=None)  # first of equal
    value = 0.0
    for k in group:
        if k == top or units[k].play is None:
            value += units[k].value
    return value, [k for k in games if k != top]


def _sum(units: Sequence[Unit], counted: Sequence[bool] | None) -> tuple[float, float]:
    """(weighted, plain) sums of the counted units, in order."""
    total = plain = 0.0
    for k, u in enumerate(units):
        if counted is None or counted[k]:
            total += u.value
            plain += u.plain
    return total, plain


def _best_games(
    units: Sequence[Unit], eligible: Sequence[bool], n: int, params: Any
) -> Combined:
    """``best_games`` with its rest (see :func:`combine`)."""
    ranked = sorted((k for k in range(len(units)) if eligible[k]),
                    key=lambda k: (-rank_key(units[k].value), k))
    counted = [False] * len(units)
    for k in ranked[:n]:
        counted[k] = True
    total, plain = _sum(units, counted)
    rest = getattr(params, "rest", "")
    remaining = ranked[n:]
    if not rest or not remaining:
        return Combined(total, plain, tuple(counted))
    weight = params.rest_weight
    if len(remaining) == 1 and params.rest_weight_one is not None:
        weight = params.rest_weight_one
    if rest == "next":
        remaining = remaining[:1]
    part, part_plain = _sum([units[k] for k in remaining], None)
    if rest == "mean":
        part, part_plain = part / len(remaining), part_plain / len(remaining)
    for k in remaining:
        counted[k] = True
    return Combined(total + weight * part, plain + weight * part_plain, tuple(counted))


def cut_makers(
    units: Mapping[str, Sequence[Unit]],
    early: Mapping[str, float],
    size: int,
    cut_round: int,
    eligible: Callable[[str], bool],
) -> frozenset[str]:
    """The players who make a cut of ``size`` on their ``early`` totals
    (the rounds other than ``cut_round``), among those ``eligible`` (ranked)
    with a unit outside the cut round.  Ties with the last place are
    broken, among the tied only, as dipvis's WDC 2025 breaks them
    (CATALOGUE.md): the better best single game outside the cut round,
    then more final centres in the best two such games, then the better
    third-best game (0 if none), then (dipvis: a random pick; here
    deterministic) the name in alphabetical order, case folded."""
    pool = [p for p, mine in units.items()
            if eligible(p) and any(u.round != cut_round for u in mine)]
    if len(pool) <= size:
        return frozenset(pool)
    pool.sort(key=lambda p: -rank_key(early[p]))
    line = rank_key(early[pool[size - 1]])
    above = [p for p in pool if rank_key(early[p]) > line]
    tied = [p for p in pool if rank_key(early[p]) == line]

    def key(player: str) -> tuple[Any, ...]:
        games = sorted((u for u in units[player] if u.play is not None and u.round != cut_round),
                       key=lambda u: -rank_key(u.value))
        values = [rank_key(u.value) for u in games]
        centres = sum(u.play.centres for u in games[:2] if u.play is not None)
        return (-(values[0] if values else 0.0), -centres,
                -(values[2] if len(values) > 2 else 0.0), player.casefold(), player)

    tied.sort(key=key)
    return frozenset([*above, *tied[: size - len(above)]])


def combine_event(
    units: Mapping[str, Sequence[Unit]], params: Any, eligible: Callable[[str], bool]
) -> dict[str, Combined]:
    """Every player's :class:`Combined`; with a cut (``cut_round=R``) the
    total is the :func:`combine` of the rounds other than R plus R's round
    score times ``cut_weight`` for those who make the cut
    (:func:`cut_makers`), times 1 for everyone else; before round R is
    played, the other rounds alone."""
    cut = getattr(params, "cut_round", None)
    if cut is None:
        return {p: combine(mine, params) for p, mine in units.items()}
    early = {p: combine([u for u in mine if u.round != cut], params) for p, mine in units.items()}
    makers = cut_makers(units, {p: c.total for p, c in early.items()}, params.cut_size, cut,
                        eligible)
    best = getattr(params, "round_score", "sum") == "best"
    out: dict[str, Combined] = {}
    for player, mine in units.items():
        before = early[player]
        group = [k for k, u in enumerate(mine) if u.round == cut]
        if not group:
            out[player] = before
            continue
        value, dropped = _round_pick(mine, group, best)
        plain = 0.0
        for k in group:
            if k not in dropped:
                plain += mine[k].plain
        weight = float(params.cut_weight) if player in makers else 1.0
        flags = iter(before.counted)
        counted = tuple(k not in dropped if u.round == cut else next(flags)
                        for k, u in enumerate(mine))
        out[player] = Combined(before.total + weight * value, before.plain + weight * plain,
                               counted)
    return out


@dataclass(frozen=True, slots=True)
class Totals:
    """Step 3's result: each player's combined total (before adjustments)
    and games played; ``units`` and ``combined`` (None on the plain sum's
    fast path, where no tie-breaker reads single games)."""

    sums: dict[str, float]
    played: dict[str, int]
    units: dict[str, list[Unit]] | None = None
    combined: dict[str, Combined] | None = None


def plain_sum(params: Any) -> bool:
    """Whether the total is the plain sum of the weighted games: no
    combination rule, no cut, no sit-out bonus."""
    return (getattr(params, "best_rounds", None) is None
            and getattr(params, "best_games", None) is None
            and getattr(params, "average_offset", None) is None
            and getattr(params, "round_score", "sum") == "sum"
            and getattr(params, "cut_round", None) is None
            and not getattr(params, "sit_out_bonus", 0))


def totals(
    scored: Sequence[ScoredGame],
    tournament: Tournament,
    params: Any,
    weights: Mapping[int, float] | None,
    *,
    need_games: bool,
) -> Totals:
    """Steps 2 and 3: every player's total by the combination rules
    (:func:`combine_event`); ``need_games``: the tie-breakers read single
    games (else the plain sum is added straight from the scores, in game
    order: the same floats, without a unit a seat)."""
    if not need_games and plain_sum(params):
        sums: dict[str, float] = {}
        played: dict[str, int] = {}
        for sg in scored:
            w = 1.0 if weights is None else weights[sg.round]
            for name, score in zip(sg.game.players, sg.scores, strict=True):
                counts = score if weights is None else w * score
                total = sums.get(name)
                if total is None:
                    sums[name] = counts
                    played[name] = 1
                else:
                    sums[name] = total + counts
                    played[name] += 1
        return Totals(sums, played)
    units = player_units(scored, tournament.sit_outs, params, weights)
    unranked = {p for p, st in tournament.statuses if st is Status.UNRANKED}
    combined = combine_event(units, params, lambda p: p not in unranked)
    return Totals({p: c.total for p, c in combined.items()},
                  {p: sum(1 for u in mine if u.play is not None) for p, mine in units.items()},
                  units, combined)


# ---------------------------------------------------------------- 4. adjustments


def adjustments(tournament: Tournament) -> dict[str, float]:
    """Per player, the sum of their adjustments (players with some only)."""
    found: dict[str, float] = {}
    for adj in tournament.adjustments:
        found[adj.player] = found.get(adj.player, 0.0) + float(adj.points)
    return found


def adjustment_notices(tournament: Tournament, players: Collection[str]) -> list[Notice]:
    """A warning for each adjustment of a player not in the standings
    (no game, no sit-out that counts): it changes nothing."""
    return [
        Notice("adjustment_no_player",
               f"an adjustment of {adj.points:g} ({adj.note or 'no note'}) is for "
               f"{adj.player!r}, who is not in the standings: it is not counted",
               adj.where or adj.player)
        for adj in tournament.adjustments if adj.player not in players
    ]


# ---------------------------------------------------------------- 5. rank


@dataclass(frozen=True, slots=True)
class Final:
    """A final's effect on the ranking: its top board (None: no final, or
    not finished yet), the top board's soloist (an index) and the band of
    each player it lifts (:func:`dipxl.formats.final_bands`)."""

    top: Game | None = None
    winner: int | None = None
    bands: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, params: Any, finished: Sequence[Game], victory: int) -> Final:
        top = top_board(params, finished)
        if top is None:
            return NO_FINAL
        won = winner(top, victory)
        return cls(top, won, final_bands(params, top, won))

    def keys(self, keys: dict[str, Any]) -> dict[str, Any]:
        """Rank keys with the final's bands first (unchanged with no band)."""
        bands = self.bands
        if not bands:
            return keys
        return {p: (bands.get(p, 0), k) for p, k in keys.items()}


NO_FINAL = Final()


def alphabetical(player: str) -> tuple[str, str]:
    return (player.casefold(), player)


def rank(
    keys: Mapping[str, Any],
    totals: Mapping[str, float],
    played: Mapping[str, int],
    tournament: Tournament,
    *,
    breakers: Sequence[tiebreaks.Tiebreaker] = (),
    ledger: Callable[[list[str]], Ledger] | None = None,
    adjusted: Mapping[str, float] | None = None,
    exact: Callable[[str], Fraction] | None = None,
) -> tuple[Row, ...]:
    """Ranked rows: by ``keys`` (best first), tie-breakers splitting the
    groups of equal keys (``ledger``: built from the ranked order), a group
    sharing the better rank, alphabetical inside.  Unranked players
    (:attr:`Status.UNRANKED`) take no rank and no tie-breaker: they follow,
    by key, rank None."""
    adjusted = adjusted or {}
    status = dict(tournament.statuses)
    everyone = sorted(keys, key=alphabetical)
    everyone.sort(key=keys.__getitem__, reverse=True)
    order = [p for p in everyone if status.get(p) is not Status.UNRANKED]
    groups = tie_groups(order, keys.__getitem__)
    shown: dict[str, dict[str, Any]] = {}
    if breakers and ledger is not None:
        book = ledger(order)
        shown = {p: {} for p in order}
        for tb in breakers:
            measured = tb.measure(order, book) if tb.everyone else None
            for p in order:
                shown[p][tb.name] = tb.display(measured[p]) if measured is not None else None
        groups = [part for group in groups
                  for part in tiebreaks.split(group, breakers, book, shown)]
    rows: list[Row] = []

    def row(place: int | None, player: str) -> Row:
        return Row(place, player, totals[player], played[player], shown.get(player, NONE_SHOWN),
                   exact(player) if exact is not None else None, adjusted.get(player, 0.0),
                   status.get(player, Status.RANKED))

    for place, group in zip(competition_ranks(groups), groups, strict=True):
        for player in group if len(group) == 1 else sorted(group, key=alphabetical):
            rows.append(row(place, player))
    rows.extend(row(None, p) for p in everyone if status.get(p) is Status.UNRANKED)
    return tuple(rows)
