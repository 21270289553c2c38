"""The organizer pauses, resumes and extends a running game's clock with a reason: the time limit
moves with it through the core (no time-limit result while paused, the new limit scheduled), the
pages say "paused" with the time left, every change is in the game's log, and a second pause or a
resume of a running clock is refused with a message, nothing changed."""

import datetime as dt
from unittest import mock

import pytest
import time_machine
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.gameday_setup import publish_division, teams
from tournament.core import actions, clock, deadlines, game_clock
from tournament.models import Game, GameEvent

POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)
LIMIT = dt.timedelta(hours=2, minutes=30)


@pytest.fixture
def playing(tournament):
    _, (game, _other) = publish_division(tournament, starts_at=POSTED)
    for team in teams(game):
        actions.check_in(game, team, now=POSTED)
    return actions.start_game(game, now=POSTED)


def reload(game):
    return Game.objects.get(pk=game.pk)


@pytest.mark.django_db
def test_a_pause_stops_the_time_limit_and_resuming_moves_it_on_by_the_pause(playing, organizer):
    paused_at = POSTED + dt.timedelta(minutes=60)
    game_clock.pause(playing, by=organizer, reason="fire alarm", now=paused_at)
    game = reload(playing)
    assert game.paused_at == paused_at and game.time_limit_at == POSTED + LIMIT
    # Long after the old limit, nothing falls due: the sweep and the claim both leave it in play.
    late = POSTED + LIMIT + dt.timedelta(minutes=30)
    assert not Game.objects.time_limit_due(late).filter(pk=game.pk).exists()
    assert deadlines.apply_time_limit(game.pk, now=late) is False
    assert reload(game).status == Game.Status.IN_PLAY
    view = clock.clock(reload(game), late)
    assert view["phase"] == "paused" and "1\u00a0h\u00a030\u00a0min" in view["label"] and view["countdown_to"] is None
    # Resumed 40 minutes after the pause: the limit is 40 minutes later.
    with mock.patch("tournament.core.deadlines.send_task_safely"):
        game_clock.resume(game, by=organizer, reason="all clear", now=paused_at + dt.timedelta(minutes=40))
    game = reload(game)
    assert game.paused_at is None and game.time_limit_at == POSTED + LIMIT + dt.timedelta(minutes=40)
    assert clock.clock(game, paused_at + dt.timedelta(minutes=40))["phase"] == "in_play"
    assert deadlines.apply_time_limit(game.pk, now=POSTED + LIMIT + dt.timedelta(minutes=39)) is False
    kinds = list(GameEvent.objects.filter(game=game, kind__startswith="clock_").values_list("kind", "note", "data"))
    assert kinds[0][:2] == ("clock_paused", "fire alarm") and kinds[0][2]["left_seconds"] == 90 * 60
    assert kinds[1][:2] == ("clock_resumed", "all clear") and kinds[1][2]["paused_seconds"] == 40 * 60


@pytest.mark.django_db
def test_extending_moves_the_limit_and_schedules_the_new_deadline(playing, organizer, django_capture_on_commit_callbacks):
    at = POSTED + LIMIT - dt.timedelta(minutes=10)
    with mock.patch("tournament.core.deadlines.send_task_safely") as send:
        with django_capture_on_commit_callbacks(execute=True):
            game_clock.extend(playing, "15", by=organizer, reason="a dispute took a quarter of an hour", now=at)
    game = reload(playing)
    assert game.time_limit_at == POSTED + LIMIT + dt.timedelta(minutes=15)
    assert send.call_args.kwargs["eta"] == game.time_limit_at  # the exact-moment task follows the new limit
    entry = GameEvent.objects.get(game=game, kind="clock_extended")
    assert entry.data["minutes"] == 15 and entry.note == "a dispute took a quarter of an hour"


@pytest.mark.django_db
@pytest.mark.parametrize("act, message", [
    (lambda g, by, now: (game_clock.pause(g, by=by, reason="alarm", now=now), game_clock.pause(g, by=by, reason="again", now=now)),
     "already paused"),
    (lambda g, by, now: game_clock.resume(g, by=by, now=now), "is not paused"),
    (lambda g, by, now: game_clock.pause(g, by=by, reason="  ", now=now), "Give the reason"),
    (lambda g, by, now: game_clock.extend(g, "ten", by=by, reason="x", now=now), "whole number of minutes"),
    (lambda g, by, now: game_clock.extend(g, "500", by=by, reason="x", now=now), "whole number of minutes"),
])
def test_a_wrong_clock_action_is_refused_with_a_message_and_changes_nothing_more(playing, organizer, act, message):
    now = POSTED + dt.timedelta(minutes=30)
    before = GameEvent.objects.filter(game=playing, kind__startswith="clock_").count()
    with pytest.raises(ValidationError) as refused:
        act(playing, organizer, now)
    assert message in " ".join(refused.value.messages)
    after = GameEvent.objects.filter(game=playing, kind__startswith="clock_").count()
    assert after - before <= 1  # only the first, valid pause of the double pause
    assert reload(playing).time_limit_at == POSTED + LIMIT


@pytest.mark.django_db
def test_a_game_not_in_play_has_no_clock_to_pause(tournament, organizer):
    _, (game, _other) = publish_division(tournament, starts_at=POSTED)
    with pytest.raises(ValidationError, match="not in play"):
        game_clock.pause(game, by=organizer, reason="alarm", now=POSTED)


@pytest.mark.django_db
@time_machine.travel(POSTED + dt.timedelta(minutes=30), tick=False)
def test_the_organizer_pauses_from_the_game_page_and_the_pages_say_paused(playing, organizer_client, tournament, client):
    page = reverse("gameday:game", args=[tournament.slug, playing.pk])
    response = organizer_client.post(reverse("gameday:pause", args=[tournament.slug, playing.pk]), {"reason": "fire alarm"})
    assert response.status_code == 302
    shown = organizer_client.get(page).content.decode()
    assert "Clock paused" in shown and "Resume the clock" in shown and "fire alarm" in shown
    twice = organizer_client.post(reverse("gameday:pause", args=[tournament.slug, playing.pk]), {"reason": "again"})
    assert twice.status_code == 400 and "already paused" in twice.content.decode()
    phone = client.get(reverse("table:sheet", args=[playing.table_token]))
    assert "Clock paused" in phone.content.decode()
    board = organizer_client.get(reverse("gameday:board", args=[tournament.slug])).content.decode()
    assert "Clock paused" in board
    bracket = client.get(reverse("brackets:division", args=[tournament.slug, "d1"])).content.decode()
    assert "Clock paused" in bracket
    resumed = organizer_client.post(reverse("gameday:resume", args=[tournament.slug, playing.pk]), {"reason": ""})
    assert resumed.status_code == 302 and reload(playing).paused_at is None
    again = organizer_client.post(reverse("gameday:resume", args=[tournament.slug, playing.pk]), {})
    assert again.status_code == 400 and "is not paused" in again.content.decode()
