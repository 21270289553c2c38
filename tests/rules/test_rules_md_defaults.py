"""Every preset number RULES.md states, read from RULES.md itself and checked against rules/presets.py:
a change to either without the other fails here, naming the section and the number."""

import re
from pathlib import Path

import pytest

import rules

RULES_MD = Path(__file__).resolve().parents[3] / "shared" / "RULES.md"
NUMBER = r"(−?[\d,]+)"


def section(number: int) -> str:
    """RULES.md §number without bold marks and with spaces made plain."""
    text = RULES_MD.read_text(encoding="utf-8").replace("**", "")
    found = re.search(rf"^## {number}\. .*?(?=^## )", text, re.S | re.M)
    assert found, f"RULES.md has no section {number}"
    return " ".join(found.group(0).split())


def figure(text: str, pattern: str) -> int:
    found = re.search(pattern.replace("N", NUMBER), text)
    assert found, f"RULES.md does not say {pattern!r}"
    return abs(int(found.group(1).replace(",", "").replace("−", "-")))


# (section, preset, number, what RULES.md says, N standing for the figure)
STATED = [
    (2, "baja-partners", "decks", r"Deck: N standard decks"),
    (2, "baja-partners", "card_4_to_7", r"Card points: 4–7 = N"),
    (2, "baja-partners", "card_8_to_king", r"8–K = N"),
    (2, "baja-partners", "card_ace", r"A = N"),
    (2, "baja-partners", "card_two", r"· 2 = N"),
    (2, "baja-partners", "card_joker", r"joker = N"),
    (2, "baja-partners", "black_three_penalty", r"black 3 = N"),
    (2, "baja-partners", "red_three_penalty", r"red 3 = N"),
    (2, "baja-partners", "red_book", r"Bonuses: red book N"),
    (2, "baja-partners", "black_book", r"Bonuses: red book [\d,]+ · black book N"),
    (2, "baja-partners", "run", r"run N"),
    (2, "baja-partners", "book_of_twos", r"book of twos N"),
    (2, "baja-partners", "going_out", r"going out N"),
    (2, "baja-partners", "meld_1_max", r"≤ N \(negative"),
    (2, "baja-partners", "meld_1", r"A4\) → N"),
    (2, "baja-partners", "meld_2", r"5,001–10,000 → N"),
    (2, "baja-partners", "meld_3", r"10,001–15,000 → N"),
    (2, "baja-partners", "meld_top", r"above 15,000 → N"),
    (2, "baja-partners", "target", r"at or above N after a hand"),
    (3, "baja-cutthroat", "book_of_twos", r"a book of twos scores N"),
    (3, "baja-cutthroat", "meld_1_max", r"≤ N → "),
    (3, "baja-cutthroat", "meld_1", r"≤ 2,500 → N"),
    (3, "baja-cutthroat", "meld_2", r"2,501–5,000 → N"),
    (3, "baja-cutthroat", "meld_3", r"5,001–7,500 → N"),
    (3, "baja-cutthroat", "meld_top", r"above → N"),
    (3, "baja-cutthroat", "target", r"Game to N"),
    (3, "baja-cutthroat", "max_sides", r"\(3 or N players"),
    (4, "fiji-individual", "card_two", r"2 = N \(the only wild"),
    (4, "fiji-individual", "joker_penalty", r"joker = N always"),
    (4, "fiji-individual", "going_out", r"going out first N"),
    (4, "fiji-individual", "book_of_twos", r"coup\) N for an individual"),
    (4, "fiji-team", "book_of_twos", r"N each for a team"),
    (4, "fiji-individual", "meld_1", r"≤ 2,500 → N"),
    (4, "fiji-individual", "meld_5", r"≤ 12,500 → N"),
    (4, "fiji-individual", "meld_top", r"above → N"),
    (4, "fiji-individual", "target", r"Game to N"),
    (4, "fiji-team", "target", r"Game to N"),
    (5, "club-4deck", "decks", r"N decks with jokers"),
    (5, "club-4deck", "card_joker", r"Card points: joker N"),
    (5, "club-4deck", "card_ace", r"A N"),
    (5, "club-4deck", "card_two", r"· 2 N"),
    (5, "club-4deck", "card_10_to_king", r"K–10 N"),
    (5, "club-4deck", "card_4_to_9", r"9–4 N"),
    (5, "club-4deck", "black_three_penalty", r"black 3 N"),
    (5, "club-4deck", "red_three_penalty", r"red 3 N"),
    (5, "club-4deck", "red_book", r"Bonuses: red book N"),
    (5, "club-4deck", "black_book", r"black book N"),
    (5, "club-4deck", "going_out", r"going out N"),
    (5, "club-4deck", "exact_deal", r"exact deal N"),
    (5, "club-4deck", "out_red_books", r"Going out needs N red"),
    (5, "club-4deck", "hand_1_meld", r"hand 1 → N"),
    (5, "club-4deck", "hand_2_meld", r"hand 2 → N"),
    (5, "club-4deck", "hand_3_meld", r"hand 3 → N"),
    (5, "club-4deck", "hands", r"A game is exactly N hands"),
    (5, "club-4deck", "first_table_bonus", r"\+N per team"),
    (6, "rummikub", "rack_tiles", r"N tiles each"),
    (6, "rummikub", "initial_meld", r"Initial meld ≥ N"),
    (6, "rummikub", "joker_on_rack", r"joker left on a rack counts N"),
    (6, "rummikub", "target", r"\(e\.g\. N\)"),
]
# Time limits, in RULES.md's "2 h 30 min" (§2) and "1 h 45 min" (§5).
TIME_LIMITS = [(2, "baja-partners"), (5, "club-4deck")]

pytestmark = pytest.mark.skipif(not RULES_MD.exists(), reason=f"{RULES_MD} is not on this machine")


@pytest.mark.parametrize(("number", "variant", "key", "pattern"), STATED, ids=[f"{v}-{k}" for _n, v, k, _p in STATED])
def test_each_stated_number_is_the_presets(number, variant, key, pattern):
    assert rules.preset_numbers(variant)[key] == figure(section(number), pattern), f"RULES.md §{number}: {variant} {key}"


@pytest.mark.parametrize(("number", "variant"), TIME_LIMITS)
def test_time_limits(number, variant):
    found = re.search(r"(\d+) h (\d+) min", section(number))
    assert rules.preset_numbers(variant)["time_limit_minutes"] == int(found.group(1)) * 60 + int(found.group(2))


def test_club_game_is_one_hour_45_and_three_hands():
    """RULES D3 and §5, the figures issue 23 found the app getting wrong."""
    club = rules.preset_numbers("club-4deck")
    assert (club["time_limit_minutes"], club["hands"]) == (105, 3)


def test_cutthroat_shares_the_partners_card_points_and_bonuses():
    """§3: "Same card points and bonuses as Baja partners" (borrowed, B1)."""
    partners, cutthroat = rules.preset_numbers("baja-partners"), rules.preset_numbers("baja-cutthroat")
    shared = [k for k in partners if k.startswith("card_") or k.endswith("_penalty")
              or k in ("red_book", "black_book", "run", "going_out", "book_of_twos")]
    assert {k: cutthroat[k] for k in shared} == {k: partners[k] for k in shared}
