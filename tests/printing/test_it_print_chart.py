"""The chart PDF view: made on request, served from the cache until a result changes it."""

from django.urls import reverse

from tests.printing.test_printing_helpers import draw_divisions, flat, pdf_pages, pdf_text, play_round, shown
from tournament.models import Division
from tournament.printing import documents


def chart_url(tournament, division, version="posting", paper="letter"):
    return reverse("printing:chart", args=[tournament.slug, division.pk, version]) + f"?paper={paper}"


def test_organizers_only(client, tournament):
    divisions = draw_divisions(tournament, 4)
    assert client.get(chart_url(tournament, divisions["d1"])).status_code == 302


def test_chart_is_a_pdf_with_every_team_of_the_draw(organizer_client, tournament):
    divisions = draw_divisions(tournament, 13)
    response = organizer_client.get(chart_url(tournament, divisions["d1"], paper="a4"))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert f"{tournament.slug}-division-1-posting-a4.pdf" in response["Content-Disposition"]
    text = flat(pdf_text(response.content))
    for team in divisions["teams"]:
        assert shown(team.name, text)
    assert pdf_pages(response.content) == 1


def test_chart_is_rebuilt_only_when_a_result_changes(organizer_client, tournament, monkeypatch):
    divisions = draw_divisions(tournament, 4, long_name=False)
    renders = []
    real = documents.chart_pdf
    monkeypatch.setattr(documents, "chart_pdf", lambda *a, **k: renders.append(a) or real(*a, **k))
    url = chart_url(tournament, divisions["d1"], "current")
    first = organizer_client.get(url).content
    assert organizer_client.get(url).content == first
    assert len(renders) == 1
    play_round(divisions["d1"], 1)
    after = organizer_client.get(url).content
    assert len(renders) == 2
    winners = [g.winner.name for g in divisions["d1"].games.filter(round__number=1).select_related("winner")]
    text = flat(pdf_text(after))
    for name in winners:
        assert text.count(name) >= 2  # in round one and on the next line


def test_unknown_version_and_paper_are_refused_by_name(organizer_client, tournament):
    divisions = draw_divisions(tournament, 4)
    response = organizer_client.get(chart_url(tournament, divisions["d1"], "draft"))
    assert response.status_code == 400 and "not “draft”" in response.content.decode()
    response = organizer_client.get(chart_url(tournament, divisions["d1"], paper="b5"))
    assert response.status_code == 400 and "Paper “b5”" in response.content.decode()


def test_a_division_without_a_bracket_says_so(organizer_client, tournament):
    division = Division.objects.create(tournament=tournament, kind="d1", name="Division 1")
    response = organizer_client.get(chart_url(tournament, division))
    assert response.status_code == 400 and "publish its draw first" in response.content.decode()


def test_another_tournaments_division_is_not_found(organizer_client, tournament):
    from tests.factories import TournamentFactory

    other = TournamentFactory()
    divisions = draw_divisions(other, 4)
    assert organizer_client.get(chart_url(tournament, divisions["d1"])).status_code == 404
