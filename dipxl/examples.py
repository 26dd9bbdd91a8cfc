"""Built-in example tournaments, taken from the worked examples of the
source texts (SCORING.md), for the demo, the README and the tests."""

from __future__ import annotations

from dipxl.model import Game, Power, Seat, Tournament

__all__ = ["AS_PUBLISHED", "EXAMPLES", "example", "htm_example", "worked_games_event"]

# Hurst's 21-player example (seeds/003): per round, per board, the
# (player, centres) of Austria ... Turkey.
_HTM_ROUNDS: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = (
    (
        ((1, 6), (2, 5), (3, 10), (4, 0), (5, 8), (6, 6), (7, 0)),
        ((8, 10), (9, 0), (10, 8), (11, 6), (12, 5), (13, 0), (14, 6)),
        ((15, 6), (16, 6), (17, 0), (18, 5), (19, 0), (20, 10), (21, 8)),
    ),
    (
        ((19, 0), (16, 6), (13, 10), (10, 5), (7, 6), (4, 0), (1, 8)),
        ((20, 5), (17, 0), (14, 8), (11, 6), (8, 10), (5, 0), (2, 6)),
        ((21, 0), (18, 10), (15, 6), (12, 6), (9, 8), (6, 0), (3, 5)),
    ),
)


def htm_example() -> Tournament:
    """The 21-player, two-round HTM example of seeds/003 (35 centres a game)."""
    games = []
    for rnd, boards in enumerate(_HTM_ROUNDS, start=1):
        for board, seats in enumerate(boards, start=1):
            games.append(
                Game(
                    rnd,
                    board,
                    tuple(
                        Seat(f"P{player}", Power(i), centres)
                        for i, (player, centres) in enumerate(seats)
                    ),
                )
            )
    return Tournament(tuple(games), "Hurst Tournament Mean example (The Flying Dutchman No. 9)")


# The worked boards of SCORING.md sections 2-4, as one 3-round event of
# 14 players; elimination years as in the Detour examples, and the year of
# each board's final centre counts (the Year column: the survivors of a solo
# score by it in Bangkok Pike, Detour 09, ManorCon, ...), the year after the
# board's last elimination.
_WORKED: tuple[tuple[int, int, tuple[int, ...], tuple[int | None, ...], int, str], ...] = (
    (1, 1, (17, 5, 4, 3, 3, 2, 0), (None,) * 6 + (1907,), 1908, "ABCDEFG"),
    (1, 2, (10, 8, 8, 5, 3, 0, 0), (None,) * 5 + (1904, 1907), 1908, "HIJKLMN"),
    (2, 1, (9, 8, 8, 8, 1, 0, 0), (None,) * 5 + (1906, 1903), 1907, "NAIBJCK"),
    (2, 2, (12, 12, 6, 4, 0, 0, 0), (None,) * 4 + (1906, 1905, 1903), 1907, "DLEMFGH"),
    (3, 1, (18, 10, 6, 0, 0, 0, 0), (None,) * 3 + (1905, 1906, 1904, 1908), 1909, "GMFLNKD"),
    (3, 2, (9, 7, 7, 7, 4, 0, 0), (None,) * 5 + (1908, 1902), 1909, "CJBIAHE"),
)

_NAMES = {
    "A": "Alice",
    "B": "Bruno",
    "C": "Chloe",
    "D": "Dmitri",
    "E": "Elena",
    "F": "Farid",
    "G": "Greta",
    "H": "Hugo",
    "I": "Ines",
    "J": "Jonas",
    "K": "Kofi",
    "L": "Lena",
    "M": "Mateo",
    "N": "Nadia",
}


def worked_games_event() -> Tournament:
    """Six worked boards of SCORING.md played as a 3-round, 14-player event."""
    games = []
    for rnd, board, centres, years, final, players in _WORKED:
        games.append(
            Game(
                rnd,
                board,
                tuple(
                    Seat(_NAMES[players[i]], Power(i), centres[i], years[i], year=final)
                    for i in range(7)
                ),
            )
        )
    return Tournament(tuple(games), "Worked examples of the rulebook")


EXAMPLES = {
    "htm": htm_example,
    "worked": worked_games_event,
}


# What an example holds as its source published it, though dipxl would warn
# about it in a real event: per example, the warning codes (Notice.code) that
# are expected of it, and one line that says so (the demo prints it once,
# not a warning per board).
AS_PUBLISHED: dict[str, tuple[frozenset[str], str]] = {
    "htm": (
        frozenset({"centres_over_34", "repeated_power"}),
        "Hurst's example is scored as published: every board totals 35 centres and "
        "three players play a power again in round 2 (a real event would be warned)",
    ),
}


def example(name: str) -> Tournament:
    """A built-in example by name (``htm`` or ``worked``)."""
    return EXAMPLES[name]()
