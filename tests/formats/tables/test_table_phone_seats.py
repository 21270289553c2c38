"""The table phone of a table-round event: every seat by its entrant's name, each checked in from
the phone, and the table started there (early only when every seated entrant agrees); a seat of
another table or garbage is refused with a message and changes nothing."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from tests.formats.tables.played import START, club_round, players_round
from tests.gameday.test_it_board import text
from tournament.models import CheckIn, Game, GameEvent, GameSide

pytestmark = pytest.mark.django_db

EARLY = START - dt.timedelta(minutes=30)  # 9:30 AM in Mazatlán, the posted start being 10:00 AM


def url(game, name):
    return reverse(f"gameday_table:{name}", args=[game.table_token])


def seats(game):
    return list(GameSide.objects.filter(game=game).select_related("team", "player").order_by("slot"))


def post(client, game, name, data):
    with time_machine.travel(EARLY, tick=False):
        return client.post(url(game, name), data, HTTP_HX_REQUEST="true")


def test_each_player_checks_in_from_the_table_phone(client):
    event, (game,) = players_round("baja-cutthroat", 3)
    with time_machine.travel(EARLY, tick=False):
        page = text(client.get(url(game, "status")))
    for name in ("P1", "P2", "P3"):
        assert f"I am {name}: check in" in page
    for side in seats(game):
        response = post(client, game, "check_in", {"side": side.pk})
        assert response.status_code == 200
        assert f"{side.player.name} checked in. Good luck!" in text(response)
        assert f"✓ {side.player.name} here since 9:30 AM" in text(response)
    again = post(client, game, "check_in", {"side": seats(game)[0].pk})  # a double tap
    assert "P1 checked in. Good luck!" in text(again)
    assert all(side.checked_in_at == EARLY for side in seats(game))
    logged = GameEvent.objects.filter(game=game, kind="checked_in")
    assert sorted(e["player"] for e in logged.values_list("data__entrant", flat=True)) == sorted(
        side.player_id for side in seats(game))
    assert set(logged.values_list("data__via", flat=True)) == {"table"}
    assert "Seated — ready to start" in text(again)


def check_in_all(client, game, sides=None):
    for side in sides if sides is not None else seats(game):
        assert post(client, game, "check_in", {"side": side.pk}).status_code == 200


def test_a_table_of_players_starts_early_when_everyone_agrees(client):
    event, (game,) = players_round("baja-cutthroat", 3)
    check_in_all(client, game)
    with time_machine.travel(EARLY, tick=False):
        page = client.get(url(game, "status")).content.decode()
    assert "Starting before the posted time needs everyone seated to agree" in page
    for side in seats(game):
        assert f'name="agree" value="{side.pk}"> <bdi>{side.player.name}</bdi> agrees' in page
    started = post(client, game, "start", {"agree": [side.pk for side in seats(game)]})
    assert "Game started; time is up at 12:00 PM." in text(started)  # from the actual start, 9:30 + 2:30
    assert "started 9:30 AM (early, everyone seated agreed)" in text(started)
    game.refresh_from_db()
    assert (game.status, game.early_start_agreed, game.started_at) == (Game.Status.IN_PLAY, True, EARLY)
    assert all(side.checked_in_at == EARLY for side in seats(game))
    again = post(client, game, "start", {"agree": [side.pk for side in seats(game)]})  # a double tap
    assert "Game started" in text(again) and GameEvent.objects.filter(game=game, kind="started").count() == 1


def test_an_early_start_is_refused_when_one_player_does_not_agree(client):
    event, (game,) = players_round("rummikub", 4)
    check_in_all(client, game)
    refused = post(client, game, "start", {"agree": [side.pk for side in seats(game)[:3]]})
    assert ("Starting before the posted time (10:00 AM) needs everyone seated to agree: P4 has not agreed."
            in text(refused))
    game.refresh_from_db()
    assert game.status == Game.Status.READY and game.started_at is None


def test_a_seat_of_another_table_or_garbage_is_refused_and_changes_nothing(client):
    event, (game, other) = players_round("baja-cutthroat", 3, 3)
    stranger = seats(other)[0]
    for data in ({"side": stranger.pk}, {"side": "abc"}, {}):
        response = post(client, game, "check_in", data)
        assert response.status_code == 200 and "Pick one of the table's seats." in text(response)
    refused = post(client, game, "start", {"agree": [side.pk for side in seats(game)[:2]] + [stranger.pk]})
    assert f"“{stranger.pk}” is not one of this table's seats." in text(refused)
    garbage = post(client, game, "start", {"agree": ["x"]})
    assert garbage.status_code == 200 and "is not one of this table's seats" in text(garbage)
    assert not GameSide.objects.filter(checked_in_at__isnull=False).exists()
    assert set(Game.objects.values_list("status", flat=True)) == {Game.Status.READY}


def test_a_partnership_table_checks_in_and_starts_early_from_its_phone(client):
    event, (game,) = club_round(1)
    pairs = seats(game)
    with time_machine.travel(EARLY, tick=False):
        page = text(client.get(url(game, "status")))
    for side in pairs:
        assert f"We are {side.team.name}: check in" in page
    for side in pairs:
        assert f"{side.team.name} checked in. Good luck!" in text(post(client, game, "check_in", {"side": side.pk}))
    assert sorted(CheckIn.objects.filter(game=game, via="table").values_list("team", flat=True)) == sorted(
        side.team_id for side in pairs)
    page = post(client, game, "start", {"agree": [pairs[0].pk]})
    assert f"{pairs[1].team.name} has not agreed" in text(page)
    assert Game.objects.get(pk=game.pk).status == Game.Status.READY
    started = post(client, game, "start", {"agree": [side.pk for side in pairs]})
    assert "started 9:30 AM (early, everyone seated agreed)" in text(started)
    assert Game.objects.get(pk=game.pk).status == Game.Status.IN_PLAY


def test_the_seats_read_in_spanish(client):
    event, (game,) = players_round("baja-cutthroat", 3)
    with time_machine.travel(EARLY, tick=False):
        before = text(client.get(url(game, "status"), HTTP_ACCEPT_LANGUAGE="es"))
    check_in_all(client, game)
    with time_machine.travel(EARLY, tick=False):
        page = text(client.get(url(game, "status"), HTTP_ACCEPT_LANGUAGE="es"))
        refused = text(client.post(url(game, "start"), {"agree": [seats(game)[0].pk]}, HTTP_HX_REQUEST="true",
                                   HTTP_ACCEPT_LANGUAGE="es"))
    assert "Soy P1: registrar llegada" in before and "P3 de acuerdo" in page
    assert "todos en la mesa deben estar de acuerdo" in page
    assert "P2 y P3 no han aceptado." in refused
    assert "check in" not in page and "agree" not in page


def test_a_phone_start_with_a_seat_not_checked_in_is_refused_and_marks_nobody_present(client):
    """Issue 34: "Start the game" on the phone with 2 of 3 in used to mark the third present."""
    event, (game,) = players_round("baja-cutthroat", 3)
    first, second, third = seats(game)
    check_in_all(client, game, [first, second])
    with time_machine.travel(START + dt.timedelta(minutes=1), tick=False):
        page = text(client.get(url(game, "status")))
        refused = text(client.post(url(game, "start"), {}, HTTP_HX_REQUEST="true"))
        spanish = text(client.post(url(game, "start"), {}, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="es"))
    assert "Start the game" not in page  # no start button while a seat is missing
    assert ("Table 1 cannot start: P3 has not checked in. Check in at the table, or ask the organizer to start "
            "without them.") in refused
    assert "La mesa 1 no puede empezar: P3 no ha registrado su llegada." in spanish
    game.refresh_from_db()
    assert game.status == Game.Status.READY
    assert GameSide.objects.get(pk=third.pk).checked_in_at is None
    assert not GameEvent.objects.filter(game=game, kind="started").exists()
