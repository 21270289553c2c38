"""Members across a club's events: matched by name (accents and capitals aside) and contact,
look-alikes merged or kept apart by the organizer, a member who asked not to be listed."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import TournamentFactory, UserFactory
from tournament.clubs import members
from tournament.events.backup import export_tournament
from tournament.models import Club, Member, Player, Tournament


@pytest.fixture
def club(db):
    return Club.objects.create(name="Bayside", slug="bayside")


def _event(club, slug, *people):
    t = TournamentFactory(slug=slug, club=club, format="tables", variant="fiji-individual")
    for name, contact in people:
        Player.objects.create(tournament=t, name=name, contact=contact)
    return t


def test_a_player_signing_up_again_is_the_same_member(club):
    _event(club, "day-1", ("Ana López", "612 555 0101"), ("Luis Ruiz", ""))
    _event(club, "day-2", ("ANA LOPEZ", "(612) 555-0101"), ("luis ruiz", "luis@club.example"))
    found = members.sync(club)
    assert Member.objects.filter(club=club).count() == 2
    assert len(set(found.values())) == 2
    assert members.look_alikes(club) == []


def test_the_same_name_with_another_contact_is_a_look_alike_the_organizer_merges(client, club):
    _event(club, "day-1", ("Ana López", "612 555 0101"))
    _event(club, "day-2", ("Ana Lopez", "612 555 0999"))
    members.sync(club)
    pairs = members.look_alikes(club)
    assert len(pairs) == 1
    organizer = UserFactory(username="secretary", is_staff=False)
    club.organizers.add(organizer)
    client.force_login(organizer)
    page = client.get(reverse("clubs_organizer:members", args=[club.slug]))
    assert "Same person: merge" in page.content.decode()
    keep, other = pairs[0]
    before = Club.objects.get(pk=club.pk).changes
    response = client.post(reverse("clubs_organizer:merge", args=[club.slug]), {"keep": keep.pk, "other": other.pk})
    assert response.status_code == 302
    assert list(Member.objects.filter(club=club, merged_into__isnull=True)) == [keep]
    assert Club.objects.get(pk=club.pk).changes == before + 1
    # A second tap of the same button changes nothing and says so.
    again = client.post(reverse("clubs_organizer:merge", args=[club.slug]), {"keep": keep.pk, "other": other.pk}, follow=True)
    assert "already merged" in again.content.decode()
    assert Member.objects.filter(club=club, merged_into__isnull=True).count() == 1
    assert set(members.sync(club).values()) == {keep.pk}


def test_different_people_stay_apart(client, club):
    _event(club, "day-1", ("Ana López", "612 555 0101"))
    _event(club, "day-2", ("Ana Lopez", "612 555 0999"))
    members.sync(club)
    first, second = members.look_alikes(club)[0]
    organizer = UserFactory(username="secretary", is_staff=False)
    club.organizers.add(organizer)
    client.force_login(organizer)
    client.post(reverse("clubs_organizer:apart", args=[club.slug]), {"keep": first.pk, "other": second.pk})
    assert members.look_alikes(club) == []
    assert Member.objects.filter(club=club).count() == 2


def test_someone_elses_club_is_not_found(client, club):
    client.force_login(UserFactory(username="stranger", is_staff=False))
    assert client.get(reverse("clubs_organizer:members", args=[club.slug])).status_code == 404


def test_a_member_not_listed_is_a_member_on_public_pages(client, club):
    from tournament.clubs import sample
    built = sample.build("quiet", seasons=1, events=2, players=16)
    members.sync(built)
    hidden = built.members.order_by("pk").first()
    Member.objects.filter(pk=hidden.pk).update(unlisted=True)
    Club.objects.filter(pk=built.pk).bump()
    season = built.seasons.get()
    text = client.get(reverse("clubs:season", args=[built.slug, season.pk])).content.decode()
    assert hidden.name not in text and "A member" in text
    assert client.get(reverse("clubs:player", args=[built.slug, hidden.pk])).status_code == 404
    assert hidden.name not in client.get(reverse("clubs:ratings", args=[built.slug])).content.decode()


def test_a_backup_file_joins_the_club_history(client, club, tmp_path):
    source = _event(club, "old-day", ("Rosa Díaz", "612 555 0303"))
    data = export_tournament(source)
    assert "club" not in data["models"]["tournament.Tournament"][0]
    Tournament.objects.filter(pk=source.pk).delete()
    organizer = UserFactory(username="secretary", is_staff=False)
    club.organizers.add(organizer)
    client.force_login(organizer)
    import json
    path = tmp_path / "old-day.json"
    path.write_text(json.dumps(data))
    with path.open("rb") as handle:
        response = client.post(reverse("clubs_organizer:import_backup", args=[club.slug]), {"file": handle})
    assert response.status_code == 302
    imported = Tournament.objects.get(slug="old-day")
    assert imported.club == club
    assert Member.objects.filter(club=club, name="Rosa Díaz").exists()


def test_a_bad_backup_file_is_refused_and_named(client, club):
    from django.core.files.uploadedfile import SimpleUploadedFile
    organizer = UserFactory(username="secretary", is_staff=False)
    club.organizers.add(organizer)
    client.force_login(organizer)
    response = client.post(reverse("clubs_organizer:import_backup", args=[club.slug]),
                           {"file": SimpleUploadedFile("x.json", b"not json")})
    assert response.status_code == 400
    assert "not JSON" in response.content.decode()
    assert not club.events.exists()


def test_past_events_join_the_roll_of_honour_and_bad_input_is_named(client, club):
    organizer = UserFactory(username="secretary", is_staff=False)
    club.organizers.add(organizer)
    client.force_login(organizer)
    url = reverse("clubs_organizer:add_past_event", args=[club.slug])
    bad = client.post(url, {"name": "Bayfest", "year": "19", "champions": "Ana & Luis"})
    assert bad.status_code == 400 and "four digits" in bad.content.decode()
    for _ in range(2):  # a double tap adds it once
        client.post(url, {"name": "Bayfest", "year": "2019", "champions": "Ana & Luis", "silver": "Rosa & Saúl"})
    assert club.past_events.count() == 1
    text = client.get(reverse("clubs:honours", args=[club.slug])).content.decode()
    assert "2019" in text and "Ana &amp; Luis" in text


def test_a_season_with_its_last_day_first_is_refused(client, club):
    organizer = UserFactory(username="secretary", is_staff=False)
    club.organizers.add(organizer)
    client.force_login(organizer)
    today = timezone.localdate()
    response = client.post(reverse("clubs_organizer:add_season", args=[club.slug]),
                           {"name": "Winter", "starts_on": today, "ends_on": today - dt.timedelta(days=1)})
    assert response.status_code == 400 and "before its first day" in response.content.decode()
    assert not club.seasons.exists()
