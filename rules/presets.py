"""Every variant of ../shared/RULES.md as data: named numbers, each with its meaning and, where the
number rests on a decision RULES.md had to make (the sheets are silent or disagree), that decision's
tag so the UI can flag it. A tournament freezes `preset_numbers(...)` at creation; its overrides
("settings") use the same names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Mapping

from .errors import InvalidSettings, Problem, UnknownVariant, show

Family = Literal["baja", "fiji", "club", "rummikub"]
MeldRule = Literal["by_total", "by_hand", "fixed"]
GameEnd = Literal["target", "hands", "target_or_rounds"]

# No sane setting comes near this; it keeps absurd overrides from reaching the arithmetic.
MAX_SETTING = 1_000_000_000


@dataclass(frozen=True)
class Number:
    value: int
    meaning: str
    tag: str | None = None  # RULES.md decision behind the number (A1, B1, C5 ...), None if on the sheet


@dataclass(frozen=True)
class Preset:
    name: str
    title: str
    sheet: str  # which file of ../shared/seeds/ it comes from
    family: Family
    side_fields: tuple[str, ...]
    numbers: Mapping[str, Number]
    meld_rule: MeldRule
    game_end: GameEnd
    # Cutthroat only: a book of twos may stand in for the red book needed to go out (sheet 001).
    twos_replace_red_to_go_out: bool = False

    @property
    def counts_hands(self) -> bool:
        """Whether the hand number changes the outcome (meld by hand, fixed number of hands/rounds)."""
        return self.meld_rule == "by_hand" or self.game_end != "target"


BAJA_FIELDS = (
    "red_books", "black_books", "runs", "books_of_twos", "went_out",
    "melded_points", "left_points", "left_red_threes", "left_black_threes",
)
FIJI_FIELDS = BAJA_FIELDS + ("jokers_charged",)
# Club 4-deck has no runs and no books of twos; black 3s are worth 0 there, so nobody counts them.
CLUB_FIELDS = (
    "red_books", "black_books", "went_out", "exact_deals",
    "melded_points", "left_points", "left_red_threes",
)
RUMMIKUB_FIELDS = ("went_out", "rack_points", "rack_jokers")


# Meldboard S1 (docs/RULES-DECISIONS.md): what a seat absent from a hand loses, a house rule of every variant.
ABSENT = {"absent_penalty": Number(0, "subtracted from an absent seat for each hand it misses (0: it scores 0)", "S1")}


def _baja_cards(tag: str | None) -> dict[str, Number]:
    """Card points and bonuses shared by both Baja presets (cutthroat borrows them, B1)."""
    return {
        "card_4_to_7": Number(5, "points for each 4, 5, 6 or 7", tag),
        "card_8_to_king": Number(10, "points for each 8, 9, 10, J, Q or K", tag),
        "card_ace": Number(20, "points for each ace", tag),
        "card_two": Number(20, "points for each 2 (wild; a book of twos holds 2s only, A3)", tag),
        "card_joker": Number(50, "points for each joker (wild)", tag),
        "black_three_penalty": Number(300, "subtracted for each black 3 left in hand or feet", tag),
        "red_three_penalty": Number(500, "subtracted for each red 3 left in hand or feet", tag),
        "red_book": Number(500, "bonus per red book (7+ of a rank, no wild cards)", tag),
        "black_book": Number(300, "bonus per black book (7+ of a rank, 1 to black_book_max_wild wild)", tag),
        "run": Number(1500, "bonus per run (exactly 7 cards of one suit in sequence, no wild cards)", tag),
        "going_out": Number(200, "bonus for the side that went out (none if nobody did, A8)", tag),
    }


def _bands(tag_first: str | None, tag: str | None, *pairs: tuple[int, int], top: int) -> dict[str, Number]:
    """Initial-meld bands by the side's cumulative score before the hand."""
    numbers: dict[str, Number] = {}
    low = None
    for i, (upto, meld) in enumerate(pairs, start=1):
        where = f"up to {upto:,}" if low is None else f"{low + 1:,} to {upto:,}"
        extra = " (negative totals included)" if low is None else ""
        numbers[f"meld_{i}_max"] = Number(upto, f"highest total of meld band {i}{extra}", tag_first if i == 1 else tag)
        numbers[f"meld_{i}"] = Number(meld, f"initial meld needed with a total {where}", tag)
        low = upto
    numbers["meld_top"] = Number(top, f"initial meld needed with a total above {low:,}", tag)
    return numbers


BAJA_PARTNERS = Preset(
    name="baja-partners",
    title="Baja Rummy, partners (Bayfest 2018)",
    sheet="000",
    family="baja",
    side_fields=BAJA_FIELDS,
    meld_rule="by_total",
    game_end="target",
    numbers={
        "decks": Number(8, "standard decks shuffled together", "A1"),
        "jokers_per_deck": Number(2, "jokers in each deck (8 decks = 432 cards)", "A1"),
        "min_sides": Number(2, "fewest sides at a table"),
        "max_sides": Number(2, "most sides at a table"),
        "players_per_side": Number(2, "players in a side (partners)"),
        "book_cards": Number(7, "cards in a book at least, and in a run exactly"),
        "black_book_max_wild": Number(2, "most wild cards in a black book"),
        **_baja_cards(None),
        "book_of_twos": Number(2000, "bonus per book of twos (not a red book)"),
        "out_red_books": Number(1, "red books a side needs to go out"),
        "out_black_books": Number(1, "black books a side needs to go out"),
        "out_runs": Number(1, "runs a side needs to go out"),
        "out_books_of_twos": Number(1, "books of twos a side needs to go out"),
        **_bands("A4", None, (5000, 50), (10000, 90), (15000, 120), top=150),
        "target": Number(20000, "a side at or above this total ends the game; highest total wins", "A6"),
        "time_limit_minutes": Number(150, "game time limit; then the highest total over completed hands wins", "A7"),
        **ABSENT,
    },
)

BAJA_CUTTHROAT = Preset(
    name="baja-cutthroat",
    title="Baja Rummy, cutthroat (sheet 001, numbers from Bayfest)",
    sheet="001",
    family="baja",
    side_fields=BAJA_FIELDS,
    meld_rule="by_total",
    game_end="target",
    twos_replace_red_to_go_out=True,
    numbers={
        "decks": Number(8, "standard decks shuffled together", "B1"),
        "jokers_per_deck": Number(2, "jokers in each deck", "B1"),
        "min_sides": Number(3, "fewest players at a table (each a side)"),
        "max_sides": Number(4, "most players at a table (each a side)"),
        "players_per_side": Number(1, "players in a side (individuals)"),
        "book_cards": Number(7, "cards in a book or run (exactly 7 in cutthroat)"),
        "black_book_max_wild": Number(2, "most wild cards in a black book"),
        **_baja_cards("B1"),
        "book_of_twos": Number(2000, "bonus per book of twos (also stands in for the red book to go out)", "B2"),
        "out_red_books": Number(1, "red books needed to go out (a book of twos may stand in)"),
        "out_black_books": Number(1, "black books needed to go out"),
        "out_runs": Number(1, "runs needed to go out"),
        "out_books_of_twos": Number(0, "books of twos needed to go out (optional in cutthroat)"),
        **_bands("B1", "B1", (2500, 50), (5000, 90), (7500, 120), top=150),
        "target": Number(10000, "a player at or above this total ends the game; highest total wins", "B3"),
        **ABSENT,
    },
)


def _fiji(name: str, team: bool) -> Preset:
    who = "team" if team else "player"
    return Preset(
        name=name,
        title=f"Fiji Rummy, {'teams' if team else 'individuals'} (sheet 002)",
        sheet="002",
        family="fiji",
        side_fields=FIJI_FIELDS,
        meld_rule="by_total",
        game_end="target",
        numbers={
            "decks_per_player": Number(2, "decks per player (plus extra_decks)"),
            "extra_decks": Number(1, "decks added for the pot (9 decks for 4 players)"),
            "jokers_per_deck": Number(2, "jokers (cannibals) in each deck"),
            "min_sides": Number(2, f"fewest {who}s at a table"),
            "max_sides": Number(3 if team else 6, f"most {who}s at a table"),
            "players_per_side": Number(2 if team else 1, "players in a side"),
            "book_cards": Number(7, "cards in a book at least, and in a run (straight) exactly", "C1"),
            "black_book_max_wild": Number(2, "most wild cards (2s) in a black book"),
            "card_4_to_7": Number(5, "points for each 4, 5, 6 or 7"),
            "card_8_to_king": Number(10, "points for each 8, 9, 10, J, Q or K"),
            "card_ace": Number(20, "points for each ace"),
            "card_two": Number(50, "points for each 2 (the only wild cards)"),
            "black_three_penalty": Number(300, "subtracted for each black 3 left in hand or feet"),
            "red_three_penalty": Number(500, "subtracted for each red 3 left in hand or feet"),
            "joker_penalty": Number(
                500, "subtracted for each joker charged: in hand, unplayed feet, own incomplete books, banked discards", "C5"
            ),
            "red_book": Number(500, "bonus per red book (pure)"),
            "black_book": Number(300, "bonus per black book (impure, at most 2 wild)"),
            "run": Number(1500, "bonus per run (straight)"),
            "book_of_twos": Number(
                5000 if team else 10000, f"bonus per book of twos (coup) for {'a team' if team else 'an individual'}"
            ),
            "going_out": Number(200, "bonus for going out first"),
            "out_red_books": Number(2, "red books needed to go out"),
            "out_black_books": Number(2, "black books needed to go out"),
            "out_runs": Number(2 if team else 1, "runs needed to go out"),
            "out_books_of_twos": Number(0, "books of twos needed to go out (a coup is never required)", "C2"),
            **_bands(
                "C6", None, (2500, 60), (5000, 90), (7500, 120), (10000, 150), (12500, 180), top=200
            ),
            "target": Number(15000, f"a {who} at or above this total (exactly counts) ends the game; highest wins", "C3"),
            **ABSENT,
        },
    )


FIJI_INDIVIDUAL = _fiji("fiji-individual", team=False)
FIJI_TEAM = _fiji("fiji-team", team=True)

CLUB_4DECK = Preset(
    name="club-4deck",
    title="Club 4-deck partners game (sheet 003)",
    sheet="003",
    family="club",
    side_fields=CLUB_FIELDS,
    meld_rule="by_hand",
    game_end="hands",
    numbers={
        "decks": Number(4, "standard decks shuffled together (216 cards)"),
        "jokers_per_deck": Number(2, "jokers in each deck"),
        "min_sides": Number(2, "fewest partnerships at a table"),
        "max_sides": Number(2, "most partnerships at a table"),
        "players_per_side": Number(2, "players in a side (partners drawn by lot)"),
        "book_cards": Number(7, "cards in a book"),
        "black_book_max_wild": Number(3, "most wild cards in a black book (at least 4 natural)"),
        "card_4_to_9": Number(5, "points for each 4 to 9"),
        "card_10_to_king": Number(10, "points for each 10, J, Q or K"),
        "card_ace": Number(20, "points for each ace"),
        "card_two": Number(20, "points for each 2 (wild)"),
        "card_joker": Number(50, "points for each joker (wild)"),
        "black_three_penalty": Number(0, "black 3s are worth nothing"),
        "red_three_penalty": Number(500, "subtracted for each red 3 in hand or unplayed foot", "D1"),
        "red_book": Number(500, "bonus per red book"),
        "black_book": Number(300, "bonus per black book"),
        "going_out": Number(100, "bonus for the side that went out"),
        "exact_deal": Number(100, "bonus per player who picked up exactly the cards needed, to the side", "D2"),
        "out_red_books": Number(2, "red books needed to go out"),
        "out_black_books": Number(2, "black books needed to go out"),
        "hand_1_meld": Number(90, "initial meld needed in hand 1"),
        "hand_2_meld": Number(120, "initial meld needed in hand 2"),
        "hand_3_meld": Number(150, "initial meld needed in hand 3 (and any later hand)"),
        "hands": Number(3, "hands in a game; a shared top total after them goes to a play-off", "D4"),
        "time_limit_minutes": Number(105, "game time limit; only completed hands count", "D3"),
        "first_table_bonus": Number(400, "event extra per team at the first table to finish (standings, not a hand)", "D4"),
        **ABSENT,
    },
)

RUMMIKUB = Preset(
    name="rummikub",
    title="Rummikub / Rummy Q (sheet 004)",
    sheet="004",
    family="rummikub",
    side_fields=RUMMIKUB_FIELDS,
    meld_rule="fixed",
    game_end="target_or_rounds",
    numbers={
        "tile_sets": Number(2, "copies of each numbered tile"),
        "tile_colours": Number(4, "colours of numbered tiles"),
        "tile_max": Number(13, "highest tile number (tiles run 1 to tile_max)"),
        "jokers": Number(2, "jokers in the game (106 tiles in all)"),
        "rack_tiles": Number(14, "tiles dealt to each player"),
        "min_sides": Number(2, "fewest players"),
        "max_sides": Number(4, "most players"),
        "initial_meld": Number(30, "points the first play must hold, from the player's own rack"),
        "joker_on_rack": Number(30, "a joker left on a rack counts this many points", "E1"),
        "target": Number(150, "the round in which someone reaches this total ends the game (0 = no target)", "E2"),
        "rounds": Number(0, "rounds in a game (0 = play to the target)", "E2"),
        **ABSENT,
    },
)

PRESETS: dict[str, Preset] = {
    p.name: p for p in (BAJA_PARTNERS, BAJA_CUTTHROAT, FIJI_INDIVIDUAL, FIJI_TEAM, CLUB_4DECK, RUMMIKUB)
}
PRESET_NAMES: tuple[str, ...] = tuple(PRESETS)


def get_preset(variant: object) -> Preset:
    if not isinstance(variant, str) or variant not in PRESETS:
        raise UnknownVariant(variant, PRESET_NAMES)
    return PRESETS[variant]


def resolve_numbers(preset: Preset, settings: object) -> tuple[dict[str, int], list[Problem]]:
    """The preset's numbers with valid overrides applied, and every problem with the overrides.

    Bad overrides are left out rather than half-applied, so callers that go on to report other
    problems still reason with sensible numbers.
    """
    numbers = {name: n.value for name, n in preset.numbers.items()}
    if settings is None:
        return numbers, []
    if not isinstance(settings, dict):
        return numbers, [Problem(None, "settings", f"settings must be an object of preset numbers, got {show(settings)}",
                                 "settings-not-object", {"value": show(settings)})]
    problems: list[Problem] = []
    for key, value in settings.items():
        field = f"settings.{key}" if isinstance(key, str) else "settings"
        if key not in preset.numbers:
            problems.append(Problem(None, field, f"settings: {show(key)} is not a number of {preset.name}",
                                    "setting-unknown", {"key": show(key), "variant": preset.name}))
        elif isinstance(value, bool) or not isinstance(value, int):
            problems.append(Problem(None, field, f"settings: {key} must be a whole number, got {show(value)}",
                                    "setting-not-whole", {"key": key, "value": show(value)}))
        elif not 0 <= value <= MAX_SETTING:
            problems.append(Problem(None, field, f"settings: {key} must be between 0 and {MAX_SETTING:,}, got {show(value)}",
                                    "setting-out-of-range", {"key": key, "most": MAX_SETTING, "value": show(value)}))
        else:
            numbers[key] = value
    problems += _consistency(preset, numbers)
    if problems:
        # A half-valid set of numbers could divide by zero or loop; fall back to the preset itself.
        return {name: n.value for name, n in preset.numbers.items()}, problems
    return numbers, []


def _consistency(preset: Preset, numbers: dict[str, int]) -> list[Problem]:
    problems: list[Problem] = []

    def need(ok: bool, field: str, message: str, code: str) -> None:
        if not ok:
            problems.append(Problem(None, f"settings.{field}", f"settings: {message}", code))

    need(2 <= numbers["min_sides"] <= numbers["max_sides"], "min_sides",
         "min_sides must be at least 2 and at most max_sides", "settings-min-sides")
    need(numbers["max_sides"] <= 12, "max_sides", "max_sides must be at most 12", "settings-max-sides")
    if "book_cards" in numbers:
        # A run is book_cards consecutive ranks among 4..A, so it cannot be longer than 11.
        need(3 <= numbers["book_cards"] <= 11, "book_cards", "book_cards must be between 3 and 11", "settings-book-cards")
        need(1 <= numbers["black_book_max_wild"] < numbers["book_cards"], "black_book_max_wild",
             "black_book_max_wild must be at least 1 and fewer than book_cards", "settings-black-book-max-wild")
        need(numbers["players_per_side"] >= 1, "players_per_side", "players_per_side must be at least 1",
             "settings-players-per-side")
    if "decks" in numbers:
        need(1 <= numbers["decks"] <= 100, "decks", "decks must be between 1 and 100", "settings-decks")
    if "decks_per_player" in numbers:
        need(numbers["decks_per_player"] + numbers["extra_decks"] >= 1, "decks_per_player", "the game needs at least one deck",
             "settings-no-decks")
        need(numbers["decks_per_player"] <= 10 and numbers["extra_decks"] <= 10, "decks_per_player",
             "decks_per_player and extra_decks must be at most 10", "settings-too-many-decks")
    maxima = [numbers[f"meld_{i}_max"] for i in range(1, 20) if f"meld_{i}_max" in numbers]
    need(all(a < b for a, b in zip(maxima, maxima[1:])), "meld_1_max", "meld band maxima must rise from band to band",
         "settings-meld-bands")
    if "hands" in numbers:
        need(numbers["hands"] >= 1, "hands", "hands must be at least 1", "settings-hands")
    if preset.family == "rummikub":
        need(numbers["target"] > 0 or numbers["rounds"] > 0, "target", "set a target or a number of rounds",
             "settings-target-or-rounds")
        need(numbers["tile_max"] >= 1 and numbers["tile_colours"] >= 1 and numbers["tile_sets"] >= 1, "tile_max",
             "the game needs tiles: tile_max, tile_colours and tile_sets must be at least 1", "settings-no-tiles")
        need(numbers["tile_max"] <= 100 and numbers["tile_colours"] <= 20 and numbers["tile_sets"] <= 20, "tile_max",
             "tile_max must be at most 100, tile_colours and tile_sets at most 20", "settings-too-many-tiles")
    return problems


def numbers_or_raise(variant: object, settings: object) -> tuple[Preset, dict[str, int]]:
    preset = get_preset(variant)
    numbers, problems = resolve_numbers(preset, settings)
    if problems:
        raise InvalidSettings(problems)
    return preset, numbers


def preset_numbers(variant: str, overrides: dict | None = None) -> dict[str, int]:
    """The numbers to freeze on a tournament: the preset with the organizer's overrides on top."""
    return numbers_or_raise(variant, overrides)[1]


def side_fields(variant: str) -> list[str]:
    """The per-side input fields this variant uses, in score-sheet order."""
    return list(get_preset(variant).side_fields)
