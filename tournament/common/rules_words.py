"""A tournament's rules numbers (rules/presets.py names) in a club secretary's words, grouped as
the house-rules page and the printed rules summary show them.

rules/ names its numbers in English for its JSON; these are the labels people read, translated.
Numbers that decide the cards and the tables (decks, sides) are fixed once the tournament is made:
the draw and the score sheets are built on them, so only `EDITABLE` groups take a house rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop

from tournament.common.numbers import points_text

# The minutes of the game clock: a Tournament field (game_time_limit), shown among the numbers.
TIME_LIMIT = "time_limit_minutes"

GROUPS: tuple[tuple[str, str], ...] = (
    ("melds", gettext_noop("Initial melds")),
    ("cards", gettext_noop("Card values")),
    ("bonuses", gettext_noop("Bonuses")),
    ("going_out", gettext_noop("Going out")),
    ("length", gettext_noop("Length of a game")),
    ("people", gettext_noop("People at a table")),
    ("fixed", gettext_noop("Cards and tables")),
)
EDITABLE = frozenset({"melds", "cards", "bonuses", "going_out", "length", "people"})
# Numbers that only mean something where one seat can be absent while its table plays on (table rounds).
ABSENT_SEAT = "absent_penalty"

LABELS: dict[str, str] = {
    "card_4_to_7": gettext_noop("Each 4, 5, 6 or 7"),
    "card_8_to_king": gettext_noop("Each 8 to K"),
    "card_4_to_9": gettext_noop("Each 4 to 9"),
    "card_10_to_king": gettext_noop("Each 10 to K"),
    "card_ace": gettext_noop("Each ace"),
    "card_two": gettext_noop("Each 2"),
    "card_joker": gettext_noop("Each joker"),
    "black_three_penalty": gettext_noop("Each black 3 left (subtracted)"),
    "red_three_penalty": gettext_noop("Each red 3 left (subtracted)"),
    "joker_penalty": gettext_noop("Each joker charged (subtracted)"),
    "joker_on_rack": gettext_noop("A joker left on a rack counts"),
    "red_book": gettext_noop("Red book"),
    "black_book": gettext_noop("Black book"),
    "run": gettext_noop("Run"),
    "book_of_twos": gettext_noop("Book of twos"),
    "going_out": gettext_noop("Going out"),
    "exact_deal": gettext_noop("Exact deal (per player)"),
    "first_table_bonus": gettext_noop("First table to finish (per team, in the standings)"),
    "out_red_books": gettext_noop("Red books needed to go out"),
    "out_black_books": gettext_noop("Black books needed to go out"),
    "out_runs": gettext_noop("Runs needed to go out"),
    "out_books_of_twos": gettext_noop("Books of twos needed to go out"),
    "initial_meld": gettext_noop("Initial meld"),
    ABSENT_SEAT: gettext_noop("An absent seat, each hand it misses (subtracted; 0 = it scores 0)"),
    "target": gettext_noop("Target score (the game ends when a side reaches it)"),
    "hands": gettext_noop("Hands per game"),
    "rounds": gettext_noop("Rounds per game (0 = play to the target)"),
    TIME_LIMIT: gettext_noop("Time limit (minutes)"),
    "decks": gettext_noop("Decks"),
    "jokers_per_deck": gettext_noop("Jokers in each deck"),
    "decks_per_player": gettext_noop("Decks per player"),
    "extra_decks": gettext_noop("Extra decks"),
    "min_sides": gettext_noop("Fewest sides at a table"),
    "max_sides": gettext_noop("Most sides at a table"),
    "players_per_side": gettext_noop("Players in a side"),
    "book_cards": gettext_noop("Cards in a book"),
    "black_book_max_wild": gettext_noop("Most wild cards in a black book"),
    "tile_sets": gettext_noop("Copies of each tile"),
    "tile_colours": gettext_noop("Tile colours"),
    "tile_max": gettext_noop("Highest tile number"),
    "jokers": gettext_noop("Jokers"),
    "rack_tiles": gettext_noop("Tiles dealt to each player"),
}
# Said with a number in them, so not in LABELS.
gettext_noop("Initial meld in hand %(number)s")
gettext_noop("Initial meld with a total up to %(high)s")
gettext_noop("Initial meld with a total from %(low)s to %(high)s")
gettext_noop("Initial meld with a total above %(low)s")
gettext_noop("Meld band %(number)s ends at a total of")


@dataclass(frozen=True)
class Line:
    key: str
    label: str  # in the active language
    group: str


def group_of(key: str) -> str:
    if key == ABSENT_SEAT:
        return "people"
    if key.startswith("meld_") or key.endswith("_meld"):
        return "melds"
    if key.startswith("card_") or key.endswith("_penalty") or key == "joker_on_rack":
        return "cards"
    if key.startswith("out_"):
        return "going_out"
    if key in ("target", "hands", "rounds", TIME_LIMIT):
        return "length"
    if key in ("red_book", "black_book", "run", "book_of_twos", "going_out", "exact_deal", "first_table_bonus"):
        return "bonuses"
    return "fixed"


def label(key: str, numbers: dict[str, int]) -> str:
    """`key`'s label in the active language; meld bands say the totals they cover."""
    if key in LABELS:
        return gettext(LABELS[key])
    if key.startswith("hand_") and key.endswith("_meld"):
        return gettext("Initial meld in hand %(number)s") % {"number": key.split("_")[1]}
    if key.startswith("meld_") and key.endswith("_max"):
        return gettext("Meld band %(number)s ends at a total of") % {"number": key.split("_")[1]}
    if key == "meld_top":
        highest = max(v for k, v in numbers.items() if k.startswith("meld_") and k.endswith("_max"))
        return gettext("Initial meld with a total above %(low)s") % {"low": points_text(highest)}
    if key.startswith("meld_"):
        band = int(key.split("_")[1])
        high = numbers.get(f"meld_{band}_max")
        if band == 1:
            return gettext("Initial meld with a total up to %(high)s") % {"high": points_text(high)}
        low = numbers.get(f"meld_{band - 1}_max", 0) + 1
        return gettext("Initial meld with a total from %(low)s to %(high)s") % {
            "low": points_text(low), "high": points_text(high)}
    return key


def lines(numbers: dict[str, int]) -> list[Line]:
    """Every number of `numbers`, in the preset's order, labelled and grouped."""
    return [Line(key, label(key, numbers), group_of(key)) for key in numbers]


def group_titles() -> list[tuple[str, str]]:
    return [(key, gettext(title)) for key, title in GROUPS]
