"""Seeded tournaments that exercise every corner the workbook formulas must
get right: ties at every position, solos, eliminations in different years
(before, in and after the survival year, or unknown), explicit draws with
survivors left out, unfinished boards, awkward player names, a player in
two games of one round, and standings ties at every position (mirror)."""

from __future__ import annotations

import random

from dipxl.model import Game, Power, Seat, Tournament

# Names that are criteria operators or wildcards in COUNTIF/MATCH, or
# formulas if stored carelessly.
AWKWARD = (
    "=SUM(A1)",
    "+44 Bob",
    "-Dash",
    "@Ann",
    "St*r",
    "Que?y",
    "Til~de",
    "*",
    "?",
    "~",
    "~*",
    "<5",
    ">=3",
    "Zoë Ångström",
    'O\'Brien "Obi"',
    "1234",
)

# Centre patterns with ties at each position (a draw unless a count is 18+).
TIE_PATTERNS = (
    (6, 6, 6, 6, 5, 5, 0),
    (17, 17, 0, 0, 0, 0, 0),
    (11, 11, 11, 1, 0, 0, 0),
    (9, 8, 8, 8, 1, 0, 0),
    (9, 8, 8, 7, 2, 0, 0),
    (12, 12, 6, 4, 0, 0, 0),
    (10, 4, 4, 4, 4, 4, 4),
    (5, 5, 5, 5, 5, 5, 4),
    (8, 8, 6, 6, 3, 3, 0),
    (7, 7, 7, 7, 3, 3, 0),
    (13, 13, 4, 4, 0, 0, 0),
)
YEARS = (1901, 1903, 1905, 1906, 1908, 1911)


def names(count: int, rng: random.Random, awkward: bool = True) -> list[str]:
    """``count`` distinct names, the awkward ones first when asked."""
    base = list(AWKWARD) if awkward else []
    base += [f"Player {i}" for i in range(1, count + 1)]
    chosen = base[:count]
    rng.shuffle(chosen)
    return chosen


def random_centres(rng: random.Random) -> list[int]:
    kind = rng.random()
    if kind < 0.35:
        counts = list(rng.choice(TIE_PATTERNS))
        rng.shuffle(counts)
        return counts
    if kind < 0.55:  # a solo
        top = rng.randint(18, 24)
        rest = [0] * 6
        for _ in range(34 - top - rng.randint(0, 3)):
            rest[rng.randrange(6)] += 1
        rest = [min(c, 17) for c in rest]
        counts = [top, *rest]
        rng.shuffle(counts)
        return counts
    counts = [0] * 7
    alive = rng.randint(2, 7)
    seats = rng.sample(range(7), alive)
    for i in seats:
        counts[i] = 1
    for _ in range(34 - alive - rng.randint(0, 4)):
        i = rng.choice(seats)
        if counts[i] < 17:
            counts[i] += 1
    return counts


def random_game(rnd: int, board: int, players: list[str], rng: random.Random) -> Game:
    counts = random_centres(rng)
    years = [rng.choice(YEARS) if c == 0 else None for c in counts]
    flags: list[bool | None] = [None] * 7
    survivors = [i for i, c in enumerate(counts) if c > 0]
    style = rng.random()
    if max(counts) < 18 and len(survivors) > 1:
        if style < 0.25:  # explicit draw: some survivors left out
            members = rng.sample(survivors, rng.randint(1, len(survivors) - 1))
            flags = [True if i in members else None for i in range(7)]
        elif style < 0.4:  # survivors marked N
            out = rng.sample(survivors, rng.randint(1, len(survivors) - 1))
            flags = [False if i in out else None for i in range(7)]
    # The year of the final counts: after every elimination; given on
    # one row of the board or on all of them (as a TD may type it).
    final = max([y for y in years if y is not None] + [1904]) + rng.randint(0, 4)
    given = [final] * 7 if rng.random() < 0.5 else [final] + [None] * 6
    charts = random_chart(counts, final, random.Random(hash((rnd, board, *counts))))
    seats = tuple(Seat(players[i], Power(i), counts[i], years[i], flags[i], given[i], charts[i])
                  for i in range(7))
    return Game(rnd, board, seats)


def random_chart(
    counts: list[int], final: int, rng: random.Random
) -> list[tuple[tuple[int, int], ...]]:
    """Each seat's year-by-year chart (Maxonian breaks ties by it): some
    years before ``final`` (at least one; others left out, as a TD may),
    all seven counts of each, small so that earlier ties happen too; and
    sometimes the final year itself, repeating the final counts.  Its own
    generator (seeded by the board), so the other draws stay as they were."""
    earlier = [y for y in range(1901, final) if rng.random() < 0.4] or [final - 1]
    chart = [[(y, rng.randint(0, 6)) for y in earlier] for _ in range(7)]
    if rng.random() < 0.3:
        for i, c in enumerate(counts):
            chart[i].append((final, c))
    return [tuple(c) for c in chart]


def unfinished(game: Game, rng: random.Random) -> Game:
    """The same board with one or more centre counts not yet entered."""
    blank = set(rng.sample(range(7), rng.randint(1, 7)))
    seats = tuple(
        Seat(s.player, s.power, None if i in blank else s.centres, None, None)
        for i, s in enumerate(game.seats)
    )
    return Game(game.round, game.board, seats)


def random_tournament(
    seed: int,
    players: int = 28,
    rounds: int = 3,
    *,
    unfinished_share: float = 0.15,
    doubles: bool = False,
) -> Tournament:
    """Random seating and results; some boards unfinished.  With
    ``doubles`` one player also fills a seat of a second board in round 1."""
    rng = random.Random(seed)
    roster = names(players, rng)
    games = []
    for rnd in range(1, rounds + 1):
        seated = roster[:]
        rng.shuffle(seated)
        boards = len(seated) // 7
        for b in range(boards):
            table = seated[7 * b : 7 * b + 7]
            if doubles and rnd == 1 and b == boards - 1 and boards > 1:
                table[rng.randrange(7)] = seated[0]  # seated[0] plays board 1 too
            game = random_game(rnd, b + 1, table, rng)
            if rng.random() < unfinished_share:
                game = unfinished(game, rng)
            games.append(game)
    return Tournament(tuple(games), f"random {seed}")


def mirror_tournament(seed: int, rounds: int = 3) -> Tournament:
    """Two boards a round with identical results, player k of board 1 and
    player k of board 2 always in the same place: every standings position
    is a tie of (at least) two players, under every system and tie-breaker."""
    rng = random.Random(seed)
    roster = names(14, rng)
    left, right = roster[:7], roster[7:]
    games = []
    for rnd in range(1, rounds + 1):
        order = list(range(7))
        rng.shuffle(order)
        base = random_game(rnd, 1, [left[i] for i in order], rng)
        twin = Game(
            rnd,
            2,
            tuple(
                Seat(right[order[i]], s.power, s.centres, s.eliminated, s.in_draw, s.year,
                     s.chart)
                for i, s in enumerate(base.seats)
            ),
        )
        games += [base, twin]
    return Tournament(tuple(games), f"mirror {seed}")


def tie_tournament(seed: int, rounds: int = 4) -> Tournament:
    """21 players, tie patterns only: many equal totals and game ties."""
    rng = random.Random(seed)
    roster = names(21, rng, awkward=False)
    games = []
    for rnd in range(1, rounds + 1):
        seated = roster[:]
        rng.shuffle(seated)
        for b in range(3):
            counts = list(rng.choice(TIE_PATTERNS))
            rng.shuffle(counts)
            years = [rng.choice(YEARS) if c == 0 else None for c in counts]
            final = max([y for y in years if y is not None] + [1910])
            charts = random_chart(counts, final, random.Random(hash((seed, rnd, b, *counts))))
            seats = tuple(Seat(seated[7 * b + i], Power(i), counts[i], years[i], None, final,
                               charts[i]) for i in range(7))
            games.append(Game(rnd, b + 1, seats))
    return Tournament(tuple(games), f"ties {seed}")
