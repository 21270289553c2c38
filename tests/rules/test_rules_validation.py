"""Refusals: shape and type of the input, the rules of going out and melding, deck caps. Every
problem is reported with the side and field it concerns."""

from __future__ import annotations

import pytest
from rules_cases import fields_refused, hand, refused, side

import rules

BAJA = "baja-partners"


def a(**values: object) -> dict:
    return side(BAJA, "A", **values)


def b(**values: object) -> dict:
    return side(BAJA, "B", **values)


@pytest.mark.parametrize("payload, field", [
    (None, None), ([], None), ("hand", None), (5, None), (True, None),
    ({}, "variant"), ({"variant": "poker", "sides": []}, "variant"), ({"variant": 7, "sides": []}, "variant"),
    ({"variant": BAJA}, "sides"), ({"variant": BAJA, "sides": {"A": 1}}, "sides"),
])
def test_top_level_refusals(payload: object, field: str | None) -> None:
    assert (None, field) in fields_refused(payload)  # type: ignore[arg-type]


def test_unknown_variant_message_lists_the_known_ones() -> None:
    [error] = refused({"variant": "canasta", "sides": []})
    assert all(name in error["message"] for name in rules.PRESET_NAMES)


@pytest.mark.parametrize("bad", ["5", 5.5, 5.0, True, None, [5], {"v": 5}, -5, 10 ** 40])
def test_wrong_types_and_ranges_of_a_count(bad: object) -> None:
    assert fields_refused(hand(BAJA, a(red_books=bad), b())) == {("A", "red_books")}


@pytest.mark.parametrize("bad", [1, "true", 0, None, []])
def test_went_out_must_be_a_boolean(bad: object) -> None:
    assert fields_refused(hand(BAJA, a(went_out=bad), b())) == {("A", "went_out")}


@pytest.mark.parametrize("field", ["melded_points", "left_points"])
@pytest.mark.parametrize("bad", [1, 7, 1234, 4639])
def test_point_figures_are_whole_multiples_of_5(field: str, bad: int) -> None:
    errors = refused(hand(BAJA, a(**{field: bad}), b()))
    assert [(e["side"], e["field"]) for e in errors] == [("A", field)]
    assert "multiple of 5" in errors[0]["message"]


def test_total_before_is_required_whole_and_a_multiple_of_5() -> None:
    entry = a()
    del entry["total_before"]
    assert fields_refused(hand(BAJA, entry, b())) == {("A", "total_before")}
    assert fields_refused(hand(BAJA, a(total_before=12), b(total_before="0"))) == {
        ("A", "total_before"), ("B", "total_before")}


def test_every_used_field_is_required_and_each_missing_one_is_reported() -> None:
    entry = a()
    for field in ("runs", "melded_points", "left_black_threes"):
        del entry[field]
    assert fields_refused(hand(BAJA, entry, b())) == {
        ("A", "runs"), ("A", "melded_points"), ("A", "left_black_threes")}


def test_fields_a_variant_does_not_use_may_be_omitted_or_zero_but_not_set() -> None:
    zeros = dict(a(), jokers_charged=0, exact_deals=0, rack_points=0, rack_jokers=0)
    assert rules.score(hand(BAJA, zeros, b()))[0]
    errors = refused(hand(BAJA, dict(a(), jokers_charged=2), b()))
    assert [(e["side"], e["field"]) for e in errors] == [("A", "jokers_charged")]
    assert "not used in baja-partners" in errors[0]["message"]
    assert fields_refused(hand(BAJA, dict(a(), rack_points="x"), b())) == {("A", "rack_points")}


def test_unknown_fields_are_refused_at_every_level() -> None:
    assert fields_refused(dict(hand(BAJA, dict(a(), bonus=5), b()), extra=1)) == {(None, "extra"), ("A", "bonus")}


def test_nested_garbage_and_non_object_sides() -> None:
    payload = hand(BAJA, a(melded_points={"x": [1, {"y": None}]}), [1, 2])
    assert fields_refused(payload) == {("A", "melded_points"), ("side 2", None)}


def test_names_are_required_non_empty_and_distinct() -> None:
    assert ("side 1", "name") in fields_refused(hand(BAJA, dict(a(), name=""), b()))
    assert ("side 2", "name") in fields_refused(hand(BAJA, a(), dict(b(), name=3)))
    assert fields_refused(hand(BAJA, a(), dict(b(), name="A"))) == {("A", "name")}


def test_baja_partners_is_two_sides() -> None:
    assert fields_refused(hand(BAJA, a())) == {(None, "sides")}
    assert fields_refused(hand(BAJA, a(), b(), side(BAJA, "C"))) == {(None, "sides")}


def test_every_problem_is_reported_not_just_the_first() -> None:
    payload = hand(
        BAJA,
        a(went_out=True, red_books=1, runs=1, melded_points=50, left_red_threes=-1),
        b(went_out=True, books_of_twos=1, melded_points=100, left_points=3),
        settings={"target": "high"},
    )
    rule_errors = {
        ("A", "went_out"), ("B", "went_out"),
        ("A", "black_books"), ("A", "books_of_twos"), ("A", "melded_points"),
        ("B", "red_books"), ("B", "black_books"), ("B", "runs"), ("B", "melded_points"),
    }
    # a side's format errors and its rule errors all show at once (RULES §7), not the format ones first
    assert fields_refused(payload) == {
        (None, "settings.target"), ("A", "left_red_threes"), ("B", "left_points"), *rule_errors,
    }
    # with the type errors mended, the rule errors of both sides are still all there
    payload = hand(BAJA, a(went_out=True, red_books=1, runs=1, melded_points=50),
                   b(went_out=True, books_of_twos=1, melded_points=100))
    assert fields_refused(payload) == rule_errors


def test_two_bad_figures_of_one_side_and_one_of_the_other_are_all_reported_with_the_rule_the_side_breaks() -> None:
    payload = hand(BAJA, a(went_out=True, red_books=2, black_books=1, runs=1, melded_points=1237, left_points=-5),
                   b(left_red_threes=99))
    errors = refused(payload)
    assert [(e["side"], e["field"]) for e in errors] == [
        ("A", "melded_points"), ("A", "left_points"), ("A", "books_of_twos"), ("B", "left_red_threes")]
    assert [e["message"] for e in errors] == [
        "A: melded points must be a multiple of 5, got 1,237",
        "A: left points cannot be negative, got -5",
        "A: went out without a book of twos (going out needs 1 red, 1 black, 1 run, 1 book of twos)",
        "B: 99 red 3s left, but 8 decks hold 16",
    ]


def test_a_refused_book_count_is_not_read_as_none_held() -> None:
    # red_books is unreadable: "went out without a red book" would be a guess, so only the format error shows
    payload = hand(BAJA, a(went_out=True, red_books="two", black_books=1, runs=1, books_of_twos=1, melded_points=275), b())
    assert fields_refused(payload) == {("A", "red_books")}


def test_two_sides_out_names_the_other_side() -> None:
    full = dict(red_books=1, black_books=1, runs=1, books_of_twos=1, went_out=True, melded_points=275)
    messages = {e["side"]: e["message"] for e in refused(hand(BAJA, a(**full), b(**full)))}
    assert "so did B" in messages["A"] and "so did A" in messages["B"]


# ---- deck caps (Baja, 8 decks) -----------------------------------------------------------------

def test_deck_caps_across_both_sides() -> None:
    # 8 decks: 32 twos → 4 books of twos; 16 red 3s; 16 black 3s; 4,640 card points
    payload = hand(
        BAJA,
        a(books_of_twos=3, melded_points=420, left_red_threes=9, left_black_threes=8, left_points=1000),
        b(books_of_twos=2, melded_points=3300, left_red_threes=8, left_black_threes=9, left_points=0),
    )  # 420 + 1,000 + 3,300 = 4,720 card points
    errors = refused(payload)
    assert {(e["side"], e["field"]) for e in errors} == {
        (None, "books_of_twos"), (None, "left_red_threes"), (None, "left_black_threes"), (None, "melded_points")}
    assert all(e["message"].startswith("All sides together:") for e in errors)
    at_the_caps = hand(
        BAJA,
        a(books_of_twos=2, melded_points=280, left_red_threes=8, left_black_threes=8, left_points=1000),
        b(books_of_twos=2, melded_points=3360, left_red_threes=8, left_black_threes=8, left_points=0),
    )
    assert rules.score(at_the_caps)[0]


def test_absurd_figures_are_over_the_deck_cap() -> None:
    errors = refused(hand(BAJA, a(melded_points=10_000_000), b()))
    assert [(e["side"], e["field"]) for e in errors] == [("A", "melded_points")]
    assert "4,640" in errors[0]["message"]
    assert fields_refused(hand(BAJA, a(red_books=1000, melded_points=35000), b())) >= {("A", "red_books")}


def test_books_need_cards_the_decks_hold() -> None:
    # 8 decks hold 48 wild cards (32 twos + 16 jokers); 49 black books need at least one each
    assert ("A", "black_books") in fields_refused(hand(BAJA, a(black_books=49, melded_points=2450), b()))


def test_caps_follow_the_number_of_decks() -> None:
    four = {"decks": 4}
    # 4 decks: 16 twos → 2 books of twos; 8 red 3s; 2,320 card points
    payload = hand(BAJA, a(books_of_twos=3, melded_points=420), b(left_red_threes=9), settings=four)
    assert fields_refused(payload) == {("A", "books_of_twos"), ("B", "left_red_threes")}
    assert fields_refused(hand(BAJA, a(melded_points=2325), b(), settings=four)) == {("A", "melded_points")}


def test_fiji_caps_scale_with_the_players() -> None:
    fiji = "fiji-individual"
    # 2 players: 2·2 + 1 = 5 decks → 10 jokers, 20 twos (2 coups); 4 players: 9 decks → 18 jokers
    two = hand(fiji, side(fiji, "A", jokers_charged=11), side(fiji, "B"))
    assert fields_refused(two) == {("A", "jokers_charged")}
    four = hand(fiji, *(side(fiji, n, jokers_charged=4) for n in "ABCD"))
    assert rules.score(four)[0]
    coups = hand(fiji, side(fiji, "A", books_of_twos=3, melded_points=1050), side(fiji, "B"))
    assert fields_refused(coups) == {("A", "books_of_twos")}


def test_club_exact_deals_at_most_one_per_partner() -> None:
    club = "club-4deck"
    assert fields_refused(hand(club, side(club, "A", exact_deals=3), side(club, "B"))) == {("A", "exact_deals")}


def test_club_hand_number_is_required_and_black_threes_are_not_counted() -> None:
    club = "club-4deck"
    payload = hand(club, side(club, "A"), side(club, "B"))
    del payload["hand_number"]
    assert fields_refused(payload) == {(None, "hand_number")}
    assert fields_refused(hand(club, dict(side(club, "A"), left_black_threes=2), side(club, "B"))) == {
        ("A", "left_black_threes")}


def test_hand_number_is_optional_for_baja_but_checked_when_given() -> None:
    payload = hand(BAJA, a(), b())
    del payload["hand_number"]
    assert rules.score(payload)[0]
    assert fields_refused(hand(BAJA, a(), b(), hand_number=0)) == {(None, "hand_number")}


def test_rummikub_refusals() -> None:
    r = "rummikub"
    racks = [side(r, "A", went_out=True, rack_jokers=1), side(r, "B", rack_points=0),
             side(r, "C", rack_points=400, rack_jokers=2), side(r, "D", rack_points=400, went_out=True)]
    assert fields_refused(hand(r, *racks)) == {
        ("A", "went_out"), ("D", "went_out"),  # two players out
        ("A", "rack_jokers"), ("D", "rack_points"),  # out with tiles left
        ("B", "rack_points"),  # empty rack but not out
        (None, "rack_jokers"),  # 3 jokers on racks, the game has 2
        (None, "rack_points"),  # 800 rack points, the tiles add up to 728
    }
    assert fields_refused(hand(r, side(r, "A", went_out=True))) == {(None, "sides")}


def test_settings_refusals() -> None:
    payload = hand(BAJA, a(), b(), settings={"target": 5.5, "colour": 3, "decks": 0, "meld_2_max": 100})
    assert fields_refused(payload) == {
        (None, "settings.target"), (None, "settings.colour"), (None, "settings.decks"), (None, "settings.meld_1_max")}
    assert fields_refused(hand(BAJA, a(), b(), settings=[1])) == {(None, "settings")}
