"""The organizer's tabs follow the format: a table-round event shows its own pages (Players,
Partners when partnerships are drawn, Rounds, Round board, Standings) instead of Draw and Game day."""

import datetime as dt
import re

import pytest
from django.urls import reverse

from tests.factories import TournamentFactory
from tests.formats.tables.events import table_event

pytestmark = pytest.mark.django_db


def tabs(client, url):
    page = client.get(url).content.decode()
    nav = re.search(r'<nav class="tabs">(.*?)</nav>', page, re.S).group(1)
    return [text.strip() for text in re.findall(r"<a [^>]*>([^<]*)</a>", nav)]


def test_a_club_event_shows_the_table_tabs_on_every_organizer_page(organizer_client):
    event = table_event("club-4deck")
    for url in (reverse("organizer:dashboard", args=[event.slug]), reverse("printing:menu", args=[event.slug]),
                reverse("tables:standings", args=[event.slug]), reverse("tables:board", args=[event.slug])):
        assert tabs(organizer_client, url) == [
            "Tournaments", "Clubs", "Sign-ups", "Players", "Partners", "Rounds", "Round board", "Standings", "House rules", "Print",
            "Public page",
        ], url


def test_an_event_of_single_players_has_no_partners_tab(organizer_client):
    event = table_event("rummikub")
    shown = tabs(organizer_client, reverse("tables:players", args=[event.slug]))
    assert "Partners" not in shown and "Draw" not in shown and "Round board" in shown


def test_a_bracket_event_keeps_draw_and_game_day(organizer_client):
    event = TournamentFactory()
    shown = tabs(organizer_client, reverse("organizer:dashboard", args=[event.slug]))
    assert "Draw" in shown and "Game day" in shown and "Round board" not in shown


def test_the_rounds_page_says_the_time_limit_in_hours_and_minutes(organizer_client):
    event = table_event("club-4deck", game_time_limit=dt.timedelta(minutes=105))
    page = organizer_client.get(reverse("tables:rounds", args=[event.slug])).content.decode().replace("\xa0", " ")  # "1 h 45 min" held together
    assert "each game has a 1 h 45 min time limit" in page
