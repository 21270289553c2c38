"""The public side in Spanish (issue 16): the live home at each moment of an event, Find my team, a
team's page, the sign-up, the partner board, the teams list, the log-in and the 404, each with its
key phrases in Spanish, dates in Spanish shapes and none of the English ones left."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from tests.formats.bracket.draw.test_brackets_support import game, teams_of
from tests.live.events import finished, in_play, signed_up
from tournament.common.localtime import when
from tournament.models import Team

pytestmark = pytest.mark.django_db

ES = {"HTTP_ACCEPT_LANGUAGE": "es"}


def spanish(client, url, **kwargs):
    response = client.get(url, **ES, **kwargs)
    assert response.status_code == 200, response.status_code
    html = response.content.decode()
    assert '<html lang="es">' in html
    return html


def main_of(html):
    """The page's own part (the header's switch names "English" on purpose)."""
    return html.split("<main", 1)[1]


def assert_none(html, *english):
    left = [phrase for phrase in english if phrase in html]
    assert not left, f"English left on a Spanish page: {left}"


def test_the_home_before_the_draw(client):
    tournament = signed_up()
    html = main_of(spanish(client, reverse("public:home", args=[tournament.slug])))
    for phrase in ("Inscribir un equipo", "¿Busca compañero(a)?", "Equipos inscritos", "Inscríbase antes de",
                   "Cierra en", "Horario", "El sorteo y los horarios de las partidas se publican",
                   "horas de La Paz, Mazatlán"):
        assert phrase in html, phrase
    with translation.override("es"):
        deadline = when(tournament.signup_deadline.astimezone(tournament.tz), "long_date")
    assert deadline in html and " de " in deadline  # "martes 24 de noviembre de 2026"
    assert_none(html, "Sign up a team", "Looking for a partner", "Teams so far", "Sign up by", "Closes in",
                "Schedule", "times in", "reload to see")


def test_the_home_in_play(client):
    tournament, first, playing = in_play()
    html = main_of(spanish(client, reverse("public:home", args=[tournament.slug])))
    third = game(tournament, "d1", 1, 3)
    for phrase in ("Jugando ahora", f"Mesa {playing.table_number}", "Tiempo restante", "Hoja de anotación en vivo",
                   "Siguientes", "Resultados hasta ahora", "Buscar mi equipo", "Escriba su nombre", "El cuadro completo",
                   'data-done="se acabó el tiempo"', 'aria-label="ganador"', "partida 2"):
        assert phrase in html, phrase
    # The next game's posted time on a 24-hour clock with the Spanish day name.
    with translation.override("es"):
        posted = when(third.starts_at.astimezone(tournament.tz), "day_clock")
    assert posted in html and "M" not in posted.split(", ")[1] and posted == posted.lower()  # "mié 25 nov, 14:30"
    assert_none(html, "Playing now", "Table ", "Time left", "Live score sheet", "Results so far", "Find my team",
                "Type your name", "The whole bracket", "time up", " AM", " PM")


def test_the_home_after_the_final(client):
    tournament, champion = finished()
    html = main_of(spanish(client, reverse("public:home", args=[tournament.slug])))
    banner = html.split('class="lv-champion"', 1)[1].split("</section>", 1)[0]
    # A champion is a team of two: "Campeones", the same word everywhere.
    assert 'aria-label="Campeones"' in html and f"<bdi>{champion.name}</bdi>" in banner
    assert "Campeones de <bdi>División 1</bdi>" in html and "Campeón" not in html
    assert "Todos los resultados: el cuadro completo" in html or "El cuadro completo" in html
    assert_none(html, "Champion", "champion:", "Results so far", "whole bracket")


def test_find_my_team_and_a_teams_own_page(client):
    tournament, first, playing = in_play()
    find = reverse("live:find", args=[tournament.slug])
    html = main_of(spanish(client, find))
    assert "Buscar mi equipo" in html and "Todos los equipos" in html and "Elija…" in html
    assert_none(html, "Find my team", "Every team", "Choose…", "Your team")
    html = main_of(spanish(client, find, data={"name": "Nobody Here"}))
    assert "No hay ningún equipo ni jugador(a) llamado “Nobody Here”" in html
    assert_none(html, "No team or player called", "Check the spelling")
    team = teams_of(playing)[0]
    html = main_of(spanish(client, reverse("live:team", args=[tournament.slug, team.pk])))
    for phrase in ("Jugando ahora", "Contra:", "Tiempo restante", "Hoja de anotación en vivo",
                   "Esta página se actualiza sola. Compártala:"):
        assert phrase in html, phrase
    assert_none(html, "Against:", "Time left", "This page updates itself", "Next game", "Playing now")


def test_the_sign_up_page_the_board_and_the_teams_list(client):
    tournament = signed_up()
    html = main_of(spanish(client, reverse("public:signup", args=[tournament.slug])))
    for phrase in ("Inscribir un equipo", "Nombre del equipo", "Integrante 1", "Integrante 2",
                   "Teléfono o correo", "Para que la organización pueda localizarle.", ">Inscribirse</button>",
                   "dos compañeros por equipo"):
        assert phrase in html, phrase
    assert_none(html, "Sign up a team", "Team name", "First partner", "Phone or email", "So the organizer",
                ">Sign up<", "two partners per team")

    html = main_of(spanish(client, reverse("public:partners", args=[tournament.slug])))
    for phrase in ("Busco compañero(a)", "Anótese", "En el tablero", "Aún nadie está buscando.", "Su nombre",
                   "libre toda la semana", ">Publicar</button>"):
        assert phrase in html, phrase
    assert_none(html, "Looking for a partner", "Add yourself", "On the board", "Nobody is looking", "Your name",
                ">Post<")

    html = spanish(client, reverse("public:teams", args=[tournament.slug]))
    main = main_of(html)
    assert "<h1>Equipos</h1>" in main and "toque una columna para ordenar" in main
    head = " ".join(main.split("<thead", 1)[1].split("</thead>", 1)[0].split())
    for phrase in (">Equipo<", "> Compañeros <", ">Inscripción<"):
        assert phrase in head, phrase
    assert ">Inicio</a>" in html and ">Compañeros</a>" in html and ">Cuadro</a>" in html  # the tabs
    signed = Team.objects.filter(tournament=tournament).earliest("created_at").created_at
    with translation.override("es"):
        assert when(signed.astimezone(tournament.tz), "day_clock") in main  # "lun 23 nov, 11:36"
    assert_none(main, "tap a column", "Team ", "Partners", "Signed up", " AM<", " PM<")


def test_a_missing_team_name_is_refused_in_spanish_and_changes_nothing(client):
    tournament = signed_up()
    before = Team.objects.count()
    response = client.post(reverse("public:signup", args=[tournament.slug]),
                           {"team_name": "", "player1": "Rosa Díaz", "player2": "Luis Peña", "contact": ""}, **ES)
    html = response.content.decode()
    assert response.status_code == 400
    assert "Falta: Nombre del equipo." in html
    assert "Team name is required" not in html
    assert Team.objects.count() == before
    # And a taken name names the team in Spanish.
    response = client.post(reverse("public:signup", args=[tournament.slug]),
                           {"team_name": "Sharks", "player1": "Rosa Díaz", "player2": "Luis Peña"}, **ES)
    assert "Ya se inscribió un equipo llamado “Sharks”. Elija otro nombre." in response.content.decode()
    assert Team.objects.count() == before


def test_a_closed_sign_up_says_so_in_spanish(client):
    tournament = signed_up(signup_deadline=timezone.now() - dt.timedelta(hours=2))
    html = main_of(spanish(client, reverse("public:signup", args=[tournament.slug])))
    assert "Las inscripciones cerraron:" in html and "Pregunte a la organización" in html
    assert_none(html, "Sign-ups closed", "Ask the organizer")


def test_the_log_in_and_the_404(client):
    html = spanish(client, reverse("login"))
    assert "<h1>Acceso para organizadores</h1>" in html and ">Iniciar sesión</button>" in html
    assert_none(main_of(html), "Organizer log-in", "Log in")
    response = client.get("/t/nowhere-at-all/", **ES)
    html = response.content.decode()
    assert response.status_code == 404 and '<html lang="es">' in html
    assert "Página no encontrada" in html and "No hay ninguna página en esta dirección" in html
    assert "Volver a los torneos" in html
    assert_none(html, "Page not found", "There is no page", "Back to the tournaments")
