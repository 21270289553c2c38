"""What an absent seat scores is a house rule (RULES-DECISIONS S1): 0 a hand unless the club says
otherwise on the house-rules page; the rules engine scores it, the table phone and the house-rules
page say the number, in both languages. A bracket (where a no-show forfeits the whole game) has no
such number."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring.models import Hand
from tests.factories import TournamentFactory
from tests.formats.tables.events import table_event
from tests.formats.tables.played import players_round
from tests.formats.tables.test_seat_state import check_in, rummikub_hand, start_without_p3
from tournament.events.house_rules import HouseRulesForm

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def posted(event, **changes):
    form = HouseRulesForm(tournament=event)
    return {**{name: str(value) for name, value in form.initial.items()}, **{k: str(v) for k, v in changes.items()}}


def test_the_absent_seat_number_is_on_the_house_rules_page_of_a_table_event_only(organizer_client):
    rummikub = table_event("rummikub")
    rummikub.rules_numbers.pop("absent_penalty", None)  # an event made before the number existed
    rummikub.save()
    page = organizer_client.get(reverse("organizer:house_rules", args=[rummikub.slug]))
    body = page.content.decode()
    assert "People at a table" in body
    assert 'name="absent_penalty" id="id_absent_penalty" value="0"' in body
    assert "it scores 0 each hand" in text(page)
    bracket = TournamentFactory(variant="baja-partners")
    assert "absent_penalty" not in organizer_client.get(reverse("organizer:house_rules", args=[bracket.slug])).content.decode()


def test_a_club_that_takes_25_from_an_absent_seat_gets_it_scored_by_the_engine(organizer_client):
    event, (game,) = players_round("rummikub", 3)
    saved = organizer_client.post(reverse("organizer:house_rules", args=[event.slug]), posted(event, absent_penalty=25))
    assert saved.status_code == 302
    event.refresh_from_db()
    assert event.rules_numbers["absent_penalty"] == 25
    page = text(organizer_client.get(reverse("organizer:house_rules", args=[event.slug])))
    assert "it scores −25 each hand" in page and "0 → 25" in page

    check_in(game, "P1", "P2")
    start_without_p3(organizer_client, game)
    phone = Client()
    form = phone.get(reverse("table:sheet", args=[game.table_token])).content.decode()
    assert "<bdi>P3</bdi>: absent — takes no part, scores −25" in form
    rummikub_hand(phone, game, 1, out="1", racks={1: 0, 2: 12})
    hand = Hand.objects.get(game=game, number=1)
    assert [s["hand_score"] for s in hand.result["sides"]] == [12, -12, -25]
    sheet = text(phone.get(reverse("table:sheet", args=[game.table_token])))
    assert "takes no part: −25 a hand" in sheet
    with translation.override("es"):
        spanish = text(phone.get(reverse("table:sheet", args=[game.table_token]), HTTP_ACCEPT_LANGUAGE="es"))
    assert "no participa: −25 por mano" in spanish
