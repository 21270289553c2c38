"""Form data and engine values for Baja hands in tests (RULES.md §8 worked examples)."""

from __future__ import annotations

import uuid

FORM_NAMES = {
    "red": "red_books", "black": "black_books", "runs": "runs", "twos": "books_of_twos",
    "melded": "melded_points", "left": "left_points", "red3": "left_red_threes", "black3": "left_black_threes",
}
# W1 and W2 of RULES.md §8: 5,690 (went out) and 935.
W1 = {"red": 2, "black": 1, "runs": 1, "twos": 1, "melded": 1235, "left": 45, "red3": 1}
W2 = {"red": 1, "black": 2, "melded": 780, "left": 145, "red3": 1, "black3": 1}
BIG = {"red": 4, "black": 4, "runs": 3, "twos": 1, "melded": 2200, "left": 0}  # 2,000+1,200+4,500+2,000+2,200 (+200 out)


def values(**side) -> dict:
    """Engine values for one side (every Baja field), from the short names above."""
    entry = {name: 0 for name in FORM_NAMES.values()}
    entry["went_out"] = bool(side.pop("out", False))
    for short, value in side.items():
        entry[FORM_NAMES[short]] = value
    return entry


def form(number: int, sides: list[dict], *, out: str = "nobody", entered_by: str = "1", key: str | None = None,
         **extra) -> dict:
    """POST data of the hand form: sides[i] fills slot i+1 (short names); out is a slot or "nobody"."""
    data = {"number": str(number), "key": key or uuid.uuid4().hex, "went_out": out, **extra}
    if entered_by:
        data["entered_by"] = entered_by
    for slot, side in enumerate(sides, start=1):
        for name in FORM_NAMES.values():
            data[f"s{slot}_{name}"] = "0"
        for short, value in side.items():
            data[f"s{slot}_{FORM_NAMES[short]}"] = str(value)
    return data
