"""After signing up a team for a bracket event, a page of its own (as table events have): the team
and its partners, when sign-ups close, what happens next and the link to the team's page, not the
teams list with a small banner."""

import datetime as dt

import pytest
from django.urls import reverse

from tests.factories import TournamentFactory
from tests.walks.pages import visible
from tournament.models import Team

pytestmark = pytest.mark.django_db

FORM = {"team_name": "Card Sharks", "player1": "Ann Lee", "player2": "Bob Lee", "contact": "555-0100",
        "submission_key": "key-1"}


def sign_up(client, event, language="en", **typed):
    client.cookies["django_language"] = language
    return client.post(reverse("public:signup", args=[event.slug]), {**FORM, **typed}, follow=True)


def words(response) -> str:
    return " ".join(visible(response.content.decode()).split())


def test_a_team_sees_its_partners_the_closing_time_what_happens_next_and_its_page(client):
    event = TournamentFactory(game_time_limit=dt.timedelta(hours=2, minutes=30))
    response = sign_up(client, event)
    page, html = words(response), response.content.decode()
    team = Team.objects.get(name="Card Sharks")
    assert response.redirect_chain[-1][0] == reverse("public:signed_up", args=[event.slug])
    assert "Your team is signed up" in page and "Card Sharks" in page
    assert "Ann Lee" in page and "Bob Lee" in page and "You play together as partners." in page
    assert "Sign-ups close" in page and "draws the bracket" in page
    assert "Each game lasts at most 2 h 30 min." in page
    assert "a team still missing 5 minutes after it loses the game" in page
    assert reverse("live:team", args=[event.slug, team.pk]) in html and "Your team's page" in page
    assert 'id="signup-form"' not in html  # not the form again


def test_in_spanish(client):
    event = TournamentFactory()
    page = words(sign_up(client, event, "es"))
    assert "Su equipo está inscrito" in page and "Ann Lee" in page and "Juegan juntos como pareja." in page
    assert "La página de su equipo" in page


def test_a_retry_shows_the_same_page_and_one_team(client):
    event = TournamentFactory()
    sign_up(client, event)
    again = sign_up(client, event)
    assert "Your team is signed up" in words(again) and "already" not in words(again)
    assert Team.objects.filter(tournament=event).count() == 1
    assert "Card Sharks" in words(client.get(reverse("public:signed_up", args=[event.slug])))  # a reload too


def test_a_visitor_who_did_not_sign_up_is_sent_to_the_form(client):
    event = TournamentFactory()
    response = client.get(reverse("public:signed_up", args=[event.slug]))
    assert response.status_code == 302 and response["Location"] == reverse("public:signup", args=[event.slug])
