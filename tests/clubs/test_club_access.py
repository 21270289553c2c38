"""A club's organizer pages: an anonymous visitor is sent to log in, someone else's account finds no
such club, and neither changes anything."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tournament.clubs import sample
from tournament.models import Club, Member, PastEvent, Season

ROUTES = ["manage", "points", "zone", "add_season", "add_past_event", "attach", "detach", "import_backup", "members", "merge",
          "apart"]


@pytest.fixture
def club(db):
    return sample.build("guarded", seasons=1, events=2, players=16)


def _state(club):
    return (Club.objects.get(pk=club.pk).changes, Club.objects.get(pk=club.pk).time_zone, Season.objects.count(), PastEvent.objects.count(),
            sorted(Member.objects.values_list("pk", "unlisted")), club.events.count())


@pytest.mark.parametrize("name", ROUTES)
def test_anonymous_and_strangers_change_nothing(name, club):
    address = reverse(f"clubs_organizer:{name}", args=[club.slug])
    data = {"name": "X", "year": "2019", "champions": "Y", "place_points": "1", "taking_part_points": "1",
            "starts_on": "2026-01-01", "ends_on": "2026-02-01", "keep": "1", "other": "2", "time_zone": "Asia/Tokyo"}
    before = _state(club)
    anonymous = Client()
    for response in (anonymous.get(address), anonymous.post(address, data)):
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    stranger = Client()
    stranger.force_login(UserFactory(username="stranger", is_staff=False))
    for response in (stranger.get(address), stranger.post(address, data)):
        assert response.status_code in (404, 405)
    assert _state(club) == before


def test_the_listing_switch_is_guarded_too(club):
    member = club.members.first() or Member.objects.create(club=club, name="Ana")
    address = reverse("clubs_organizer:listing", args=[club.slug, member.pk])
    stranger = Client()
    stranger.force_login(UserFactory(username="stranger", is_staff=False))
    assert stranger.post(address, {"unlisted": "1"}).status_code == 404
    assert not Member.objects.get(pk=member.pk).unlisted
