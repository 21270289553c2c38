"""An event typed in from before Meldboard can be corrected or removed by the club's organizers: the
roll of honour shows it on the next request; bad input is named at its field and changes nothing;
nobody else can touch it."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.walks.pages import visible
from tournament.models import Club, PastEvent


@pytest.fixture
def club(db):
    return Club.objects.create(name="Bayside", slug="bayside")


@pytest.fixture
def past(club):
    return PastEvent.objects.create(club=club, name="Winter Cup", year=2019, champions="Ana & Ben", silver="Carla")


@pytest.fixture
def secretary(client, club):
    user = UserFactory(username="secretary", is_staff=False)
    club.organizers.add(user)
    client.force_login(user)
    return client


def _honours(club) -> str:
    """The roll of honour's words as a person reads them: the markup's timestamps are no years (a
    "…T13:34:44.220192" once held "2019")."""
    return visible(Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("clubs:honours", args=[club.slug])).content.decode())


def _row(past):
    return PastEvent.objects.filter(pk=past.pk).values_list("name", "year", "champions", "silver", "bronze").first()


def test_a_correction_shows_on_the_roll_of_honour_at_once(secretary, club, past):
    assert "Ana & Ben" in _honours(club)  # now in the cache
    edit = reverse("clubs_organizer:edit_past_event", args=[club.slug, past.pk])
    page = secretary.get(reverse("clubs_organizer:manage", args=[club.slug])).content.decode()
    assert edit in page
    form = secretary.get(edit)
    assert form.status_code == 200 and 'value="Ana &amp; Ben"' in form.content.decode()
    response = secretary.post(edit, {"name": "Winter Cup", "year": "2018", "champions": "Dora & Eli",
                                     "silver": "Carla", "bronze": "Fede"}, follow=True)
    assert response.status_code == 200 and "Winter Cup 2018 saved on the roll of honour." in response.content.decode()
    honours = _honours(club)
    assert "Dora & Eli" in honours and "Fede" in honours and "Ana & Ben" not in honours
    assert "2018" in honours and "2019" not in honours


def test_removing_asks_first_and_leaves_the_roll_at_once(secretary, club, past):
    assert "Winter Cup" in _honours(club)
    edit = reverse("clubs_organizer:edit_past_event", args=[club.slug, past.pk])
    assert "data-confirm" in secretary.get(edit).content.decode()
    remove = reverse("clubs_organizer:delete_past_event", args=[club.slug, past.pk])
    assert secretary.get(remove).status_code == 405  # a link followed by mistake removes nothing
    assert PastEvent.objects.filter(pk=past.pk).exists()
    done = secretary.post(remove, follow=True).content.decode()
    assert "Winter Cup 2019 removed from the roll of honour." in done
    assert not PastEvent.objects.exists() and "Winter Cup" not in _honours(club)
    changes = Club.objects.get(pk=club.pk).changes
    again = secretary.post(remove, follow=True)  # a second tap: said plainly, nothing else happens
    assert again.status_code == 200 and "no longer on the roll of honour" in again.content.decode()
    assert Club.objects.get(pk=club.pk).changes == changes


@pytest.mark.parametrize("year, said", [("19", "four digits"), ("twenty", "whole number"), ("", "This field is required.")])
def test_a_bad_year_is_refused_at_its_field_and_nothing_changes(secretary, club, past, year, said):
    before, changes = _row(past), Club.objects.get(pk=club.pk).changes
    edit = reverse("clubs_organizer:edit_past_event", args=[club.slug, past.pk])
    response = secretary.post(edit, {"name": "Winter Cup", "year": year, "champions": "Dora & Eli"})
    text = response.content.decode()
    assert response.status_code == 400 and said in text
    # The message sits at the year's field, and what was typed is still there to correct.
    assert text.index(said) > text.index('for="id_year"') and 'value="Dora &amp; Eli"' in text
    assert _row(past) == before and Club.objects.get(pk=club.pk).changes == changes
    honours = _honours(club)
    assert "Ana & Ben" in honours and "Dora" not in honours


def test_another_events_name_and_year_is_refused_at_the_name(secretary, club, past):
    PastEvent.objects.create(club=club, name="Summer Cup", year=2019, champions="Gus")
    edit = reverse("clubs_organizer:edit_past_event", args=[club.slug, past.pk])
    response = secretary.post(edit, {"name": "summer cup", "year": "2019", "champions": "Dora"})
    assert response.status_code == 400 and "summer cup 2019 is already on the roll of honour." in response.content.decode()
    assert PastEvent.objects.get(pk=past.pk).name == "Winter Cup"


def test_in_spanish_the_refusal_and_the_page_speak_spanish(secretary, club, past):
    edit = reverse("clubs_organizer:edit_past_event", args=[club.slug, past.pk])
    page = secretary.get(edit, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Corregir este evento" in page and "Quitar Winter Cup 2019 del cuadro de honor" in page
    refused = secretary.post(edit, {"name": "Winter Cup", "year": "19", "champions": "Dora"}, HTTP_ACCEPT_LANGUAGE="es")
    assert refused.status_code == 400 and "cuatro dígitos" in refused.content.decode()


def test_strangers_and_visitors_can_neither_see_nor_change_it(club, past):
    other_club = Club.objects.create(name="Harbour", slug="harbour")
    neighbour = UserFactory(username="neighbour", is_staff=False)
    other_club.organizers.add(neighbour)
    before, changes = _row(past), Club.objects.get(pk=club.pk).changes
    edit = reverse("clubs_organizer:edit_past_event", args=[club.slug, past.pk])
    remove = reverse("clubs_organizer:delete_past_event", args=[club.slug, past.pk])
    data = {"name": "Hacked", "year": "2000", "champions": "Mallory"}
    anonymous = Client()
    for response in (anonymous.get(edit), anonymous.post(edit, data), anonymous.post(remove)):
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    stranger = Client()
    stranger.force_login(neighbour)
    for response in (stranger.get(edit), stranger.post(edit, data), stranger.post(remove)):
        assert response.status_code == 404
    # Nor through their own club's address: the event is not theirs.
    mine = reverse("clubs_organizer:edit_past_event", args=[other_club.slug, past.pk])
    assert stranger.get(mine).status_code == 404
    stranger.post(mine, data)
    stranger.post(reverse("clubs_organizer:delete_past_event", args=[other_club.slug, past.pk]))
    assert _row(past) == before and Club.objects.get(pk=club.pk).changes == changes
