"""A club has a time zone of its own (issue 35: "Nov 28" was printed for an event on the 27th at
22:22 in Mazatlán): every date its pages, PDFs and spreadsheets print is the day where the club
meets, whatever zone an event was made in, and the secretary picks it by the places people know."""

import datetime as dt
import re

import pytest
import time_machine
from django.urls import reverse

from tests.factories import UserFactory
from tests.printing.test_printing_helpers import flat, pdf_text
from tournament.clubs import members, sample
from tournament.models import Club, Member, Player, Season, Tournament

# 22:22 on 27 November in Mazatlán (UTC-7) is 05:22 on the 28th in UTC.
LATE_ON_THE_27TH = dt.datetime(2026, 11, 28, 5, 22, tzinfo=dt.UTC)


@pytest.fixture
def club(db):
    club = sample.build("bayside", seasons=1, events=3, players=20)
    event = club.events.get(format="bracket")
    # Made on a server left in UTC: the event's own zone says nothing about where the club meets.
    Tournament.objects.filter(pk=event.pk).update(signup_deadline=LATE_ON_THE_27TH, time_zone="UTC")
    Tournament.objects.filter(pk=event.pk).bump()
    Season.objects.create(club=club, name="November", starts_on=dt.date(2026, 11, 1), ends_on=dt.date(2026, 11, 27))
    return club


def day_shown(page: str, event: str) -> str:
    """The date printed beside the event's name."""
    after = page.split(f"<bdi>{event}</bdi></a>", 1)[1]
    return re.search(r'<span class="muted">([^<·]*)', after)[1].strip()


def _secretary(client, club):
    secretary = UserFactory(username="secretary", is_staff=False)
    club.organizers.add(secretary)
    client.force_login(secretary)
    return secretary


def test_every_club_page_prints_the_day_where_the_club_meets(client, club):
    event = club.events.get(format="bracket")
    november = club.seasons.get(name="November")
    one_of_them = Member.objects.get(pk=members.sync(club)[Player.objects.filter(tournament=event).first().pk])
    pages = {
        "home": reverse("clubs:home", args=[club.slug]),
        "season": reverse("clubs:season", args=[club.slug, november.pk]),
        "player": reverse("clubs:player", args=[club.slug, one_of_them.pk]),
    }
    for name, address in pages.items():
        page = client.get(address, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert day_shown(page, event.name) == "Nov. 27, 2026", name
    # The season of 1–27 November holds the event: it was on the 27th where the club meets.
    season = client.get(pages["season"]).content.decode()
    assert "1 event" in season and event.name in season


def test_the_printed_day_is_the_clubs(client, club):
    november = club.seasons.get(name="November")
    with time_machine.travel(LATE_ON_THE_27TH, tick=False):
        text = flat(pdf_text(client.get(reverse("clubs:season_pdf", args=[club.slug, november.pk]),
                                        HTTP_ACCEPT_LANGUAGE="en").content))
    assert "printed Nov. 27, 2026" in text


def test_an_event_late_on_new_years_eve_counts_in_the_clubs_year(client, club):
    event = club.events.get(format="bracket")
    Tournament.objects.filter(pk=event.pk).update(signup_deadline=dt.datetime(2027, 1, 1, 5, 0, tzinfo=dt.UTC))
    Tournament.objects.filter(pk=event.pk).bump()
    page = client.get(reverse("clubs:honours", args=[club.slug])).content.decode()
    year_2026 = page.index("<h2>2026</h2>")
    assert "2027" not in page[:year_2026] and event.name in page[year_2026:]


def test_the_secretary_moves_the_club_and_its_dates_follow(client, club):
    _secretary(client, club)
    manage = client.get(reverse("clubs_organizer:manage", args=[club.slug])).content.decode()
    assert "Dates are the days in La Paz, Mazatlán." in manage  # in words, never "America/Mazatlan" in a sentence
    response = client.post(reverse("clubs_organizer:zone", args=[club.slug]), {"time_zone": "Asia/Tokyo"})
    assert response.status_code == 302
    assert Club.objects.get(pk=club.pk).time_zone == "Asia/Tokyo"
    home = client.get(reverse("clubs:home", args=[club.slug])).content.decode()
    assert day_shown(home, club.events.get(format="bracket").name) == "Nov. 28, 2026"  # 14:22 on the 28th in Tokyo
    season = client.get(reverse("clubs:season", args=[club.slug, club.seasons.get(name="November").pk])).content.decode()
    assert "0 events" in season


def test_a_zone_that_is_not_one_is_refused_and_nothing_changes(client, club):
    _secretary(client, club)
    response = client.post(reverse("clubs_organizer:zone", args=[club.slug]), {"time_zone": "Mars/Olympus"})
    assert response.status_code == 400
    assert "“Mars/Olympus” is not on the time zone list: pick the place nearest to where the club meets." in (
        response.content.decode())
    assert Club.objects.get(pk=club.pk).time_zone == "America/Mazatlan"


def test_a_new_club_starts_in_the_zone_of_the_organizers_latest_event(client, db):
    secretary = UserFactory(username="secretary", is_staff=False)
    client.force_login(secretary)
    from tests.factories import TournamentFactory

    TournamentFactory(created_by=secretary, time_zone="America/Tijuana")
    page = client.get(reverse("clubs_organizer:list")).content.decode()
    assert '<option value="America/Tijuana" selected>Tijuana, Ensenada, Mexicali</option>' in page  # words, no tz id
    response = client.post(reverse("clubs_organizer:list"),
                           {"name": "Costa Club", "slug": "costa", "time_zone": "America/Tijuana"})
    assert response.status_code == 302
    assert Club.objects.get(slug="costa").time_zone == "America/Tijuana"
