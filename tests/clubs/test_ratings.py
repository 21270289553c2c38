"""Ratings (openskill Plackett-Luce): winners never lose points, a replay gives the same ratings,
partnerships and tables of up to six are rated; the command replays a club's whole history."""

import pytest
from django.core.management import call_command
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.clubs import ratings, sample
from tournament.models import MemberRating

PEOPLE = st.integers(min_value=1, max_value=12)


@st.composite
def games(draw):
    """A game: 2 to 6 sides of one or two distinct people, ranked (ties allowed)."""
    sides_count = draw(st.integers(2, 6))
    size = draw(st.sampled_from([1, 2]))
    people = draw(st.lists(PEOPLE, min_size=sides_count * size, max_size=sides_count * size, unique=True))
    sides = [tuple(people[i * size:(i + 1) * size]) for i in range(sides_count)]
    ranks = draw(st.lists(st.integers(1, sides_count), min_size=sides_count, max_size=sides_count))
    return sides, ranks


@settings(max_examples=60, deadline=None)
@given(st.lists(games(), max_size=8), games())
def test_a_games_winners_never_lose_rating_points(history, last):
    before = ratings.replay(history)
    after = ratings.replay([*history, last])
    sides, ranks = last
    best = min(ranks)
    for side, rank in zip(sides, ranks):
        if rank == best and ranks.count(best) == 1:
            for person in side:
                was = before.get(person, ratings.Rated(ratings.START_MU, ratings.START_SIGMA))
                assert after[person].mu >= was.mu
                assert after[person].shown >= was.shown


@settings(max_examples=40, deadline=None)
@given(st.lists(games(), max_size=10))
def test_replaying_gives_identical_ratings(history):
    assert ratings.replay(history) == ratings.replay(list(history))


def test_a_partnership_and_a_five_player_table_are_rated():
    partnership = ([(1, 2), (3, 4)], [1, 2])
    table = ([(5,), (6,), (7,), (8,), (9,)], [1, 2, 3, 4, 5])
    rated = ratings.replay([partnership, table])
    assert rated[1].mu == rated[2].mu > ratings.START_MU > rated[3].mu
    assert rated[5].mu > rated[7].mu > rated[9].mu
    assert all(rated[p].sigma < ratings.START_SIGMA for p in range(1, 10))
    assert "between" in ratings.explain(rated[5])


def test_the_command_replays_the_club_to_the_same_ratings(db):
    club = sample.build("replay", seasons=1, events=3, players=20)
    call_command("recompute_ratings", "--club", club.slug, verbosity=0)
    first = sorted(MemberRating.objects.values_list("member_id", "mu", "sigma", "games"))
    call_command("recompute_ratings", verbosity=0)
    assert first and sorted(MemberRating.objects.values_list("member_id", "mu", "sigma", "games")) == first
    assert all(games > 0 for *_, games in first)


def test_an_unknown_club_is_named(db):
    from django.core.management.base import CommandError
    with pytest.raises(CommandError, match="nowhere"):
        call_command("recompute_ratings", "--club", "nowhere")
