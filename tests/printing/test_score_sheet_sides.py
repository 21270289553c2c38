"""Score sheets for 2 to 6 sides, one page each, real WeasyPrint output read back (issue 34: a third
and fourth side got an empty sliver, Fiji teams spilled onto a second page, and the Rummikub sheet
said "150 ends the game" for a day of 3 rounds): every side has its own columns down to the last
hand row, as many rows as the game lasts, and the event's own end."""

import io

import pytest
from PIL import Image

from tests.factories import TournamentFactory
from tests.formats.tables.events import sign_up, table_event
from tests.formats.tables.played import START, club_round, players_round
from tests.printing.test_printing_helpers import flat, page_png, pdf_pages, pdf_text
from tournament.formats.tables import rounds
from tournament.models import Game, Tournament
from tournament.printing import data, documents
from tournament.printing.paper import PAPERS

pytestmark = pytest.mark.django_db
LONG = "Maximiliana Guadalupe Fernández-Villaseñor"


def sheets(event, games, paper="letter") -> bytes:
    return documents.score_sheets_pdf(data.games_of(pk__in=[g.pk for g in games]), PAPERS[paper], event)


def in_spanish(event):
    Tournament.objects.filter(pk=event.pk).update(language="es")
    return Tournament.objects.get(pk=event.pk)


def rightmost_ruled_line(png: bytes) -> float:
    """How far across the page (0–1) the last vertical rule reaching through the middle hand rows is."""
    image = Image.open(io.BytesIO(png)).convert("L")
    width, height = image.size
    top, bottom = int(height * 0.3), int(height * 0.55)
    pixels = image.load()
    ruled = [x for x in range(width) if sum(pixels[x, y] < 128 for y in range(top, bottom)) > 0.9 * (bottom - top)]
    return max(ruled) / width


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("language", ["en", "es"])
def test_two_to_six_players_one_page_each_every_side_ruled_to_the_edge(paper, language):
    names = [f"{LONG} {i}" for i in range(1, 21)]
    event = table_event("fiji-individual")
    sign_up(event, *names)
    event, games = players_round("fiji-individual", 2, 3, 4, 5, 6, event=event, names=names)
    if language == "es":
        event = in_spanish(event)
    pdf = sheets(event, games, paper)
    open(f"/tmp/settings_pdf/fiji26-{paper}-{language}.pdf", "wb").write(pdf)
    assert pdf_pages(pdf) == len(games) == 5
    for page, game in enumerate(games, start=1):
        count = game.sides.count()
        text = flat(pdf_text(pdf, page=page, raw=True))
        header = "Puntos de la mano" if language == "es" else "Hand score"
        assert text.count(header) == count, (count, text)
        assert rightmost_ruled_line(page_png(pdf, page, dpi=40)) > 0.88, count


def test_fiji_teams_of_three_partnerships_with_long_names_fit_one_page():
    event = table_event("fiji-team")
    players = list(sign_up(event, *(f"{LONG} {i}" for i in range(1, 7))).values())
    pairs = [[players[i].pk, players[i + 1].pk] for i in range(0, 6, 2)]
    rounds.save_partners(event, pairs, seed=1)
    seats = [pairs[0][0], pairs[1][0], pairs[2][0], pairs[0][1], pairs[1][1], pairs[2][1]]
    rounds.save_round(event, 1, {"tables": [{"sides": pairs, "seats": seats}], "sitting_out": []}, seed=1, starts_at=START)
    games = list(Game.objects.filter(division__tournament=event))
    for paper in ("letter", "a4"):
        for shown_in in (event, in_spanish(event)):
            pdf = sheets(shown_in, games, paper)
            open(f"/tmp/settings_pdf/fijiteam-{paper}-{shown_in.language}.pdf", "wb").write(pdf)
            assert pdf_pages(pdf) == 1
            assert rightmost_ruled_line(page_png(pdf, 1, dpi=40)) > 0.88


def test_rummikub_by_rounds_prints_its_rounds_not_the_target():
    event = table_event("rummikub")
    Tournament.objects.filter(pk=event.pk).update(rules_numbers={**event.rules_numbers, "rounds": 3})
    event, games = players_round("rummikub", 3, event=Tournament.objects.get(pk=event.pk))
    text = flat(pdf_text(sheets(event, games)))
    assert "the game ends after 3 rounds, or sooner when a player reaches 150" in text
    assert "150 ends the game" not in text
    assert " 3 Final " in text and " 4 " not in text.split("Hand score", 1)[1].split("Final")[0]
    spanish = flat(pdf_text(sheets(in_spanish(event), games)))
    assert "3 rondas" in spanish


def test_rummikub_to_a_target_and_the_club_game_by_hands():
    event, games = players_round("rummikub", 4)
    text = flat(pdf_text(sheets(event, games)))
    assert "a player reaching 150 ends the game" in text and " 20 Final " in text
    club, tables = club_round(1)
    text = flat(pdf_text(sheets(club, tables)))
    assert "the game is 3 hands" in text and " 3 Final " in text


@pytest.mark.parametrize(("variant", "fmt", "sides"), [
    ("baja-partners", "bracket", 2), ("club-4deck", "tables", 2), ("rummikub", "tables", 4),
    ("fiji-individual", "tables", 6), ("fiji-team", "tables", 3), ("baja-cutthroat", "tables", 4)])
def test_the_blank_sheet_has_room_for_the_most_sides_a_table_seats(variant, fmt, sides):
    event = TournamentFactory(format=fmt, variant=variant)
    pdf = documents.score_sheets_pdf([], PAPERS["letter"], event)
    assert pdf_pages(pdf) == 1
    assert flat(pdf_text(pdf, raw=True)).count("Hand score") == sides
