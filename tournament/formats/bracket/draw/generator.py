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
           "parse_seed", "standard_order"]

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


def draw_lines(team_ids: Sequence[Hashable], seed: int) -> list[Hashable | None]:
    """Chart lines top to bottom: a team id, or None for a bye."""
    if len(set(team_ids)) != len(team_ids):
        raise ValueError("Each team can be drawn only once.")
    size = bracket_size(len(team_ids))
    positions = list(team_ids)
    random.Random(check_seed(seed)).shuffle(positions)
    n = len(positions)
    return [positions[p - 1] if p <= n else None for p in standard_order(size)]


def first_round_pairs(lines: Sequence) -> list[tuple]:
    """Chart lines two by two: the first-round games, top to bottom."""
    if len(lines) % 2:
        raise ValueError("A chart has an even number of lines.")
    return [(lines[i], lines[i + 1]) for i in range(0, len(lines), 2)]
