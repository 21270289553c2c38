"""The seating draw: everyone once a round, even tables inside the bounds, partners apart, few repeats."""

import random
import statistics
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import preset_numbers
from tournament.formats.tables.partners import DrawError, DrawImpossible, draw_partners
from tournament.formats.tables.seating import (
    Round,
    Table,
    repeat_meetings,
    seat_round,
    table_sizes,
)

FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def solo(count):
    return [(f"P{i}",) for i in range(1, count + 1)]


def pairs(count):
    return [(f"P{2 * i - 1}", f"P{2 * i}") for i in range(1, count + 1)]


def play(entrants, low, high, rounds, seed, movement="redraw", pick_winners=None):
    played = []
    for _ in range(rounds):
        winners = pick_winners(played[-1]) if pick_winners and played else ()
        played.append(seat_round(entrants, low, high, played, seed, movement, winners))
    return played


def sizes_of(seated):
    return [len(t.sides) for t in seated.tables]


def random_rounds(entrants, low, high, rounds, rng):
    """A seating with no care for repeats: shuffle everyone and cut tables of the same sizes."""
    played = []
    for _ in range(rounds):
        order = rng.sample(entrants, len(entrants))
        tables, start = [], 0
        for size in table_sizes(len(order), low, high):
            tables.append(Table(sides=tuple(order[start:start + size]), seats=()))
            start += size
        played.append(Round(tables=tuple(tables), sitting_out=tuple(order[start:])))
    return played


bounds = st.integers(2, 4).flatmap(lambda low: st.tuples(st.just(low), st.integers(low, 6)))
events = st.tuples(st.booleans(), st.integers(0, 30), bounds, st.integers(1, 4), st.integers(0, 10**6))


def entrants_for(partnered, count):
    return pairs(count // 2) if partnered else solo(count)


@FAST
@given(events)
def test_every_entrant_is_seated_or_sits_out_once_each_round(event):
    partnered, count, (low, high), rounds, seed = event
    entrants = entrants_for(partnered, count)
    for seated in play(entrants, low, high, rounds, seed):
        everyone = [s for t in seated.tables for s in t.sides] + list(seated.sitting_out)
        assert sorted(everyone) == sorted(entrants)
        for table in seated.tables:
            assert sorted(table.seats) == sorted(p for side in table.sides for p in side)


@FAST
@given(events)
def test_tables_are_inside_the_bounds_as_few_as_possible_and_even(event):
    partnered, count, (low, high), rounds, seed = event
    entrants = entrants_for(partnered, count)
    for seated in play(entrants, low, high, rounds, seed):
        sizes = sizes_of(seated)
        assert all(low <= size <= high for size in sizes)
        assert not sizes or max(sizes) - min(sizes) <= 1
        assert sizes == sorted(sizes, reverse=True)
        placed = sum(sizes)
        assert len(sizes) == -(-placed // high)
        # Nobody sits out who could have been seated: no larger count fits the bounds.
        assert not any(t * low <= more <= t * high for more in range(placed + 1, len(entrants) + 1) for t in range(1, more + 1))


@FAST
@given(st.integers(0, 15), bounds, st.integers(1, 3), st.integers(0, 10**6))
def test_partners_never_sit_side_by_side(count, table_bounds, rounds, seed):
    low, high = table_bounds
    for seated in play(pairs(count), low, high, rounds, seed):
        for table in seated.tables:
            side_of = {p: side for side in table.sides for p in side}
            seats = table.seats
            assert all(side_of[seats[i]] != side_of[seats[(i + 1) % len(seats)]] for i in range(len(seats)))


@FAST
@given(events, st.randoms(use_true_random=False))
def test_same_seed_same_draw_whatever_order_the_entrants_came_in(event, rnd):
    partnered, count, (low, high), rounds, seed = event
    entrants = entrants_for(partnered, count)
    shuffled = entrants[:]
    rnd.shuffle(shuffled)
    assert play(entrants, low, high, rounds, seed) == play(shuffled, low, high, rounds, seed)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(6, 24), bounds, st.integers(0, 10**6))
def test_fewer_repeat_opponents_than_a_random_seating(count, table_bounds, seed):
    low, high = table_bounds
    entrants = solo(count)
    ours = repeat_meetings(play(entrants, low, high, 5, seed))
    rng = random.Random(seed)
    chance = statistics.mean(repeat_meetings(random_rounds(entrants, low, high, 5, rng)) for _ in range(30))
    assert ours <= chance


def test_seventeen_rummikub_players_get_strictly_fewer_repeats_than_chance():
    numbers = preset_numbers("rummikub")
    entrants = solo(17)
    ours = repeat_meetings(play(entrants, numbers["min_sides"], numbers["max_sides"], 6, 3))
    rng = random.Random(3)
    chance = statistics.mean(repeat_meetings(random_rounds(entrants, 2, 4, 6, rng)) for _ in range(50))
    assert ours < chance * 0.8


def test_seventeen_rummikub_players_sit_four_four_three_three_three():
    numbers = preset_numbers("rummikub")
    seated = seat_round(solo(17), numbers["min_sides"], numbers["max_sides"], seed=1)
    assert sizes_of(seated) == [4, 4, 3, 3, 3]
    assert seated.sitting_out == ()


def test_sixteen_club_players_with_six_couples_sit_partners_opposite_at_four_tables():
    numbers = preset_numbers("club-4deck")
    players = [f"P{i}" for i in range(1, 17)]
    couples = [(f"P{2 * k - 1}", f"P{2 * k}") for k in range(1, 7)]
    teams = draw_partners(players, couples, 5)
    for seated in play(teams, numbers["min_sides"], numbers["max_sides"], 3, 5):
        assert sizes_of(seated) == [2, 2, 2, 2]
        for table in seated.tables:
            first, second = table.sides
            seats = table.seats
            assert {seats[0], seats[2]} in ({*first}, {*second})
            assert {seats[1], seats[3]} in ({*first}, {*second})


def test_fiji_teams_are_separated_by_at_least_one_person():
    numbers = preset_numbers("fiji-team")
    seated = seat_round(pairs(5), numbers["min_sides"], numbers["max_sides"], seed=8)
    assert sizes_of(seated) == [3, 2]
    three = seated.tables[0]
    for side in three.sides:
        gap = abs(three.seats.index(side[0]) - three.seats.index(side[1]))
        assert min(gap, 6 - gap) >= 2


@pytest.mark.parametrize("count,sizes,byes", [(3, [3], 0), (5, [4], 1), (6, [3, 3], 0), (7, [4, 3], 0), (9, [3, 3, 3], 0), (2, [], 2)])
def test_cutthroat_tables_of_three_or_four(count, sizes, byes):
    numbers = preset_numbers("baja-cutthroat")
    seated = seat_round(solo(count), numbers["min_sides"], numbers["max_sides"], seed=2)
    assert sizes_of(seated) == sizes
    assert len(seated.sitting_out) == byes


def test_byes_go_round_before_anyone_sits_out_twice():
    played = play(solo(5), 3, 4, 5, seed=11)
    byes = [side for seated in played for side in seated.sitting_out]
    assert sorted(byes) == sorted(solo(5))


def test_a_lone_player_sits_out():
    seated = seat_round(solo(1), 2, 4, seed=0)
    assert seated == Round(tables=(), sitting_out=(("P1",),))


def test_winners_stay_at_their_table_and_losers_move_to_another():
    entrants = solo(16)
    played = play(entrants, 3, 4, 3, 6, "winners-stay", lambda last: [t.sides[0] for t in last.tables])
    for before, after in zip(played, played[1:]):
        for number, (old, new) in enumerate(zip(before.tables, after.tables)):
            assert old.sides[0] in new.sides
            assert not set(old.sides[1:]) & set(new.sides), f"a loser stayed at table {number + 1}"


@FAST
@given(st.integers(2, 30), bounds, st.integers(0, 10**6))
def test_winners_keep_their_table_number_whenever_it_still_exists(count, table_bounds, seed):
    low, high = table_bounds
    first = seat_round(solo(count), low, high, seed=seed)
    rng = random.Random(seed)
    winners = [rng.choice(t.sides) for t in first.tables]
    second = seat_round(solo(count), low, high, [first], seed, "winners-stay", winners)
    for number, winner in enumerate(winners):
        assert winner in second.tables[number].sides


@FAST
@given(events)
def test_winners_stay_over_several_rounds_seats_everyone_once_inside_the_bounds(event):
    """Winners drawn by lot; a table with no winner (ended level: nobody stays) one time in four."""
    partnered, count, (low, high), rounds, seed = event
    entrants = entrants_for(partnered, count)
    rng = random.Random(seed)
    played = []
    for _ in range(rounds + 1):
        winners = [rng.choice(t.sides) for t in played[-1].tables if rng.random() > 0.25] if played else []
        seated = seat_round(entrants, low, high, played, seed, "winners-stay", winners)
        everyone = [s for t in seated.tables for s in t.sides] + list(seated.sitting_out)
        assert sorted(everyone) == sorted(entrants)
        assert sizes_of(seated) == table_sizes(len(entrants), low, high)
        for winner in winners:
            number = next(n for n, t in enumerate(played[-1].tables) if winner in t.sides)
            if number < len(seated.tables):
                assert winner in seated.tables[number].sides
        played.append(seated)


def test_a_partner_alone_with_a_single_player_cannot_sit_apart():
    with pytest.raises(DrawImpossible, match="partners cannot all sit apart"):
        seat_round([("a", "b"), ("c",)], 2, 2, seed=0)


@pytest.mark.parametrize("kwargs,message", [
    ({"entrants": [("a",), ("a",)]}, "listed twice among the entrants"),
    ({"entrants": [("a", "b"), ("b", "c")]}, "b plays in two entrants"),
    ({"entrants": [()]}, "An entrant has no players"),
    ({"min_sides": 1}, "at least 2 sides"),
    ({"min_sides": 4, "max_sides": 3}, "may not exceed max_sides"),
    ({"movement": "shuffle"}, "Movement must be one of redraw, winners-stay"),
    ({"winners": [("a",)]}, "Winners only matter when winners stay"),
    ({"movement": "winners-stay", "winners": [("a",)]}, "no round has been played yet"),
    ({"seed": -1}, "draw number"),
])
def test_bad_input_is_refused_with_a_message(kwargs, message):
    call = {"entrants": solo(4), "min_sides": 2, "max_sides": 4, "seed": 0, **kwargs}
    with pytest.raises(DrawError if "seed" not in kwargs else ValueError, match=message):
        seat_round(**call)


def test_winners_who_did_not_play_or_share_a_table_are_refused():
    first = seat_round(solo(4), 2, 2, seed=0)
    both = first.tables[0].sides
    with pytest.raises(DrawError, match="Table 1 has 2 winners"):
        seat_round(solo(4), 2, 2, [first], 0, "winners-stay", both)
    with pytest.raises(DrawError, match="Zed did not play in the previous round"):
        seat_round(solo(4), 2, 2, [first], 0, "winners-stay", [("Zed",)])


def test_two_hundred_players_are_seated_for_six_rounds_quickly_without_repeats():
    started = time.perf_counter()
    played = play(solo(200), 2, 4, 6, seed=4)
    assert time.perf_counter() - started < 20  # a loaded CI machine; it takes well under a second
    assert repeat_meetings(played) == 0
