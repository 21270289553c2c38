"""Table-round events in Spanish: the public seating and "where do I sit", the public standings
with their medals, the table sign-up (a refused sign-up explained in Spanish, nothing saved), the
organizer's rounds and players pages, and a refusal (drawing the next round while tables still
play) read in Spanish. The language comes from the switch's cookie, as a visitor's would."""

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.formats.tables.events import sign_up, table_event
from tests.formats.tables.played import end_with_totals, players_round
from tests.formats.tables.test_winners_stay import winners_stay
from tournament.events import demo_tables
from tournament.formats.tables import event_state
from tournament.models import Game, Player, SeatingDraw

pytestmark = pytest.mark.django_db


@pytest.fixture
def spanish(client):
    client.cookies["django_language"] = "es"
    return client


@pytest.fixture
def rummikub(django_user_model):
    return demo_tables.create_rummikub(timezone.now(), django_user_model.objects.create(username="org"),
                                       first_round_only=True)


def page_of(client, url, status=200):
    response = client.get(url)
    assert response.status_code == status
    return response.content.decode()


def no_english(page, *phrases):
    left = [p for p in phrases if p in page]
    assert not left, f"English left on a Spanish page: {left}"


def test_the_public_seating_reads_in_spanish(spanish, rummikub):
    page = page_of(spanish, reverse("tables:public_seating", args=[rummikub.slug]))
    assert '<html lang="es"' in page
    for words in ("¿Dónde me siento?", 'placeholder="Escriba su nombre"', ">Buscar</button>", ">Lugares</a>",
                  ">Posiciones</a>", "Mesa 1</strong>", "Lugar 1</span>", "En juego", "3 manos", "Hoja de anotación",
                  "hora de inicio publicada"):
        assert words in page, words
    no_english(page, "Where do I sit?", "Type your name", ">Find<", "Seat 1<", "Table 1<", "In play", "Score sheet",
               "posted start", " hands<")


def test_where_do_i_sit_answers_in_spanish(spanish, rummikub):
    game = Game.objects.get(division__tournament=rummikub, sides__player__name="Ivy Chen")
    seat = [s.player.name for s in game.sides.order_by("slot")].index("Ivy Chen") + 1
    base = reverse("tables:public_seating", args=[rummikub.slug])
    page = page_of(spanish, base + "?name=ivy")
    assert f"Mesa {game.table_number}, lugar {seat}" in page and "Ver todas las mesas" in page
    assert 'aria-label="Su lugar"' in page
    missing = page_of(spanish, base + "?name=Nadie")
    assert "Nadie llamado “<bdi>Nadie</bdi>” tiene lugar en la ronda 1" in missing
    no_english(page + missing, "Show every table", "Nobody called", ", seat ")


def test_the_public_standings_show_medals_in_spanish(spanish):
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 6000, 100, -70)
    end_with_totals(b, 50, 0, -50)
    event_state.finish(event)  # medals once the event is finished
    page = page_of(spanish, reverse("tables:public_standings", args=[event.slug]))
    for rank, word in enumerate(("Oro", "Plata", "Bronce"), start=1):
        assert f'aria-hidden="true">{rank}</span> {word}</span>' in page
    assert "6,000" in page  # Mexico's thousands separator
    for words in ("Jugador</th>", "Puntaje</th>", "Mesas</th>", "Ordenado por puntaje total", "· Posiciones"):
        assert words in page, words
    no_english(page, "Gold", "Silver", "Bronze", ">Score<", "Ranked by", "Standings")


def test_a_tie_for_a_medal_is_named_in_spanish(spanish):
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 60, 10, -70)
    end_with_totals(b, 60, 0, -60)
    page = page_of(spanish, reverse("tables:public_standings", args=[event.slug]))
    assert "2 están empatados por el primer lugar: un desempate lo decidirá." in page
    assert "Falta desempate" in page
    no_english(page, "are level", "Play-off needed")


def test_a_refused_table_sign_up_is_explained_in_spanish_and_saves_nothing(spanish):
    event = table_event("rummikub", signup_deadline=timezone.now() + timezone.timedelta(days=2))
    sign_up(event, "Ann Lee")
    url = reverse("tables:signup", args=[event.slug])
    form = page_of(spanish, url)
    for words in ("<h1>Inscribirse</h1>", "Su nombre", "Vino con (opcional)", "Teléfono o correo",
                  "Jugadores, de 2 a 4 por mesa", "Inscritos"):
        assert words in form, words
    response = spanish.post(url, {"name": "ann  lee", "came_with": "", "contact": "", "submission_key": "k1"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Ann Lee ya está inscrito(a)." in page
    no_english(page, "has already signed up", "Your name", "Sign up<")
    assert Player.objects.filter(tournament=event).count() == 1


def test_the_organizer_players_and_rounds_pages_read_in_spanish(organizer_client):
    organizer_client.cookies["django_language"] = "es"
    event = table_event("rummikub")
    sign_up(event, "Ann Lee", "Bob Ray", "Cy Diaz")
    players = page_of(organizer_client, reverse("tables:players", args=[event.slug]))
    for words in ("<h1>Jugadores ·", "<strong>3</strong> juegan.", "Agregar un jugador", "Vinieron juntos",
                  ">Retirar</button>", "¿Retirar a Ann Lee?", ">Editar</a>", "Inscripción"):
        assert words in players, words
    no_english(players, "Add a player", ">Withdraw<", "Came together", " playing.")
    rounds = page_of(organizer_client, reverse("tables:rounds", args=[event.slug]))
    for words in ("Ajustes de las rondas", "Manos por ronda", "Entre rondas", "Un sorteo nuevo cada ronda",
                  "Los ganadores se quedan, los demás cambian de mesa", "Ronda 1", "Sin sortear",
                  "Número de sorteo (déjelo vacío para uno nuevo al azar)", "Sortear la ronda 1",
                  "cada partida tiene un tiempo límite de"):
        assert words in rounds, words
    no_english(rounds, "Round settings", "Seat round", "Draw number", "Not drawn", "time limit.")


def test_drawing_the_next_round_while_tables_play_is_refused_in_spanish(organizer_client):
    event, games = players_round("baja-cutthroat", 4, 4, 4, 4, 4)
    winners_stay(event)
    for game in (games[0], games[1], games[3]):
        end_with_totals(game, 1, 2, 3, 4)
    Game.objects.filter(pk=games[2].pk).update(status=Game.Status.IN_PLAY)
    organizer_client.cookies["django_language"] = "es"
    response = organizer_client.post(reverse("tables:round_preview", args=[event.slug, 2]), {"seed": "7"})
    assert response.status_code == 400
    assert ("La ronda 2 no se puede sortear con los ganadores quedándose hasta que termine cada mesa de la "
            "ronda 1: las mesas 3 y 5 siguen jugando.") in response.content.decode()
    assert not SeatingDraw.objects.filter(tournament=event, round_number=2).exists()
