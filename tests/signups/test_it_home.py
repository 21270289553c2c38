import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from tests.factories import TeamFactory


@pytest.mark.django_db
def test_home_shows_what_where_deadline_countdown_and_teams(client, tournament):
    tournament.signup_deadline = dt.datetime(2026, 4, 7, 19, 0, tzinfo=dt.UTC)
    tournament.save()
    TeamFactory(tournament=tournament, name="Wild Twos", partners=("Gina Park", "Hal Jones"))
    with time_machine.travel(dt.datetime(2026, 4, 6, 19, 0, tzinfo=dt.UTC)):
        body = client.get(reverse("public:home", args=[tournament.slug])).content.decode()
    assert tournament.name in body and "Marina clubhouse" in body
    assert "noon, Tuesday 7 April 2026 (La Paz, Mazatlán time)" in body
    assert 'data-countdown="2026-04-07T19:00:00+00:00"' in body
    assert "Wild Twos" in body and "<bdi>Gina Park</bdi> &amp; <bdi>Hal Jones</bdi>" in body


@pytest.mark.django_db
def test_home_after_the_deadline_says_closed_even_if_no_task_ran(client, tournament):
    with time_machine.travel(tournament.signup_deadline + dt.timedelta(minutes=1)):
        body = client.get(reverse("public:home", args=[tournament.slug])).content.decode()
    tournament.refresh_from_db()
    assert tournament.status == "open"  # nothing closed it in the database…
    assert "Sign-ups closed at" in body  # …and yet the page knows
    assert "Sign up a team" not in body


@pytest.mark.django_db
def test_unknown_tournament_is_404(client):
    assert client.get("/t/nope/").status_code == 404
