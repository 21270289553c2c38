"""POST organizer/t/<slug>/draw/<kind>/preview/: draw or redraw a division (nothing public yet)."""

import pytest
from django.urls import reverse

from tests.factories import TeamFactory, TournamentFactory
from tests.formats.bracket.draw.test_brackets_support import closed_tournament, publish
from tournament.formats.bracket.draw import generator
from tournament.models import Division, DrawRecord, Game


def url(tournament, kind="d1"):
    return reverse("draw:preview", args=[tournament.slug, kind])


def test_login_is_required(client, db):
    tournament, _ = closed_tournament(4)
    response = client.post(url(tournament), {"seed": "5"})
    assert response.status_code == 302 and "/login" in response["Location"]
    assert not DrawRecord.objects.exists()


def test_a_typed_seed_gives_the_generator_draw_and_the_page_shows_it(organizer_client, db):
    tournament, teams = closed_tournament(6)
    response = organizer_client.post(url(tournament), {"seed": "48213"}, follow=True)
    record = DrawRecord.objects.get()
    assert record.seed == 48213 and record.published_at is None
    assert record.lines == generator.draw_lines([t.pk for t in teams], 48213)
    html = response.content.decode()
    assert "48213" in html and "Preview — not published" in html
    assert not Game.objects.exists()  # nothing is built until publishing


def test_an_empty_seed_draws_a_random_one_and_redraws_keep_every_preview(organizer_client, db):
    tournament, _ = closed_tournament(6)
    organizer_client.post(url(tournament), {"seed": ""})
    organizer_client.post(url(tournament), {"seed": ""})
    assert DrawRecord.objects.filter(division__kind="d1").count() == 2
    page = organizer_client.get(reverse("draw:page", args=[tournament.slug])).content.decode()
    latest = DrawRecord.objects.first()
    assert str(latest.seed) in page


@pytest.mark.parametrize("seed,message", [("abc", "whole number"), ("-12", "must not be negative"), ("1.5", "whole number")])
def test_a_bad_seed_is_refused_and_the_typed_text_is_kept(organizer_client, db, seed, message):
    tournament, _ = closed_tournament(6)
    response = organizer_client.post(url(tournament), {"seed": seed})
    assert response.status_code == 400
    html = response.content.decode()
    assert message in html and f'value="{seed}"' in html
    assert not DrawRecord.objects.exists()


def test_fewer_than_two_teams_is_refused(organizer_client, db):
    tournament, _ = closed_tournament(1)
    response = organizer_client.post(url(tournament), {"seed": "1"})
    assert response.status_code == 400
    assert "A draw needs at least 2 teams; 1 signed up." in response.content.decode()
    assert not DrawRecord.objects.exists()


def test_before_sign_ups_close_the_draw_needs_the_override(organizer_client, db):
    tournament = TournamentFactory()  # deadline tomorrow
    for _ in range(4):
        TeamFactory(tournament=tournament)
    refused = organizer_client.post(url(tournament), {"seed": "3"})
    assert refused.status_code == 400 and "Sign-ups are still open" in refused.content.decode()
    assert not DrawRecord.objects.exists()
    organizer_client.post(url(tournament), {"seed": "3", "override": "1"})
    assert DrawRecord.objects.count() == 1


def test_after_publishing_the_division_cannot_be_redrawn(organizer_client, db):
    tournament, _ = closed_tournament(5)
    publish(tournament, "d1", seed=9)
    response = organizer_client.post(url(tournament), {"seed": "10"})
    assert response.status_code == 400
    assert "Division 1 was published" in response.content.decode()
    assert DrawRecord.objects.count() == 1


def test_the_final_is_not_drawn(organizer_client, db):
    tournament, _ = closed_tournament(5)
    response = organizer_client.post(url(tournament, "final"), {"seed": "1"})
    assert response.status_code == 400
    assert not Division.objects.filter(kind="final").exists()
