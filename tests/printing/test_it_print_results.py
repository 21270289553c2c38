"""The results sheet: champion, each division's winner and every game's score."""

from django.urls import reverse

from tests.printing.test_printing_helpers import draw_divisions, flat, pdf_text, play_round
from tournament.models import Division, GameSide


def test_results_sheet_follows_the_results(organizer_client, tournament):
    divisions = draw_divisions(tournament, 4, long_name=False)
    url = reverse("printing:results", args=[tournament.slug])
    before = flat(pdf_text(organizer_client.get(url).content))
    assert "Champion to be decided" in before
    play_round(divisions["d1"], 1)
    play_round(divisions["d1"], 2)
    response = organizer_client.get(url)
    assert response["Content-Type"] == "application/pdf"
    text = flat(pdf_text(response.content))
    d1 = Division.objects.get(pk=divisions["d1"].pk)
    assert f"Winner: {d1.champion.name}" in text
    for side in GameSide.objects.filter(game__division=d1, game__status="finished"):
        assert f"{side.total:,}" in text


def test_organizers_only(client, tournament):
    assert client.get(reverse("printing:results", args=[tournament.slug])).status_code == 302
