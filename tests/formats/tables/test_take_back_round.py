"""Taking back a round's publication before its first hand (issue 34): its tables go, its seating
is a preview again, and the rounds page says who took it back; refused with the reason once a hand
is entered, a later round is published or a change after the draw was made at its tables."""

import html
import re

import pytest
from django.urls import reverse

from scoring import hands
from tests.factories import organizer, organizer_client  # noqa: F401 (fixtures)
from tests.formats.tables.played import players_round, start_seated
from tournament.formats.tables import rounds, substitutes
from tournament.models import Game, Player, Round, SeatingDraw

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


def take_back(client, event, number):
    return text(client.post(reverse("tables:round_take_back", args=[event.slug, number]), follow=True))


def test_a_round_published_too_soon_is_taken_back_and_published_again(organizer_client):  # noqa: F811
    event, games = players_round("rummikub", 3, 3)
    page = text(organizer_client.get(reverse("tables:rounds", args=[event.slug])))
    assert "Take back round 1's publication" in page
    done = take_back(organizer_client, event, 1)
    assert "Round 1's publication is taken back: its seating is a preview again." in done
    assert not Game.objects.filter(division__tournament=event).exists()
    assert not Round.objects.filter(division__tournament=event).exists()
    record = SeatingDraw.objects.get(tournament=event, round_number=1)
    assert record.published_at is None and record.taken_back_at is not None and record.taken_back_by.username == "organizer"
    assert "Published, then taken back" in done and "by organizer" in done
    rounds.save_round(event, 1, record.as_data, record.seed, starts_at=record.created_at)
    assert Game.objects.filter(division__tournament=event).count() == 2


def test_taking_back_is_refused_once_a_hand_is_entered_or_a_change_was_made(organizer_client):  # noqa: F811
    event, (first, second) = players_round("rummikub", 3, 3)
    substitutes.substitute(event, Player.objects.get(tournament=event, name="P1"), typed="Una", rest_of_event=False)
    refused = take_back(organizer_client, event, 1)
    assert "Changes after the draw were made at round 1's tables" in refused
    assert Game.objects.filter(division__tournament=event).count() == 2

    event, (game, _other) = players_round("rummikub", 3, 3, event=None)
    start_seated(game)
    hands.submit(game, number=1, key="k1", entered_by="P1", values=[
        {"went_out": True, "rack_points": 0, "rack_jokers": 0}, {"went_out": False, "rack_points": 9, "rack_jokers": 0},
        {"went_out": False, "rack_points": 9, "rack_jokers": 0}])
    refused = take_back(organizer_client, event, 1)
    assert "Round 1 has hands entered: its publication can no longer be taken back." in refused
    assert Game.objects.filter(division__tournament=event).count() == 2
    nothing = take_back(organizer_client, event, 2)
    assert "Round 2 is not published: there is nothing to take back." in nothing
