"""The game's log records each hand entered and each confirmation, not only corrections (issue 39),
and the game's page reads them in the reader's language."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring import hands
from scoring import sample_hands as td
from tests.scoring.games import make_game
from tournament.models import GameEvent, Tournament

pytestmark = pytest.mark.django_db


def log_rows(response) -> list[str]:
    page = html.unescape(response.content.decode())
    table = page[page.index('<table class="gd-log">'):]
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row)).strip() for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)]


@pytest.fixture
def game(tournament):
    Tournament.objects.filter(pk=tournament.pk).update(require_confirmation=True)
    return make_game(tournament)


def test_entries_and_confirmations_are_logged_and_shown_in_both_languages(client, organizer_client, game):
    a, b = (s.team.name for s in game.sides.order_by("slot"))
    saved = client.post(f"/table/{game.table_token}/hands/", td.form(1, [td.W1, td.W2], out="1", entered_by="1"))
    assert saved.status_code == 302
    hand = game.hands.get(number=1)
    other_phone = Client(HTTP_ACCEPT_LANGUAGE="en")  # the other side confirms on its own phone
    confirmed = other_phone.post(f"/table/{game.table_token}/hands/1/confirm/", {"version": hand.version, "side": "2"})
    assert confirmed.status_code == 302
    assert list(GameEvent.objects.filter(game=game).values_list("kind", flat=True)) == ["hand_entered", "hand_confirmed"]
    url = reverse("gameday:game", args=[game.division.tournament.slug, game.pk])
    english = " | ".join(log_rows(organizer_client.get(url)))
    assert f"Hand 1 entered by {a}: {a} +5,690, {b} +935" in english
    assert f"Hand 1 confirmed by {b}" in english
    spanish = " | ".join(log_rows(organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="es")))
    assert f"Mano 1 anotada por {a}: {a} +5,690, {b} +935" in spanish
    assert f"Mano 1 confirmada por {b}" in spanish


def test_the_organizers_confirmation_and_a_retried_entry(client, organizer, game):
    values = [td.values(out=True, **td.W1), td.values(**td.W2)]
    hand, _ = hands.submit(game, number=1, values=values, key="k1", entered_by="organizer")
    hands.submit(game, number=1, values=values, key="k1", entered_by="organizer")  # a double tap: logged once
    hands.confirm(hand, version=1, by="organizer", organizer=True, user=organizer)
    hands.confirm(hand, version=1, by="organizer", organizer=True, user=organizer)  # already confirmed: nothing new
    assert list(GameEvent.objects.filter(game=game).values_list("kind", flat=True)) == ["hand_entered", "hand_confirmed"]
    client.force_login(organizer)
    rows = log_rows(client.get(reverse("gameday:game", args=[game.division.tournament.slug, game.pk]),
                               HTTP_ACCEPT_LANGUAGE="es"))
    assert any("Mano 1 anotada por la organización" in r for r in rows)
    assert any("Mano 1 confirmada por la organización" in r and organizer.username in r for r in rows)
