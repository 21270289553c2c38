"""A game length changed on the tournament form while games are in play (issue 24 B): the form asks
whether those games keep their limit or take the new one; games not started take it; the sheets
print each game's own limit; the tournament's history and the game's log say what happened."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.gameday_setup import publish_division, teams
from tests.printing.test_printing_helpers import pdf_text
from tests.tournament_form import as_posted, lasting
from tournament.core import actions
from tournament.events.forms import TournamentForm
from tournament.models import Game, GameEvent, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(tournament):
    starts = timezone.now() + dt.timedelta(minutes=5)
    division, (playing, waiting) = publish_division(tournament, starts_at=starts)
    for team in teams(playing):
        actions.check_in(playing, team)
    playing = actions.start_game(Game.objects.get(pk=playing.pk), agreed_team_ids=[t.pk for t in teams(playing)])
    return tournament, playing, Game.objects.get(pk=waiting.pk)


def post(client, tournament, **changes):
    data = {**as_posted(TournamentForm(instance=Tournament.objects.get(pk=tournament.pk))), **changes}
    data.pop("running_games", None) if "running_games" not in changes else None
    return client.post(reverse("organizer:edit", args=[tournament.slug]), data)


def test_the_form_asks_and_refuses_a_new_length_without_the_answer(organizer_client, event):
    tournament, playing, waiting = event
    page = organizer_client.get(reverse("organizer:edit", args=[tournament.slug])).content.decode()
    assert 'name="running_games"' in page and "Games in play keep the limit they started with" in page
    response = post(organizer_client, tournament, **lasting("game_time_limit", 3, 0))
    assert response.status_code == 400
    assert "1 game is in play: choose whether it keeps its limit or takes the new length." in response.content.decode()
    assert Tournament.objects.get(pk=tournament.pk).game_time_limit == dt.timedelta(hours=2, minutes=30)


def test_games_in_play_take_the_new_length_when_the_organizer_says_so(organizer_client, event):
    tournament, playing, waiting = event
    before = playing.time_limit_at
    response = post(organizer_client, tournament, running_games="take", **lasting("game_time_limit", 3, 0))
    assert response.status_code == 302
    playing.refresh_from_db()
    waiting.refresh_from_db()
    assert playing.time_limit_at == before + dt.timedelta(minutes=30)
    assert waiting.time_limit_at == waiting.starts_at + dt.timedelta(hours=3)
    entry = GameEvent.objects.filter(game=playing, kind="length_changed").get()
    assert entry.data["minutes"] == 30
    history = Tournament.objects.get(pk=tournament.pk).rules_history[-1]
    assert history["changes"]["time_limit_minutes"] == [150, 180] and history["running"] == "take"
    assert history["by"] == "organizer"


def test_games_in_play_keep_their_limit_and_each_sheet_prints_its_own(organizer_client, event):
    tournament, playing, waiting = event
    before = playing.time_limit_at
    post(organizer_client, tournament, running_games="keep", **lasting("game_time_limit", 3, 0))
    playing.refresh_from_db()
    waiting.refresh_from_db()
    assert playing.time_limit_at == before and not GameEvent.objects.filter(kind="length_changed").exists()
    assert waiting.time_limit_at == waiting.starts_at + dt.timedelta(hours=3)
    running = organizer_client.get(reverse("printing:score_sheet", args=[tournament.slug, playing.pk]))
    upcoming = organizer_client.get(reverse("printing:score_sheet", args=[tournament.slug, waiting.pk]))
    assert "time limit 2 h 30 min" in " ".join(pdf_text(running.content).split())
    assert "time limit 3 h" in " ".join(pdf_text(upcoming.content).split())
    assert Tournament.objects.get(pk=tournament.pk).rules_history[-1]["running"] == "keep"
