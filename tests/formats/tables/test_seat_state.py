"""A person's state at a table (issue 34; RULES-DECISIONS S1–S3): only the organizer starts a table
with a seat missing, explicitly and logged; the absent seat then takes no part (not a scorer, not
out, not a confirmer, nothing asked of it, 0 a hand, never the winner); it can be seated back (a late
arrival, from the next hand, logged); a table below the variant's minimum takes no start and no hand
until the organizer chooses to wait, move the players or forfeit the table (not played)."""

import datetime as dt
import re

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from scoring.models import Hand
from tests.formats.tables.played import START, players_round
from tournament.core import deadlines
from tournament.formats.tables import play, results
from tournament.models import Game, GameEvent, GameSide, Tournament

pytestmark = pytest.mark.django_db
LATER = START + dt.timedelta(minutes=20)


def seats(game):
    return list(GameSide.objects.filter(game=game).select_related("player").order_by("slot"))


def check_in(game, *names):
    GameSide.objects.filter(game=game, player__name__in=names).update(checked_in_at=START)


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def board_post(client, game, name, data=None):
    url = reverse(f"tables:{name}", args=[game.division.tournament.slug, game.pk])
    return client.post(url, data or {}, follow=True)


def start_without_p3(organizer_client, game):
    # The organizer's requests run at today's clock (a session made today has expired by 2027): an
    # organizer's start before the posted time needs nobody's agreement.
    return board_post(organizer_client, game, "board_start", {"without_missing": "1"})


def rummikub_hand(client, game, number, *, out="1", racks=None, entered_by="1"):
    data = {"number": number, "key": f"k{game.pk}-{number}-{entered_by}", "entered_by": entered_by, "went_out": out}
    for slot, rack in (racks or {}).items():
        data[f"s{slot}_rack_points"] = rack
        data[f"s{slot}_rack_jokers"] = 0
    return client.post(reverse("table:submit", args=[game.table_token]), data, follow=True)


def test_the_organizer_start_names_the_missing_seat_and_only_an_explicit_start_makes_it_absent(organizer_client):
    event, (game,) = players_round("rummikub", 3)
    check_in(game, "P1", "P2")
    refused = text(board_post(organizer_client, game, "board_start"))
    board = text(organizer_client.get(reverse("tables:board_round", args=[event.slug, 1])))
    assert "Table 1 cannot start yet: P3 has not checked in. Check them in, or start without them" in refused
    assert "Start without P3 (absent)" in board
    assert Game.objects.get(pk=game.pk).status == Game.Status.READY
    assert GameSide.objects.get(game=game, slot=3).checked_in_at is None

    started = text(start_without_p3(organizer_client, game))
    assert "Table 1 started" in started
    p3 = GameSide.objects.get(game=game, slot=3)
    assert p3.forfeited_at is not None and p3.checked_in_at is None  # absent, never marked present
    log = GameEvent.objects.get(game=game, kind="started")
    assert log.data["missing"] == [{"player": p3.player_id}] and log.by is not None
    history = text(organizer_client.get(reverse("gameday:game", args=[event.slug, game.pk])))
    assert "Started by the organizer without P3 (absent)" in history


def test_an_absent_seat_takes_no_part_in_a_rummikub_hand(client, organizer_client):
    event, (game,) = players_round("rummikub", 3)
    check_in(game, "P1", "P2")
    start_without_p3(organizer_client, game)
    page = client.get(reverse("table:sheet", args=[game.table_token])).content.decode()
    # Not "who is entering", not "who went out", no rack asked: listed as absent, 0 a hand.
    assert 'name="entered_by" value="3"' not in page and 'name="went_out" value="3"' not in page
    assert 'name="s3_rack_points"' not in page
    assert "<bdi>P3</bdi>: absent — takes no part, scores 0" in page
    saved = rummikub_hand(client, game, 1, out="1", racks={1: 0, 2: 12})
    assert "Hand 1 saved." in text(saved)
    hand = Hand.objects.get(game=game, number=1)
    assert [s["hand_score"] for s in hand.result["sides"]] == [12, -12, 0]
    assert hand.entries[2] == {**hand.entries[2], "absent": True}
    sheet = saved.content.decode()
    # The phone that entered it is passed on: to P2 only — an absent player never confirms.
    assert 'name="side" value="2"' in sheet and 'name="side" value="3"' not in sheet
    assert "Pass the phone to P2." in text(saved)
    confirm = reverse("table:confirm", args=[game.table_token, 1])
    forged = client.post(confirm, {"version": 1, "side": "3"}, follow=True)
    assert Hand.objects.get(pk=hand.pk).confirmed_at is None
    assert "Choose which side confirms the hand." in text(forged)


def test_an_absent_seat_is_seated_back_from_the_next_hand_and_logged(client, organizer_client):
    event, (game,) = players_round("rummikub", 3)
    check_in(game, "P1", "P2")
    start_without_p3(organizer_client, game)
    rummikub_hand(client, game, 1, out="1", racks={1: 0, 2: 12})
    p3 = GameSide.objects.get(game=game, slot=3)
    back = text(board_post(organizer_client, game, "board_seat_back", {"side": p3.pk}))
    assert "P3 is seated back at table 1 and plays from hand 2." in back
    p3.refresh_from_db()
    assert p3.forfeited_at is None and p3.back_from_hand == 2
    assert GameEvent.objects.get(game=game, kind="seat_back").data == {"entrant": {"player": p3.player_id}, "hand": 2}
    sheet = text(client.get(reverse("table:sheet", args=[game.table_token])))
    assert "arrived late" in sheet and "plays from hand 2" in sheet
    saved = rummikub_hand(client, game, 2, out="3", racks={1: 5, 2: 7, 3: 0}, entered_by="3")
    assert "Hand 2 saved." in text(saved)
    assert [s["hand_score"] for s in Hand.objects.get(game=game, number=2).result["sides"]] == [-5, -7, 12]
    # Hand 1 stays as it was played: the late player cannot confirm it, and is still absent there.
    assert Hand.objects.get(game=game, number=1).entries[2]["absent"] is True
    again = text(board_post(organizer_client, game, "board_seat_back", {"side": p3.pk}))
    assert "P3 is not absent at table 1: nothing to undo." in again


def test_a_finished_table_refuses_to_seat_back_with_the_reason(organizer_client):
    event, (game,) = players_round("rummikub", 3)
    check_in(game, "P1", "P2")
    start_without_p3(organizer_client, game)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    p3 = GameSide.objects.get(game=game, slot=3)
    refused = text(board_post(organizer_client, game, "board_seat_back", {"side": p3.pk}))
    assert "Table 1 is over: P3 can no longer be seated back (reopen the table first)." in refused
    assert GameSide.objects.get(pk=p3.pk).forfeited_at is not None


def _short_cutthroat():
    """Cutthroat (3 needed) with tables of 3 and 4: at the first only P1 and P2 show up."""
    event, (short, other) = players_round("baja-cutthroat", 3, 3)
    for game in (short, other):
        game.refresh_from_db()
    check_in(short, "P1", "P2")
    check_in(other, "P4", "P5", "P6")
    assert deadlines.apply_no_show(short.pk, now=short.no_show_at)
    return event, Game.objects.get(pk=short.pk), other


def test_a_cutthroat_table_left_with_two_takes_no_start_and_no_hand_until_the_organizer_chooses(organizer_client):
    event, short, other = _short_cutthroat()
    client = Client(HTTP_ACCEPT_LANGUAGE="en")  # the table's phone: nobody logged in
    assert short.status == Game.Status.READY
    with time_machine.travel(LATER, tick=False):
        phone = text(client.get(reverse("gameday_table:status", args=[short.table_token])))
        refused = text(client.post(reverse("gameday_table:start", args=[short.table_token]), {}, HTTP_HX_REQUEST="true"))
    by_organizer = text(board_post(organizer_client, short, "board_start"))
    board = text(organizer_client.get(reverse("tables:board_round", args=[event.slug, 1])))
    assert "Too few players (2 of the 3 needed)" in phone and "Start the game" not in phone
    assert "Table 1 has too few players to play (2 of the 3 needed)" in refused
    assert "Table 1 has too few players to play (2 of the 3 needed)" in by_organizer
    assert "Wait for them" in board and "Forfeit the table (not played)" in board
    assert Game.objects.get(pk=short.pk).status == Game.Status.READY

    waited = text(board_post(organizer_client, short, "board_short_table", {"choice": "wait"}))
    assert "Table 1 waits for its players." in waited
    forfeited = text(board_post(organizer_client, short, "board_short_table", {"choice": "forfeit"}))
    assert "Table 1 is forfeited: it is not played and counts for nobody." in forfeited
    short.refresh_from_db()
    assert short.status == Game.Status.DOUBLE_FORFEIT
    rows = {r.name: r for r in results.standings(event).rows}
    assert rows["P1"].tables == 0 and rows["P2"].tables == 0  # not counted as a table played
    assert [e.data["choice"] for e in GameEvent.objects.filter(game=short, kind="short_table")] == ["wait", "forfeit"]


def test_the_players_of_a_short_table_move_to_another_table_with_room(organizer_client):
    event, (short, other) = players_round("rummikub", 2, 2)  # Rummikub: 2 needed, 4 at most
    for game in (short, other):
        game.refresh_from_db()
    check_in(short, "P1")
    check_in(other, "P3", "P4")
    GameSide.objects.filter(game=short, player__name="P2").update(forfeited_at=START)
    GameSide.objects.filter(game=short, player__name="P1").update(forfeited_at=None)
    # P1 alone, P2 absent: the no-show rule would make P1 win alone; the organizer moves P1 instead.
    moved = text(board_post(organizer_client, short, "board_short_table", {"choice": "move", "to_game": other.pk}))
    assert "P1 moved to table 2; table 1 is not played." in moved
    assert [s.player.name for s in seats(other)] == ["P3", "P4", "P1"]
    assert Game.objects.get(pk=short.pk).status == Game.Status.DOUBLE_FORFEIT
    play.start_table(Game.objects.get(pk=other.pk), now=LATER)
    assert Game.objects.get(pk=other.pk).status == Game.Status.IN_PLAY


def test_an_absent_seat_is_marked_on_the_standings_the_home_and_the_printed_results(client, organizer_client):
    import io

    import pypdf

    event, (game,) = players_round("rummikub", 3)
    check_in(game, "P1", "P2")
    start_without_p3(organizer_client, game)
    rummikub_hand(client, game, 1, out="1", racks={1: 0, 2: 12})
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    Tournament.objects.filter(pk=event.pk).bump()
    rows = {r.name: r for r in results.standings(event).rows}
    assert (rows["P3"].absent, rows["P3"].tables, rows["P1"].absent) == (1, 0, 0)
    standings = text(client.get(reverse("tables:public_standings", args=[event.slug])))
    assert "Absent at 1 table" in standings
    home = text(client.get(f"/t/{event.slug}/"))
    assert "Absent at 1 table" in home
    pdf = organizer_client.get(reverse("printing:table_results", args=[event.slug]) + "?paper=letter")
    printed = " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(b"".join(pdf.streaming_content)
                                                                                    if pdf.streaming else pdf.content)).pages)
    assert "(absent at 1 table)" in " ".join(printed.split())
