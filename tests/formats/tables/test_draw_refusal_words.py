"""The draws' refusals in the event's language: the pure draws refuse with a code and its parameters
(and keep their English sentence), and the organizer's page says it in Spanish on a Spanish event and
in English on an English one, naming the players by name (the draws see only their ids)."""

import pytest
from django.urls import reverse
from django.utils import translation

from tests.formats.tables.events import sign_up, table_event
from tournament.formats.tables import draw_refusals
from tournament.formats.tables.partners import DrawError, DrawImpossible, draw_partners
from tournament.formats.tables.seating import Round, Table, seat_order, seat_round
from tournament.models import PartnerDraw, SeatingDraw

pytestmark = pytest.mark.django_db


def browser(event):
    """The organizer of a Spanish event reads it in a Spanish browser (the test client says "en" otherwise)."""
    return {"accept-language": "es-MX" if event.language == "es" else "en"}


def preview_partners(client, event):
    return client.post(reverse("tables:partners_preview", args=[event.slug]), {"seed": "1"}, headers=browser(event))


def crowded_household(language):
    """Four players, three of them came together: each of the three needs one of the one outside."""
    event = table_event("club-4deck", language=language)
    sign_up(event, "Ann")
    sign_up(event, "Bob", "Cy", came_with="Ann")
    sign_up(event, "Di")
    return event


def test_a_crowded_household_is_refused_in_spanish_on_a_spanish_event_naming_the_players(organizer_client):
    event = crowded_household("es")
    response = preview_partners(organizer_client, event)
    assert response.status_code == 400
    page = response.content.decode()
    assert ("Ann, Bob y Cy no pueden ser pareja entre sí, así que cada uno necesita una pareja que no haya venido "
            "con ellos, pero solo 1 de los 4 jugadores no vino con ellos. Agregue jugadores o separe a quienes "
            "vinieron juntos.") in page
    assert "may not partner" not in page
    assert not PartnerDraw.objects.exists()


def test_a_crowded_household_is_refused_in_english_on_an_english_event_naming_the_players(organizer_client):
    event = crowded_household("en")
    response = preview_partners(organizer_client, event)
    assert response.status_code == 400
    assert ("Ann, Bob and Cy may not partner each other, so each needs a partner from outside their household, "
            "but only 1 of the 4 players is outside it. Add players or split the household.") in response.content.decode()
    assert not PartnerDraw.objects.exists()


def test_a_household_of_everyone_says_how_many_are_outside_it_in_the_plural(organizer_client):
    event = table_event("club-4deck", language="es")
    sign_up(event, "Ann")
    sign_up(event, "Bob", "Cy", "Di", came_with="Ann")
    page = preview_partners(organizer_client, event).content.decode()
    assert "Ann, Bob, Cy y Di no pueden ser pareja entre sí" in page
    assert "pero solo 0 de los 4 jugadores no vinieron con ellos" in page


@pytest.mark.parametrize("language, words", [
    ("es", "Una mesa necesita al menos 3 jugadores; hay 2 inscritos."),
    ("en", "A table needs at least 3 players; 2 signed up."),
])
def test_too_few_players_for_a_table_are_told_in_the_events_language(organizer_client, language, words):
    event = table_event("baja-cutthroat", language=language)
    sign_up(event, "Ann", "Bob")
    response = organizer_client.post(reverse("tables:round_preview", args=[event.slug, 1]), {"seed": "7"},
                                      headers=browser(event))
    assert response.status_code == 400
    assert words in response.content.decode()
    assert not SeatingDraw.objects.exists()


# ---- the pure draws keep their codes; the words module says them -------------------------------------

NAMES = {1: "Ann", 2: "Bob", 3: "Cy", 4: "Di", 5: "Ed", 6: "Inés"}


def refused(call, *args, **kwargs):
    with pytest.raises(DrawError) as caught:
        call(*args, **kwargs)
    return caught.value


def spanish(exc):
    with translation.override("es"):
        return draw_refusals.say(exc, NAMES)


def test_an_odd_number_of_players_is_refused_with_its_code_and_said_in_both_languages():
    exc = refused(draw_partners, [1, 2, 3, 4, 5], [], 1)
    assert isinstance(exc, DrawImpossible) and (exc.code, exc.params) == ("odd_count", {"count": 5})
    assert str(exc) == "5 players cannot all be paired: add or remove one."
    assert spanish(exc) == "5 jugadores no pueden formar parejas todos: agregue o quite uno."
    with translation.override("en"):
        assert draw_refusals.say(exc, NAMES) == "5 players cannot all be paired: add or remove one."


def test_a_crowded_household_keeps_the_ids_and_the_words_name_the_people():
    exc = refused(draw_partners, [1, 2, 3, 4], [[1, 2, 3]], 1)
    assert exc.code == "household_crowded"
    assert exc.params == {"members": [1, 2, 3], "outside": 1, "count": 4}
    assert str(exc).startswith("1, 2 and 3 may not partner each other")  # the pure use: ids as given
    assert spanish(exc).startswith("Ann, Bob y Cy no pueden ser pareja entre sí")


def test_someone_sharing_a_household_with_everyone_is_named():
    exc = refused(draw_partners, [1, 2, 3, 4], [[1, 2], [1, 3], [1, 4]], 1)
    assert (exc.code, exc.params) == ("household_with_everyone", {"person": 1})
    assert str(exc) == "1 shares a household with every other player, so has nobody to partner."
    assert spanish(exc) == "Ann vino con todos los demás jugadores, así que no tiene con quién formar pareja."
    with translation.override("en"):
        assert draw_refusals.say(exc, NAMES).startswith("Ann shares a household with every other player")


def test_a_player_listed_twice_is_named():
    exc = refused(draw_partners, [1, 2, 1, 3], [], 1)
    assert (exc.code, exc.params) == ("listed_twice", {"item": 1, "what": "players"})
    assert spanish(exc) == "Ann aparece dos veces entre los jugadores; cada uno puede participar una sola vez."
    assert str(exc) == "1 is listed twice among the players; each may take part only once."


def test_partners_who_cannot_sit_apart_are_said_with_the_sides_counted():
    import random
    exc = refused(seat_order, [(1, 2, 3), (4, 5)], random.Random(1))
    assert exc.code == "partners_adjacent"
    assert "side of 3, 1 side of 2 partners cannot all sit apart" in str(exc)
    assert spanish(exc).startswith("En una mesa de 1 participante de 3, 1 participante de 2 no todas las parejas")


def test_winners_stay_naming_problems_keep_their_codes_and_name_the_partners():
    earlier = [Round(tables=(Table(sides=((1, 2), (3, 4)), seats=(1, 3, 2, 4)),))]
    sides = [(1, 2), (3, 4), (5, 6)]
    two = refused(seat_round, sides, 2, 2, earlier, movement="winners-stay", winners=[(1, 2), (3, 4)])
    assert (two.code, two.params) == ("table_winners", {"table": 1, "count": 2})
    assert spanish(two) == "La mesa 1 tiene 2 ganadores; indique un ganador por mesa."
    stranger = refused(seat_round, sides, 2, 2, earlier, movement="winners-stay", winners=[(5, 6)])
    assert (stranger.code, stranger.params) == ("winners_not_played", {"sides": [(5, 6)]})
    assert str(stranger) == "5/6 did not play in the previous round."
    assert spanish(stranger) == "Ed e Inés no jugaron en la ronda anterior."
    redraw = refused(seat_round, sides, 2, 2, earlier, winners=[(1, 2)])
    assert redraw.code == "winners_with_redraw" and spanish(redraw).startswith("Los ganadores solo cuentan")
