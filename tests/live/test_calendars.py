"""Calendar files parsed back with icalendar: an event's games, one team's from its page, and a
moved start that replaces the same entry (same UID, higher SEQUENCE)."""

import datetime as dt

import icalendar
import pytest

from tests.factories import TournamentFactory
from tests.gameday_setup import publish_division, teams
from tournament.core import timetable
from tournament.models import Game

pytestmark = pytest.mark.django_db
START = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)


def events(response):
    assert response.status_code == 200 and response["Content-Type"].startswith("text/calendar")
    return list(icalendar.Calendar.from_ical(response.content).walk("VEVENT"))


def test_the_events_feed_and_a_teams_own_file_hold_their_games(client):
    event = TournamentFactory(name="Bayfest", venue="Club Náutico")
    division, first = publish_division(event, teams=4, starts_at=START)
    everything = events(client.get(f"/t/{event.slug}/calendar.ics"))
    assert len(everything) == Game.objects.filter(division=division, starts_at__isnull=False).exclude(status="bye").count()
    team = teams(first[0])[0]
    page = client.get(f"/t/{event.slug}/team/{team.pk}/").content.decode()
    assert f'href="/t/{event.slug}/team/{team.pk}/calendar.ics"' in page and "Add to calendar" in page
    mine = events(client.get(f"/t/{event.slug}/team/{team.pk}/calendar.ics"))
    assert mine[0]["dtstart"].dt == START and "Club Náutico" in str(mine[0]["location"])
    assert str(team) in str(mine[0]["description"]) and "Bayfest" in str(mine[0]["summary"])


def test_a_moved_start_replaces_the_same_entry(client):
    event = TournamentFactory()
    division, first = publish_division(event, teams=4, starts_at=START)
    team = teams(first[0])[0]
    before = events(client.get(f"/t/{event.slug}/team/{team.pk}/calendar.ics"))[0]
    timetable.set_round_start(division.rounds.get(number=1), START + dt.timedelta(hours=1))
    after = events(client.get(f"/t/{event.slug}/team/{team.pk}/calendar.ics"))[0]
    assert after["uid"] == before["uid"] and after["dtstart"].dt == START + dt.timedelta(hours=1)
    assert int(after["sequence"]) > int(before["sequence"])


def test_an_unknown_team_or_event_is_a_404(client):
    event = TournamentFactory()
    assert client.get(f"/t/{event.slug}/team/999999/calendar.ics").status_code == 404
    assert client.get("/t/no-such-event/calendar.ics").status_code == 404


def test_an_entrants_own_feed_is_reached_by_its_secret_link_only(client):
    from tournament.mail import ics

    event = TournamentFactory()
    division, first = publish_division(event, teams=4, starts_at=START)
    team = teams(first[0])[0]
    url = ics.feed_url(team_id=team.pk)
    path = url[url.index("/calendar/"):]
    assert f"/{team.pk}" not in path  # the id is not readable from the address
    (game,) = events(client.get(path))
    assert game["dtstart"].dt == START
    tampered = path.replace(".ics", "x.ics")
    response = client.get(tampered)
    assert response.status_code == 404
