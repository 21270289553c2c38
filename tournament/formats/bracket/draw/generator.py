"""The draw, as a pure function: teams + seed → bracket chart lines. No Django here.

Teams are shuffled with the seed into draw positions 1..N. The bracket is the next power of two;
positions N+1..size are empty, so the teams in positions 1..(size−N) have a bye. Chart lines follow
the standard order (1 v size, then the halves interleaved), which keeps byes apart and spreads them
evenly over the chart. The same teams in the same order with the same seed give the same draw, so a
published draw can be checked by anyone who has its seed.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence

from tournament.common.seeds import MAX_SEED, SeedError, check_seed, new_seed, parse_seed

# The draw number's rules are every draw's (partners and seatings too): tournament.common.seeds.
__all__ = ["MAX_SEED", "SeedError", "bracket_size", "check_seed", "draw_lines", "first_round_pairs", "new_seed",
           "parse_seed", "seed_count", "standard_order"]

def bracket_size(n: int) -> int:
    """The next power of two at or above `n` (a draw needs at least two teams)."""
    if n < 2:
        raise ValueError(f"A draw needs at least 2 teams; there {'is' if n == 1 else 'are'} {n}.")
    return 1 << (n - 1).bit_length()


def standard_order(size: int) -> list[int]:
    """Draw positions by chart line, top to bottom: for 8 → 1, 8, 4, 5, 2, 7, 3, 6."""
    if size < 1 or size & (size - 1):
        raise ValueError(f"The bracket size must be a power of two, not {size}.")
    order = [1]
    while len(order) < size:
        mirror = 2 * len(order) + 1
        order = [p for position in order for p in (position, mirror - position)]
    return order


def seed_count(teams: int) -> int:
    """How many teams a seeded draw keeps apart: a quarter of the bracket (8 of a 32-line draw), as tennis does."""
    return min(teams, bracket_size(teams) // 4) if teams >= 4 else 0


def draw_lines(team_ids: Sequence[Hashable], seed: int, seeds: Sequence[Hashable] = ()) -> list[Hashable | None]:
    """Chart lines top to bottom: a team id, or None for a bye.

    `seeds` (a seeded draw: the top-rated teams, strongest first) take draw positions 1, 2, 3, …, which
    the standard order puts in different first-round games (and 1 and 2 in different halves); they
    also have the byes first, as seeds do. The other teams are shuffled with the seed as ever."""
    if len(set(team_ids)) != len(team_ids):
        raise ValueError("Each team can be drawn only once.")
    size = bracket_size(len(team_ids))
    if any(s not in team_ids for s in seeds) or len(seeds) > size // 2:
        raise ValueError("The seeds must be drawn teams, at most one per first-round game.")
    positions = list(team_ids)
    if seeds:
        rest = [t for t in team_ids if t not in set(seeds)]
        random.Random(check_seed(seed)).shuffle(rest)
        positions = [*seeds, *rest]
    else:
        random.Random(check_seed(seed)).shuffle(positions)
    n = len(positions)
    return [positions[p - 1] if p <= n else None for p in standard_order(size)]


def first_round_pairs(lines: Sequence) -> list[tuple]:
    """Chart lines two by two: the first-round games, top to bottom."""
    if len(lines) % 2:
        raise ValueError("A chart has an even number of lines.")
    return [(lines[i], lines[i + 1]) for i in range(0, len(lines), 2)]
