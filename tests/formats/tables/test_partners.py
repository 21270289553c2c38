"""The partner draw by lot: everyone paired, households never partners, reproducible, refusals that say why."""

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament.formats.tables import partners
from tournament.formats.tables.partners import DrawError, DrawImpossible, draw_partners

FAST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def players_and_households(draw):
    """An even number of players and disjoint households (couples and a few larger ones) that fit."""
    count = 2 * draw(st.integers(1, 30))
    players = [f"P{i}" for i in range(1, count + 1)]
    shuffled = draw(st.permutations(players))
    households, start = [], 0
    while start < count:
        size = draw(st.sampled_from([1, 2, 2, 2, 3]))
        group = shuffled[start:start + size]
        if len(group) <= count - len(group):
            households.append(group)
        start += size
    return players, households


def assert_valid(players, households, pairs):
    paired = [p for pair in pairs for p in pair]
    assert sorted(paired) == sorted(players)
    for a, b in pairs:
        assert not any(a in group and b in group for group in households), (a, b)


@FAST
@given(players_and_households(), st.integers(0, 10**6))
def test_everyone_is_paired_once_and_no_household_members_are_partners(case, seed):
    players, households = case
    assert_valid(players, households, draw_partners(players, households, seed))


@FAST
@given(players_and_households(), st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_same_seed_same_draw_whatever_order_the_players_came_in(case, seed, rnd):
    players, households = case
    shuffled = players[:]
    rnd.shuffle(shuffled)
    assert draw_partners(players, households, seed) == draw_partners(shuffled, households, seed)


@FAST
@given(st.integers(2, 20), st.integers(0, 10**6))
def test_a_household_of_more_than_half_the_players_is_refused_with_the_reason(count, seed):
    players = [f"P{i}" for i in range(1, 2 * count + 1)]
    household = players[:count + 1]
    with pytest.raises(DrawImpossible, match=r"may not partner each other.*outside their household"):
        draw_partners(players, [household], seed)


def test_sixteen_club_players_with_six_couples():
    players = [f"P{i}" for i in range(1, 17)]
    couples = [(f"P{2 * k - 1}", f"P{2 * k}") for k in range(1, 7)]
    pairs = draw_partners(players, couples, 2019)
    assert len(pairs) == 8
    assert_valid(players, couples, pairs)


def test_different_seeds_give_different_draws():
    players = [f"P{i}" for i in range(1, 17)]
    draws = {tuple(draw_partners(players, [], seed)) for seed in range(10)}
    assert len(draws) > 5


def test_an_odd_number_of_players_is_refused():
    players = [f"P{i}" for i in range(1, 18)]
    with pytest.raises(DrawImpossible, match="^17 players cannot all be paired: add or remove one.$"):
        draw_partners(players, [], 1)


def test_a_household_of_three_among_four_players_is_refused():
    with pytest.raises(DrawImpossible) as refused:
        draw_partners(["Ann", "Bob", "Cy", "Di"], [("Ann", "Bob", "Cy")], 1)
    assert str(refused.value).startswith("Ann, Bob and Cy may not partner each other")
    assert "only 1 of the 4 players is outside it" in str(refused.value)


def test_someone_in_a_household_with_everyone_else_is_refused():
    with pytest.raises(DrawImpossible, match="Ann shares a household with every other player"):
        draw_partners(["Ann", "Bob", "Cy", "Di"], [("Ann", "Bob"), ("Ann", "Cy"), ("Ann", "Di")], 1)


def test_overlapping_households_that_leave_two_players_one_possible_partner_are_refused():
    # a may only partner d, and so may e: no pairing exists although no household is too big.
    groups = [("e", "a"), ("b", "e"), ("c", "a"), ("f", "a"), ("c", "e"), ("a", "b"), ("f", "e")]
    with pytest.raises(DrawImpossible, match="No pairing keeps every household apart"):
        draw_partners(list("abcdef"), groups, 1)


def test_a_search_that_runs_out_of_steps_says_so(monkeypatch):
    monkeypatch.setattr(partners, "SEARCH_BUDGET", 1)
    with pytest.raises(DrawImpossible, match="gave up"):
        draw_partners(list("abcdef"), [], 1)


def test_a_player_listed_twice_is_refused():
    with pytest.raises(DrawError, match="Ann is listed twice among the players"):
        draw_partners(["Ann", "Bob", "Ann", "Di"], [], 1)


def test_household_members_who_are_not_playing_are_ignored():
    pairs = draw_partners(["Ann", "Bob"], [("Ann", "Zed"), ("Bob", "Yolanda")], 1)
    assert sorted(pairs[0]) == ["Ann", "Bob"]


def test_two_hundred_players_in_a_hundred_couples_draw_quickly():
    players = list(range(200))
    couples = [(i, i + 1) for i in range(0, 200, 2)]
    started = time.perf_counter()
    pairs = draw_partners(players, couples, 7)
    assert time.perf_counter() - started < 5  # a loaded CI machine; it takes ~10 ms
    assert_valid(players, couples, pairs)


def test_a_bad_seed_is_refused():
    with pytest.raises(ValueError, match="must be a whole number"):
        draw_partners(["a", "b"], [], "x")
