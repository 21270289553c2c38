"""What the decks hold, derived from a preset's numbers: card values for score sheets, the cheapest
possible book of each kind, and the deck caps that bound a hand entry.

Everything here is computed from the (possibly overridden) numbers rather than written down, so a
club that changes a card value or the number of decks gets consistent checks for free."""

from __future__ import annotations

from dataclasses import dataclass
from math import gcd

from .presets import Preset, numbers_or_raise

# Ranks that can be melded as naturals, low to high (aces high; 3s are never melded, A2; 2s are wild).
NATURAL_RANKS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = 4
THREES_PER_COLOUR = 2  # per deck: two red 3s, two black 3s

# (label on the score sheet, ranks, number holding their value) for each family of card games.
RANK_GROUPS: dict[str, tuple[tuple[str, tuple[str, ...], str], ...]] = {
    "baja": (("4–7", NATURAL_RANKS[0:4], "card_4_to_7"), ("8–K", NATURAL_RANKS[4:10], "card_8_to_king"),
             ("A", ("A",), "card_ace")),
    "club": (("4–9", NATURAL_RANKS[0:6], "card_4_to_9"), ("10–K", NATURAL_RANKS[6:10], "card_10_to_king"),
             ("A", ("A",), "card_ace")),
}
RANK_GROUPS["fiji"] = RANK_GROUPS["baja"]


def rank_values(preset: Preset, numbers: dict[str, int]) -> dict[str, int]:
    return {rank: numbers[name] for _, ranks, name in RANK_GROUPS[preset.family] for rank in ranks}


def jokers_are_wild(preset: Preset) -> bool:
    # Fiji jokers are cannibals: never wild, never positive (sheet 002).
    return preset.family != "fiji"


@dataclass(frozen=True)
class Deck:
    """Everything in play at one table, for the caps on a hand entry."""

    decks: int
    twos: int
    jokers: int
    red_threes: int
    black_threes: int
    naturals: int  # cards a red book or run can use
    wilds: int
    card_points: int  # all positive card points together


def deck_count(preset: Preset, numbers: dict[str, int], sides: int) -> int:
    if "decks" in numbers:
        return numbers["decks"]
    # Fiji scales the decks to the players: 2 per player + 1 (9 decks for 4 players).
    players = sides * numbers["players_per_side"]
    return numbers["decks_per_player"] * players + numbers["extra_decks"]


def deck(preset: Preset, numbers: dict[str, int], sides: int) -> Deck:
    n = deck_count(preset, numbers, sides)
    values = rank_values(preset, numbers)
    twos = SUITS * n
    jokers = numbers["jokers_per_deck"] * n
    naturals = SUITS * len(NATURAL_RANKS) * n
    wilds = twos + (jokers if jokers_are_wild(preset) else 0)
    per_deck = SUITS * (sum(values.values()) + numbers["card_two"])
    if jokers_are_wild(preset):
        per_deck += numbers["jokers_per_deck"] * numbers["card_joker"]
    return Deck(
        decks=n, twos=twos, jokers=jokers, red_threes=THREES_PER_COLOUR * n, black_threes=THREES_PER_COLOUR * n,
        naturals=naturals, wilds=wilds, card_points=per_deck * n,
    )


def cheapest_books(preset: Preset, numbers: dict[str, int]) -> dict[str, int]:
    """Fewest card points a closed book of each kind can hold, keyed by the side field that counts it.

    Baja: red 7 × 5 = 35; black 6 × 5 + one 2 = 50; run 4–10 = 4 × 5 + 3 × 10 = 50; twos 7 × 20 = 140.
    Fiji (2s are 50, jokers never count): red 35, black 6 × 5 + 50 = 80, run 50, twos 350.
    Club (4–9 are 5, no runs or books of twos): red 35, black 50.
    """
    size = numbers["book_cards"]
    values = rank_values(preset, numbers)
    natural = min(values.values())
    wild = min(numbers["card_two"], numbers["card_joker"]) if jokers_are_wild(preset) else numbers["card_two"]
    ranks = [values[r] for r in NATURAL_RANKS]
    return {
        "red_books": size * natural,
        "black_books": min((size - w) * natural + w * wild for w in range(1, numbers["black_book_max_wild"] + 1)),
        "runs": min(sum(ranks[i:i + size]) for i in range(len(ranks) - size + 1)),
        "books_of_twos": size * numbers["card_two"],
    }


def point_step(preset: Preset, numbers: dict[str, int]) -> int:
    """Every point figure is a whole multiple of this (5 with the sheets' card values)."""
    if preset.family == "rummikub":
        return 1
    values = list(rank_values(preset, numbers).values()) + [numbers["card_two"]]
    if jokers_are_wild(preset):
        values.append(numbers["card_joker"])
    return gcd(*values) or 1


def score_step(preset: Preset, numbers: dict[str, int]) -> int:
    """Every hand score, and so every total, is a whole multiple of this."""
    if preset.family == "rummikub":
        return 1
    scoring = [v for k, v in numbers.items() if k.endswith(("_book", "_penalty", "_deal")) or k in {
        "run", "book_of_twos", "going_out"}]
    return gcd(point_step(preset, numbers), *scoring) or 1


def card_values(variant: str, settings: dict | None = None) -> list[tuple[str, int]]:
    """Card points, penalties (negative) and bonuses, in the order a printed score sheet lists them."""
    preset, numbers = numbers_or_raise(variant, settings)
    if preset.family == "rummikub":
        # Numbered tiles count their face value, which no single number can show.
        return [("Joker left on rack", -numbers["joker_on_rack"])]
    rows = [(label, numbers[name]) for label, _, name in RANK_GROUPS[preset.family]]
    rows.append(("2", numbers["card_two"]))
    rows.append(("Joker", numbers["card_joker"] if jokers_are_wild(preset) else -numbers["joker_penalty"]))
    if "left_black_threes" in preset.side_fields:
        rows.append(("Black 3", -numbers["black_three_penalty"]))
    rows.append(("Red 3", -numbers["red_three_penalty"]))
    rows += [("Red book", numbers["red_book"]), ("Black book", numbers["black_book"])]
    if "runs" in preset.side_fields:
        rows.append(("Run", numbers["run"]))
    if "books_of_twos" in preset.side_fields:
        rows.append(("Book of twos", numbers["book_of_twos"]))
    rows.append(("Going out", numbers["going_out"]))
    if "exact_deals" in preset.side_fields:
        rows.append(("Exact deal (per player)", numbers["exact_deal"]))
    return rows
