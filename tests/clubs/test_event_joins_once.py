"""An event joins a club once (issue 35): importing a backup and adding an event recognise the same
event (its identity travels in the backup) and refuse a second copy, naming the first; an event can
be taken out of a club, and its standings and ratings follow."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import TournamentFactory, UserFactory
from tournament.clubs import ratings, sample
from tournament.events.backup import export_tournament
from tournament.models import Club, MemberRating, Player, Tournament


@pytest.fixture
def secretary(client, db):
    user = UserFactory(username="secretary", is_staff=False)
    client.force_login(user)
    return user


@pytest.fixture
def club(secretary):
    club = Club.objects.create(name="Bayside", slug="bayside")
    club.organizers.add(secretary)
    return club


def _event(slug, by, club=None):
    t = TournamentFactory(slug=slug, name="Copa Baja", club=club, format="tables", variant="fiji-individual")
    t.organizers.add(by)
    Player.objects.create(tournament=t, name="Rosa Díaz", contact="612 555 0303")
    return t


def _upload(client, club, data):
    return client.post(reverse("clubs_organizer:import_backup", args=[club.slug]),
                       {"file": SimpleUploadedFile("backup.json", json.dumps(data).encode())})


def test_importing_the_backup_of_an_event_already_here_is_refused_naming_it(client, club, secretary):
    original = _event("copa-baja", secretary)
    response = _upload(client, club, export_tournament(original))
    assert response.status_code == 400
    page = response.content.decode()
    assert "This event is already here: “Copa Baja” (/t/copa-baja/)" in page
    assert Tournament.objects.count() == 1 and not club.events.exists()
    # Added instead, it counts once; its backup imported afterwards is refused naming the club.
    client.post(reverse("clubs_organizer:attach", args=[club.slug]), {"event": "copa-baja"})
    assert list(club.events.all()) == [original]
    again = _upload(client, club, export_tournament(original)).content.decode()
    assert "one of the events of the club “Bayside”" in again
    assert Tournament.objects.count() == 1


def test_a_copy_made_before_events_carried_their_identity_is_recognised(client, club, secretary):
    original = _event("copa-baja", secretary, club=club)
    data = export_tournament(original)
    data["models"]["tournament.Tournament"][0]["uid"] = "0f0e0d0c-0b0a-4908-8706-050403020100"  # an older copy
    data["models"]["tournament.Tournament"][0]["slug"] = "copa-baja-copy"
    page = _upload(client, club, data).content.decode()
    assert "is already in the club as “Copa Baja” (/t/copa-baja/)" in page and "nothing was imported" in page
    assert Tournament.objects.count() == 1


def test_an_event_of_another_club_is_not_added_twice(client, club, secretary):
    other = Club.objects.create(name="Harbour", slug="harbour")
    _event("copa-baja", secretary, club=other)
    page = client.post(reverse("clubs_organizer:attach", args=[club.slug]), {"event": "copa-baja"}, follow=True)
    assert "one of the events of the club “Harbour”" in page.content.decode()
    assert Tournament.objects.get(slug="copa-baja").club == other


def test_an_event_taken_out_of_the_club_leaves_its_standings_and_ratings(client, secretary):
    club = sample.build("bayside", events=3, players=20, by=secretary)
    ratings.refresh(club)
    season = club.seasons.get()
    first = club.events.order_by("signup_deadline").first()
    before = client.get(reverse("clubs:season", args=[club.slug, season.pk])).content.decode()
    assert first.name in before
    response = client.post(reverse("clubs_organizer:detach", args=[club.slug]), {"event": first.slug}, follow=True)
    assert "was taken out of the club" in response.content.decode()
    assert not club.events.filter(pk=first.pk).exists() and Tournament.objects.filter(pk=first.pk).exists()
    after = client.get(reverse("clubs:season", args=[club.slug, season.pk])).content.decode()
    assert first.name not in after
    client.get(reverse("clubs:ratings", args=[club.slug]))  # the page brings the ratings up to date
    shown = {r.member_id: (r.mu, r.sigma, r.games) for r in MemberRating.objects.filter(member__club=club)}
    ratings.refresh(club, force=True)
    assert shown == {r.member_id: (r.mu, r.sigma, r.games) for r in MemberRating.objects.filter(member__club=club)}
    # A second tap changes nothing and says so.
    again = client.post(reverse("clubs_organizer:detach", args=[club.slug]), {"event": first.slug}, follow=True)
    assert "That event is no longer one of the club" in again.content.decode()
