"""The printed results of a table event: standings with gold, silver and bronze (a sign and the
word), the first-table bonus and what the play-off decided — real WeasyPrint PDFs read back with
pypdf and rendered to PNG (pdftoppm) for a person to look at."""

import io
import os
from pathlib import Path

import pypdf
import pytest
from django.urls import reverse

from tests.factories import TournamentFactory
from tests.formats.tables.played import club_round, end_with_totals
from tests.printing.test_printing_helpers import flat, page_png
from tournament.formats.tables import bonus, playoffs, results
from tournament.models import Game, GameSide, Tournament

pytestmark = pytest.mark.django_db
SHOTS = Path(os.environ.get("MELDBOARD_SCREENSHOTS", "/work/tmp/shots"))


def read(pdf: bytes) -> str:
    return flat(" ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages))


def url(event):
    return reverse("printing:table_results", args=[event.slug]) + "?paper=letter"


def played_club_event():
    """Three club tables: table 1 finishes first (+400 each), which levels P1 & P2 with P5 & P6 for
    the win at 1300; P5 & P6 win the play-off. Gold P5 & P6, silver P1 & P2, bronze P3 & P4."""
    event, (one, two, three) = club_round(3)
    end_with_totals(one, 900, 500)
    assert bonus.award_first_finish(one)
    end_with_totals(two, 1300, 100)
    end_with_totals(three, 700, 200)
    return event


def play_the_playoff(event, winner: str):
    rows = {row.name: row for row in results.standings(event).rows}
    tie = results.standings(event).ties[0]
    rnd = playoffs.create_playoff(event, tie.entrants)
    game = Game.objects.get(round=rnd)
    won = GameSide.objects.get(game=game, team_id=rows[winner].entrant).slot
    end_with_totals(game, *(450 if slot == won else 210 for slot in (1, 2)))
    return game


def test_the_results_pdf_shows_medals_bonus_totals_and_the_play_off(organizer_client):
    event = played_club_event()
    play_the_playoff(event, "P5 & P6")
    response = organizer_client.get(url(event))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = read(response.content)
    assert "results" in text and event.name in text
    # The podium, then each row: rank, name, medal (the disc's number and the word), bonus, total.
    assert "1 Gold: P5 & P6 2 Silver: P1 & P2 3 Bronze: P3 & P4" in text
    assert "1 P5 & P6 (placed by play-off) 1 Gold 1,300" in text
    assert "2 P1 & P2 (placed by play-off) 2 Silver +400 1,300" in text
    assert "3 P3 & P4 3 Bronze +400 900" in text
    assert "4 P9 & P10 700" in text and "Bronze" not in text.split("P9 & P10")[1]
    assert "Play-off for the win: won by P5 & P6" in text and "450" in text and "210" in text
    png = page_png(response.content, 1, dpi=80)
    if SHOTS.is_dir():
        (SHOTS / "e2e-results-pdf-club.png").write_bytes(png)


def test_a_tie_not_yet_played_off_is_printed_as_level_with_a_shared_place(organizer_client):
    event = played_club_event()
    text = read(organizer_client.get(url(event)).content)
    assert "Level for the win: P1 & P2, P5 & P6 — a play-off decides" in text
    assert "=1 P1 & P2 (tied: play-off needed) +400 1,300" in text
    assert "Gold" not in text  # no medal before the event is decided


def test_the_pdf_is_kept_until_a_change_and_then_made_again(organizer_client):
    event = played_club_event()
    first = organizer_client.get(url(event)).content
    assert organizer_client.get(url(event)).content == first  # cached: same bytes
    play_the_playoff(event, "P1 & P2")
    text = read(organizer_client.get(url(event)).content)
    assert "1 P1 & P2 (placed by play-off) 1 Gold +400 1,300" in text


def test_before_round_one_the_menu_page_says_why_and_no_pdf_is_made(organizer_client):
    event = TournamentFactory(format="tables", variant="rummikub")
    response = organizer_client.get(url(event))
    assert response.status_code == 400 and response["Content-Type"].startswith("text/html")
    assert "round" in response.content.decode().lower()


def test_the_print_menu_offers_the_results_with_medals_for_table_events_only(organizer_client):
    event, _ = club_round(1)
    menu = organizer_client.get(reverse("printing:menu", args=[event.slug])).content.decode()
    assert reverse("printing:table_results", args=[event.slug]) in menu and "Results with medals" in menu
    assert reverse("printing:results", args=[event.slug]) not in menu
    bracket = TournamentFactory()
    menu = organizer_client.get(reverse("printing:menu", args=[bracket.slug])).content.decode()
    assert "Results with medals" not in menu and reverse("printing:results", args=[bracket.slug]) in menu
    assert Tournament.objects.count() == 2


def test_a_brackets_address_for_table_results_is_no_such_page_not_a_server_error(organizer_client):
    """The printout asks the format for its standings; a bracket keeps none (LookupError was a 500)."""
    bracket = TournamentFactory(name="Bayfest Open")
    response = organizer_client.get(reverse("printing:table_results", args=[bracket.slug]))
    assert response.status_code == 404


def test_before_round_one_the_menu_shows_the_results_with_medals_disabled_with_the_reason(organizer_client):
    event = TournamentFactory(format="tables", variant="rummikub")
    menu = organizer_client.get(reverse("printing:menu", args=[event.slug])).content.decode()
    # No link that would only answer "no round has been published": the button is there, greyed, saying why.
    assert reverse("printing:table_results", args=[event.slug]) not in menu
    assert "Results with medals" in menu and "no round has been published" in menu
    assert 'disabled aria-describedby="table-results-refusal">Results with medals' in menu
