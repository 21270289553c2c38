"""A player who leaves the table during the game (RULES-DECISIONS S4): the organizer marks it on the
round board; the hands before keep their score, later hands treat the seat as absent (no part, the
house rule's points), the seat is placed after those who play on, the table still counts as played,
and the player is withdrawn from the event from then on. Seating them back undoes it."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring import hands
from scoring.models import Hand
from tests.formats.tables.played import players_round, start_seated
from tournament.core import seat_state
from tournament.formats.tables import results
from tournament.formats.tables.table_deadlines import top_sides
from tournament.models import Game, GameEvent, GameSide, Player

pytestmark = pytest.mark.django_db
RACK = {"went_out": False, "rack_points": 0, "rack_jokers": 0}


def visible(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def rack(out=False, points=0):
    return {**RACK, "went_out": out, "rack_points": points}


def played_two(variant="rummikub", size=3):
    event, (game,) = players_round(variant, size)
    start_seated(game)
    for number in (1, 2):
        hands.submit(game, number=number, values=[rack(True), rack(points=10), rack(points=20)][:size],
                     key=f"h{number}", entered_by="1")
    return event, Game.objects.get(pk=game.pk)


def leave(client, game, name):
    side = GameSide.objects.get(game=game, player__name=name)
    return client.post(reverse("tables:board_seat_left", args=[game.division.tournament.slug, game.pk]),
                       {"side": side.pk}, follow=True)


@pytest.mark.parametrize(("language", "said", "mark"), [
    ("en", "P3 left table 1 after hand 2: the hands played stand, the seat takes no part from hand 3.",
     "left the table (withdrawn)"),
    ("es", "P3 dejó la mesa 1 después de la mano 2: las manos jugadas cuentan; el lugar no participa desde la mano 3.",
     "dejó la mesa (retirado)")])
def test_a_player_who_leaves_keeps_the_hands_played_and_is_absent_after(organizer_client, language, said, mark):
    event, game = played_two()
    organizer_client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    board = visible(organizer_client.get(reverse("tables:board_round", args=[event.slug, 1])))
    assert ("Left the table…" if language == "en" else "Dejó la mesa…") in board
    done = visible(leave(organizer_client, game, "P3"))
    assert said in done
    p3 = GameSide.objects.get(game=game, player__name="P3")
    assert p3.left_after_hand == 2 and p3.forfeited_at is not None and p3.total == -40
    assert Player.objects.get(name="P3", tournament=event).table_entry.withdrawn_at is not None
    assert GameEvent.objects.get(game=game, kind="seat_left").data == {
        "entrant": {"player": p3.player_id}, "after_hand": 2, "player": p3.player_id}

    phone = Client(HTTP_ACCEPT_LANGUAGE=language)
    sheet = visible(phone.get(reverse("table:sheet", args=[game.table_token])))
    assert mark in sheet
    assert 'name="s3_rack_points"' not in phone.get(reverse("table:sheet", args=[game.table_token])).content.decode()
    hands.submit(game, number=3, values=[rack(True), rack(points=5), {}], key="h3", entered_by="1")
    third = Hand.objects.get(game=game, number=3)
    assert [s["hand_score"] for s in third.result["sides"]] == [5, -5, 0] and third.entries[2].get("absent") is True
    assert [s.get("absent", False) for s in Hand.objects.get(game=game, number=1).entries] == [False, False, False]
    seating = visible(Client(HTTP_ACCEPT_LANGUAGE=language).get(reverse("tables:public_seating", args=[event.slug])))
    assert re.search(rf"P3 {re.escape(mark)}", seating)


def test_the_seat_that_left_is_placed_after_those_who_play_on_and_the_table_counts(organizer_client):
    event, game = played_two()
    GameSide.objects.filter(game=game, player__name="P3").update(total=500)  # leading when they leave
    leave(organizer_client, game, "P3")
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    rows = {row.name: row for row in results.standings(event).rows}
    assert rows["P3"].tables == 1 and rows["P3"].absent == 0 and rows["P3"].withdrawn  # played, not absent
    sides = list(GameSide.objects.filter(game=game).select_related("player"))
    assert [str(s) for s in top_sides(game, sides)] == ["P1"]  # never the table's winner


def test_below_the_minimum_the_table_takes_no_hand_and_seating_back_undoes_it(organizer_client):
    event, game = played_two(size=2)
    done = visible(leave(organizer_client, game, "P2"))
    assert "Too few players at this table to play (2 needed)" in done
    with pytest.raises(Exception, match="Too few players"):
        hands.submit(game, number=3, values=[rack(True), {}], key="h3", entered_by="1")
    p2 = GameSide.objects.get(game=game, player__name="P2")
    back = visible(organizer_client.post(reverse("tables:board_seat_back", args=[event.slug, game.pk]), {"side": p2.pk},
                                         follow=True))
    assert "P2 is seated back at table 1 and plays from hand 3." in back
    p2.refresh_from_db()
    assert p2.left_after_hand is None and p2.forfeited_at is None
    assert Player.objects.get(name="P2", tournament=event).table_entry.withdrawn_at is None


@pytest.mark.parametrize(("language", "words"), [
    ("en", "Leaving during the game: the organizer marks it on the round board; the hands played stand"),
    ("es", "Dejar la mesa durante la partida: la organización lo marca en el tablero de la ronda; las manos jugadas cuentan")])
def test_the_house_rules_page_shows_the_rule(organizer_client, language, words):
    event, _games = players_round("rummikub", 2)
    organizer_client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    assert words in visible(organizer_client.get(reverse("organizer:house_rules", args=[event.slug])))


def test_a_player_back_before_the_next_hand_missed_nothing_and_is_not_marked_late(organizer_client):
    """Found by the day machine (tests/formats/tables/test_people_stateful.py): seated back before the
    next hand, a player who left after hand 2 was marked 'Late: plays from hand 3' and taken as absent
    from hands 1 and 2, which they played."""
    event, game = played_two()
    leave(organizer_client, game, "P3")
    p3 = GameSide.objects.get(game=game, player__name="P3")
    organizer_client.post(reverse("tables:board_seat_back", args=[event.slug, game.pk]), {"side": p3.pk})
    p3.refresh_from_db()
    assert [seat_state.plays_hand(p3, n) for n in (1, 2, 3)] == [True, True, True]
    board = visible(organizer_client.get(reverse("tables:board_round", args=[event.slug, 1])))
    sheet = visible(Client().get(reverse("table:sheet", args=[game.table_token])))
    assert "Late" not in board and "arrived late" not in sheet


def test_a_player_back_after_hands_without_them_played_those_before_leaving(organizer_client):
    event, game = played_two()
    leave(organizer_client, game, "P3")
    hands.submit(game, number=3, values=[rack(True), rack(points=5), {}], key="h3", entered_by="1")
    p3 = GameSide.objects.get(game=game, player__name="P3")
    organizer_client.post(reverse("tables:board_seat_back", args=[event.slug, game.pk]), {"side": p3.pk})
    p3.refresh_from_db()
    assert [seat_state.plays_hand(p3, n) for n in (1, 2, 3, 4)] == [True, True, False, True]


def test_gone_again_before_their_next_hand_they_left_when_they_first_left(organizer_client):
    """Found by the day machine (HYPOTHESIS_PROFILE=deep): left after hand 2, seated back at hand 4
    and gone again before it, the player was taken as having played hand 3 (without them), so the
    correction of hand 3 offered nothing it would accept."""
    event, game = played_two()
    leave(organizer_client, game, "P3")
    hands.submit(game, number=3, values=[rack(True), rack(points=5), {}], key="h3", entered_by="1")
    p3 = GameSide.objects.get(game=game, player__name="P3")
    organizer_client.post(reverse("tables:board_seat_back", args=[event.slug, game.pk]), {"side": p3.pk})
    leave(organizer_client, game, "P3")
    p3.refresh_from_db()
    assert [seat_state.plays_hand(p3, n) for n in (1, 2, 3, 4)] == [True, True, False, False]
