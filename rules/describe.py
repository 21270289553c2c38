"""What `python -m rules presets` prints: every preset, every number with its meaning and its
RULES.md tag, and what is derived from them, so a club can check every figure the engine uses."""

from __future__ import annotations

from .cards import card_values, cheapest_books, point_step
from .meld import meld_bands
from .presets import PRESETS

RULES = "../shared/RULES.md"
BOOKS = {"red_books": "a red book", "black_books": "a black book", "runs": "a run",
         "books_of_twos": "a book of twos"}


def describe_presets() -> dict:
    return {"rules": RULES, "presets": {name: describe_preset(name) for name in PRESETS}}


def describe_preset(name: str) -> dict:
    preset = PRESETS[name]
    numbers = {key: n.value for key, n in preset.numbers.items()}
    described: dict = {
        "title": preset.title,
        "sheet": preset.sheet,
        "side_fields": list(preset.side_fields),
        "numbers": {
            key: {"value": n.value, "meaning": n.meaning, "tag": n.tag} for key, n in preset.numbers.items()
        },
        "meld_bands": [list(row) for row in meld_bands(name)],
        "card_values": [list(row) for row in card_values(name)],
    }
    if preset.family != "rummikub":
        described["derived"] = {
            "point_step": {"value": point_step(preset, numbers),
                           "meaning": "melded and left points are whole multiples of this"},
            **{
                f"cheapest_{field}": {"value": value, "meaning": f"fewest card points {BOOKS[field]} can hold; a "
                                                                 "side's melded points cover at least its books"}
                for field, value in cheapest_books(preset, numbers).items() if field in preset.side_fields
            },
        }
    return described
