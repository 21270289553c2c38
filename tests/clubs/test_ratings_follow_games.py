"""Ratings follow the games: a finished game's result has its club's ratings replayed by the worker
(no club page needs to be seen first), only from the changed event on, to the same figures as a
replay of the whole history; a seeded draw reads ratings that already count the last game."""

import pytest
from django.db import transaction

from tournament.clubs import members, rating_tasks, ratings, records, sample
from tournament.core import formats as core_formats
from tournament.models import Game, GameSide, MemberRating, Tournament


@pytest.fixture
def club(db):
    return sample.build("follow", seasons=1, events=4, players=16)


def _stored():
    return sorted(MemberRating.objects.values_list("member_id", "mu", "sigma", "games"))


def _last_table_game(club):
    event = Tournament.objects.filter(club=club, format="tables").order_by("-signup_deadline").first()
    return Game.objects.filter(division__tournament=event).order_by("pk").first()


def _turn_result(game):
    """The table's last side becomes its winner by far: its players' ratings must rise."""
    last = game.sides.order_by("total", "pk").first()
    with transaction.atomic():
        GameSide.objects.filter(pk=last.pk).update(total=last.total + 5000)
        Tournament.objects.filter(pk=game.division.tournament_id).bump()
        core_formats.of(game.division.tournament).correct_result(game, last, by=None, note="Scores typed again from the sheet")
    return last


def test_a_corrected_result_replays_the_ratings_without_a_page_view(club, monkeypatch, django_capture_on_commit_callbacks):
    queued = []
    monkeypatch.setattr(rating_tasks, "send_task_safely", lambda task, club_id: queued.append(club_id) or task(club_id))
    ratings.refresh(club)
    before = {m: (mu, sigma) for m, mu, sigma, _games in _stored()}
    game = _last_table_game(club)
    with django_capture_on_commit_callbacks(execute=True):
        side = _turn_result(game)
    assert queued == [club.pk]
    after = _stored()
    raised = [m for m, mu, _sigma, _games in after if mu > before[m][0]]
    assert raised, "the new winner's rating rose with no club page asked for"
    mapping = members.sync(club)
    assert mapping[side.player_id] in raised
    whole = ratings.replay(ratings.member_games(records.club_records(club), mapping))
    assert after == sorted((m, r.mu, r.sigma, r.games) for m, r in whole.items())


def test_a_change_replays_from_the_changed_event_on(club, monkeypatch):
    ratings.refresh(club)
    replayed = []
    real = ratings.event_games
    monkeypatch.setattr(ratings, "event_games", lambda record, mapping: replayed.append(record.slug) or real(record, mapping))
    game = _last_table_game(club)
    _turn_result(game)
    rated = ratings.refresh(club)
    changed = game.division.tournament
    later = list(Tournament.objects.filter(club=club).order_by("signup_deadline", "pk").values_list("slug", flat=True))
    assert replayed == later[later.index(changed.slug):] and len(replayed) < len(later)
    replayed.clear()
    assert rated == ratings.refresh(club, force=True)
    assert len(replayed) == Tournament.objects.filter(club=club).count()


def test_a_lost_cache_replays_everything_to_the_same_ratings(club, monkeypatch):
    from django.core.cache import cache

    from tournament.models import Club

    first = ratings.refresh(club)
    cache.clear()
    Club.objects.filter(pk=club.pk).bump()  # the history's mark moves: the next page replays
    replayed = []
    real = ratings.event_games
    monkeypatch.setattr(ratings, "event_games", lambda record, mapping: replayed.append(record.slug) or real(record, mapping))
    assert ratings.refresh(club) == first
    assert len(replayed) == Tournament.objects.filter(club=club).count()


def test_a_draw_reads_ratings_that_count_the_last_game(club, monkeypatch):
    from tournament.core import club_ratings

    monkeypatch.setattr(rating_tasks, "send_task_safely", lambda task, club_id: None)  # the worker has not got to it
    ratings.refresh(club)
    game = _last_table_game(club)
    side = _turn_result(game)
    found = club_ratings.player_ratings(game.division.tournament)
    mapping = members.sync(club)
    whole = ratings.replay(ratings.member_games(records.club_records(club), mapping))
    assert found[side.player_id] == (whole[mapping[side.player_id]].mu, whole[mapping[side.player_id]].sigma)
