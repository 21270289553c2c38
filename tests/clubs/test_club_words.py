"""The club's pages and files as people read them (issue 35): names as entered with the page
language's joining word, the CSV opening cleanly in a spreadsheet, the club's own calendar day."""

import datetime as dt
import re

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from tests.factories import UserFactory
from tournament.clubs import members, sample
from tournament.models import Club, Division, Player


@pytest.fixture
def club(db):
    return sample.build("bayside", seasons=1, events=3, players=20)


def test_the_roll_of_honour_spells_champions_as_they_entered_joined_in_the_pages_language(client, club):
    bracket = club.events.get(format="bracket")
    champion = Division.objects.get(tournament=bracket, kind=Division.Kind.FINAL).champion
    first, second = champion.players.order_by("pk")
    Player.objects.filter(pk=first.pk).update(name="José Núñez")
    Player.objects.filter(pk=second.pk).update(name="Beto Cruz")
    mapping = members.sync(club)
    from tournament.models import Member
    Member.objects.filter(pk=mapping[first.pk]).update(name="Jose Nunez")  # the club's first spelling of him
    spanish = client.get(reverse("clubs:honours", args=[club.slug]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "José Núñez y Beto Cruz" in spanish and "Jose Nunez &amp; Beto Cruz" not in spanish
    english = client.get(reverse("clubs:honours", args=[club.slug]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "José Núñez &amp; Beto Cruz" in english


def test_the_season_csv_opens_as_utf8_in_a_spreadsheet(client, club):
    Player.objects.filter(pk=Player.objects.filter(tournament__club=club).order_by("pk").first().pk).update(name="Ana Ríos")
    season = club.seasons.get()
    body = client.get(reverse("clubs:season_csv", args=[club.slug, season.pk])).content
    assert body.startswith("\ufeff".encode())  # the byte-order mark a spreadsheet reads the encoding from
    assert "Ana Ríos" in body.decode("utf-8-sig")


def test_the_club_lives_in_its_own_time_zone(client, club, settings):
    assert str(club.tz) == "America/Mazatlan"
    assert Club.objects.create(name="Empty", slug="empty").time_zone == settings.TIME_ZONE  # until one is picked
    secretary = UserFactory(username="secretary", is_staff=False)
    club.organizers.add(secretary)
    # 03:00 UTC on New Year's Day is still 31 December in Mazatlán: next year is still to come there.
    with time_machine.travel(dt.datetime(2027, 1, 1, 3, 0, tzinfo=dt.UTC), tick=False):
        assert timezone.now().year == 2027
        client.force_login(secretary)
        response = client.post(reverse("clubs_organizer:add_past_event", args=[club.slug]),
                               {"name": "Copa Baja", "year": 2027, "champions": "Ana López"})
    assert response.status_code == 400 and "2027 is still to come" in response.content.decode()


@pytest.mark.parametrize("language", ["en", "es"])
def test_season_points_past_a_thousand_are_grouped(client, club, language):
    Club.objects.filter(pk=club.pk).update(place_points=[1500, 1200, 1000])
    Club.objects.filter(pk=club.pk).bump()
    season = club.seasons.get()
    page = client.get(reverse("clubs:season", args=[club.slug, season.pk]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert re.search(r"<td>\d{1,3}(,\d{3})+</td>", page)  # Mexico groups with commas too (config/formats/es)
    assert not re.search(r"<td>\d{4,}</td>", page)
