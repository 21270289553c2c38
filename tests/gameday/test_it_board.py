"""The organizer's game-day board: one round at a glance, check-in and start from it, htmx refresh."""

import datetime as dt
import html
import re

import pytest
import time_machine
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import TournamentFactory
from tests.gameday_setup import publish_division, teams
from tournament.core import actions, deadlines
from tournament.core.board import current_round_id
from tournament.models import CheckIn, Game, GameSide, Round, Tournament

POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)  # Wednesday 10:00 AM in Mazatlán
S = Game.Status


@pytest.fixture
def games(tournament):
    return publish_division(tournament, starts_at=POSTED)[1]


def board(client, tournament, **headers):
    return client.get(reverse("gameday:board", args=[tournament.slug]), **headers)


def text(response) -> str:
    # A <bdi> around a name is not a word break; other tags are.
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", re.sub(r"</?bdi>", "", response.content.decode()))))


@pytest.mark.django_db
class TestBoard:
    def test_organizers_only(self, client, tournament, games):
        response = board(client, tournament)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]

    def test_the_round_at_a_glance_in_local_time(self, organizer_client, tournament, games):
        a, b = teams(games[0])
        with time_machine.travel(POSTED - dt.timedelta(minutes=30), tick=False):
            page = text(board(organizer_client, tournament))
        assert "Division 1 · Semi-finals — posted start Wednesday 15 April, 10:00 AM" in page
        assert "Table 1" in page and "Table 2" in page
        assert f"{a.name} {a.player_names()}" in page
        assert "Check-in open" in page
        assert "No-show deadline in 35 min" in page  # right on arrival, before any script runs
        assert "no-show 10:05 AM" in page and "time up 12:30 PM" in page

    def test_check_in_from_the_board_with_htmx_returns_the_fresh_board(self, organizer_client, organizer, tournament, games):
        game = games[0]
        a, _ = teams(game)
        with time_machine.travel(POSTED - dt.timedelta(minutes=2), tick=False):
            response = organizer_client.post(
                reverse("gameday:check_in", args=[tournament.slug, game.pk]), {"team": a.pk}, HTTP_HX_REQUEST="true"
            )
        assert response.status_code == 200
        assert response.content.decode().lstrip().startswith('<section id="board"')
        assert f"{a.name} checked in at table 1." in text(response)
        assert "✓ in 9:58 AM" in text(response)
        checkin = CheckIn.objects.get()
        assert (checkin.team, checkin.recorded_by, checkin.via) == (a, organizer, "organizer")

    def test_a_bad_check_in_shows_its_message_and_changes_nothing(self, organizer_client, tournament, games):
        outsider = teams(games[1])[0]
        with time_machine.travel(POSTED, tick=False):
            response = organizer_client.post(
                reverse("gameday:check_in", args=[tournament.slug, games[0].pk]), {"team": outsider.pk}, follow=True
            )
        assert f"{outsider.name} is not playing in Division 1 Semi-finals game 1" in text(response)
        assert not CheckIn.objects.exists()

    def test_start_from_the_board_once_both_are_in_and_the_posted_time_has_come(self, organizer_client, tournament, games):
        game = games[0]
        for team in teams(game):
            actions.check_in(game, team, now=POSTED - dt.timedelta(minutes=5))
        with time_machine.travel(POSTED + dt.timedelta(minutes=1), tick=False):
            page = text(board(organizer_client, tournament))
            assert "Both teams here — ready to start" in page and "Start game" in page
            organizer_client.post(reverse("gameday:start", args=[tournament.slug, game.pk]))
            page = text(board(organizer_client, tournament))
        assert Game.objects.get(pk=game.pk).status == S.IN_PLAY
        assert "Time left 2 h 29 min" in page and "started 10:01 AM" in page

    def test_a_passed_deadline_shows_as_a_forfeit_even_with_no_worker(self, organizer_client, tournament, games):
        game = games[0]
        a, b = teams(game)
        actions.check_in(game, a, now=POSTED)
        with time_machine.travel(POSTED + dt.timedelta(minutes=5, seconds=1), tick=False):
            page = text(board(organizer_client, tournament, HTTP_HX_REQUEST="true"))
        assert f"Forfeit (no show) — {a.name} wins" in page
        assert f"{a.name} goes on to Division 1 · Division final game 1" in page
        assert Game.objects.get(pk=game.pk).status == S.FORFEIT  # the board applied it, once

    def test_a_tie_awaiting_decision_is_an_alert(self, organizer_client, tournament, games):
        game = games[0]
        for team in teams(game):
            actions.check_in(game, team, now=POSTED)
        game = actions.start_game(game, now=POSTED)
        deadlines.apply_time_limit(game.pk, now=game.time_limit_at)
        page = text(board(organizer_client, tournament))
        assert "Tied 0–0 at the time limit: let the table play one more hand, or record the winner and why." in page
        assert "Decide…" in page and "Play one more hand" in page

    def test_substitutes_are_shown_on_the_board(self, organizer_client, tournament, games):
        a, _ = teams(games[0])
        replaced = a.players.first()
        actions.record_substitute(games[0], a, replaced, "Dora Diaz")
        assert f"Sub: Dora Diaz for {replaced.name}" in text(board(organizer_client, tournament))

    def test_the_query_count_does_not_grow_with_the_round(self, organizer_client, tournament, django_assert_max_num_queries):
        _, small = publish_division(tournament, 4, starts_at=POSTED)
        with time_machine.travel(POSTED - dt.timedelta(hours=1), tick=False):
            with CaptureQueriesContext(connection) as few:
                board(organizer_client, tournament)
        other = TournamentFactory(name="Big", slug="big", signup_deadline=tournament.signup_deadline)
        _, many = publish_division(other, 8, starts_at=POSTED)
        for game in many:
            actions.check_in(game, teams(game)[0], now=POSTED - dt.timedelta(hours=2))
        with time_machine.travel(POSTED - dt.timedelta(hours=1), tick=False):
            with django_assert_max_num_queries(len(few.captured_queries)):
                response = board(organizer_client, other)
        assert response.content.decode().count('class="card gd-game') == 4


@pytest.mark.django_db
def test_posted_times_on_the_daylight_saving_day_are_local(organizer_client, tournament):
    """New York springs forward at 2 AM on 8 March 2026: 1:30 AM EST + 2 h 30 = 5:00 AM EDT."""
    tournament.time_zone = "America/New_York"
    tournament.save()
    publish_division(tournament, starts_at=dt.datetime(2026, 3, 8, 6, 30, tzinfo=dt.UTC))
    with time_machine.travel(dt.datetime(2026, 3, 8, 6, 0, tzinfo=dt.UTC), tick=False):
        page = text(board(organizer_client, tournament))
    assert "posted start Sunday 8 March, 1:30 AM (New York, Miami, Toronto time; updated 1:00:00 AM)" in page
    assert "Posted 1:30 AM · no-show 1:35 AM · time up 5:00 AM" in page


@pytest.mark.django_db
class TestCachedBoard:
    """The board is rendered once per state (tournament.core.page_cache); every change shows at once."""

    def test_a_new_check_in_and_a_new_score_show_at_once(self, organizer_client, tournament, games):
        game = games[0]
        a, b = teams(game)
        with time_machine.travel(POSTED - dt.timedelta(minutes=10), tick=False):
            assert f"Check in {a.name}" in board(organizer_client, tournament).content.decode()
            actions.check_in(game, a)  # elsewhere (the table's own page), not through the board
            page = board(organizer_client, tournament).content.decode()
            assert f"Check in {a.name}" not in page and f"Check in {b.name}" in page
        actions.check_in(game, b, now=POSTED - dt.timedelta(minutes=1))
        actions.start_game(Game.objects.get(pk=game.pk), now=POSTED)
        with time_machine.travel(POSTED + dt.timedelta(minutes=1), tick=False):
            board(organizer_client, tournament)
            with transaction.atomic():  # as scoring saves totals: with a bump of the change counter
                GameSide.objects.filter(game=game, team=a).update(total=777)
                Tournament.objects.filter(pk=tournament.pk).bump()
            assert '<span class="gd-total">777</span>' in board(organizer_client, tournament).content.decode()

    def test_a_deadline_passing_changes_a_cached_board_at_once(self, organizer_client, tournament, games):
        game = games[0]
        a, _ = teams(game)
        actions.check_in(game, a, now=POSTED - dt.timedelta(minutes=2))
        with time_machine.travel(POSTED + dt.timedelta(minutes=4), tick=False):
            assert "Check-in open" in text(board(organizer_client, tournament))
        with time_machine.travel(POSTED + dt.timedelta(minutes=5, seconds=1), tick=False):
            page = text(board(organizer_client, tournament))
        assert f"Forfeit (no show) — {a.name} wins" in page

    def test_countdowns_and_the_clock_are_fresh_on_a_cached_board(self, organizer_client, tournament, games):
        with time_machine.travel(POSTED - dt.timedelta(minutes=10), tick=False):
            first = board(organizer_client, tournament).content.decode()
        with time_machine.travel(POSTED - dt.timedelta(minutes=10) + dt.timedelta(seconds=17), tick=False):
            second = board(organizer_client, tournament).content.decode()
        assert "15\u00a0min</strong>" in first  # no-show deadline 5 minutes after the posted start
        assert "14\u00a0min</strong>" in second and "15\u00a0min</strong>" not in second
        assert re.search(r"updated \d+:\d\d:17 AM", second)
        token = organizer_client.cookies["csrftoken"].value
        assert "@@render-cache" not in second and 'name="csrfmiddlewaretoken"' in second and token

    def test_an_unchanged_board_costs_few_queries(self, organizer_client, tournament, games, django_assert_max_num_queries):
        with time_machine.travel(POSTED - dt.timedelta(minutes=10), tick=False):
            with CaptureQueriesContext(connection) as miss:
                board(organizer_client, tournament)
            # session, user, tournament, rounds, the tournament's games, the round's sides
            with django_assert_max_num_queries(6):
                page = board(organizer_client, tournament).content.decode()
        assert len(miss.captured_queries) > 6 and page.count('class="card gd-game') == len(
            [g for g in games if g.round_id == games[0].round_id])


@pytest.mark.django_db
def test_the_board_opens_on_the_first_round_still_open_else_the_last(organizer_client, tournament, games):
    first, final = Round.objects.filter(division=games[0].division).order_by("number")

    def shown():
        page = board(organizer_client, tournament).content.decode()
        return re.search(r'<section id="board"[^>]*hx-get="[^"]*/round/(\d+)/\?v=[^"]*"', page).group(1)

    with time_machine.travel(POSTED - dt.timedelta(minutes=10), tick=False):  # no deadline passes
        assert shown() == str(first.pk) == str(current_round_id(tournament.slug))
    Game.objects.filter(round=first).update(status=S.FINISHED)
    assert shown() == str(final.pk) == str(current_round_id(tournament.slug))
    Game.objects.filter(round=final).update(status=S.FINISHED)
    assert shown() == str(final.pk) == str(current_round_id(tournament.slug))  # all done: the last


@pytest.mark.django_db
def test_an_unknown_tournament_or_another_tournaments_round_is_not_found(organizer_client, tournament, games):
    other = TournamentFactory(slug="other-cup")
    assert organizer_client.get(reverse("gameday:board", args=["no-such-cup"])).status_code == 404
    assert organizer_client.get(reverse("gameday:round", args=[other.slug, games[0].round_id])).status_code == 404
    assert organizer_client.get(reverse("gameday:board", args=[other.slug])).status_code == 200  # no draw yet
