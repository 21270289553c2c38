"""The draw, as a pure function: teams + seed → bracket chart lines. No Django here.

Teams are shuffled with the seed into draw positions 1..N. The bracket is the next power of two;
positions N+1..size are empty, so the teams in positions 1..(size−N) have a bye. Chart lines follow
the standard order (1 v size, then the halves interleaved), which keeps byes apart and spreads them
evenly over the chart. The same teams in the same order with the same seed give the same draw, so a
published draw can be checked by anyone who has its seed.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Hashable, Sequence

MAX_SEED = 10**18 - 1  # fits a BigIntegerField and can still be read out loud
SHOWN_SEED = 24  # how much of a refused seed a message repeats


class SeedError(ValueError):
    """A draw number that is not one; `code` and `params` let the pages say it in their language."""

    def __init__(self, code: str, message: str, **params):
        super().__init__(message)
        self.code, self.params = code, params


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


def check_seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SeedError("not_whole", f"The draw number must be a whole number, not {seed!r}.", seed=repr(seed))
    if seed < 0 or seed > MAX_SEED:
        raise SeedError("out_of_range", f"The draw number must be a whole number from 0 to {MAX_SEED:,}; {seed} is not.",
                        seed=seed, largest=MAX_SEED)
    return seed


def parse_seed(text: str | int | None) -> int:
    """A seed typed by a person: digits only (spaces, commas and underscores are ignored)."""
    if isinstance(text, int) and not isinstance(text, bool):
        return check_seed(text)
    raw = (text or "").strip()
    cleaned = raw.replace(",", "").replace("_", "").replace(" ", "")
    if not cleaned:
        raise SeedError("empty", "Type a draw number (a whole number) or leave the box empty for a new one by lot.")
    if cleaned.startswith("-") and cleaned[1:].isdigit():
        raise SeedError("negative", f"The draw number must not be negative: “{_shown(raw)}”.", seed=_shown(raw))
    if not cleaned.isascii() or not cleaned.isdigit():
        raise SeedError("not_number", f"The draw number must be a whole number such as 48213; “{_shown(raw)}” is not.",
                        seed=_shown(raw))
    if len(cleaned.lstrip("0")) > len(str(MAX_SEED)):  # before int(), which refuses past 4,300 digits with its own error
        raise SeedError("out_of_range", f"The draw number must be a whole number from 0 to {MAX_SEED:,}; {_shown(raw)} is not.",
                        seed=_shown(raw), largest=MAX_SEED)
    return check_seed(int(cleaned.lstrip("0") or "0"))


def _shown(text: str) -> str:
    """A refused seed as a message repeats it: cut short if it is long."""
    return text if len(text) <= SHOWN_SEED else text[:SHOWN_SEED] + "…"


def new_seed() -> int:
    return secrets.randbelow(10**9)
