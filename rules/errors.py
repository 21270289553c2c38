"""What the engine reports when it refuses something."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

# Every refusal the engine can give, by a stable code a page can translate (the English message is
# the engine's own words; `params` holds the numbers and names in it). Never rename a code: the web
# pages key their translations on it.
HAND_CODES = (
    "not-a-hand", "unknown-field", "variant-missing", "unknown-variant", "hand-number-invalid",
    "hand-number-missing", "sides-missing", "sides-not-list", "side-count",
)
SIDE_CODES = (
    "side-not-object", "side-unknown-field", "name-missing", "name-invalid", "total-missing",
    "total-not-whole", "total-not-multiple", "field-missing", "not-true-or-false", "not-whole", "negative",
    "out-of-range", "not-multiple", "field-not-used", "duplicate-name", "absent-played",
)
RULE_CODES = (
    "several-went-out", "went-out-short", "went-out-with-cards-left", "melded-below-books", "rack-not-empty",
    "rack-empty", "too-many-naturals", "too-many-wilds", "too-many-card-points", "too-many-red-threes",
    "too-many-books-of-twos", "too-many-black-threes", "too-many-jokers-charged", "too-many-rack-jokers",
    "too-many-rack-points", "too-many-exact-deals",
)
SETTINGS_CODES = (
    "settings-not-object", "setting-unknown", "setting-not-whole", "setting-out-of-range",
    "settings-min-sides", "settings-max-sides", "settings-book-cards", "settings-black-book-max-wild",
    "settings-players-per-side", "settings-decks", "settings-no-decks", "settings-too-many-decks",
    "settings-meld-bands", "settings-hands", "settings-target-or-rounds", "settings-no-tiles",
    "settings-too-many-tiles",
)
COMMAND_CODES = ("invalid-json", "usage", "internal-error")
CODES: tuple[str, ...] = HAND_CODES + SIDE_CODES + RULE_CODES + SETTINGS_CODES + COMMAND_CODES


@dataclass(frozen=True)
class Problem:
    """One reason an entry is refused: which side (None for the whole hand), which field, why (in
    English), and the same as a `code` with its `params` (numbers and names) for other languages."""

    side: str | None
    field: str | None
    message: str
    code: str
    params: dict[str, object] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"unknown problem code {self.code!r}")

    def as_dict(self) -> dict[str, object]:
        return {"side": self.side, "field": self.field, "message": self.message, "code": self.code,
                "params": dict(self.params)}


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
