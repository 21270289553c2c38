"""Running totals (a side's total is the sum of its hand scores) and the winner at the time limit (A7)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import rules


def test_rules_md_worked_examples_add_up_hand_by_hand() -> None:
    # W1 and W2 in hand 1 (5,690 and 935); in hand 2 side A scores W3's −1,755 and B W4's 800.
    assert rules.running_totals([[5690, 935], [-1755, 800]], 2) == [[5690, 935], [3935, 1735]]
    assert rules.totals_after([[5690, 935], [-1755, 800]], 2) == [3935, 1735]


def test_w3_and_w4_totals_from_their_totals_before() -> None:
    # W3: 300 before, −1,755 → −1,455. W4: 4,200 before, 800 → 5,000 (RULES.md §8).
    assert rules.totals_after([[300, 4200], [-1755, 800]], 2) == [-1455, 5000]


def test_before_the_first_hand_every_total_is_zero() -> None:
    assert rules.running_totals([], 3) == []
    assert rules.totals_after([], 3) == [0, 0, 0]


def test_a_missing_score_counts_zero_and_extra_scores_are_ignored() -> None:
    assert rules.running_totals([[10], [5, 20, 99]], 2) == [[10, 0], [15, 20]]


def test_the_totals_after_a_hand_are_what_the_engine_calls_the_new_totals() -> None:
    side = {"total_before": 0, "red_books": 1, "black_books": 0, "runs": 0, "books_of_twos": 0, "went_out": False,
            "melded_points": 320, "left_points": 20, "left_red_threes": 0, "left_black_threes": 0}
    ok, result = rules.score({"variant": "baja-partners", "sides": [
        dict(side, name="A", total_before=4200), dict(side, name="B", melded_points=185, left_points=340, red_books=0)]})
    assert ok
    scores = [s["hand_score"] for s in result["sides"]]
    assert [before + p for before, p in zip([4200, 0], scores)] == [s["total"] for s in result["sides"]] == [5000, -155]
    assert rules.totals_after([[4200, 0], scores], 2) == [5000, -155]


hands_of = st.integers(1, 5).flatmap(
    lambda n: st.tuples(st.just(n), st.lists(st.lists(st.integers(-10**6, 10**6), min_size=n, max_size=n), max_size=30))
)


@settings(max_examples=200, deadline=None)
@given(hands_of)
def test_each_total_is_the_sum_of_its_sides_scores_so_far(case) -> None:
    side_count, hands = case
    after = rules.running_totals(hands, side_count)
    assert len(after) == len(hands)
    for played in range(1, len(hands) + 1):
        assert after[played - 1] == [sum(h[i] for h in hands[:played]) for i in range(side_count)]
        assert rules.totals_after(hands[:played], side_count) == after[played - 1]


@settings(max_examples=100, deadline=None)
@given(hands_of)
def test_the_order_of_the_hands_does_not_change_the_totals(case) -> None:
    side_count, hands = case
    assert rules.totals_after(hands, side_count) == rules.totals_after(list(reversed(hands)), side_count)


def test_at_the_time_limit_the_sole_highest_total_wins_a7() -> None:
    assert rules.time_limit_winner({"A": 5690, "B": 935}) == "A"
    assert rules.time_limit_winner({"A": -1455, "B": -200, "C": -3000}) == "B"  # negative totals too


def test_a_shared_highest_total_at_the_time_limit_goes_to_the_organizer() -> None:
    assert rules.time_limit_winner({"A": 5000, "B": 5000, "C": 10}) is None
    assert rules.time_limit_winner({}) is None
