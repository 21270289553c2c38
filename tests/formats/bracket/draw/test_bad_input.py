"""Bad input on the draw and schedule pages: a message naming what is wrong, never a 500, nothing changed."""

import pytest
from django.urls import reverse

from tests.changes import changes
from tests.formats.bracket.draw.test_brackets_support import closed_tournament, game, published
from tests.formats.bracket.draw.test_it_draw_schedule import form_data
from tests.gameday.test_it_board import text
from tournament.formats.bracket.draw import publishing
from tournament.models import Division, DrawRecord, Round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("template_context")]  # form_data reads response.context


def publish_url(tournament, kind="d1"):
    return reverse("draw:publish", args=[tournament.slug, kind])


NOT_HERE = "Draw: that is not a preview of this division; draw again and publish that."


@pytest.mark.parametrize("draw,message", [
    ("abc", NOT_HERE), ("²", NOT_HERE), ("99999999999999999999", NOT_HERE),
    ("1\x00", "Draw: Null characters are not allowed."), ("", "Draw: choose the preview to publish."),
])
def test_a_draw_that_is_no_id_is_named_and_nothing_is_published(organizer_client, draw, message):
    tournament, _ = closed_tournament(4)
    publishing.preview(tournament, "d1", seed=1)
    before = changes(tournament)
    page = text(organizer_client.post(publish_url(tournament), {"draw": draw}, follow=True))
    assert message in page
    assert not Division.objects.get(kind="d1").published_at
    assert changes(tournament) == before


def test_another_tournaments_preview_cannot_be_published_here(organizer_client):
    tournament, _ = closed_tournament(4)
    other, _ = closed_tournament(4)
    theirs = publishing.preview(other, "d1", seed=1)
    page = text(organizer_client.post(publish_url(tournament), {"draw": theirs.pk}, follow=True))
    assert NOT_HERE in page
    assert not Division.objects.filter(published_at__isnull=False).exists()


@pytest.mark.parametrize("kind", ["\x00", "zz", "final"])
def test_publishing_a_division_that_is_not_drawn_is_a_404(organizer_client, kind):
    tournament, _ = closed_tournament(4)
    record = publishing.preview(tournament, "d1", seed=1)
    assert organizer_client.post(publish_url(tournament, kind), {"draw": record.pk}).status_code == 404
    assert not Division.objects.get(kind="d1").published_at


def test_a_seed_with_a_nul_byte_is_named(organizer_client):
    tournament, _ = closed_tournament(4)
    response = organizer_client.post(reverse("draw:preview", args=[tournament.slug, "d1"]), {"seed": "12\x00"})
    assert response.status_code == 400
    assert "Draw number: Null characters are not allowed." in text(response)
    assert not DrawRecord.objects.exists()


@pytest.mark.parametrize("table", ["²", "¹²", "99999999999999999999", "1\x00"])
def test_a_table_number_that_is_no_number_is_named_and_nothing_changes(organizer_client, table):
    tournament, _ = published(4, both=False)
    first = game(tournament, "d1", 1, 1)
    data = form_data(organizer_client, tournament)
    data[f"table-{first.pk}"] = table
    before = changes(tournament)
    response = organizer_client.post(reverse("draw:schedule", args=[tournament.slug]), data)
    assert response.status_code == 400
    assert f"Division 1, Semi-finals, game 1: the table number must be a whole number from 1 to 999, not “{table}”." in text(response)
    first.refresh_from_db()
    assert first.table_number == 1 and changes(tournament) == before


def test_a_round_start_with_a_nul_byte_is_named_and_nothing_changes(organizer_client):
    tournament, _ = published(4, both=False)
    rnd = Round.objects.get(division__tournament=tournament, number=1)
    data = form_data(organizer_client, tournament)
    data[f"round-{rnd.pk}"] = "2026-03-11T10:00\x00"
    response = organizer_client.post(reverse("draw:schedule", args=[tournament.slug]), data)
    assert response.status_code == 400
    assert "Division 1, Semi-finals: " in text(response)
    assert Round.objects.get(pk=rnd.pk).starts_at == rnd.starts_at


@pytest.mark.parametrize("seed, shown", [("9" * 5000, "9" * 24 + "…"), ("9" * 20, "9" * 20)])
def test_a_draw_number_of_thousands_of_digits_is_named_and_nothing_is_drawn(organizer_client, seed, shown):
    """Past the 4,300 digits Python's int() reads: this once answered 500."""
    tournament, _ = closed_tournament(4)
    before = changes(tournament)
    response = organizer_client.post(reverse("draw:preview", args=[tournament.slug, "d1"]), {"seed": seed})
    assert response.status_code == 400
    assert f"The draw number must be a whole number from 0 to 999,999,999,999,999,999; {shown} is not." in text(response)
    assert not DrawRecord.objects.exists() and changes(tournament) == before


def test_draw_number_zero_is_drawn_with_zero(organizer_client):
    tournament, _ = closed_tournament(4)
    organizer_client.post(reverse("draw:preview", args=[tournament.slug, "d1"]), {"seed": "0"})
    assert DrawRecord.objects.get().seed == 0
