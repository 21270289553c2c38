"""Issue 34's wordings, in both languages: a level last hand, a finished table, a no-show said once,
verbs that agree with a pair, players (not teams) in individual events, a phone handed over once."""

import html
import re

import pytest
from django.test import Client

from scoring import hands
from scoring import sample_hands as td
from tests.formats.tables.events import table_event as table_event_of
from tests.formats.tables.played import START, club_round, end_with_totals, players_round
from tests.walks import pages
from tournament.core import deadlines
from tournament.models import Game, GameSide, TableEntry, Team, Tournament

pytestmark = pytest.mark.django_db


def preview(game, data, language="en"):
    return Client(HTTP_ACCEPT_LANGUAGE=language).post(
        f"/table/{game.table_token}/preview/", data, headers={"HX-Request": "true"}).content.decode()


@pytest.mark.parametrize(("language", "words"), [
    ("en", "This hand ends the game level at the top: the organizer settles it."),
    ("es", "Esta mano termina la partida con empate en el primer lugar: la organización lo resuelve.")])
def test_a_level_last_hand_names_no_winner(language, words):
    _event, games = club_round(1)
    game = games[0]
    Game.objects.filter(pk=game.pk).update(status=Game.Status.IN_PLAY, started_at=START)
    level = [td.values(red=1, melded=320, left=20), td.values(red=1, melded=320, left=20)]
    for number in (1, 2):
        hands.submit(game, number=number, values=level, key=f"level-{number}", entered_by="1")
    page = preview(game, td.form(3, [dict(red=1, melded=320, left=20), dict(red=1, melded=320, left=20)]), language)
    assert words in page
    assert "None" not in page


DOUBLED = re.compile(r"\(([^()]{2,40})\)\s*\(\1\)")


def absent_seats_event():
    """Cutthroat: table 1 with one player checked in (a forfeit), table 2 playing on without P6."""
    event, (one, two) = players_round("baja-cutthroat", 3, 3)
    GameSide.objects.filter(game=one, player__name="P2").update(checked_in_at=START)
    GameSide.objects.filter(game=two, player__name__in=["P4", "P5"]).update(checked_in_at=START)
    for game in (one, two):
        game.refresh_from_db()
        assert deadlines.apply_no_show(game.pk, now=game.no_show_at)
    return event, one, two


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_no_show_is_said_once_on_every_page(organizer, language):
    event, _one, _two = absent_seats_event()
    Tournament.objects.filter(pk=event.pk).update(language=language)
    doubled = [f"{who} {url}: {DOUBLED.search(pages.visible(text)).group(0)}"
               for who, url, text in pages.read_everything(event, organizer).html() if DOUBLED.search(pages.visible(text))]
    assert doubled == []


@pytest.mark.parametrize(("language", "words", "wrong"), [
    ("en", "A table's places follow its hands' totals", "a walkover"),
    ("es", "Los lugares de una mesa salen de los totales de sus manos", "gana por ausencia")])
def test_a_finished_table_of_players_is_not_called_a_walkover(organizer_client, language, words, wrong):
    event, one, _two = absent_seats_event()
    organizer_client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    page = pages.visible(organizer_client.get(f"/organizer/t/{event.slug}/gameday/game/{one.pk}/").content.decode())
    assert words in page and wrong not in page


def es_client():
    return Client(HTTP_ACCEPT_LANGUAGE="es")


@pytest.mark.parametrize(("language", "pair", "single"), [
    ("en", "P1 & P2 checked in. Good luck!", "P1 checked in. Good luck!"),
    ("es", "P1 y P2 registraron su llegada. ¡Buena suerte!", "P1 registró su llegada. ¡Buena suerte!")])
def test_a_pair_checking_in_is_plural_a_player_singular(language, pair, single):
    _club, (table,) = club_round(1)
    _event, (alone,) = players_round("rummikub", 2)
    for game, words in ((table, pair), (alone, single)):
        side = game.sides.get(slot=1)
        response = Client(HTTP_ACCEPT_LANGUAGE=language).post(f"/table/{game.table_token}/check-in/", {"side": side.pk},
                                                              follow=True)
        assert words in html.unescape(response.content.decode())


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_phone_is_passed_to_a_partnership_named_once(language):
    _club, (table,) = club_round(1)
    Game.objects.filter(pk=table.pk).update(status=Game.Status.IN_PLAY, started_at=START)
    phone = Client(HTTP_ACCEPT_LANGUAGE=language)
    hand = td.form(1, [dict(red=1, melded=320, left=20), dict(melded=100, left=20)], entered_by="1")
    assert phone.post(f"/table/{table.table_token}/hands/", hand).status_code == 302
    sheet = pages.visible(phone.get(f"/table/{table.table_token}/").content.decode())
    other = "P3 & P4" if language == "en" else "P3 y P4"
    assert f"{other}." in " ".join(sheet.split()) and f"{other} ({other})" not in sheet


def finished_with_a_withdrawal(variant):
    """A finished table whose last-placed entrant then withdrew (a player, or a partnership)."""
    if variant == "rummikub":
        event, (game,) = players_round("rummikub", 4)
        end_with_totals(game, 120, 40, -20, -140)
        TableEntry.objects.filter(player__name="P4").update(withdrawn_at=START)
        return event, "P4"
    event, (game,) = club_round(1)
    end_with_totals(game, 900, 300)
    team = game.sides.get(slot=2).team
    Team.objects.filter(pk=team.pk).update(withdrawn_at=START)
    TableEntry.objects.filter(player__team=team).update(withdrawn_at=START)
    return event, "P3 y P4"


@pytest.mark.parametrize(("variant", "language", "mark"), [
    ("rummikub", "en", "withdrew"), ("rummikub", "es", "se retiró"), ("club-4deck", "es", "se retiraron")])
def test_withdrawn_entrants_stay_ranked_with_a_mark_and_can_be_found(variant, language, mark):
    event, name = finished_with_a_withdrawal(variant)
    visitor = Client(HTTP_ACCEPT_LANGUAGE=language)
    standings = " ".join(pages.visible(visitor.get(f"/t/{event.slug}/standings/").content.decode()).split())
    assert re.search(rf"{re.escape(name)}\b.{{0,30}}?{mark}", standings), standings
    found = " ".join(pages.visible(visitor.get(f"/t/{event.slug}/find/").content.decode()).split())
    assert re.search(rf"{re.escape(name)}\b.{{0,30}}?{mark}", found), found
    response = visitor.get(f"/t/{event.slug}/find/", {"name": name.split()[0]})
    assert response.status_code == 302


def test_an_individual_event_speaks_of_players():
    event, _games = players_round("rummikub", 2)
    find = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/t/{event.slug}/find/").content.decode()
    assert "Your team" not in find and "Find my team" not in find
    assert Client().get(f"/t/{event.slug}/signup/").status_code == 302  # the teams' sign-up sends players to theirs


@pytest.mark.parametrize("variant", ["rummikub", "club-4deck"])
def test_the_organizers_add_player_form_speaks_of_the_player(organizer_client, variant):
    event = table_event_of(variant)
    page = pages.visible(organizer_client.get(f"/organizer/t/{event.slug}/players/").content.decode())
    form = page.split("Add a player", 1)[1]
    assert "Your" not in form and "Player's name" in form


@pytest.mark.parametrize(("variant", "language", "words"), [
    ("rummikub", "es", "se retiró Este jugador(a) se retiró del evento"),
    ("club-4deck", "es", "se retiraron Esta pareja se retiró del evento"),
    ("club-4deck", "en", "withdrew This partnership has withdrawn from the event")])
def test_a_withdrawn_entrants_page_says_so_in_the_events_words(variant, language, words):
    event, name = finished_with_a_withdrawal(variant)
    name = name.replace(" y ", " & ") if language == "en" else name
    visitor = Client(HTTP_ACCEPT_LANGUAGE=language)
    found = visitor.get(f"/t/{event.slug}/find/", {"name": name.split()[0]})
    page = " ".join(pages.visible(visitor.get(found["Location"]).content.decode()).split())
    assert words in page and "walkover" not in page and "ganan sus rivales" not in page
    heading = page.split("·", 1)[0]
    assert heading.strip() == name and f"{name} {name}" not in page
