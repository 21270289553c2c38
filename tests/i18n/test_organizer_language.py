"""The tournament's own language on the create and edit forms: printed sheets and e-mails follow it,
a new event starts in the language its organizer reads, a change counts for the cached pages, and
the dashboard says which it is."""

import html

import pytest
from django.urls import reverse

from tests.changes import changes
from tests.factories import TournamentFactory
from tests.tournament_form import tournament_data
from tournament.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("template_context")]  # reads response.context
CREATE = reverse("organizer:create")
HELP = "Printed sheets and e-mails sent by Meldboard use this language; each visitor's pages follow their own choice."


def text(response) -> str:
    return html.unescape(response.content.decode())


def selected_language(response) -> str:
    return response.context["form"]["language"].value()


def test_the_new_event_form_asks_for_the_language_in_plain_words(organizer_client):
    page = text(organizer_client.get(CREATE))
    assert '<label for="id_language">Language:</label>' in page
    assert HELP in page
    assert '<option value="en" selected>English</option>' in page and '<option value="es">Español</option>' in page


def test_a_new_event_starts_in_the_language_the_organizer_reads(organizer_client):
    assert selected_language(organizer_client.get(CREATE)) == "en"
    spanish = organizer_client.get(CREATE, HTTP_ACCEPT_LANGUAGE="es-MX,es;q=0.9")
    assert selected_language(spanish) == "es"
    assert '<option value="es" selected>Español</option>' in text(spanish)


def test_the_chosen_language_is_saved_with_the_new_event(organizer_client):
    response = organizer_client.post(CREATE, tournament_data(slug="", language="es"))
    assert response.status_code == 302
    assert Tournament.objects.get().language == "es"


def test_a_form_sent_without_the_language_takes_the_organizers(organizer_client):
    data = tournament_data(slug="")
    assert "language" not in data
    organizer_client.post(CREATE, data, HTTP_ACCEPT_LANGUAGE="es")
    assert Tournament.objects.get().language == "es"


def test_an_unknown_language_is_refused_and_nothing_is_made(organizer_client):
    response = organizer_client.post(CREATE, tournament_data(slug="", language="fr"))
    assert response.status_code == 400
    assert "Select a valid choice. fr is not one of the available choices." in text(response)
    assert not Tournament.objects.exists()


def test_changing_the_language_is_saved_and_counted_for_the_cached_pages(organizer_client):
    tournament = TournamentFactory(language="en")
    edit = reverse("organizer:edit", args=[tournament.slug])
    page = text(organizer_client.get(edit))
    assert '<option value="en" selected>English</option>' in page
    before = changes(tournament)
    data = tournament_data(name=tournament.name, slug=tournament.slug, language="es")
    assert organizer_client.post(edit, data).status_code == 302
    tournament.refresh_from_db()
    assert tournament.language == "es"
    assert changes(tournament) > before


def test_an_edit_sent_without_the_language_keeps_it(organizer_client):
    tournament = TournamentFactory(language="es")
    edit = reverse("organizer:edit", args=[tournament.slug])
    organizer_client.post(edit, tournament_data(name=tournament.name, slug=tournament.slug))
    tournament.refresh_from_db()
    assert tournament.language == "es"


def test_the_dashboard_says_which_language_the_printed_sheets_speak(organizer_client):
    tournament = TournamentFactory(language="es")
    page = text(organizer_client.get(reverse("organizer:dashboard", args=[tournament.slug])))
    assert 'Printed sheets and e-mails: <strong lang="es">Español</strong>' in page
    spanish = text(organizer_client.get(reverse("organizer:dashboard", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="es"))
    assert 'Hojas impresas y correos: <strong lang="es">Español</strong>' in spanish
