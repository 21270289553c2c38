"""“Came with” names people as people type them (issue 34): accents, capitals and spaces do not
matter, so spouses are kept apart in the partner draw; a name that matches nobody is signed up anyway
and said — to the person on their signed-up page, and to the organizer on the players page."""

import pytest
from django.urls import reverse

from tests.formats.tables.events import sign_up, table_event
from tests.walks.pages import visible
from tournament.formats.tables import signups
from tournament.models import Player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("template_context")]  # reads response.context


def flat(html: str) -> str:
    return " ".join(visible(html).split()).replace(" ,", ",")  # visible() spaces each element


def household(event, name):
    return Player.objects.get(tournament=event, name=name).table_entry.household_id


@pytest.mark.parametrize("typed", ["Pedro Diaz", "pedro  DÍAZ", "PEDRO díaz"])
def test_came_with_links_a_name_typed_without_its_accent_case_or_spaces(typed):
    event = table_event("club-4deck")
    sign_up(event, "Pedro Díaz")
    sign_up(event, "Rosa Ruiz", came_with=typed)
    assert household(event, "Rosa Ruiz") is not None
    assert household(event, "Rosa Ruiz") == household(event, "Pedro Díaz")


def test_the_name_typed_first_links_the_person_who_signs_up_later_under_an_accented_spelling():
    event = table_event("club-4deck")
    sign_up(event, "Rosa Ruiz", came_with="Jose Nunez")
    sign_up(event, "José Núñez")
    assert household(event, "Rosa Ruiz") == household(event, "José Núñez") is not None


def test_a_couple_typed_without_accents_cannot_sign_up_as_partners():
    event = table_event("club-4deck")
    with pytest.raises(Exception, match="came with you"):
        signups.register(event, name="Rosa Ruiz", partner="Pedro Díaz", came_with="pedro diaz")


def join(client, event, **fields):
    key = client.get(reverse("tables:signup", args=[event.slug])).context["form"].initial["submission_key"]
    data = {"name": "", "came_with": "", "contact": "", "submission_key": key, **fields}
    return client.post(reverse("tables:signup", args=[event.slug]), data, follow=True)


def test_a_name_that_matches_nobody_signs_up_with_a_warning_to_the_person_and_the_organizer(client, organizer_client):
    event = table_event("club-4deck")
    sign_up(event, "Pedro Díaz")
    page = flat(join(client, event, name="Rosa Ruiz", came_with="Pedro Dias").content.decode())
    assert Player.objects.filter(tournament=event, name="Rosa Ruiz").exists()  # signed up all the same
    assert "You came with Pedro Dias, but nobody of that name has signed up yet." in page
    players = flat(organizer_client.get(reverse("tables:players", args=[event.slug])).content.decode())
    assert "Came with someone not signed up" in players and "Rosa Ruiz came with Pedro Dias" in players
    fine = flat(join(client, event, name="Ana Lee", came_with="pedro diaz").content.decode())
    assert "nobody of that name" not in fine
    added = organizer_client.post(reverse("tables:add_player", args=[event.slug]),
                                  {"name": "Tom Poe", "came_with": "Lia Poe", "contact": "", "submission_key": "k-tom"},
                                  follow=True)
    assert "Tom Poe came with Lia Poe, but nobody of that name has signed up" in flat(added.content.decode())
