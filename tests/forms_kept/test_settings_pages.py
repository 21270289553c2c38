"""A setting saved on one page is never reset by another: each organizer settings page posted as the
browser shows it (tests/posted_form.py) keeps every number it does not show (issue 34: saving the
Rounds page to pick "winners stay" reset Rummikub's "Rounds per game" 3 → 0)."""

import pytest
from django.urls import reverse

from tests.formats.tables.events import table_event
from tests.posted_form import fields, post_as_shown
from tournament.formats.tables import rounds
from tournament.models import TableEvent, Tournament

pytestmark = pytest.mark.django_db


def rules_url(event):
    return reverse("organizer:house_rules", args=[event.slug])


def rounds_url(event):
    return reverse("tables:rounds", args=[event.slug])


def settings_url(event):
    return reverse("tables:settings", args=[event.slug])


def numbers(event):
    return Tournament.objects.get(pk=event.pk).rules_numbers


@pytest.mark.parametrize(("variant", "length", "typed"), [("rummikub", "rounds", 3), ("club-4deck", "hands", 4)])
def test_the_rounds_page_keeps_the_house_rules_game_length(organizer_client, variant, length, typed):
    event = table_event(variant)
    assert post_as_shown(organizer_client, rules_url(event), rules_url(event), **{length: typed}).status_code == 302
    assert numbers(event)[length] == typed
    # The Rounds page, opened for the first time after the house rules, saved to pick winners stay.
    shown = fields(organizer_client.get(rounds_url(event)).content.decode(), settings_url(event))
    assert shown["hands_per_round"] == str(typed)
    response = post_as_shown(organizer_client, rounds_url(event), settings_url(event), movement="winners_stay")
    assert response.status_code == 302
    assert numbers(event)[length] == typed
    settings = TableEvent.objects.get(tournament=event)
    assert settings.movement == TableEvent.Movement.WINNERS_STAY and settings.hands_per_round == typed


def test_a_number_set_on_the_rounds_page_shows_on_the_house_rules_page_and_stays(organizer_client):
    event = table_event("rummikub")
    assert post_as_shown(organizer_client, rounds_url(event), settings_url(event), hands_per_round=2).status_code == 302
    assert numbers(event)["rounds"] == 2
    before = numbers(event)
    assert post_as_shown(organizer_client, rules_url(event), rules_url(event)).status_code == 302
    assert numbers(event) == before
    assert rounds.event_settings(Tournament.objects.get(pk=event.pk)).hands_per_round == 2


@pytest.mark.parametrize("variant", ["rummikub", "club-4deck", "fiji-team", "fiji-individual", "baja-cutthroat"])
def test_saving_each_settings_page_unchanged_changes_nothing(organizer_client, variant):
    event = table_event(variant)
    organizer_client.get(rounds_url(event))
    before = (numbers(event), TableEvent.objects.filter(tournament=event).values().get())
    for page, action in ((rules_url(event), rules_url(event)), (rounds_url(event), settings_url(event)),
                         (reverse("organizer:edit", args=[event.slug]), reverse("organizer:edit", args=[event.slug]))):
        assert post_as_shown(organizer_client, page, action).status_code == 302, action
        assert (numbers(event), TableEvent.objects.filter(tournament=event).values().get()) == before, action
