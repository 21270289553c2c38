"""The draw's writes each count a change (Tournament.changes) in their own transaction — previews,
publishing (the final included), round and game start times, table numbers — and a refusal counts none."""

import datetime as dt

import pytest
from django.urls import reverse

from tests.changes import changes, counted
from tests.formats.bracket.draw.test_brackets_support import closed_tournament, game, publish, published
from tournament.core import timetable
from tournament.formats.bracket.draw import publishing
from tournament.models import Division, Game, Round


@pytest.mark.django_db
class TestDrawChanges:
    def test_a_preview_counts_and_a_refused_preview_does_not(self):
        tournament, _ = closed_tournament(6)
        assert counted(tournament, lambda: publishing.preview(tournament, "d1", seed=3)) == 1
        assert counted(tournament, lambda: publishing.preview(tournament, "d1", seed="not a seed")) == 0

    def test_publishing_counts_and_building_the_final_with_it(self):
        tournament, _ = closed_tournament(6)
        publish(tournament, "d1")
        record = publishing.preview(tournament, "d2", seed=2)
        assert counted(tournament, lambda: publishing.publish(record)) >= 1
        assert Division.objects.get(tournament=tournament, kind=Division.Kind.FINAL).games.exists()
        assert counted(tournament, lambda: publishing.publish(record)) == 0  # already published: refused

    def test_moving_a_round_and_a_game_counts(self):
        tournament, _ = published(8, both=False)
        rnd = Round.objects.select_related("division").get(division__tournament=tournament, number=1)
        later = rnd.starts_at + dt.timedelta(hours=1)
        assert counted(tournament, lambda: timetable.set_round_start(rnd, later)) >= 1
        first = Game.objects.select_related("division__tournament").get(pk=game(tournament, "d1", 1, 1).pk)
        assert counted(tournament, lambda: timetable.set_posted_start(first, later + dt.timedelta(minutes=30))) == 1
        assert counted(tournament, lambda: timetable.set_posted_start(first, later + dt.timedelta(minutes=30))) == 0

    def test_a_table_number_counts_and_a_bad_one_does_not(self):
        tournament, _ = published(8, both=False)
        first = game(tournament, "d1", 1, 1)
        assert counted(tournament, lambda: timetable.set_table_number(first, 12)) == 1
        assert counted(tournament, lambda: timetable.set_table_number(first, 1000)) == 0
        assert Game.objects.get(pk=first.pk).table_number == 12


def test_a_schedule_form_with_an_error_counts_nothing(organizer_client, db):
    tournament, _ = published(4, both=False)
    rnd = Round.objects.get(division__tournament=tournament, number=1)
    first = game(tournament, "d1", 1, 1)
    before = changes(tournament)
    response = organizer_client.post(
        reverse("draw:schedule", args=[tournament.slug]), {f"round-{rnd.pk}": "tomorrow", f"table-{first.pk}": "3"}
    )
    assert response.status_code == 400
    assert changes(tournament) == before
