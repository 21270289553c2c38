"""What the engine reports when it refuses something."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One reason an entry is refused: which side (None for the whole hand), which field, why."""

    side: str | None
    field: str | None
    message: str

    def as_dict(self) -> dict[str, str | None]:
        return {"side": self.side, "field": self.field, "message": self.message}


class RulesError(ValueError):
    """Base class, so callers can catch every refusal of the Python API at once."""


class UnknownVariant(RulesError):
    """`known` names the variants there are (presets.py holds them; this module knows none)."""

    def __init__(self, variant: object, known: Iterable[str]) -> None:
        self.variant = variant
        super().__init__(f"unknown variant {show(variant)}; known variants: {', '.join(known)}")


class InvalidSettings(RulesError):
    """A tournament's overrides do not fit the preset; `problems` lists every one."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("; ".join(p.message for p in problems))


def show(value: object) -> str:
    """A short, safe rendering of any input value for an error message.

    Never recurses into containers and never converts huge ints to text: garbage input must not be
    able to make the error message itself fail (deep nesting, 5,000-digit numbers).
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"{value:,}" if value.bit_length() <= 64 else "an enormous number"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value if len(value) <= 30 else value[:30] + "…")
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    kind = type(value).__name__
    return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"


def points(value: int) -> str:
    """Numbers in messages read like the score sheet: 4,640 and -1,755."""
    return f"{value:,}"
