"""All the table cards of a day in one PDF (every round, a play-off too), from the printing menu;
each table round's card says where everyone sits (the compass for partnerships)."""

import io

import pypdf
import pytest
from django.urls import reverse

from tests.formats.tables.played import START, club_round, end_with_totals, players_round
from tests.printing.test_printing_helpers import flat
from tournament.models import Game

pytestmark = pytest.mark.django_db


def test_the_menu_offers_every_card_of_the_day_in_one_pdf(organizer_client):
    event, games = players_round("rummikub", 4, 3)
    for game in games:  # round 2 is published once round 1 is over (rounds in order)
        end_with_totals(game, *([0] * game.sides.count()))
    players_round("rummikub", 3, 4, number=2, event=event, names=["P1", "P2", "P3", "P4", "P5", "P6", "P7"])
    menu = organizer_client.get(reverse("printing:menu", args=[event.slug])).content.decode()
    assert "All table cards of the day (PDF)" in menu
    response = organizer_client.get(reverse("printing:day_cards", args=[event.slug]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    pages = pypdf.PdfReader(io.BytesIO(response.content)).pages
    assert len(pages) == 4  # two tables in each of two rounds
    texts = [flat(p.extract_text()) for p in pages]
    assert "Round 1" in texts[0] and "Round 2" in texts[3]
    assert "Seat 1 P1" in texts[0]


def test_a_club_card_seats_the_partnerships_by_the_compass(organizer_client):
    event, (game,) = club_round(1)
    response = organizer_client.get(reverse("printing:day_cards", args=[event.slug]) + "?paper=letter")
    text = flat(pypdf.PdfReader(io.BytesIO(response.content)).pages[0].extract_text())
    assert "North P1" in text and "East P2" in text and "South P3" in text and "West P4" in text
    assert Game.objects.get(pk=game.pk).starts_at == START
