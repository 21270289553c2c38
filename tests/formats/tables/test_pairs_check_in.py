"""Partnership tables (Fiji teams, the club 4-deck game) check in by partnership, on the table's
phone and on the organizer's round board, and every sentence about a pair speaks of two people
(issue 34): "Ed y Flo llegaron", never "llegó" — checked in, absent, seated back, late."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.formats.tables.events import sign_up, table_event
from tests.formats.tables.played import START
from tournament.core import deadlines
from tournament.formats.tables import rounds
from tournament.models import Game, GameSide

pytestmark = pytest.mark.django_db
PAIRS = [("Ann", "Bob"), ("Cy", "Di"), ("Ed", "Flo")]


def visible(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


@pytest.fixture
def fiji():
    """Fiji teams: one table of three partnerships, partners opposite."""
    event = table_event("fiji-team")
    for first, second in PAIRS:
        sign_up(event, first, partner=second)
    ids = dict(event.players.values_list("name", "pk"))
    sides = [[ids[a], ids[b]] for a, b in PAIRS]
    seats = [sides[0][0], sides[1][0], sides[2][0], sides[0][1], sides[1][1], sides[2][1]]
    rounds.save_round(event, 1, {"tables": [{"sides": sides, "seats": seats}], "sitting_out": []}, seed=1, starts_at=START)
    return event, Game.objects.get(division__tournament=event, round__number=1)


def side(game, name):
    return GameSide.objects.get(game=game, team__players__name=name)


@pytest.mark.parametrize(("language", "words"), [
    ("en", {"phone": "Ann & Bob checked in. Good luck!", "board": "Cy & Di checked in at table 1.", "in": "✓ in",
            "absent": "Ed & Flo arrived: seat back", "button": "Arrived: seat back", "back": "Ed & Flo are seated back at table 1.",
            "sheet": "absent (no-show)"}),
    ("es", {"phone": "Ann y Bob registraron su llegada. ¡Buena suerte!", "board": "Cy y Di llegaron a la mesa 1.",
            "in": "✓ llegaron", "absent": "Ed y Flo llegaron: sentarlos de nuevo", "button": "Llegaron: sentarlos de nuevo",
            "back": "Ed y Flo vuelven a sentarse en la mesa 1.", "sheet": "ausentes (no se presentaron)"}),
])
def test_a_partnership_checks_in_as_a_pair_and_is_spoken_of_as_two(organizer_client, fiji, language, words):
    event, game = fiji
    organizer_client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    phone = Client(HTTP_ACCEPT_LANGUAGE=language)
    checked = phone.post(f"/table/{game.table_token}/check-in/", {"side": side(game, "Ann").pk}, follow=True)
    assert words["phone"] in visible(checked)
    board = organizer_client.post(reverse("tables:board_check_in", args=[event.slug, game.pk]),
                                  {"side": side(game, "Cy").pk}, follow=True)
    assert words["board"] in visible(board)
    assert visible(board).count(words["in"]) >= 2
    assert side(game, "Ann").checked_in_at and side(game, "Cy").checked_in_at and not side(game, "Ed").checked_in_at

    game.refresh_from_db()
    assert deadlines.apply_no_show(game.pk, now=game.no_show_at)
    assert side(game, "Ed").forfeited_at is not None  # the two others play on
    sheet = visible(phone.get(reverse("table:sheet", args=[game.table_token])))
    assert words["sheet"] in sheet
    page = organizer_client.get(reverse("tables:board_round", args=[event.slug, 1])).content.decode()
    assert f'aria-label="{words["absent"]}"' in html.unescape(page)
    assert words["button"] in html.unescape(page)
    back = organizer_client.post(reverse("tables:board_seat_back", args=[event.slug, game.pk]),
                                 {"side": side(game, "Ed").pk}, follow=True)
    assert words["back"] in visible(back)
