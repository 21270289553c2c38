"""The organizer's pages in Spanish (a browser asking for es): the list, the dashboard, the event
form, the draw with its draw number explained, the schedule and the organizers page; dates in
Spanish shapes; refusals and Django's own messages in Spanish, naming the field, changing nothing."""

import datetime as dt
import html
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import TournamentFactory
from tests.formats.bracket.draw.test_brackets_support import closed_tournament, game, published
from tests.tournament_form import lasting, tournament_data
from tournament.formats.bracket.draw import publishing
from tournament.models import Round, Tournament

pytestmark = pytest.mark.django_db
ES = {"HTTP_ACCEPT_LANGUAGE": "es-MX,es;q=0.9"}
CREATE = reverse("organizer:create")


def words(response) -> str:
    """The page's text as a reader sees it: tags out, entities decoded, spaces folded."""
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", response.content.decode(), flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


def spanish(client, url) -> str:
    response = client.get(url, **ES)
    assert response.status_code == 200, url
    return words(response)


def no_english(text: str, *phrases: str) -> None:
    left = [phrase for phrase in phrases if phrase in text]
    assert not left, f"still in English: {left}"


NAV = ("Tournaments", "Sign-ups", "Game day", "Public page")


def test_the_tournament_list_in_spanish(organizer_client):
    TournamentFactory(name="Bayfest 2026", signup_deadline=dt.datetime(2026, 4, 7, 19, 0, tzinfo=dt.timezone.utc))
    text = spanish(organizer_client, reverse("organizer:home"))
    assert "Sus torneos" in text and "Nuevo torneo" in text
    assert "Baja Rummy, parejas" in text  # the game in words, not its code
    assert "mar 7 abr 2026, 12:00" in text  # Tuesday noon in Mazatlán, on a 24-hour clock
    no_english(text, "Your tournaments", "New tournament", "Deadline (local)", "PM", *NAV)


def test_the_dashboard_in_spanish(organizer_client):
    tournament = TournamentFactory(language="es")
    text = spanish(organizer_client, reverse("organizer:dashboard", args=[tournament.slug]))
    for phrase in ("Editar torneo", "Abrir pantalla de TV", "Cerrar inscripciones ahora", "Fecha límite:",
                   "Hojas impresas y correos: Español", "Agregar un equipo", "Buscan compañero(a)"):
        assert phrase in text
    no_english(text, "Edit tournament", "Close sign-ups now", "Deadline:", "Add a team", "Looking for a partner", *NAV)
    page = organizer_client.get(reverse("organizer:dashboard", args=[tournament.slug]), **ES).content.decode()
    assert 'data-confirm="¿Cerrar las inscripciones ahora, antes de la fecha límite?"' in page


def test_the_event_form_in_spanish_with_the_language_field(organizer_client):
    text = spanish(organizer_client, CREATE)
    for phrase in ("Nuevo torneo", "Nombre del torneo:", "Zona horaria:",
                   "Duración de la partida", "horas", "minutos", "Espera para jugadores que llegan tarde",
                   "Idioma:", "Las hojas impresas y los correos que envía Meldboard usan este idioma",
                   "Más: otra dirección web", "Guardar"):
        assert phrase in text, phrase
    page = organizer_client.get(CREATE, **ES).content.decode()
    assert '<optgroup label="Zonas horarias probables">' in page
    assert '<option value="es" selected>Español</option>' in page
    no_english(text, "Tournament name", "Time zone", "Game length", "Wait for late players", "Printed sheets", "Save")


def test_the_edit_form_in_spanish(organizer_client):
    tournament = TournamentFactory(name="Bayfest 2026")
    text = spanish(organizer_client, reverse("organizer:edit", args=[tournament.slug]))
    assert "Editar Bayfest 2026" in text
    assert "Las reglas de puntaje del juego son las de Baja Rummy, parejas" in text
    no_english(text, "Edit Bayfest", "scoring rules")


def test_the_draw_page_in_spanish_explains_the_draw_number(organizer_client):
    tournament, _ = published(6, both=False)
    publishing.preview(tournament, "d2", seed=48213)
    text = spanish(organizer_client, reverse("draw:page", args=[tournament.slug]))
    assert "6 equipos en el sorteo." in text
    assert ("Número de sorteo 48213 — el mismo número siempre da el mismo sorteo, así cualquiera puede comprobarlo."
            in text)
    for phrase in ("División 1", "Publicada", "División 2", "Vista previa — sin publicar", "Pase directo", " vs. ",
                   "Publicar División 2 (número de sorteo 48213)", "Sortear de nuevo"):
        assert phrase in text, phrase
    assert re.search(r"Sorteado el (lun|mar|mié|jue|vie|sáb|dom) \d+ \w+, \d\d:\d\d:\d\d", text)
    no_english(text, "in the draw", "Draw number", "Published", "Bye", "Redraw", "Division 1", *NAV)


def test_the_schedule_page_in_spanish(organizer_client):
    tournament, _ = published(8, both=False)
    text = spanish(organizer_client, reverse("draw:schedule", args=[tournament.slug]))
    for phrase in ("Horario y mesas", "Las horas son hora de La Paz, Mazatlán", "División 1", "Inicio de Cuartos de final",
                   "Mesas de Semifinales (2 partidas)", "Inicio de Final de división", "Guardar horario"):
        assert phrase in text, phrase
    assert re.search(r"Publicada: miércoles \d+ de \w+, 10:00", text)
    no_english(text, "Times are", "Quarter-finals", "Semi-finals", "Save schedule", "AM", *NAV)


def test_the_organizers_page_in_spanish(organizer_client):
    tournament = TournamentFactory()
    text = spanish(organizer_client, reverse("organizer:organizers", args=[tournament.slug]))
    for phrase in ("Organizadores de", "Nombre de usuario", "Agregar un coorganizador",
                   "Nombre de usuario o correo electrónico:", "Agregar organizador"):
        assert phrase in text, phrase
    no_english(text, "Organizers of", "Add a co-organizer", "User name")


def test_a_bad_game_length_is_refused_in_spanish_naming_the_field_and_nothing_is_made(organizer_client):
    data = {**tournament_data(slug=""), **lasting("game_time_limit", 2, 75)}
    response = organizer_client.post(CREATE, data, **ES)
    assert response.status_code == 400
    assert "Duración de la partida: los minutos deben ser de 0 a 59, no “75”." in words(response)
    assert not Tournament.objects.exists()


def test_a_missing_deadline_gets_djangos_own_message_in_spanish(organizer_client):
    data = tournament_data(slug="", signup_deadline="")
    response = organizer_client.post(CREATE, data, **ES)
    assert response.status_code == 400
    assert "Este campo es obligatorio." in words(response)
    assert not Tournament.objects.exists()


def test_a_taken_web_address_is_refused_in_spanish(organizer_client):
    TournamentFactory(slug="bayfest-2027")
    response = organizer_client.post(CREATE, tournament_data(slug="bayfest-2027"), **ES)
    assert response.status_code == 400
    assert "La dirección …/t/bayfest-2027/ ya la usa otro torneo; pruebe bayfest-2027-2." in words(response)
    assert Tournament.objects.count() == 1


def test_a_bad_draw_number_is_refused_in_spanish_and_nothing_is_drawn(organizer_client):
    tournament, _ = closed_tournament(4)
    url = reverse("draw:preview", args=[tournament.slug, "d1"])
    response = organizer_client.post(url, {"seed": "-12"}, **ES)
    assert response.status_code == 400
    assert "El número de sorteo no puede ser negativo: “-12”." in words(response)
    assert not tournament.divisions.filter(draws__isnull=False).exists()


def test_drawing_before_sign_ups_close_is_refused_in_spanish(organizer_client):
    tournament = TournamentFactory(signup_deadline=timezone.now() + dt.timedelta(days=2))
    response = organizer_client.post(reverse("draw:preview", args=[tournament.slug, "d1"]), {"seed": "5"}, **ES)
    assert response.status_code == 400
    assert "Las inscripciones siguen abiertas (cierran:" in words(response)
    assert "Marque “Sortear antes de que cierren las inscripciones”" in words(response)


def test_a_bad_table_number_on_the_schedule_is_refused_in_spanish_and_nothing_changes(organizer_client):
    tournament, _ = published(4, both=False)
    rnd = Round.objects.get(division__tournament=tournament, number=1)
    first = game(tournament, "d1", 1, 1)
    url = reverse("draw:schedule", args=[tournament.slug])
    data = {f"round-{rnd.pk}": rnd.starts_at.astimezone(tournament.tz).strftime("%Y-%m-%dT%H:%M"),
            f"table-{first.pk}": "0"}
    response = organizer_client.post(url, data, **ES)
    assert response.status_code == 400
    assert "División 1, Semifinales, partida 1: el número de mesa debe ser un número entero del 1 al 999, no “0”." in words(response)
    first.refresh_from_db()
    assert first.table_number == 1


def test_the_stored_names_stay_english_whatever_the_organizer_reads(organizer_client):
    tournament, _ = closed_tournament(4, signup_deadline=timezone.now() - dt.timedelta(days=1))
    organizer_client.post(reverse("draw:preview", args=[tournament.slug, "d1"]), {"seed": "3"}, **ES)
    division = tournament.divisions.get()
    assert division.name == "Division 1"
