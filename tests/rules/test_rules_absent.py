"""An absent seat (a no-show, or a late arrival before the hand it joins) plays no part in a hand
(Meldboard S1, docs/RULES-DECISIONS.md): nothing is asked of it, it scores 0, a Rummikub round is
zero-sum among the players present, and its total never wins nor ends the game."""

import rules


def _rummikub(*sides):
    return {"variant": "rummikub", "hand_number": 1, "sides": list(sides)}


def test_rummikub_absent_seat_needs_no_rack_and_scores_zero():
    ok, result = rules.score(_rummikub(
        {"name": "Ann", "total_before": 0, "went_out": True, "rack_points": 0, "rack_jokers": 0},
        {"name": "Bob", "total_before": 0, "went_out": False, "rack_points": 12, "rack_jokers": 0},
        {"name": "Greta", "total_before": 0, "absent": True},
    ))
    assert ok, result
    assert [s["hand_score"] for s in result["sides"]] == [12, -12, 0]


def test_an_absent_seat_cannot_go_out_or_hold_points():
    ok, result = rules.score(_rummikub(
        {"name": "Ann", "total_before": 0, "went_out": False, "rack_points": 5, "rack_jokers": 0},
        {"name": "Bob", "total_before": 0, "went_out": False, "rack_points": 12, "rack_jokers": 0},
        {"name": "Greta", "total_before": 0, "absent": True, "went_out": True, "rack_points": 7},
    ))
    assert not ok
    codes = {(e["side"], e["field"], e["code"]) for e in result["errors"]}
    assert ("Greta", "went_out", "absent-played") in codes
    assert ("Greta", "rack_points", "absent-played") in codes


def test_an_absent_seat_is_never_the_winner():
    # Both players present are level below 0 after the last round; the absent seat's 0 is not a win.
    ok, result = rules.score({"variant": "rummikub", "settings": {"rounds": 1}, "hand_number": 1, "sides": [
        {"name": "Ann", "total_before": -10, "went_out": False, "rack_points": 9, "rack_jokers": 0},
        {"name": "Bob", "total_before": -10, "went_out": False, "rack_points": 9, "rack_jokers": 0},
        {"name": "Greta", "total_before": 0, "absent": True},
    ]})
    assert ok, result
    assert result["game_over"] is True and result["winner"] is None


def test_cutthroat_absent_seat_scores_zero():
    side = {"total_before": 0, "red_books": 0, "black_books": 0, "runs": 0, "books_of_twos": 0, "went_out": False,
            "melded_points": 0, "left_points": 200, "left_red_threes": 0, "left_black_threes": 0}
    ok, result = rules.score({"variant": "baja-cutthroat", "sides": [
        {**side, "name": "Ann"}, {**side, "name": "Bob"}, {"name": "Greta", "total_before": 0, "absent": True},
    ]})
    assert ok, result
    assert [s["hand_score"] for s in result["sides"]] == [-200, -200, 0]


def test_what_an_absent_seat_scores_is_a_house_rule_default_zero():
    # Meldboard S1: 0 a hand unless the club sets `absent_penalty`; the players present score as before.
    present = [{"name": "Ann", "total_before": 0, "went_out": True, "rack_points": 0, "rack_jokers": 0},
               {"name": "Bob", "total_before": 0, "went_out": False, "rack_points": 12, "rack_jokers": 0}]
    greta = {"name": "Greta", "total_before": 40, "absent": True}
    assert rules.preset_numbers("rummikub")["absent_penalty"] == 0
    ok, result = rules.score({"variant": "rummikub", "settings": {"absent_penalty": 25}, "hand_number": 1,
                              "sides": [*present, greta]})
    assert ok, result
    assert [(s["hand_score"], s["total"]) for s in result["sides"]] == [(12, 12), (-12, -12), (-25, 15)]
    for variant in rules.PRESET_NAMES:
        assert rules.preset_numbers(variant)["absent_penalty"] == 0, variant
