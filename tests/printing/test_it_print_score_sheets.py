"""Score sheets: a round's, one game's, and a blank one, with the variant's meld and card values."""

from django.urls import reverse

from tests.printing.test_printing_helpers import draw_divisions, flat, pdf_pages, pdf_text, shown
from tournament.models import Round
from tournament.printing import data


def test_a_rounds_score_sheets_one_page_per_game(organizer_client, tournament):
    divisions = draw_divisions(tournament, 7)
    rnd = Round.objects.get(division=divisions["d2"], number=1)
    response = organizer_client.get(reverse("printing:score_sheets", args=[tournament.slug, rnd.pk]), {"paper": "a4"})
    games = data.printable_games(rnd)
    assert response["Content-Type"] == "application/pdf" and pdf_pages(response.content) == len(games) == 3
    for page, game in enumerate(games, start=1):
        text = flat(pdf_text(response.content, page))
        assert f"Table {game.table_number}" in text
        assert data.day_and_clock(tournament, game.starts_at) in text and "1:00 PM" in text
        assert "Points needed to meld" in text and "Book of twos 2,000" in text


def test_one_games_score_sheet_and_the_blank_one(organizer_client, tournament):
    divisions = draw_divisions(tournament, 4)
    game = data.printable_games(Round.objects.get(division=divisions["d1"], number=1))[0]
    response = organizer_client.get(reverse("printing:score_sheet", args=[tournament.slug, game.pk]))
    text = flat(pdf_text(response.content))
    for side in game.sides.all():
        assert shown(side.team.name, text)
    blank = organizer_client.get(reverse("printing:blank_score_sheet", args=[tournament.slug]))
    assert pdf_pages(blank.content) == 1 and "Team: ____" in flat(pdf_text(blank.content))


def test_organizers_only(client, tournament):
    assert client.get(reverse("printing:blank_score_sheet", args=[tournament.slug])).status_code == 302


def test_bad_paper_refused(organizer_client, tournament):
    url = reverse("printing:blank_score_sheet", args=[tournament.slug])
    response = organizer_client.get(url, {"paper": "napkin"})
    assert response.status_code == 400 and "Paper “napkin”" in response.content.decode()
