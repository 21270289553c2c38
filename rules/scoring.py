"""Hand scores, once an entry is valid. Card games score each side on its own (RULES.md §2–§5);
Rummikub scores the round as a whole, zero-sum (§6, E1/E3/E4)."""

from __future__ import annotations

from .entry import SideEntry
from .presets import Preset

# (side field, number it is multiplied by, sign): a hand score is the sum of these parts.
CARD_PARTS = (
    ("red_books", "red_book", 1),
    ("black_books", "black_book", 1),
    ("runs", "run", 1),
    ("books_of_twos", "book_of_twos", 1),
    ("went_out", "going_out", 1),
    ("exact_deals", "exact_deal", 1),
    ("melded_points", None, 1),
    ("left_points", None, -1),
    # Deductions are entered as positive amounts and subtracted once (A9).
    ("left_red_threes", "red_three_penalty", -1),
    ("left_black_threes", "black_three_penalty", -1),
    ("jokers_charged", "joker_penalty", -1),
)


def card_parts(preset: Preset, numbers: dict[str, int], side: SideEntry) -> dict[str, int]:
    """Each field's contribution to the hand score, for the fields this variant uses."""
    parts = {}
    for field, number, sign in CARD_PARTS:
        if field in preset.side_fields:
            parts[field] = sign * int(getattr(side, field)) * (numbers[number] if number else 1)
    return parts


def rack_value(numbers: dict[str, int], side: SideEntry) -> int:
    return side.rack_points + numbers["joker_on_rack"] * side.rack_jokers


def rummikub_round(numbers: dict[str, int], sides: list[SideEntry]) -> list[int]:
    """The player out scores everyone else's racks; the others lose their own (E1). With nobody out,
    the lowest rack wins what the others lose above it, shared and rounded down if tied (E4, E3)."""
    racks = [rack_value(numbers, s) for s in sides]
    winners = [i for i, s in enumerate(sides) if s.went_out]
    low = 0
    if not winners:
        low = min(racks)
        winners = [i for i, r in enumerate(racks) if r == low]
    losses = [-(r - low) for r in racks]
    share = -sum(losses) // len(winners)
    return [share if i in winners else loss for i, loss in enumerate(losses)]


def hand_scores(preset: Preset, numbers: dict[str, int], sides: list[SideEntry]) -> list[int]:
    """Each side's hand score; an absent side loses the house rule's `absent_penalty` (0 by default)
    and a Rummikub round is zero-sum among the players present (Meldboard S1)."""
    present = [side for side in sides if not side.absent]
    away = -numbers.get("absent_penalty", 0)
    if preset.family == "rummikub":
        scores = iter(rummikub_round(numbers, present) if present else [])
    else:
        scores = iter([sum(card_parts(preset, numbers, side).values()) for side in present])
    return [away if side.absent else next(scores) for side in sides]
