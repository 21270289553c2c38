"""The organizers' boards are put together from rows cached by what they show
(tournament.core.board_rows): a hand saved re-renders that game's row and no other, and every change
a row shows is on the very next request, cached rows or not."""

import datetime as dt
import html
import re
import uuid

import pytest
import time_machine
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from scoring import hands
from scoring import sample_hands as td
from tests.factories import UserFactory, organizer, organizer_client  # noqa: F401 (fixtures)
from tests.formats.tables.events import sign_up, table_event
from tests.gameday_setup import publish_division, teams
from tournament.common.numbers import points_text
from tournament.core import actions, board, deadlines, render_once
from tournament.formats.tables import drawing, play, rounds
from tournament.formats.tables import views_board as tables_board
from tournament.models import Game, GameSide, Team, Tournament

pytestmark = pytest.mark.django_db
POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)  # Wednesday 10:00 AM in Mazatlán
SMALL = td.values(melded=100, left=20)


def rendered(kind: str) -> int:
    return render_once.counts([kind])[kind]


def text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", re.sub(r"</?bdi>", "", page))))


def card(page: str, game: Game) -> str:
    """The words of one game's card on the game-day board."""
    return text(page.split(f'id="game-{game.pk}"')[1].split("</article>")[0])


def reload(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def hand(game: Game, number: int) -> None:
    hands.submit(reload(game), number=number, values=[SMALL, SMALL], key=uuid.uuid4().hex, entered_by="1", entered_by_slot=1)


@pytest.fixture
def event(tournament):
    """Division 1 of eight teams: four first-round games posted for 10:00 AM."""
    games = publish_division(tournament, 8, starts_at=POSTED)[1]
    cache.clear()
    return tournament, games


def test_a_hand_re_renders_that_games_row_only(organizer_client, event):  # noqa: F811
    tournament, games = event
    url = reverse("gameday:board", args=[tournament.slug])
    for game in games[:2]:
        for team in teams(game):
            actions.check_in(game, team, now=POSTED - dt.timedelta(minutes=5))
        actions.start_game(reload(game), now=POSTED)
    with time_machine.travel(POSTED + dt.timedelta(minutes=10), tick=False):
        organizer_client.get(url)
        assert rendered(board.ROW_KIND) == 4  # every game's row, once

        hand(games[0], 1)
        page = organizer_client.get(url).content.decode()
        assert rendered(board.ROW_KIND) == 5  # the game with the new hand, and no other
        total = GameSide.objects.filter(game=games[0]).values_list("total", flat=True).first()
        assert total and f"{points_text(total)}" in card(page, games[0])

        Tournament.objects.filter(pk=tournament.pk).bump()  # a change no row shows: the rows as they were
        again = organizer_client.get(url).content.decode()
        assert rendered(board.ROW_KIND) == 5 and again.count('class="card gd-game') == 4

        colleague = UserFactory(username="co-organizer")  # another organizer: the same rows, their own token
        tournament.organizers.add(colleague)
        other = Client()
        other.force_login(colleague)
        page = other.get(url).content.decode()
        assert "Time left" in card(page, games[1]) and "@@render-cache" not in page
        assert rendered(board.ROW_KIND) == 5


def test_every_change_a_row_shows_is_on_the_next_request(organizer_client, event):  # noqa: F811
    tournament, games = event
    url = reverse("gameday:board", args=[tournament.slug])
    first, second, third, fourth = games
    a, b = teams(first)

    def page_at(minutes: float) -> str:
        with time_machine.travel(POSTED + dt.timedelta(minutes=minutes), tick=False):
            return organizer_client.get(url).content.decode()

    assert f"Check in {a.name}" in page_at(-20)
    actions.check_in(first, a, now=POSTED - dt.timedelta(minutes=15))  # check-in
    shown = card(page_at(-14), first)
    assert "✓ in 9:45 AM" in shown and f"Check in {b.name}" in page_at(-14)

    actions.check_in(first, b, now=POSTED - dt.timedelta(minutes=1))
    actions.start_game(reload(first), now=POSTED)  # start
    for team in teams(second):
        actions.check_in(second, team, now=POSTED - dt.timedelta(minutes=1))
    actions.start_game(reload(second), now=POSTED)
    shown = card(page_at(1), first)
    assert "In play" in shown and "started 10:00 AM" in shown and "Time left 2 h 29 min" in shown
    assert "Time left 2 h 28 min" in card(page_at(1.5), first)  # the countdown, per request in a cached row

    with time_machine.travel(POSTED + dt.timedelta(minutes=2), tick=False):
        hand(first, 1)  # a hand
    total = GameSide.objects.filter(game=first, slot=1).values_list("total", flat=True).get()
    assert f"{a.name} {points_text(total)}" in card(page_at(2), first)

    replaced = a.players.first()
    actions.record_substitute(reload(first), a, replaced, "Dora Diaz")  # a substitution
    assert f"Sub: Dora Diaz for {replaced.name}" in card(page_at(3), first)

    actions.check_in(third, teams(third)[0], now=POSTED)
    assert "Check-in open" in card(page_at(4), third)
    shown = card(page_at(5.5), third)  # the no-show deadline passed: the board applies the forfeit
    assert f"Forfeit (no show) — {teams(third)[0].name} wins" in shown and "Forfeited" in shown

    limit = reload(second).time_limit_at
    assert "Time left" in card(page_at(100), second)
    deadlines.apply_time_limit(second.pk, now=limit)  # the time limit, level: a tie alert
    with time_machine.travel(limit + dt.timedelta(minutes=1), tick=False):
        page = organizer_client.get(url).content.decode()
    assert "Tied 0–0 at the time limit: let the table play one more hand" in card(page, second)
    assert "Play one more hand" in card(page, second)
    assert text(page).count("Tied 0–0 at the time limit") == 2  # the card and the board's alerts

    organizer_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"  # the language switch
    shown = card(page_at(6), fourth)
    assert "Administrar" in shown and "Manage" not in shown
    organizer_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert "Manage" in card(page_at(6), fourth)

    Tournament.objects.filter(pk=tournament.pk).update(time_zone="America/New_York")  # the time zone
    Tournament.objects.filter(pk=tournament.pk).bump()
    assert "Posted 1:00 PM" in card(page_at(6), fourth)


def test_a_check_in_from_the_board_with_htmx_carries_a_token_in_every_row(organizer_client, event):  # noqa: F811
    tournament, games = event
    a, _ = teams(games[0])
    with time_machine.travel(POSTED - dt.timedelta(minutes=10), tick=False):
        organizer_client.get(reverse("gameday:board", args=[tournament.slug]))  # the rows in the cache
        response = organizer_client.post(reverse("gameday:check_in", args=[tournament.slug, games[0].pk]),
                                          {"team": a.pk}, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert "@@render-cache" not in page and "✓ in 9:50 AM" in card(page, games[0])
    assert page.count('name="csrfmiddlewaretoken"') >= 4


def test_a_row_rendered_while_a_change_lands_is_not_kept_under_the_state_before_it(organizer_client, event, monkeypatch):  # noqa: F811
    """The row's key is read, then a rename lands, then the row is rendered (showing it): kept under
    the key of the state before the rename, it would come back once the name was put back."""
    tournament, games = event
    url = reverse("gameday:board", args=[tournament.slug])
    team = teams(games[0])[0]
    loading = board.games_for_board

    def rename_then_load(games_qs):
        Team.objects.filter(pk=team.pk).update(name="Renamed Rovers")
        Tournament.objects.filter(pk=tournament.pk).bump()
        return loading(games_qs)

    with time_machine.travel(POSTED - dt.timedelta(minutes=30), tick=False):
        monkeypatch.setattr(board, "games_for_board", rename_then_load)
        assert "Renamed Rovers" in card(organizer_client.get(url).content.decode(), games[0])
        monkeypatch.setattr(board, "games_for_board", loading)
        Team.objects.filter(pk=team.pk).update(name=team.name)  # put back: the state the row's key was read in
        Tournament.objects.filter(pk=tournament.pk).bump()
        shown = card(organizer_client.get(url).content.decode(), games[0])
    assert "Renamed Rovers" not in shown and team.name in shown


# ---- the round board of a table event ----------------------------------------------------------

def rummikub_day():
    day = table_event("rummikub")
    sign_up(day, *(f"P{n}" for n in range(1, 13)))
    rounds.save_round(day, 1, drawing.draw_seating(day, 1, 5), 5, POSTED)
    games = list(Game.objects.filter(division__tournament=day).order_by("number"))
    cache.clear()
    return day, games


def rummikub_hand(game: Game, number: int) -> None:
    count = game.sides.count()
    out, held = {"went_out": True, "rack_points": 0, "rack_jokers": 0}, {"went_out": False, "rack_points": 1, "rack_jokers": 0}
    hands.submit(reload(game), number=number, values=[out] + [held] * (count - 1), key=uuid.uuid4().hex,
                 entered_by="1", entered_by_slot=1)


def tables_card(page: str, game: Game) -> str:
    return text(page.split(f'id="table-{game.number}"')[1].split("</article>")[0])


def test_a_hand_at_one_table_re_renders_that_tables_row_only(organizer_client):  # noqa: F811
    day, games = rummikub_day()
    url = reverse("tables:board", args=[day.slug])
    with time_machine.travel(POSTED - dt.timedelta(minutes=10), tick=False):
        assert "Check-in open" in tables_card(organizer_client.get(url).content.decode(), games[0])
        assert rendered(tables_board.ROW_KIND) == len(games) == 3
        for side in games[0].sides.all():  # check-in from the board
            organizer_client.post(reverse("tables:board_check_in", args=[day.slug, games[0].pk]), {"side": side.pk})
        shown = tables_card(organizer_client.get(url).content.decode(), games[0])
        assert shown.count("✓ in") == 4 and "Seated — ready to start" in shown
    with time_machine.travel(POSTED + dt.timedelta(minutes=1), tick=False):
        for game in games:
            for side in game.sides.all():
                play.check_in_side(reload(game), side, via="table")
            play.start_table(reload(game))
        organizer_client.get(url)
        before = rendered(tables_board.ROW_KIND)
        rummikub_hand(games[1], 1)
        page = organizer_client.get(url).content.decode()
        assert rendered(tables_board.ROW_KIND) == before + 1
        assert "1 hand entered · last at 10:01 AM" in tables_card(page, games[1])
        assert "No hands entered yet" in tables_card(page, games[0]) and "In play" in tables_card(page, games[0])
        Tournament.objects.filter(pk=day.pk).bump()
        organizer_client.get(url)
        assert rendered(tables_board.ROW_KIND) == before + 1
