"""GET organizer/t/<slug>/draw/: both divisions, their previews or published draws."""

from django.urls import reverse

from tests.formats.bracket.draw.test_brackets_support import closed_tournament, publish
from tournament.formats.bracket.draw import publishing


def test_shows_each_division_with_its_state_and_the_draw_tab(organizer_client, db):
    tournament, _ = closed_tournament(5)
    publish(tournament, "d1", seed=31)
    publishing.preview(tournament, "d2", seed=32)
    html = organizer_client.get(reverse("draw:page", args=[tournament.slug])).content.decode()
    assert "5 teams" in html
    assert html.count("Bye") >= 6  # three byes in each first round
    d1, d2 = html.split('id="d1"')[1].split('id="d2"')
    assert "Published" in d1 and "31" in d1 and "Redraw" not in d1
    assert "Preview — not published" in d2 and "Publish Division 2 (draw number 32)" in d2 and "Redraw" in d2
    assert ">Draw</a>" in html  # the organizer tab
    assert reverse("draw:schedule", args=[tournament.slug]) in html


def test_login_is_required(client, db):
    tournament, _ = closed_tournament(3)
    assert client.get(reverse("draw:page", args=[tournament.slug])).status_code == 302
