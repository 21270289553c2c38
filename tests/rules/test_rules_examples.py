"""Every worked example and refusal of RULES.md §8, and worked examples for every other preset,
with the arithmetic beside each."""

from __future__ import annotations

import pytest
from rules_cases import fields_refused, hand, refused, scored, side

import rules

BAJA = "baja-partners"


def nobody(name: str = "B", total_before: int = 0) -> dict:
    return side(BAJA, name, total_before)


# ---- RULES.md §8, Baja partners ---------------------------------------------------------------

W = {
    # 2·500 + 300 + 1,500 + 2,000 + 200 + 1,235 − 45 − 500 = 5,690; total 5,690 → next meld 90
    "W1": (side(BAJA, "A", 0, red_books=2, black_books=1, runs=1, books_of_twos=1, went_out=True,
                melded_points=1235, left_points=45, left_red_threes=1), 5690, 5690, 90),
    # 500 + 2·300 + 780 − 145 − 500 − 300 = 935; total 935 → 50
    "W2": (side(BAJA, "A", 0, red_books=1, black_books=2, melded_points=780, left_points=145,
                left_red_threes=1, left_black_threes=1), 935, 935, 50),
    # 185 − 340 − 2·500 − 2·300 = −1,755; 300 − 1,755 = −1,455 → 50 (negative included, A4)
    "W3": (side(BAJA, "A", 300, melded_points=185, left_points=340, left_red_threes=2, left_black_threes=2),
           -1755, -1455, 50),
    # 500 + 320 − 20 = 800; 4,200 + 800 = 5,000 → still 50 (≤ 5,000)
    "W4": (side(BAJA, "A", 4200, red_books=1, melded_points=320, left_points=20), 800, 5000, 50),
}


@pytest.mark.parametrize("example", sorted(W))
def test_rules_md_worked_example(example: str) -> None:
    entry, hand_score, total, meld = W[example]
    result = scored(hand(BAJA, entry, nobody()))["A"]
    assert (result["hand_score"], result["total"], result["next_meld"]) == (hand_score, total, meld)


def test_w1_and_w2_scored_together_in_one_hand() -> None:
    a, b = W["W1"][0], dict(W["W2"][0], name="B")
    ok, result = rules.score(hand(BAJA, a, b))
    assert ok and result == {
        "variant": BAJA,
        "sides": [{"name": "A", "hand_score": 5690, "total": 5690, "next_meld": 90},
                  {"name": "B", "hand_score": 935, "total": 935, "next_meld": 50}],
        "game_over": False, "winner": None,
    }


def test_refused_went_out_without_a_book_of_twos() -> None:
    a = side(BAJA, "A", red_books=2, black_books=1, runs=1, went_out=True, melded_points=1235, left_points=45)
    assert refused(hand(BAJA, a, nobody())) == [{
        "side": "A", "field": "books_of_twos",
        "message": "A: went out without a book of twos (going out needs 1 red, 1 black, 1 run, 1 book of twos)",
        "code": "went-out-short", "params": {"side": "A", "field": "books_of_twos", "have": 0, "need": 1},
    }]


def test_refused_run_and_book_of_twos_with_only_150_melded() -> None:
    # a run holds at least 4+5+6+7 (5 each) + 8+9+10 (10 each) = 50, a book of twos 7·20 = 140: 190 > 150
    errors = refused(hand(BAJA, side(BAJA, "A", runs=1, books_of_twos=1, melded_points=150), nobody()))
    assert [(e["side"], e["field"]) for e in errors] == [("A", "melded_points")]
    assert "at least 190" in errors[0]["message"] and "150" in errors[0]["message"]


def test_melded_exactly_the_cheapest_books_is_accepted() -> None:
    # 35 + 50 + 50 + 140 = 275, the least a red, a black, a run and a book of twos can hold
    a = side(BAJA, "A", red_books=1, black_books=1, runs=1, books_of_twos=1, went_out=True, melded_points=275)
    # 500 + 300 + 1,500 + 2,000 + 200 + 275 = 4,775
    assert scored(hand(BAJA, a, nobody()))["A"]["hand_score"] == 4775


def test_nobody_out_is_scored_without_the_200_a8() -> None:
    # stock exhausted: 500 + 300 + 400 − 60 = 1,140 and no going-out bonus
    a = side(BAJA, "A", red_books=1, black_books=1, melded_points=400, left_points=60)
    assert scored(hand(BAJA, a, nobody()))["A"]["hand_score"] == 1140


@pytest.mark.parametrize("total, meld", [
    (-1455, 50), (0, 50), (5000, 50), (5001, 90), (10000, 90), (10001, 120), (15000, 120), (15001, 150), (19995, 150),
])
def test_baja_partners_meld_bands(total: int, meld: int) -> None:
    assert rules.next_meld(BAJA, total, 2) == meld


def test_baja_game_ends_at_20000_and_the_highest_total_wins_even_if_the_other_side_went_out_a6() -> None:
    # A went out: 500+300+1,500+2,000+200+275 = 4,775 → 15,000 + 4,775 = 19,775 (short of 20,000)
    # B: 2 reds 1,000 + 1 black 300 + 700 melded = 2,000 → 18,500 + 2,000 = 20,500 ≥ 20,000: B wins
    a = side(BAJA, "A", 15000, red_books=1, black_books=1, runs=1, books_of_twos=1, went_out=True, melded_points=275)
    b = side(BAJA, "B", 18500, red_books=2, black_books=1, melded_points=700)
    ok, result = rules.score(hand(BAJA, a, b))
    assert ok and (result["game_over"], result["winner"]) == (True, "B")
    assert [s["total"] for s in result["sides"]] == [19775, 20500]


def test_baja_shared_top_total_plays_another_hand() -> None:
    # both sides 19,500 + 500 (one red book, nothing else) = 20,000: level, so the game goes on
    a = side(BAJA, "A", 19500, red_books=1, melded_points=35, left_points=35)
    b = side(BAJA, "B", 19500, red_books=1, melded_points=35, left_points=35)
    ok, result = rules.score(hand(BAJA, a, b))
    assert ok and [s["total"] for s in result["sides"]] == [20000, 20000]
    assert (result["game_over"], result["winner"]) == (False, None)


# ---- Baja cutthroat (§3) ------------------------------------------------------------------------

CUT = "baja-cutthroat"


def test_cutthroat_three_players_book_of_twos_stands_in_for_the_red_book() -> None:
    # A out with black, run, twos and no red: 300 + 1,500 + 2,000 + 200 + 600 = 4,600; 2,400 → 7,000 → meld 120
    # B: 500 + 215 − 60 − 300 (black 3) = 355; 2,200 → 2,555 → meld 90
    # C: 40 − 250 − 500 (red 3) = −710; 0 → −710 → meld 50
    result = scored(hand(
        CUT,
        side(CUT, "A", 2400, black_books=1, runs=1, books_of_twos=1, went_out=True, melded_points=600),
        side(CUT, "B", 2200, red_books=1, melded_points=215, left_points=60, left_black_threes=1),
        side(CUT, "C", 0, melded_points=40, left_points=250, left_red_threes=1),
    ))
    assert [(r["hand_score"], r["total"], r["next_meld"]) for r in result.values()] == [
        (4600, 7000, 120), (355, 2555, 90), (-710, -710, 50)]


def test_cutthroat_refuses_going_out_with_neither_red_book_nor_book_of_twos() -> None:
    a = side(CUT, "A", black_books=1, runs=1, went_out=True, melded_points=100)
    errors = refused(hand(CUT, a, side(CUT, "B"), side(CUT, "C")))
    assert [(e["side"], e["field"]) for e in errors] == [("A", "red_books")]
    assert "book of twos" in errors[0]["message"]


def test_cutthroat_player_who_went_out_has_nothing_left() -> None:
    a = side(CUT, "A", red_books=1, black_books=1, runs=1, went_out=True, melded_points=135, left_points=10)
    assert fields_refused(hand(CUT, a, side(CUT, "B"), side(CUT, "C"))) == {("A", "left_points")}


@pytest.mark.parametrize("total, meld", [(-50, 50), (2500, 50), (2501, 90), (5000, 90), (7500, 120), (7501, 150)])
def test_cutthroat_meld_bands(total: int, meld: int) -> None:
    assert rules.next_meld(CUT, total, 1) == meld


def test_cutthroat_game_to_10000_b3() -> None:
    assert rules.game_over(CUT, {"A": 10000, "B": 9000, "C": 4000}, 7) == (True, "A")
    assert rules.game_over(CUT, {"A": 10000, "B": 10000, "C": 4000}, 7) == (False, None)
    assert rules.game_over(CUT, {"A": 9995, "B": 9000, "C": 4000}, 7) == (False, None)


# ---- Fiji (§4) ----------------------------------------------------------------------------------

FIJI = "fiji-individual"
TEAM = "fiji-team"


def test_fiji_individuals_four_players_and_a_coup() -> None:
    # A out: 2·500 + 2·300 + 1,500 + 200 + 1,400 = 4,700; 10,400 → 15,100
    # B coup: 500 + 300 + 10,000 + 900 − 120 − 500 (red 3) − 500 (joker) = 10,580; 5,000 → 15,580
    # C: 60 − 300 − 300 (black 3) − 2·500 (jokers) = −1,540; 0 → −1,540 → meld 60
    # D: 300 + 150 − 50 = 400; 2,500 → 2,900 → meld 90
    # A and B passed 15,000; B has the highest total and wins though A went out (C3, C7)
    ok, result = rules.score(hand(
        FIJI,
        side(FIJI, "A", 10400, red_books=2, black_books=2, runs=1, went_out=True, melded_points=1400),
        side(FIJI, "B", 5000, red_books=1, black_books=1, books_of_twos=1, melded_points=900, left_points=120,
             left_red_threes=1, jokers_charged=1),
        side(FIJI, "C", 0, melded_points=60, left_points=300, left_black_threes=1, jokers_charged=2),
        side(FIJI, "D", 2500, black_books=1, melded_points=150, left_points=50),
    ))
    assert ok, result
    assert [(r["hand_score"], r["total"], r["next_meld"]) for r in result["sides"]] == [
        (4700, 15100, 200), (10580, 15580, 200), (-1540, -1540, 60), (400, 2900, 90)]
    assert (result["game_over"], result["winner"]) == (True, "B")


def test_fiji_team_coup_is_5000_and_two_runs_to_go_out() -> None:
    # A out: 2·500 + 2·300 + 2·1,500 + 5,000 + 200 + 2,000 − 85 = 11,715 → meld 180 (≤ 12,500)
    # B: 500 + 2·300 + 500 − 400 − 2·500 (red 3s) − 500 (joker) = −300; 3,000 → 2,700 → meld 90
    result = scored(hand(
        TEAM,
        side(TEAM, "A", 0, red_books=2, black_books=2, runs=2, books_of_twos=1, went_out=True, melded_points=2000,
             left_points=85),
        side(TEAM, "B", 3000, red_books=1, black_books=2, melded_points=500, left_points=400, left_red_threes=2,
             jokers_charged=1),
    ))
    assert [(r["hand_score"], r["total"], r["next_meld"]) for r in result.values()] == [
        (11715, 11715, 180), (-300, 2700, 90)]


def test_fiji_team_refuses_going_out_with_one_run() -> None:
    a = side(TEAM, "A", red_books=2, black_books=2, runs=1, went_out=True, melded_points=1000)
    errors = refused(hand(TEAM, a, side(TEAM, "B")))
    assert errors == [{"side": "A", "field": "runs",
                       "message": "A: went out with 1 run of the 2 needed (going out needs 2 red, 2 black, 2 runs)",
                       "code": "went-out-short", "params": {"side": "A", "field": "runs", "have": 1, "need": 2}}]


def test_fiji_cheapest_books_count_twos_at_50_and_never_jokers() -> None:
    # red 7·5 = 35, black 6·5 + one 2 at 50 = 80, coup 7·50 = 350: 465 is the least; 460 is refused
    ok = side(FIJI, "A", red_books=1, black_books=1, books_of_twos=1, melded_points=465)
    low = dict(ok, melded_points=460)
    assert scored(hand(FIJI, ok, side(FIJI, "B")))["A"]["hand_score"] == 500 + 300 + 10000 + 465
    assert fields_refused(hand(FIJI, low, side(FIJI, "B"))) == {("A", "melded_points")}


@pytest.mark.parametrize("total, meld", [
    (-300, 60), (2500, 60), (2501, 90), (5000, 90), (7500, 120), (10000, 150), (12500, 180), (12501, 200), (14995, 200),
])
def test_fiji_meld_bands_c6(total: int, meld: int) -> None:
    assert rules.next_meld(FIJI, total, 3) == meld == rules.next_meld(TEAM, total, 3)


def test_fiji_reaching_15000_exactly_wins_c3() -> None:
    assert rules.game_over(FIJI, {"A": 15000, "B": 14995}, 9) == (True, "A")


# ---- Club 4-deck (§5) ---------------------------------------------------------------------------

CLUB = "club-4deck"


def test_club_hand_one_with_exact_deals() -> None:
    # A out: 2·500 + 2·300 + 100 (out) + 100 (1 exact deal) + 900 − 40 = 2,660 → hand 2 meld 120
    # B: 500 + 300 + 2·100 (both partners dealt exactly) + 400 − 150 − 500 (red 3) = 750 → 120
    result = scored(hand(
        CLUB,
        side(CLUB, "A", red_books=2, black_books=2, went_out=True, exact_deals=1, melded_points=900, left_points=40),
        side(CLUB, "B", red_books=1, black_books=1, exact_deals=2, melded_points=400, left_points=150,
             left_red_threes=1),
    ))
    assert [(r["hand_score"], r["total"], r["next_meld"]) for r in result.values()] == [
        (2660, 2660, 120), (750, 750, 120)]


def test_club_game_is_three_hands() -> None:
    # hand 3: A 3,000 + (500 + 100) = 3,600; B 3,200 + 0 = 3,200; three hands played → A wins
    a = side(CLUB, "A", 3000, red_books=1, melded_points=100)
    b = side(CLUB, "B", 3200)
    ok, result = rules.score(hand(CLUB, a, b, hand_number=3))
    assert ok and (result["game_over"], result["winner"]) == (True, "A")
    ok, result = rules.score(hand(CLUB, a, b, hand_number=2))
    assert ok and (result["game_over"], result["winner"]) == (False, None)


def test_club_tie_after_three_hands_is_over_without_a_winner_for_the_play_off_d4() -> None:
    assert rules.game_over(CLUB, {"A": 3600, "B": 3600}, 3) == (True, None)


def test_club_meld_by_hand_number() -> None:
    assert [rules.next_meld(CLUB, 99999, h) for h in (1, 2, 3, 4)] == [90, 120, 150, 150]


def test_club_needs_two_red_and_two_black_books_to_go_out() -> None:
    a = side(CLUB, "A", red_books=2, black_books=1, went_out=True, melded_points=200)
    assert fields_refused(hand(CLUB, a, side(CLUB, "B"))) == {("A", "black_books")}


# ---- Rummikub (§6) ------------------------------------------------------------------------------

RUMMY = "rummikub"


def rack(name: str, points: int = 0, jokers: int = 0, out: bool = False, before: int = 0) -> dict:
    return side(RUMMY, name, before, rack_points=points, rack_jokers=jokers, went_out=out)


def test_rummikub_player_out_scores_the_other_racks_e1() -> None:
    # B 23 + one joker 30 = 53, C 12, D 7: A scores 53 + 12 + 7 = 72; the round sums to 0
    result = scored(hand(RUMMY, rack("A", out=True), rack("B", 23, 1), rack("C", 12), rack("D", 7)))
    assert [r["hand_score"] for r in result.values()] == [72, -53, -12, -7]
    assert all(r["next_meld"] == 30 for r in result.values())


def test_rummikub_pool_empty_lowest_rack_wins_and_ties_share_rounded_down_e3_e4() -> None:
    # racks A 10, B 25, C 10, D 12 + 30 = 42; lowest 10 shared by A and C
    # B −(25 − 10) = −15, D −(42 − 10) = −32; 47 shared: 47 // 2 = 23 each; the round sums to −1
    result = scored(hand(RUMMY, rack("A", 10), rack("B", 25), rack("C", 10), rack("D", 12, 1)))
    scores = [r["hand_score"] for r in result.values()]
    assert scores == [23, -15, 23, -32] and sum(scores) == -1


def test_rummikub_pool_empty_single_lowest_rack() -> None:
    # A 5, B 9: B −4, A +4
    assert [r["hand_score"] for r in scored(hand(RUMMY, rack("A", 5), rack("B", 9))).values()] == [4, -4]


def test_rummikub_game_to_the_target_or_a_number_of_rounds_e2() -> None:
    assert rules.game_over(RUMMY, {"A": 150, "B": 20}, 4) == (True, "A")
    assert rules.game_over(RUMMY, {"A": 150, "B": 150}, 4) == (False, None)
    assert rules.game_over(RUMMY, {"A": 149, "B": 20}, 4) == (False, None)
    rounds = {"target": 0, "rounds": 5}
    assert rules.game_over(RUMMY, {"A": 400, "B": 20}, 4, rounds) == (False, None)
    assert rules.game_over(RUMMY, {"A": 40, "B": 20}, 5, rounds) == (True, "A")
    assert rules.game_over(RUMMY, {"A": 40, "B": 40}, 5, rounds) == (True, None)


def test_rummikub_round_that_reaches_the_target_ends_the_game() -> None:
    # A 140 + (9 + 3) = 152 ≥ 150
    ok, result = rules.score(hand(RUMMY, rack("A", out=True, before=140), rack("B", 9, before=100), rack("C", 3)))
    assert ok and (result["game_over"], result["winner"]) == (True, "A")
    assert [s["total"] for s in result["sides"]] == [152, 91, -3]


def test_rummikub_player_out_must_have_an_empty_rack() -> None:
    assert fields_refused(hand(RUMMY, rack("A", 4, out=True), rack("B", 9))) == {("A", "rack_points")}


def test_at_the_time_limit_the_sole_highest_total_wins_a7() -> None:
    assert rules.time_limit_winner({"A": 12300, "B": 9800}) == "A"
    assert rules.time_limit_winner({"A": 12300, "B": 12300}) is None  # the organizer decides
    assert rules.time_limit_winner({}) is None
