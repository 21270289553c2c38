"""The morning net: a script to read aloud in the event's language, times said as people say them."""

import datetime as dt

import pytest
import time_machine
from django.test import Client

from tests.factories import TournamentFactory
from tests.gameday_setup import publish_division
from tournament.common.spoken_time import spoken
from tournament.signups import registration

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("hour, minute, english, spanish", [
    (10, 0, "ten o'clock in the morning", "las diez de la mañana"),
    (13, 30, "half past one in the afternoon", "la una y media de la tarde"),
    (14, 45, "quarter to three in the afternoon", "cuarto para las tres de la tarde"),
    (12, 45, "quarter to one in the afternoon", "cuarto para la una de la tarde"),
    (12, 0, "noon", "mediodía"),
    (9, 15, "quarter past nine in the morning", "las nueve y cuarto de la mañana"),
    (19, 20, "7:20 in the evening", "7:20 de la noche"),
])
def test_times_are_said_as_people_say_them(hour, minute, english, spanish):
    from django.utils import translation

    moment = dt.time(hour, minute)
    assert spoken(moment) == english
    with translation.override("es"):
        assert spoken(moment) == spanish


def test_the_script_reads_todays_games_tables_and_the_board_in_the_events_language():
    # Wednesday 15 April 2026, 8 in the morning at Mazatlán: D1 round 1 at 10:00 local.
    event = TournamentFactory(name="Bayfest", language="es", signup_deadline=dt.datetime(2026, 4, 14, 19, tzinfo=dt.UTC))
    with time_machine.travel(dt.datetime(2026, 4, 10, 15, tzinfo=dt.UTC), tick=False):
        registration.post_partner_wanted(event, name="Yolanda Tate")
    publish_division(event, teams=5, starts_at=dt.datetime(2026, 4, 15, 17, tzinfo=dt.UTC))
    with time_machine.travel(dt.datetime(2026, 4, 15, 15, tzinfo=dt.UTC), tick=False):
        page = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/t/{event.slug}/net.txt")
    script = page.content.decode()
    assert page["Content-Type"].startswith("text/plain") and page["Content-Language"] == "es"
    assert "Buenos días desde Bayfest." in script
    assert "A las diez de la mañana:" in script and " contra " in script
    assert "Descansan hoy:" in script  # five teams in an eight-line bracket: three byes
    assert "Buscan pareja: Yolanda Tate." in script
    assert all(len(line) <= 90 for line in script.splitlines()), script


def test_the_printable_page_holds_the_same_script(client):
    event = TournamentFactory(name="Bayfest")
    page = client.get(f"/t/{event.slug}/net/").content.decode()
    assert "Good morning from Bayfest." in page and "data-print" in page and 'class="net-script"' in page
