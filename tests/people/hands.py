"""A valid hand of each variant as a table phone types it: one side goes out, the other present
sides lose a little, an absent seat is left empty (nothing of it is typed)."""

from __future__ import annotations

import rules

WINNING = {
    "club-4deck": dict(red_books=2, black_books=2, went_out=True, melded_points=400),
    "fiji-individual": dict(red_books=2, black_books=2, runs=1, went_out=True, melded_points=900),
    "fiji-team": dict(red_books=2, black_books=2, runs=2, went_out=True, melded_points=900),
    "baja-cutthroat": dict(red_books=1, black_books=1, runs=1, went_out=True, melded_points=300),
    "baja-partners": dict(red_books=1, black_books=1, runs=1, books_of_twos=1, went_out=True, melded_points=500),
}
LOSING = dict(red_books=1, melded_points=300, left_points=60)


def side_values(variant: str, *, winner: bool, absent: bool, lost: int = 60) -> dict:
    fields = [f for f in rules.side_fields(variant) if f != "went_out"]
    values = dict.fromkeys(fields, 0)
    if absent:
        return values
    if variant == "rummikub":
        return {**values, "rack_points": 0 if winner else 20}
    chosen = WINNING[variant] if winner else {**LOSING, "left_points": lost}
    return {**values, **{k: v for k, v in chosen.items() if k != "went_out"}}


def hand_form(variant: str, slots: list[int], winner: int, absent: set[int], *, lost: int = 60) -> dict:
    """The phone's form fields for a hand: `slots` of the table's sides, `winner` goes out."""
    data = {"went_out": str(winner)}
    for slot in slots:
        for field, value in side_values(variant, winner=slot == winner, absent=slot in absent, lost=lost).items():
            data[f"s{slot}_{field}"] = str(value)
    return data
