"""Presets as data: names, numbers, tags, overrides, and the sheet helpers built on them."""

from __future__ import annotations

import pytest
from rules_cases import hand, scored, side

import rules

ALL = rules.PRESET_NAMES


def test_the_six_presets() -> None:
    assert ALL == ("baja-partners", "baja-cutthroat", "fiji-individual", "fiji-team", "club-4deck", "rummikub")


def test_baja_partners_numbers_match_rules_md_section_2() -> None:
    n = rules.preset_numbers("baja-partners")
    assert {k: n[k] for k in ("card_4_to_7", "card_8_to_king", "card_ace", "card_two", "card_joker",
                              "black_three_penalty", "red_three_penalty", "red_book", "black_book", "run",
                              "book_of_twos", "going_out", "target", "decks", "time_limit_minutes")} == {
        "card_4_to_7": 5, "card_8_to_king": 10, "card_ace": 20, "card_two": 20, "card_joker": 50,
        "black_three_penalty": 300, "red_three_penalty": 500, "red_book": 500, "black_book": 300, "run": 1500,
        "book_of_twos": 2000, "going_out": 200, "target": 20000, "decks": 8, "time_limit_minutes": 150}
    assert all(isinstance(v, int) and not isinstance(v, bool) for v in n.values())


def test_preset_numbers_with_overrides_and_refusals() -> None:
    n = rules.preset_numbers("baja-partners", {"target": 15000})
    assert n["target"] == 15000 and n["run"] == 1500
    assert rules.preset_numbers("baja-partners")["target"] == 20000  # the preset itself is untouched
    with pytest.raises(rules.UnknownVariant):
        rules.preset_numbers("poker")
    with pytest.raises(rules.InvalidSettings) as caught:
        rules.preset_numbers("baja-partners", {"target": "x", "nope": 1})
    assert {p.field for p in caught.value.problems} == {"settings.target", "settings.nope"}
    assert isinstance(caught.value, rules.RulesError) and isinstance(caught.value, ValueError)


@pytest.mark.parametrize("variant", ALL)
def test_frozen_numbers_work_as_settings_everywhere(variant: str) -> None:
    frozen = rules.preset_numbers(variant)
    assert rules.preset_numbers(variant, frozen) == frozen
    assert rules.meld_bands(variant, frozen) == rules.meld_bands(variant)
    assert rules.card_values(variant, frozen) == rules.card_values(variant)
    assert rules.next_meld(variant, 0, 1, frozen) == rules.next_meld(variant, 0, 1)
    assert rules.game_over(variant, {"A": 0, "B": 0}, 1, frozen) == (False, None)
    sides = [side(variant, name, **({"rack_points": 5} if variant == "rummikub" else {}))
             for name in "ABCD"[:frozen["min_sides"]]]
    assert scored(hand(variant, *sides, settings=frozen))


@pytest.mark.parametrize("variant", ALL)
def test_describe_presets_documents_every_number(variant: str) -> None:
    described = rules.describe_presets()
    assert described["rules"].endswith("RULES.md")
    preset = described["presets"][variant]
    assert set(preset["numbers"]) == set(rules.preset_numbers(variant))
    for name, number in preset["numbers"].items():
        assert number["value"] == rules.preset_numbers(variant)[name]
        assert isinstance(number["meaning"], str) and len(number["meaning"]) > 8, name
        # A to E: RULES.md's sections; F and S: Meldboard's decisions proposed for it (docs/RULES-DECISIONS.md).
        assert number["tag"] is None or number["tag"][0] in "ABCDEFS", name
    assert preset["side_fields"] == rules.side_fields(variant)


@pytest.mark.parametrize("variant, name, tag", [
    ("baja-partners", "decks", "A1"), ("baja-partners", "meld_1_max", "A4"), ("baja-cutthroat", "run", "B1"),
    ("baja-cutthroat", "book_of_twos", "B2"), ("baja-cutthroat", "target", "B3"), ("fiji-individual", "target", "C3"),
    ("fiji-team", "joker_penalty", "C5"), ("fiji-individual", "out_books_of_twos", "C2"),
    ("club-4deck", "time_limit_minutes", "D3"), ("club-4deck", "exact_deal", "D2"), ("rummikub", "joker_on_rack", "E1"),
    ("rummikub", "target", "E2"),
])
def test_assumptions_carry_their_rules_md_tag(variant: str, name: str, tag: str) -> None:
    assert rules.describe_presets()["presets"][variant]["numbers"][name]["tag"] == tag


def test_side_fields() -> None:
    assert rules.side_fields("baja-partners") == [
        "red_books", "black_books", "runs", "books_of_twos", "went_out", "melded_points", "left_points",
        "left_red_threes", "left_black_threes"]
    assert rules.side_fields("fiji-team")[-1] == "jokers_charged"
    assert "runs" not in rules.side_fields("club-4deck") and "exact_deals" in rules.side_fields("club-4deck")
    assert rules.side_fields("rummikub") == ["went_out", "rack_points", "rack_jokers"]
    with pytest.raises(rules.UnknownVariant):
        rules.side_fields("gin")


def test_meld_bands_for_score_sheets() -> None:
    assert rules.meld_bands("baja-partners") == [
        ("≤ 5,000", 50), ("5,001–10,000", 90), ("10,001–15,000", 120), ("> 15,000", 150)]
    assert rules.meld_bands("fiji-individual")[-2:] == [("10,001–12,500", 180), ("> 12,500", 200)]
    assert rules.meld_bands("club-4deck") == [("Hand 1", 90), ("Hand 2", 120), ("Hand 3", 150)]
    assert rules.meld_bands("rummikub") == [("Every round", 30)]
    assert rules.meld_bands("baja-partners", {"meld_1": 60})[0] == ("≤ 5,000", 60)


def test_card_values_for_score_sheets() -> None:
    assert rules.card_values("baja-partners") == [
        ("4–7", 5), ("8–K", 10), ("A", 20), ("2", 20), ("Joker", 50), ("Black 3", -300), ("Red 3", -500),
        ("Red book", 500), ("Black book", 300), ("Run", 1500), ("Book of twos", 2000), ("Going out", 200)]
    fiji = dict(rules.card_values("fiji-individual"))
    assert fiji["Joker"] == -500 and fiji["2"] == 50 and fiji["Book of twos"] == 10000
    assert dict(rules.card_values("fiji-team"))["Book of twos"] == 5000
    club = dict(rules.card_values("club-4deck"))
    assert club["4–9"] == 5 and club["10–K"] == 10 and "Run" not in club and "Black 3" not in club
    assert club["Exact deal (per player)"] == 100 and club["Going out"] == 100
    assert rules.card_values("rummikub") == [("Joker left on rack", -30)]


def test_overrides_reach_scoring_meld_and_game_end() -> None:
    settings = {"red_book": 600, "meld_1": 70, "target": 1000}
    # A: 600 + 400 = 1,000 reaches the overridden target; a total of 1,000 is in the first band, now 70
    ok, result = rules.score(hand("baja-partners", side("baja-partners", "A", red_books=1, melded_points=400),
                                  side("baja-partners", "B"), settings=settings))
    assert ok and result["sides"][0]["hand_score"] == 1000 and result["sides"][0]["next_meld"] == 70
    assert (result["game_over"], result["winner"]) == (True, "A")


def test_changing_a_card_value_changes_the_point_step() -> None:
    # with 4–7 worth 1 point, melded 36 is a possible figure; with the sheet's 5 points it is not
    variant = "baja-partners"
    entry = side(variant, "A", melded_points=36)
    assert rules.score(hand(variant, entry, side(variant, "B"), settings={"card_4_to_7": 1}))[0]
    assert not rules.score(hand(variant, entry, side(variant, "B")))[0]


def test_unknown_variant_everywhere() -> None:
    for call in (lambda: rules.next_meld("x", 0, 1), lambda: rules.meld_bands("x"), lambda: rules.card_values("x"),
                 lambda: rules.game_over("x", {}, 1)):
        with pytest.raises(rules.UnknownVariant):
            call()
