"""The format of an event: chosen at creation, fixed after; what the variant decides for table events."""

import pytest
from django.urls import reverse

import rules
from tests.formats.tables.events import table_event
from tests.tournament_form import tournament_data
from tournament.events.forms import TournamentForm
from tournament.formats.tables import formats
from tournament.models import Division, Tournament


def create_data(**extra):
    return tournament_data(**{
        "name": "Club night", "slug": "club-night", "signup_deadline": "2027-01-05T12:00", "variant": "club-4deck",
        "game": (1, 45), **extra,
    })


@pytest.mark.django_db
def test_the_organizer_creates_a_table_round_event(organizer_client):
    response = organizer_client.post(reverse("organizer:create"), create_data(format="tables"))
    assert response.status_code == 302
    created = Tournament.objects.get(slug="club-night")
    assert created.format == "tables"
    assert created.get_format_display() == "Table rounds"


@pytest.mark.django_db
def test_a_form_without_a_format_makes_the_bracket_event_as_before(organizer_client):
    assert organizer_client.post(reverse("organizer:create"), create_data()).status_code == 302
    assert Tournament.objects.get(slug="club-night").format == "bracket"


@pytest.mark.django_db
def test_the_create_form_offers_both_formats(organizer_client):
    page = organizer_client.get(reverse("organizer:create")).content.decode()
    assert "Two divisions and a final" in page and "Table rounds" in page


@pytest.mark.django_db
def test_an_unknown_format_is_refused_by_name(organizer_client):
    response = organizer_client.post(reverse("organizer:create"), create_data(format="swiss"))
    assert response.status_code == 400
    assert "swiss is not one of the available choices" in response.content.decode()
    assert not Tournament.objects.filter(slug="club-night").exists()


@pytest.mark.django_db
def test_the_format_cannot_change_after_creation():
    event = table_event()
    form = TournamentForm(
        {**create_data(slug=event.slug), "format": "bracket", "signup_deadline": "2027-01-05T12:00"}, instance=event
    )
    assert form.is_valid(), form.errors
    form.save()
    event.refresh_from_db()
    assert event.format == "tables"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "variant, partnerships, bounds, text",
    [
        ("club-4deck", True, (2, 2), "Partnerships, 2 a table"),
        ("fiji-team", True, (2, 3), "Partnerships, 2 to 3 a table"),
        ("baja-partners", True, (2, 2), "Partnerships, 2 a table"),
        ("baja-cutthroat", False, (3, 4), "Players, 3 to 4 a table"),
        ("fiji-individual", False, (2, 6), "Players, 2 to 6 a table"),
        ("rummikub", False, (2, 4), "Players, 2 to 4 a table"),
    ],
)
def test_the_variant_decides_who_the_entrants_are_and_how_many_sit_at_a_table(variant, partnerships, bounds, text):
    event = table_event(variant)
    assert formats.in_partnerships(event) is partnerships
    assert formats.side_bounds(event) == bounds
    assert formats.describe(event) == text


@pytest.mark.django_db
def test_house_rules_change_the_table_size_of_that_event_only():
    event = table_event("rummikub", rules_numbers=rules.preset_numbers("rummikub", {"max_sides": 3}))
    assert formats.side_bounds(event) == (2, 3)
    assert formats.side_bounds(table_event("rummikub", slug="other")) == (2, 4)


def test_table_rounds_are_a_kind_of_division():
    assert Division.Kind("tables").label == "Table rounds"


@pytest.mark.django_db
def test_a_new_tournament_is_a_bracket_event_by_default(tournament):
    assert tournament.format == "bracket"
    assert not formats.is_table_event(tournament)
