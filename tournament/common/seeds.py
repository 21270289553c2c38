"""Draw numbers (seeds): what every draw by lot is reproduced from — a bracket's lines, a partner
draw, a table seating. Pure Python, no Django: a person reads one out, types it back, and the same
draw comes out."""

from __future__ import annotations

import secrets

MAX_SEED = 10**18 - 1  # fits a BigIntegerField and can still be read out loud
SHOWN_SEED = 24  # how much of a refused seed a message repeats


class SeedError(ValueError):
    """A draw number that is not one; `code` and `params` let the pages say it in their language."""

    def __init__(self, code: str, message: str, **params):
        super().__init__(message)
        self.code, self.params = code, params


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
