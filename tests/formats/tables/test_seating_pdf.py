"""The printed seating charts of a table round (by table, by name A-Z) and its table cards, read
back from real PDFs (pypdf, pdftotext) and rendered to PNG (pdftoppm) for a person to look at."""

import os
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import organizer, organizer_client  # noqa: F401 (fixtures)
from tests.formats.tables.events import sign_up, table_event
from tests.printing.test_printing_helpers import (
    decode_qr,
    flat,
    page_png,
    pdf_pages,
    pdf_text,
)
from tournament.events import demo_tables
from tournament.formats.tables import drawing, rounds
from tournament.models import Round, Tournament

pytestmark = pytest.mark.django_db
SHOTS = Path(os.environ.get("MELDBOARD_SCREENSHOTS", "/work/tmp/shots"))


def save_png(pdf: bytes, name: str) -> bytes:
    png = page_png(pdf, 1, dpi=80)
    if SHOTS.is_dir():
        (SHOTS / f"tables-{name}.png").write_bytes(png)
    return png


@pytest.fixture
def rummikub(organizer):  # noqa: F811
    return demo_tables.create_rummikub(timezone.now(), organizer, first_round_only=True)


def seating_url(event, number, order):
    return reverse("printing:seating", args=[event.slug, number, order]) + "?paper=letter"


def test_the_seating_by_table_lists_every_table_and_seat(organizer_client, rummikub):  # noqa: F811
    response = organizer_client.get(seating_url(rummikub, 1, "table"))
    assert response["Content-Type"] == "application/pdf"
    pdf = response.content
    assert pdf_pages(pdf) == 1
    text = flat(pdf_text(pdf))
    assert "Rummikub day (demo) · Round 1" in text and "Seating by table" in text
    for number in range(1, 6):
        assert f"Table {number}" in text
    assert text.count("Seat 4") == 2 and text.count("Seat 3") == 5  # tables of 4, 4, 3, 3, 3
    assert "Ivy Chen" in text and "Quinn Lowe" in text
    save_png(pdf, "seating-by-table-pdf")


def test_the_seating_by_name_is_alphabetical_with_table_and_seat(organizer_client, rummikub):  # noqa: F811
    pdf = organizer_client.get(seating_url(rummikub, 1, "name")).content
    text = pdf_text(pdf, raw=True)
    lines = [line for line in text.splitlines() if "Table " in line and "seat" in line]
    assert len(lines) == 17
    names = [line.split(" Table ")[0] for line in lines]
    assert names == sorted(names, key=str.casefold)
    assert any(line.startswith("Ivy Chen Table ") for line in lines)
    save_png(pdf, "seating-by-name-pdf")


def test_a_player_sitting_out_is_printed_as_a_bye(organizer_client):  # noqa: F811
    event = table_event("baja-cutthroat")
    sign_up(event, *(f"Player {i}" for i in range(1, 6)))  # 5 players, tables of 3-4: one sits out
    seating = drawing.draw_seating(event, 1, 7)
    rounds.save_round(event, 1, seating, 7, timezone.now())
    out = seating["sitting_out"]
    assert out  # five cannot all sit at tables of three or four
    by_name = flat(pdf_text(organizer_client.get(seating_url(event, 1, "name")).content))
    by_table = flat(pdf_text(organizer_client.get(seating_url(event, 1, "table")).content))
    assert "Bye (sitting out this round)" in by_table
    assert "Player 1" in by_name and by_name.count("Bye") == len(out)


def test_the_same_chart_comes_from_the_cache_until_something_changes(organizer_client, rummikub, monkeypatch):  # noqa: F811
    from tournament.printing import seating

    made = []
    real = seating.seating_pdf
    monkeypatch.setattr(seating, "seating_pdf", lambda *a, **k: made.append(1) or real(*a, **k))
    organizer_client.get(seating_url(rummikub, 1, "table"))
    organizer_client.get(seating_url(rummikub, 1, "table"))
    assert len(made) == 1
    Tournament.objects.filter(pk=rummikub.pk).bump()
    organizer_client.get(seating_url(rummikub, 1, "table"))
    assert len(made) == 2


def test_bad_choices_are_refused_with_a_message(organizer_client, rummikub):  # noqa: F811
    response = organizer_client.get(seating_url(rummikub, 1, "shoe-size"))
    assert response.status_code == 400 and "not “shoe-size”" in response.content.decode()
    response = organizer_client.get(seating_url(rummikub, 2, "table"))
    assert response.status_code == 400 and "Round 2 is not seated yet" in response.content.decode()


def test_table_cards_of_a_table_round_name_the_players_and_carry_the_qr(organizer_client, rummikub):  # noqa: F811
    rnd = Round.objects.get(division__tournament=rummikub, number=1)
    pdf = organizer_client.get(reverse("printing:cards", args=[rummikub.slug, rnd.pk]) + "?paper=letter").content
    assert pdf_pages(pdf) == 5  # one card a table, even with four names on it
    first = flat(pdf_text(pdf, 1))
    game = rnd.games.get(number=1)
    for side in game.sides.select_related("player"):
        assert side.player.name in first
    png = save_png(pdf, "table-card-pdf")
    assert decode_qr(page_png(pdf, 1)) == [f"http://testserver/table/{game.table_token}/"]
    assert png


def test_the_print_menu_of_a_table_event_offers_the_seating(organizer_client, rummikub):  # noqa: F811
    page = organizer_client.get(reverse("printing:menu", args=[rummikub.slug])).content.decode()
    assert "Seating by table" in page and "Seating by name" in page and "Make table cards" in page
    assert "Chart for posting" not in page
