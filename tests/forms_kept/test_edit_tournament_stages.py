"""“Edit tournament” saves whatever can still change at every stage of both formats, posted as the
browser shows it: locked fields (the game length once a hand is saved, the format and the game)
send nothing and keep their values (issue 34: 400 “Game length: type the hours and the minutes”
once a hand existed, not even a venue could be fixed)."""

import pytest
from django.urls import reverse

from scoring import hands
from scoring import sample_hands as td
from tests.posted_form import fields, post_as_shown
from tests.walks import stages
from tournament.models import Game, Tournament

pytestmark = pytest.mark.django_db

KEPT = ("game_time_limit", "no_show_grace", "variant", "format", "rules_numbers", "signup_deadline", "language",
        "require_confirmation", "slug")


def kept(event) -> dict:
    row = Tournament.objects.get(pk=event.pk)
    return {name: getattr(row, name) for name in KEPT}


def edit_each_stage(client, walk) -> list[str]:
    seen = []
    for stage, event in walk:
        url = reverse("organizer:edit", args=[event.slug])
        before = kept(event)
        venue = f"Hall for {stage.name}"
        response = post_as_shown(client, url, url, venue=venue, name=f"Day at {stage.name}"[:120])
        assert response.status_code == 302, (stage.name, response.content.decode()[:3000])
        row = Tournament.objects.get(pk=event.pk)
        assert (row.venue, row.name) == (venue, f"Day at {stage.name}"[:120]), stage.name
        assert kept(event) == before, stage.name
        seen.append(stage.name)
    return seen


def with_a_hand(walk):
    """The bracket walk with a hand saved in its first game once it is in play (the numbers freeze)."""
    for stage, event in walk:
        if stage.name == "a game in play":
            game = Game.objects.get(division__tournament=event, status=Game.Status.IN_PLAY)
            hands.submit(game, number=1, values=[td.values(**td.W1, out=True), td.values(**td.W2)], key="edit-1", entered_by="North")
        yield stage, event


def test_edit_tournament_saves_at_every_stage_of_a_bracket(organizer_client):
    seen = edit_each_stage(organizer_client, with_a_hand(stages.bracket_walk()))
    assert "a game in play" in seen and "champion" in seen


@pytest.mark.parametrize(("variant", "players"), [("rummikub", 6), ("club-4deck", 12), ("fiji-team", 8)])
def test_edit_tournament_saves_at_every_stage_of_a_table_event(organizer_client, variant, players):
    seen = edit_each_stage(organizer_client, stages.table_walk(variant, players))
    assert "round 1 in play" in seen and "medals" in seen


def test_a_locked_game_length_is_shown_and_not_sent(organizer_client):
    event = next(event for stage, event in stages.table_walk("rummikub", 6) if stage.name == "round 1 in play")
    url = reverse("organizer:edit", args=[event.slug])
    page = organizer_client.get(url).content.decode()
    assert "game_time_limit_hours" not in fields(page, url, url)  # disabled: the browser sends nothing
    assert "Frozen: a hand has been saved" in page


def test_the_bracket_schedule_saved_unchanged_at_every_stage_changes_nothing(organizer_client):
    for stage, event in with_a_hand(stages.bracket_walk()):
        if not Game.objects.filter(division__tournament=event).exists():
            continue
        url = reverse("draw:schedule", args=[event.slug])
        games = Game.objects.filter(division__tournament=event).order_by("pk")
        before = list(games.values_list("round__starts_at", "table_number", "no_show_at", "status"))
        response = post_as_shown(organizer_client, url, url)
        assert response.status_code == 302, (stage.name, response.content.decode()[-3000:])
        assert list(games.values_list("round__starts_at", "table_number", "no_show_at", "status")) == before, stage.name
