"""After signing up for a table event, a page of its own: who is signed up, what happens next and
the link to the player's page (not the blank form with a small banner)."""

import datetime as dt

import pytest
from django.urls import reverse

from tests.formats.tables.events import table_event
from tournament.models import Player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("template_context")]  # reads response.context


def join(client, event, **fields):
    key = client.get(reverse("tables:signup", args=[event.slug])).context["form"].initial["submission_key"]
    data = {"name": "", "came_with": "", "contact": "", "submission_key": key, **fields}
    return client.post(reverse("tables:signup", args=[event.slug]), data, follow=True)


def test_a_player_alone_sees_who_is_signed_up_and_what_happens_next(client):
    event = table_event("club-4deck", game_time_limit=dt.timedelta(minutes=105))
    page = join(client, event, name="Ann Lee").content.decode().replace("\xa0", " ")  # "1 h 45 min" held together
    ann = Player.objects.get(name="Ann Lee")
    assert "You are signed up</h1>" in page and "<bdi>Ann Lee</bdi>" in page
    assert "one will be drawn for you by lot" in page
    assert "Sign-ups close" in page and "draws the partners and seats everyone at tables" in page
    assert "Each game lasts at most 1 h 45 min." in page
    assert reverse("live:player", args=[event.slug, ann.pk]) in page and "Your page" in page
    assert reverse("tables:public_seating", args=[event.slug]) in page
    assert 'id="signup-form"' not in page  # not the blank form again


def test_partners_signed_up_together_each_get_their_page(client):
    event = table_event("club-4deck")
    page = join(client, event, name="Ann Lee", partner="Bob Ray").content.decode()
    assert "You are signed up together" in page and "You play together as partners." in page
    for player in Player.objects.filter(tournament=event):
        assert reverse("live:player", args=[event.slug, player.pk]) in page


def test_individual_event_says_seated_by_lot_and_a_reload_shows_the_same_page(client):
    event = table_event("rummikub")
    join(client, event, name="Cy Diaz")
    page = client.get(reverse("tables:signed_up", args=[event.slug])).content.decode()
    assert "<bdi>Cy Diaz</bdi>" in page and "seats everyone at tables by lot" in page
    assert "draws the partners" not in page


def test_a_visitor_who_did_not_sign_up_is_sent_to_the_form(client):
    event = table_event("rummikub")
    response = client.get(reverse("tables:signed_up", args=[event.slug]))
    assert response.status_code == 302 and response["Location"] == reverse("tables:signup", args=[event.slug])
