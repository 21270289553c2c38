"""The house-rules page: a tournament's numbers on one page, changed before the first hand is saved
and frozen after; a new tournament's game length follows its game; the printed rules summary."""

import datetime as dt
import io
import re

import pypdf
import pytest
from django.urls import reverse

from scoring.models import Hand
from tests.formats.tables.events import table_event
from tests.formats.tables.played import club_round, play_club_game
from tests.tournament_form import tournament_data
from tournament.formats.tables import rounds
from tournament.models import Game, Tournament

pytestmark = pytest.mark.django_db


def page_url(event):
    return reverse("organizer:house_rules", args=[event.slug])


def posted(event, **changes):
    """The page's form as shown, with `changes` typed over it."""
    from tournament.events.house_rules import HouseRulesForm
    form = HouseRulesForm(tournament=event)
    return {**{name: str(value) for name, value in form.initial.items()}, **{k: str(v) for k, v in changes.items()}}


def test_club_page_shows_the_rules_numbers(organizer_client):
    event = table_event("club-4deck")
    body = organizer_client.get(page_url(event)).content.decode()
    assert "House rules of" in body
    for label in ("Initial meld in hand 1", "Each 4 to 9", "Red book", "Hands per game", "Time limit (minutes)",
                  "First table to finish"):
        assert label in body
    assert 'name="hands" id="id_hands" value="3"' in body
    assert 'name="first_table_bonus" id="id_first_table_bonus" value="400"' in body
    assert "borrowed (RULES B1)" not in body


def test_cutthroat_flags_its_borrowed_numbers(organizer_client):
    event = table_event("baja-cutthroat")
    body = organizer_client.get(page_url(event)).content.decode()
    assert "borrowed from the Bayfest partners" in body
    row = re.search(r'<tr id="rule-card_ace" class="borrowed">.*?</tr>', body, re.S)
    assert row and "borrowed (RULES B1)" in row.group(0)


def test_organizer_changes_numbers_before_play_and_they_are_kept(organizer_client):
    event, _games = club_round()
    response = organizer_client.post(page_url(event), posted(event, hands=4, time_limit_minutes=120, red_book=600))
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.rules_numbers["hands"] == 4 and event.rules_numbers["red_book"] == 600
    assert event.rules_numbers["time_limit_minutes"] == 120 and event.game_time_limit == dt.timedelta(hours=2)
    assert rounds.event_settings(event).hands_per_round == 4  # the rounds page says 4 too
    body = organizer_client.get(page_url(event)).content.decode()
    assert "House rules saved: 3 numbers changed." in body
    assert "house rule" in body
    assert "Red book 500 → 600" in body  # the page's history of changes


def test_a_bad_number_is_named_and_nothing_changes(organizer_client):
    event = table_event("club-4deck")
    before = dict(event.rules_numbers)
    response = organizer_client.post(page_url(event), posted(event, hands=0, red_book="lots"))
    assert response.status_code == 400
    body = response.content.decode()
    assert "a whole number from 0 to" in body and "lots" in body
    event.refresh_from_db()
    assert event.rules_numbers == before
    response = organizer_client.post(page_url(event), posted(event, hands=0))
    assert response.status_code == 400 and "hands must be at least 1" in response.content.decode()
    event.refresh_from_db()
    assert event.rules_numbers == before and event.rules_history == []


def test_frozen_after_the_first_hand(organizer_client):
    event, games = club_round()
    play_club_game(games[0])
    assert Hand.objects.filter(game__division__tournament=event).exists()
    body = organizer_client.get(page_url(event)).content.decode()
    assert "these numbers can no longer change" in body
    assert 'name="hands"' not in body and "Save house rules" not in body
    response = organizer_client.post(page_url(event), posted(event, hands=5))
    assert response.status_code == 400
    assert "its numbers are frozen" in response.content.decode()
    event.refresh_from_db()
    assert event.rules_numbers["hands"] == 3
    # The tournament form's game length is frozen too.
    edit = organizer_client.get(reverse("organizer:edit", args=[event.slug])).content.decode()
    assert "Frozen: a hand has been saved" in edit


def test_choosing_the_club_game_sets_its_length(organizer_client):
    organizer_client.post(reverse("organizer:create"), tournament_data(variant="club-4deck", format="tables"))
    event = Tournament.objects.get(slug="bayfest-2027")
    assert event.game_time_limit == dt.timedelta(hours=1, minutes=45)
    assert event.rules_numbers["time_limit_minutes"] == 105 and event.rules_numbers["hands"] == 3


def test_a_typed_length_is_kept_and_becomes_the_rules_number(organizer_client):
    data = tournament_data(variant="club-4deck", format="tables", game=(2, 0), time_limit_follows_game="0")
    organizer_client.post(reverse("organizer:create"), data)
    event = Tournament.objects.get(slug="bayfest-2027")
    assert event.game_time_limit == dt.timedelta(hours=2) and event.rules_numbers["time_limit_minutes"] == 120


def test_the_form_tells_the_browser_each_games_length(organizer_client):
    body = organizer_client.get(reverse("organizer:create")).content.decode()
    assert "data-time-limits" in body and "&quot;club-4deck&quot;: 105" in body


def pdf_text(pdf: bytes) -> str:
    return " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages).split())


def test_rules_summary_pdf_in_the_tournaments_language(organizer_client):
    event = table_event("baja-cutthroat", language="es")
    response = organizer_client.get(reverse("printing:rules_summary", args=[event.slug]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert "reglas" in text.lower() and "10,000" in text
    # The borrowed numbers are marked on paper too, in words: a sheet for the players shows no rule tags.
    assert "prestado" in text and "REGLAS" not in text


def test_rules_summary_marks_a_house_rule(organizer_client):
    event = table_event("club-4deck")
    organizer_client.post(page_url(event), posted(event, hands=4))
    text = pdf_text(organizer_client.get(reverse("printing:rules_summary", args=[event.slug])).content)
    assert "Hands per game 4" in text.replace("†", "").replace("  ", " ") or "Hands per game † 4" in text
    assert "house rule" in text


def test_not_an_organizer_is_refused(client, django_user_model):
    event = table_event("club-4deck")
    client.force_login(django_user_model.objects.create_user("someone", password="pw-123456789"))
    assert client.get(page_url(event)).status_code == 403
    assert Game.objects.count() == 0


def test_the_page_speaks_spanish(organizer_client):
    event = table_event("baja-cutthroat")
    body = organizer_client.get(page_url(event), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Reglas de la casa de" in body and "prestado (REGLAS B1)" in body and "Bajada inicial" in body
    assert "House rules of" not in body
