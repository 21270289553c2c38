"""The initial meld a side needs: by its cumulative score (Baja, Fiji), by the hand number
(club 4-deck) or always the same (Rummikub)."""

from __future__ import annotations

from .presets import Preset, numbers_or_raise


def _score_bands(numbers: dict[str, int]) -> list[tuple[int | None, int]]:
    """(highest total of the band, or None for the top band; meld needed), low to high."""
    bands: list[tuple[int | None, int]] = []
    i = 1
    while f"meld_{i}_max" in numbers:
        bands.append((numbers[f"meld_{i}_max"], numbers[f"meld_{i}"]))
        i += 1
    bands.append((None, numbers["meld_top"]))
    return bands


def _hand_melds(numbers: dict[str, int]) -> list[int]:
    melds = []
    while f"hand_{len(melds) + 1}_meld" in numbers:
        melds.append(numbers[f"hand_{len(melds) + 1}_meld"])
    return melds


def next_meld(variant: str, total: int, hand_number: int, settings: dict | None = None) -> int:
    """The initial meld needed in hand `hand_number` (1-based) by a side whose total before that
    hand is `total`. Negative totals fall in the lowest band (A4, C6)."""
    preset, numbers = numbers_or_raise(variant, settings)
    return meld_for(preset, numbers, total, hand_number)


def meld_for(preset: Preset, numbers: dict[str, int], total: int, hand_number: int) -> int:
    if preset.meld_rule == "fixed":
        return numbers["initial_meld"]
    if preset.meld_rule == "by_hand":
        melds = _hand_melds(numbers)
        # A play-off hand after the last listed hand keeps the last meld.
        return melds[min(max(hand_number, 1), len(melds)) - 1]
    for highest, meld in _score_bands(numbers):
        if highest is None or total <= highest:
            return meld
    raise AssertionError("the top band has no limit")  # pragma: no cover


def meld_bands(variant: str, settings: dict | None = None) -> list[tuple[str, int]]:
    """Labelled melds for a printed score sheet, e.g. [("≤ 5,000", 50), ("5,001–10,000", 90), …]."""
    preset, numbers = numbers_or_raise(variant, settings)
    if preset.meld_rule == "fixed":
        return [("Every round", numbers["initial_meld"])]
    if preset.meld_rule == "by_hand":
        return [(f"Hand {i}", meld) for i, meld in enumerate(_hand_melds(numbers), start=1)]
    rows: list[tuple[str, int]] = []
    low: int | None = None
    for highest, meld in _score_bands(numbers):
        if highest is None:
            rows.append((f"> {low:,}", meld))
        else:
            rows.append((f"≤ {highest:,}" if low is None else f"{low + 1:,}–{highest:,}", meld))
            low = highest
    return rows
