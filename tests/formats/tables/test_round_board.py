"""The organizer's round board of a table event: every table with its clock, status, hands and
links; tables of single players started from the board, partnerships checked in first."""

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from tests.factories import TournamentFactory, organizer, organizer_client  # noqa: F401 (fixtures)
from tests.formats.tables.events import sign_up, table_event
from tournament.events import demo_tables
from tournament.formats.tables import drawing, rounds
from tournament.models import Game, GameSide, Tournament

pytestmark = pytest.mark.django_db


def board(event, number=None):
    return reverse("tables:board_round", args=[event.slug, number]) if number else reverse("tables:board", args=[event.slug])


def seated(variant, *names, start_in_minutes=-5):
    event = table_event(variant)
    sign_up(event, *names)
    rounds.save_round(event, 1, drawing.draw_seating(event, 1, 5), 5,
                      timezone.now() + timezone.timedelta(minutes=start_in_minutes))
    return event


def test_the_board_needs_a_log_in(client):
    event = seated("rummikub", "Ann", "Bob", "Cy")
    assert client.get(board(event)).status_code == 302


def test_the_board_shows_each_table_its_clock_hands_and_links(organizer_client, organizer):  # noqa: F811
    event = demo_tables.create_rummikub(timezone.now(), organizer, first_round_only=True)
    page = organizer_client.get(board(event)).content.decode()
    for game in Game.objects.filter(division__tournament=event):
        assert f'id="table-{game.number}"' in page
        assert reverse("table:sheet", args=[game.table_token]) in page
        assert reverse("sheet:game", args=[event.slug, game.pk]) in page
    assert page.count("Time left") == 5 and "<strong>3</strong> hands entered" in page and "No hands entered yet" in page


def test_a_table_of_players_is_ready_and_starts_from_the_board(organizer_client):  # noqa: F811
    event = seated("rummikub", "Ann", "Bob", "Cy", start_in_minutes=-2)
    page = organizer_client.get(board(event, 1)).content.decode()
    assert "Check-in open" in page and "Waiting for the earlier games" not in page
    game = Game.objects.get(division__tournament=event)
    for side in game.sides.all():
        organizer_client.post(reverse("tables:board_check_in", args=[event.slug, game.pk]), {"side": side.pk})
    page = organizer_client.get(board(event, 1)).content.decode()
    assert "Seated — ready to start" in page and page.count("✓ in") == 3
    response = organizer_client.post(reverse("tables:board_start", args=[event.slug, game.pk]), follow=True)
    assert "Table 1 started; time is up at" in response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PLAY
    assert game.time_limit_at == game.starts_at + event.game_time_limit  # from the posted start, which came first
    # a second press finds it started and changes nothing
    organizer_client.post(reverse("tables:board_start", args=[event.slug, game.pk]))
    assert Game.objects.get(pk=game.pk).started_at == game.started_at


def test_start_every_seated_table(organizer_client):  # noqa: F811
    event = seated("baja-cutthroat", *(f"P{i}" for i in range(1, 8)), start_in_minutes=-2)  # 7: tables of 4 and 3
    GameSide.objects.filter(game__division__tournament=event).update(checked_in_at=timezone.now())  # all here
    assert "Start every seated table" in organizer_client.get(board(event)).content.decode()
    response = organizer_client.post(reverse("tables:board_start_all", args=[event.slug, 1]), follow=True)
    assert "Started tables 1, 2." in response.content.decode()
    assert not Game.objects.filter(division__tournament=event).exclude(status=Game.Status.IN_PLAY).exists()


def test_partnerships_check_in_before_their_table_starts(organizer_client):  # noqa: F811
    event = table_event("club-4deck")
    for first, second in (("Ann", "Bob"), ("Cy", "Di")):
        sign_up(event, first, partner=second)
    rounds.save_round(event, 1, drawing.draw_seating(event, 1, 5), 5, timezone.now() - timezone.timedelta(minutes=1))
    game = Game.objects.get(division__tournament=event)
    refused = organizer_client.post(reverse("tables:board_start", args=[event.slug, game.pk]), follow=True)
    assert "must check in first" in refused.content.decode()
    assert Game.objects.get(pk=game.pk).status == Game.Status.READY
    for side in game.sides.all():
        organizer_client.post(reverse("tables:board_check_in", args=[event.slug, game.pk]), {"side": side.pk})
    organizer_client.post(reverse("tables:board_start", args=[event.slug, game.pk]))
    assert Game.objects.get(pk=game.pk).status == Game.Status.IN_PLAY


def test_a_check_in_for_a_team_not_at_the_table_is_refused(organizer_client):  # noqa: F811
    event = table_event("club-4deck")
    for first, second in (("Ann", "Bob"), ("Cy", "Di")):
        sign_up(event, first, partner=second)
    rounds.save_round(event, 1, drawing.draw_seating(event, 1, 5), 5, timezone.now())
    game = Game.objects.get(division__tournament=event)
    before = Tournament.objects.get(pk=event.pk).changes
    response = organizer_client.post(reverse("tables:board_check_in", args=[event.slug, game.pk]), {"side": "x"}, follow=True)
    assert "Pick one of the table&#x27;s seats." in response.content.decode()
    assert Tournament.objects.get(pk=event.pk).changes == before


def test_before_any_round_and_for_bracket_events(organizer_client):  # noqa: F811
    event = table_event("rummikub")
    assert "No round is published yet" in organizer_client.get(board(event)).content.decode()
    assert organizer_client.get(board(event, 3)).status_code == 404
    assert organizer_client.get(board(TournamentFactory())).status_code == 404


def test_a_player_not_checked_in_by_the_grace_forfeits_the_seat_and_the_others_play_on(organizer_client):  # noqa: F811
    event = seated("rummikub", "Ann", "Bob", "Cy", start_in_minutes=-2)
    game = Game.objects.get(division__tournament=event)
    sides = list(game.sides.order_by("slot"))
    for side in sides[:2]:
        organizer_client.post(reverse("tables:board_check_in", args=[event.slug, game.pk]), {"side": side.pk})
    with time_machine.travel(game.no_show_at + timezone.timedelta(seconds=1)):
        response = organizer_client.post(
            reverse("tables:board_check_in", args=[event.slug, game.pk]), {"side": sides[2].pk}, follow=True
        )
    assert "Check-in refused: the no-show deadline was" in response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.READY
    assert [bool(s.forfeited_at) for s in game.sides.order_by("slot")] == [False, False, True]


def test_check_in_names_a_seat_of_this_table_or_changes_nothing(organizer_client):  # noqa: F811
    event = seated("rummikub", "Ann", "Bob", "Cy", start_in_minutes=-2)
    game = Game.objects.get(division__tournament=event)
    before = Tournament.objects.get(pk=event.pk).changes
    for bad in ("abc", "99999999999999999999", "", "0"):
        response = organizer_client.post(reverse("tables:board_check_in", args=[event.slug, game.pk]), {"side": bad}, follow=True)
        assert response.status_code == 200 and "Pick one of the table&#x27;s seats." in response.content.decode()
    assert Tournament.objects.get(pk=event.pk).changes == before


def test_a_live_refresh_before_any_round_shows_the_note_not_an_error(organizer_client):  # noqa: F811
    event = table_event("rummikub")
    response = organizer_client.get(board(event), HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "No round is published yet." in response.content.decode()


def test_start_every_seated_table_starts_none_with_a_seat_missing(organizer_client):  # noqa: F811
    """Issue 34: "start all" is no explicit start without a player: a table with one missing waits."""
    event = seated("baja-cutthroat", *(f"P{i}" for i in range(1, 8)), start_in_minutes=-2)
    first, second = Game.objects.filter(division__tournament=event).order_by("table_number")
    GameSide.objects.filter(game__division__tournament=event).update(checked_in_at=timezone.now())
    missing = GameSide.objects.filter(game=first).order_by("slot").last()
    GameSide.objects.filter(pk=missing.pk).update(checked_in_at=None)
    response = organizer_client.post(reverse("tables:board_start_all", args=[event.slug, 1]), follow=True).content.decode()
    assert "Started table 2." in response and "Table 1 cannot start yet" in response
    assert Game.objects.get(pk=first.pk).status == Game.Status.READY
    assert GameSide.objects.get(pk=missing.pk).checked_in_at is None
