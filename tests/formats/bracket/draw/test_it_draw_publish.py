"""POST organizer/t/<slug>/draw/<kind>/publish/: freeze a preview and build the bracket."""

import datetime as dt

from django.urls import reverse
from django.utils import timezone

from tests.factories import TeamFactory, UserFactory
from tests.formats.bracket.draw.test_brackets_support import closed_tournament
from tournament.formats.bracket.draw import publishing
from tournament.models import Division, DrawRecord, Game, Tournament


def url(tournament, kind="d1"):
    return reverse("draw:publish", args=[tournament.slug, kind])


def test_publishing_freezes_the_preview_and_the_bracket_goes_public(organizer_client, organizer, client, db):
    tournament, _ = closed_tournament(6)
    record = publishing.preview(tournament, "d1", seed=77, by=organizer)
    response = organizer_client.post(url(tournament), {"draw": record.pk}, follow=True)
    assert "Division 1 is published (draw number 77)" in response.content.decode()
    record.refresh_from_db()
    assert record.published_at and record.published_by == organizer
    division = Division.objects.get(tournament=tournament, kind="d1")
    assert division.published_at and division.size == 8
    assert Game.objects.filter(division=division).count() == 7
    public = client.get(reverse("brackets:division", args=[tournament.slug, "d1"])).content.decode()
    assert "T1" in public and "This draw has not been published yet" not in public


def test_the_second_publisher_is_told_the_first_one_won(organizer_client, db):
    tournament, _ = closed_tournament(6)
    other = UserFactory(username="maria")
    mine = publishing.preview(tournament, "d1", seed=1)
    theirs = publishing.preview(tournament, "d1", seed=2, by=other)
    publishing.publish(theirs, by=other)
    response = organizer_client.post(url(tournament), {"draw": mine.pk}, follow=True)
    assert "Division 1 was published by maria" in response.content.decode()
    assert DrawRecord.objects.get(published_at__isnull=False) == theirs
    assert Game.objects.filter(division__kind="d1").count() == 7  # built once


def test_a_preview_made_before_the_teams_changed_is_refused(organizer_client, db):
    tournament, _ = closed_tournament(6)
    record = publishing.preview(tournament, "d1", seed=1)
    TeamFactory(tournament=tournament, name="Late Birds")
    response = organizer_client.post(url(tournament), {"draw": record.pk}, follow=True)
    assert "The teams changed since this preview was drawn" in response.content.decode()
    assert not Division.objects.get(kind="d1").published_at
    assert not Game.objects.exists()


def test_publishing_early_with_the_override_closes_sign_ups(organizer_client, db):
    tournament, _ = closed_tournament(4, signup_deadline=timezone.now() + dt.timedelta(days=1))
    record = publishing.preview(tournament, "d1", seed=1, override=True)
    refused = organizer_client.post(url(tournament), {"draw": record.pk}, follow=True)
    assert "Sign-ups are still open" in refused.content.decode()
    organizer_client.post(url(tournament), {"draw": record.pk, "override": "1"})
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CLOSED and not tournament.signups_open()
    assert Division.objects.get(kind="d1").published_at


def test_publishing_both_divisions_makes_the_final(organizer_client, db):
    tournament, _ = closed_tournament(3)
    for kind, seed in (("d1", 1), ("d2", 2)):
        record = publishing.preview(tournament, kind, seed=seed)
        organizer_client.post(url(tournament, kind), {"draw": record.pk})
    final = Game.objects.get(division__kind="final")
    assert [s.fed_by.division.kind for s in final.sides.order_by("slot")] == ["d1", "d2"]
