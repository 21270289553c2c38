"""The bench builds its tournaments and plays them through the app's own pages: these run its
fixture steps and table helpers against a live server, so a change that breaks them fails here
and not in the middle of `make bench`."""

import pytest
from django.utils import timezone

from bench import fixture, site
from bench.load import Connection, Request
from scoring.models import Hand
from tournament.models import Game, GameSide, Round

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def port(live_server):
    return int(live_server.url.rsplit(":", 1)[1])


@pytest.fixture
def organizer():
    return fixture.organizer_account()


def test_the_fixture_signs_in_posts_the_schedule_and_starts_the_first_round(port, organizer):
    user, password = organizer
    tournament = fixture.make_tournament("bench-8", 8, by=user)
    fixture.publish_divisions(tournament, user)
    conn = Connection("localhost", port)
    session = site.log_in(conn, fixture.ORGANIZER, password)
    at = timezone.now() + fixture.FIRST_ROUND_AHEAD

    fixture.post_schedule(conn, tournament, at)

    first = fixture.first_round(tournament)
    assert first.starts_at == at.replace(second=0, microsecond=0)
    assert all(g.starts_at == first.starts_at and g.no_show_at > at for g in first.games.all())
    later = Round.objects.filter(division__tournament=tournament).exclude(pk=first.pk)
    assert later.exists() and all(r.starts_at > at for r in later)
    games = fixture.first_round_games(tournament)
    assert len(games) == 4
    for game in games:
        fixture.start(game, user)
    assert set(Game.objects.filter(round=first).values_list("status", flat=True)) == {Game.Status.IN_PLAY}
    board = site.url("gameday:board", tournament.slug)
    assert Connection("localhost", port).request(Request(board, headers=site.organizer_headers(session)))[0] == 200
    assert Connection("localhost", port).request(Request(board))[0] in site.REDIRECTS  # the session is what lets it in


def test_a_table_previews_saves_numbered_hands_and_wins_over_http(port, organizer):
    user, _ = organizer
    tournament = fixture.make_tournament("bench-4", 4, by=user)
    fixture.publish_divisions(tournament, user)
    game = fixture.first_round_games(tournament)[0]
    Game.objects.filter(pk=game.pk).update(starts_at=timezone.now() + fixture.FIRST_ROUND_AHEAD, no_show_at=None)
    fixture.start(game, user)
    conn = Connection("localhost", port, keep_cookies={"csrftoken"})
    table = site.Table(game.table_token).load(conn)
    assert table.slots == ["1", "2"] and table.number == 1

    values = table.small_hand(conn)
    fields = table.hand(values)
    assert fields["s1_melded_points"] == str(values["melded_points"]) and fields["went_out"] == "nobody"
    other = Connection("localhost", port, keep_cookies={"csrftoken"})  # its own CSRF cookie, the same form
    other.request(Request(table.sheet))
    for conn_ in (conn, other):
        status, _, _ = conn_.request(table.submit_request(conn_, fields))
        assert status in site.REDIRECTS
        table.number += 1
    assert list(Hand.objects.filter(game=game).values_list("number", flat=True).order_by("number")) == [1, 2]
    assert set(conn.cookies) == {"csrftoken"}  # the side cookie the submit sets is not kept

    table.win(conn)

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.winner_id == GameSide.objects.get(game=game, slot=1).team_id
    assert not table.accepting(conn)


def test_the_table_day_seats_its_players_and_its_tables_save_small_hands_over_http(port, organizer):
    from bench import table_peak

    user, _ = organizer
    day, games = table_peak.build_day(user, players=8)
    assert len(games) == 2
    assert set(Game.objects.filter(pk__in=games).values_list("status", flat=True)) == {Game.Status.IN_PLAY}
    conn = Connection("localhost", port, keep_cookies={"csrftoken"})
    table = site.Table(Game.objects.get(pk=games[0]).table_token).load(conn)
    fields = table_peak.small_hand(table)
    for _ in range(3):
        assert conn.request(table.preview_request(conn, fields))[0] == 200
        assert conn.request(table.submit_request(conn, fields))[0] in site.REDIRECTS
        table.number += 1
    assert Hand.objects.filter(game_id=games[0]).count() == 3
    assert Game.objects.get(pk=games[0]).status == Game.Status.IN_PLAY  # small hands never end the table
    for name in ("tables:public_seating", "tables:public_standings"):
        assert Connection("localhost", port).request(Request(site.url(name, day.slug)))[0] == 200
