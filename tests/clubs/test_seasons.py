"""A season's standings across a bracket event and two table days: points per place from the club's
table plus taking part, games and hands won; fresh after every change although cached."""

import datetime as dt
import random

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import UserFactory
from tournament.clubs import memory, records, sample, seasons
from tournament.models import Club, GameSide, Tournament


@pytest.fixture
def club(db):
    return sample.build("bayside", seasons=1, events=3, players=20)


def test_points_follow_the_clubs_table(club):
    mem = memory.load(club)
    season = club.seasons.get()
    events = seasons.in_season(season, mem.events)
    assert sorted(e.format for e in events) == ["bracket", "tables", "tables"]
    rows = seasons.standings(club, events, mem.mapping)
    expected = 0
    for event in events:
        for players, place in zip(event.entrants, event.places):
            expected += len(players) * (1 + ([10, 7, 5, 3, 1][place - 1] if 0 < place <= 5 else 0))
    assert sum(r.points for r in rows) == expected
    bracket = next(e for e in events if e.format == "bracket")
    champions = {mem.mapping[p] for players, place in zip(bracket.entrants, bracket.places) if place == 1 for p in players}
    assert len(champions) == 2
    assert all(r.points >= 11 for r in rows if r.member in champions)
    assert sum(r.games_won for r in rows) > 0 and sum(r.hands_won for r in rows) > 0
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)


def test_the_cached_page_is_fresh_after_every_change(client, club):
    season = club.seasons.get()
    url = reverse("clubs:season", args=[club.slug, season.pk])
    first = client.get(url)
    assert client.get(url)["X-Meldboard-Version"] == first["X-Meldboard-Version"]
    # A table's total corrected in one event (its counter bumped in the same transaction as the change).
    day = club.events.filter(format="tables").first()
    side = GameSide.objects.filter(game__division__tournament=day).order_by("total").first()
    GameSide.objects.filter(pk=side.pk).update(total=5000)
    Tournament.objects.filter(pk=day.pk).bump()
    second = client.get(url)
    assert second["X-Meldboard-Version"] != first["X-Meldboard-Version"]
    record = next(r for r in records.club_records(club) if r.pk == day.pk)
    assert any(5000 in g.totals for g in record.games)
    # The club's points table changed by its organizer.
    organizer = UserFactory(username="secretary", is_staff=False)
    club.organizers.add(organizer)
    client.force_login(organizer)
    client.post(reverse("clubs_organizer:points", args=[club.slug]), {"place_points": "25, 18, 15", "taking_part_points": "2"})
    client.logout()
    text = client.get(url).content.decode()
    assert "25/18/15" in text


def test_a_new_event_in_the_season_counts_at_once(client, club):
    season = club.seasons.get()
    url = reverse("clubs:season", args=[club.slug, season.pk])
    assert "Extra day" not in client.get(url).content.decode()
    day = timezone.make_aware(dt.datetime(season.starts_on.year, 6, 1, 18))
    sample.table_day(club, "extra-day", "Extra day", day, list(range(12)), random.Random(1), None)
    assert "Extra day" in client.get(url).content.decode()


def test_bad_points_are_refused_and_named(client, club):
    organizer = UserFactory(username="secretary", is_staff=False)
    club.organizers.add(organizer)
    client.force_login(organizer)
    response = client.post(reverse("clubs_organizer:points", args=[club.slug]), {"place_points": "ten, 7", "taking_part_points": "1"})
    assert response.status_code == 400 and "whole numbers" in response.content.decode()
    assert Club.objects.get(pk=club.pk).place_points == [10, 7, 5, 3, 1]


def test_pdf_and_csv_of_the_standings(client, club):
    season = club.seasons.get()
    pdf = client.get(reverse("clubs:season_pdf", args=[club.slug, season.pk]))
    assert pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    rows = client.get(reverse("clubs:season_csv", args=[club.slug, season.pk])).content.decode("utf-8-sig").splitlines()
    assert rows[0].startswith("#,Player,Points") and len(rows) > 10


def test_a_players_page_shows_their_record(client, club):
    mem = memory.load(club)
    champion = next(m for m in mem.members if any(
        place == 1 and m in mem.entrant_members(players)
        for e in mem.events if e.format == "bracket" for players, place in zip(e.entrants, e.places)))
    response = client.get(reverse("clubs:player", args=[club.slug, champion]))
    text = response.content.decode()
    assert "Finals: 1" in text or "Finals: 2" in text
    assert "Best game" in text and "±" in text
    assert f"http://testserver/clubs/{club.slug}/players/{champion}/" in text
