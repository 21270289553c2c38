"""Seasons corrected and removed by the club's organizers; no overlap unless the secretary says so; a
duplicate refused; season points only for events whose draw is out; a past event is in the past (issue 35)."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import TournamentFactory, UserFactory
from tournament.clubs import memory, sample, seasons
from tournament.models import Club, PastEvent, Player, Season


@pytest.fixture
def club(client, db):
    club = sample.build("bayside", seasons=1, events=3, players=20)
    secretary = UserFactory(username="secretary", is_staff=False)
    club.organizers.add(secretary)
    client.force_login(secretary)
    return club


def _add(client, club, **fields):
    return client.post(reverse("clubs_organizer:add_season", args=[club.slug]), fields)


def test_a_duplicate_or_overlapping_season_is_refused_unless_the_secretary_allows_the_overlap(client, club):
    season = club.seasons.get()  # Season 2026, all year
    same_name = _add(client, club, name="season 2026", starts_on="2027-01-01", ends_on="2027-12-31")
    assert same_name.status_code == 400 and "already has a season called" in same_name.content.decode()
    same_days = _add(client, club, name="Other", starts_on="2026-01-01", ends_on="2026-12-31")
    assert same_days.status_code == 400 and "already runs over exactly these days" in same_days.content.decode()
    overlap = _add(client, club, name="Summer 2026", starts_on="2026-06-01", ends_on="2026-08-31")
    assert overlap.status_code == 400 and "overlap the season" in overlap.content.decode()
    allowed = _add(client, club, name="Summer 2026", starts_on="2026-06-01", ends_on="2026-08-31", overlap_allowed="on")
    assert allowed.status_code == 302
    assert sorted(club.seasons.values_list("name", flat=True)) == ["Season 2026", "Summer 2026"]
    assert season.pk in club.seasons.values_list("pk", flat=True)


def test_a_season_is_corrected_and_removed(client, club):
    season = club.seasons.get()
    page = reverse("clubs_organizer:edit_season", args=[club.slug, season.pk])
    assert client.get(page).status_code == 200
    response = client.post(page, {"name": "Winter 2026", "starts_on": "2026-01-01", "ends_on": "2026-02-28"})
    assert response.status_code == 302
    assert Season.objects.get(pk=season.pk).name == "Winter 2026"
    assert "Winter 2026" in client.get(reverse("clubs:season", args=[club.slug, season.pk])).content.decode()
    bad = client.post(page, {"name": "Winter 2026", "starts_on": "2026-03-01", "ends_on": "2026-02-01"})
    assert bad.status_code == 400 and Season.objects.get(pk=season.pk).ends_on == dt.date(2026, 2, 28)
    client.post(reverse("clubs_organizer:delete_season", args=[club.slug, season.pk]))
    assert not club.seasons.exists() and club.events.count() == 3
    again = client.post(reverse("clubs_organizer:delete_season", args=[club.slug, season.pk]), follow=True)
    assert "no longer the club" in again.content.decode()


def test_another_clubs_organizer_cannot_touch_the_season(client, club):
    season = club.seasons.get()
    stranger = UserFactory(username="stranger", is_staff=False)
    client.force_login(stranger)
    assert client.post(reverse("clubs_organizer:delete_season", args=[club.slug, season.pk])).status_code == 404
    assert club.seasons.filter(pk=season.pk).exists()


def test_sign_ups_of_an_event_not_yet_drawn_earn_no_season_points(club):
    day = timezone.make_aware(dt.datetime(2026, 6, 1, 18))
    open_event = TournamentFactory(slug="copa-abierta", club=club, format="tables", variant="fiji-individual",
                                   signup_deadline=day)
    Player.objects.create(tournament=open_event, name="Nueva Persona", contact="612 000 0000")
    mem = memory.load(club)
    counted = seasons.in_season(club.seasons.get(), mem.events)
    assert "copa-abierta" not in [e.slug for e in counted] and len(counted) == 3
    rows = seasons.standings(club, counted, mem.mapping)
    newcomer = {mem.mapping[p.pk] for p in Player.objects.filter(tournament=open_event)}
    assert not [r for r in rows if r.member in newcomer]


def test_a_past_event_is_dated_before_today(client, club):
    next_year = timezone.localdate().year + 1
    response = client.post(reverse("clubs_organizer:add_past_event", args=[club.slug]),
                           {"name": "Copa Baja", "year": next_year, "champions": "Ana López"})
    assert response.status_code == 400 and f"{next_year} is still to come" in response.content.decode()
    assert not PastEvent.objects.exists()
    assert Club.objects.get(pk=club.pk).past_events.count() == 0


def test_a_past_events_winners_are_the_clubs_members_and_shown_on_their_pages(client, club):
    from tournament.clubs import members
    from tournament.models import Member

    mapping = members.sync(club)
    ana = Member.objects.get(pk=mapping[Player.objects.filter(tournament__club=club).order_by("pk").first().pk])
    manage = client.get(reverse("clubs_organizer:manage", args=[club.slug])).content.decode()
    assert 'list="club-members"' in manage and f'<option value="{ana.name}">' in manage
    response = client.post(reverse("clubs_organizer:add_past_event", args=[club.slug]),
                           {"name": "Copa Baja 2019", "year": 2019, "champions": f"{ana.name.upper()} & Beto Nuevo"},
                           follow=True)
    text = response.content.decode()
    assert "Copa Baja 2019 added to the roll of honour." in text and "2019 2019" not in text
    page = client.get(reverse("clubs:player", args=[club.slug, ana.pk])).content.decode()
    assert "Before Meldboard" in page and "Copa Baja 2019" in page


def test_a_table_player_is_not_shown_finals(client, club):
    from tournament.clubs import members
    from tournament.models import Member

    mapping = members.sync(club)
    bracket_players = set(Player.objects.filter(tournament__club=club, tournament__format="bracket").values_list("pk", flat=True))
    table_only = next(m for m in Member.objects.filter(club=club)
                      if not any(mapping[p] == m.pk for p in bracket_players))
    page = client.get(reverse("clubs:player", args=[club.slug, table_only.pk])).content.decode()
    assert "Finals:" not in page and "Medals: gold" in page


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_correction_page_shows_the_seasons_days_in_either_language(client, club, language):
    """A date box reads only YYYY-MM-DD: in Spanish the days were written 01/01/2026 and the boxes
    showed empty, so saving the name alone was refused for want of days (seen at 390 px)."""
    season = club.seasons.get()
    page = reverse("clubs_organizer:edit_season", args=[club.slug, season.pk])
    html = client.get(page, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert 'value="2026-01-01"' in html and 'value="2026-12-31"' in html
    # What the browser sends back from those boxes is saved as it is, in either language.
    saved = client.post(page, {"name": "Temporada 2026", "starts_on": "2026-01-01", "ends_on": "2026-12-31"},
                        HTTP_ACCEPT_LANGUAGE=language)
    assert saved.status_code == 302
    assert Season.objects.filter(pk=season.pk, name="Temporada 2026", ends_on=dt.date(2026, 12, 31)).exists()
    # A refused form keeps the typed days in the boxes.
    refused = client.post(page, {"name": "", "starts_on": "2026-02-01", "ends_on": "2026-03-01"}, HTTP_ACCEPT_LANGUAGE=language)
    assert refused.status_code == 400 and 'value="2026-02-01"' in refused.content.decode()
