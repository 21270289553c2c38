"""The public seating and the printed seating charts and table cards mark each person as
tournament.core.seat_state decides (issue 34): an absent seat absent, a late arrival late, a player
withdrawn while their table plays withdrawn, a substitute substitute — in both languages."""

import io
import re

import pypdf
import pytest
from django.urls import reverse
from django.utils import translation

from scoring import hands
from tests.formats.tables.played import players_round, start_seated
from tournament.formats.tables import late_arrivals, play, substitutes, withdrawals
from tournament.models import Game, GameSide, Player
from tournament.printing import documents, seating
from tournament.printing.paper import paper

pytestmark = pytest.mark.django_db


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def pdf_text(data: bytes) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(io.BytesIO(data)).pages)


@pytest.fixture
def day():
    """Three Rummikub tables: at table 1 P3 is absent and P2 withdrew while it played; at table 2 P6
    was absent and was seated back (late); at table 3 Sub takes P8's seat for the round."""
    event, (one, two, three) = players_round("rummikub", 3, 3, 2)
    GameSide.objects.filter(game__in=[one, two], slot__in=[1, 2]).update(checked_in_at=one.round.starts_at)
    play.start_table(Game.objects.get(pk=one.pk), without_missing=True)
    play.start_table(Game.objects.get(pk=two.pk), without_missing=True)
    rack = {"went_out": False, "rack_points": 0, "rack_jokers": 0}
    hands.submit(two, number=1, values=[{**rack, "went_out": True}, {**rack, "rack_points": 9}, {}], key="t2-1",
                 entered_by="1")
    late_arrivals.seat_back(two, GameSide.objects.get(game=two, slot=3).pk)
    withdrawals.withdraw(event, Player.objects.get(name="P2", tournament=event))
    substitutes.substitute(event, Player.objects.get(name="P8", tournament=event), typed="Sub", rest_of_event=False)
    start_seated(Game.objects.get(pk=three.pk))
    return event


def seat_line(page: str, name: str) -> str:
    found = re.search(rf"Seat \d+ {name}\b.*?(?=Seat \d+ |Score sheet)", page)
    assert found, f"{name} is not seated on the page"
    return found.group(0)


def test_the_public_seating_marks_absent_late_withdrawn_and_substitute(client, day):
    page = text(client.get(reverse("tables:public_seating", args=[day.slug])).content.decode())
    assert "absent (no-show)" in seat_line(page, "P3")
    assert "withdrawn" in seat_line(page, "P2")
    assert "arrived late" in seat_line(page, "P6")
    assert "substitute" in seat_line(page, "Sub")
    for present in ("P1", "P4", "P5", "P7"):
        line = seat_line(page, present)
        assert not any(word in line for word in ("absent", "withdrawn", "late", "substitute")), line
    found = text(client.get(reverse("tables:public_seating", args=[day.slug]) + "?name=P3").content.decode())
    assert "P3 : Table 1, seat 3 absent (no-show)" in found
    spanish = text(client.get(reverse("tables:public_seating", args=[day.slug]), HTTP_ACCEPT_LANGUAGE="es").content.decode())
    with translation.override("es"):
        for name, word in (("P3", "ausente (no se presentó)"), ("P2", "retirado"), ("P6", "llegó tarde"),
                           ("Sub", "suplente")):
            line = re.search(rf"Lugar \d+ {name}\b.*?(?=Lugar \d+ |Hoja de anotación)", spanish)
            assert line and word in line.group(0), (name, line and line.group(0))


def test_the_printed_seating_and_table_cards_mark_them_too(day):
    by_table = pdf_text(seating.seating_pdf(day, 1, "table", paper("letter")))
    assert "P3 (absent (no-show))" in by_table and "P2 (withdrawn)" in by_table
    assert "P6 (arrived late)" in by_table and "Sub (substitute)" in by_table
    by_name = pdf_text(seating.seating_pdf(day, 1, "name", paper("letter")))
    assert "P3 (absent (no-show))" in by_name
    rnd = Game.objects.filter(division__tournament=day).first().round
    cards = pdf_text(documents.table_cards_pdf(rnd, paper("letter"), "http://testserver"))
    assert "P3 (absent (no-show))" in cards and "P6 (arrived late)" in cards
