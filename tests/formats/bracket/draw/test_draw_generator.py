"""The pure draw generator: chart shape for every field size, reproducibility and fairness."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.formats.bracket.draw import generator


def test_standard_order_for_sixteen_is_the_bayfest_chart():
    assert generator.standard_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]


@pytest.mark.parametrize("n,size", [(2, 2), (3, 4), (4, 4), (5, 8), (12, 16), (16, 16), (17, 32), (1024, 1024), (1025, 2048)])
def test_bracket_size_is_the_next_power_of_two(n, size):
    assert generator.bracket_size(n) == size


@pytest.mark.parametrize("n", [0, 1])
def test_fewer_than_two_teams_cannot_be_drawn(n):
    with pytest.raises(ValueError, match="at least 2 teams"):
        generator.draw_lines([f"T{i}" for i in range(n)], 1)


def _check_chart(n: int, seed: int) -> None:
    teams = [f"T{i}" for i in range(1, n + 1)]
    lines = generator.draw_lines(teams, seed)
    size = generator.bracket_size(n)
    assert len(lines) == size
    assert sorted(x for x in lines if x is not None) == sorted(teams)  # each team exactly once
    assert lines.count(None) == size - n
    for a, b in generator.first_round_pairs(lines):
        assert not (a is None and b is None), f"bye against bye for {n} teams"
    if size >= 4:
        quarter = size // 4
        per_quarter = [lines[q * quarter:(q + 1) * quarter].count(None) for q in range(4)]
        assert max(per_quarter) - min(per_quarter) <= 1, (n, per_quarter)


@pytest.mark.parametrize("n", range(2, 129))
def test_every_field_size_from_2_to_128_gives_a_sound_chart(n):
    for seed in (0, 1, 987654321):
        _check_chart(n, seed)


@settings(max_examples=150, deadline=None)
@given(n=st.integers(min_value=2, max_value=128), seed=st.integers(min_value=0, max_value=generator.MAX_SEED))
def test_any_seed_gives_a_sound_chart(n, seed):
    _check_chart(n, seed)


def test_byes_spread_over_halves_and_eighths_too():
    for n in range(9, 33):
        lines = generator.draw_lines(list(range(n)), 7)
        size = len(lines)
        for parts in (2, 4, 8):
            width = size // parts
            byes = [lines[p * width:(p + 1) * width].count(None) for p in range(parts)]
            assert max(byes) - min(byes) <= 1, (n, parts, byes)


def test_same_teams_and_seed_give_the_same_draw_and_another_seed_usually_does_not():
    teams = [f"T{i}" for i in range(1, 14)]
    assert generator.draw_lines(teams, 4242) == generator.draw_lines(list(teams), 4242)
    others = {tuple(generator.draw_lines(teams, seed)) for seed in range(20)}
    assert len(others) > 15


def test_the_draw_does_not_touch_the_global_random_state():
    random.seed(5)
    expected = random.random()
    random.seed(5)
    generator.draw_lines(list(range(40)), 99)
    assert random.random() == expected


def test_every_team_gets_a_fair_share_of_byes_over_3000_seeds():
    teams = [f"T{i}" for i in range(1, 13)]  # 16 lines, 4 byes: each team's share should be 1/3
    byes = Counter()
    for seed in range(3000):
        for a, b in generator.first_round_pairs(generator.draw_lines(teams, seed)):
            if a is None or b is None:
                byes[a or b] += 1
    for team in teams:
        assert abs(byes[team] / 3000 - 1 / 3) <= 0.03, (team, byes[team])


def test_first_round_pairs_are_lines_two_by_two():
    assert generator.first_round_pairs(["a", None, "b", "c"]) == [("a", None), ("b", "c")]


@pytest.mark.parametrize("text,expected", [("48213", 48213), (" 1,000 ", 1000), ("0", 0), (7, 7), ("0" * 5000 + "7", 7)])
def test_typed_seeds_are_read(text, expected):
    assert generator.parse_seed(text) == expected


@pytest.mark.parametrize("text,message", [
    ("abc", "whole number"), ("12.5", "whole number"), ("-3", "not be negative"), ("", "Type a draw number"),
    ("١٢", "whole number"), (str(10**19), "from 0 to"), (-1, "from 0 to"), ("9" * 5000, "from 0 to"),
])
def test_bad_seeds_are_refused_with_a_message(text, message):
    with pytest.raises(ValueError, match=message):
        generator.parse_seed(text)


def test_a_drawn_team_listed_twice_is_refused():
    with pytest.raises(ValueError, match="only once"):
        generator.draw_lines(["a", "b", "a"], 1)
