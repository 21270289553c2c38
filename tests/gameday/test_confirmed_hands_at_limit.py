"""Results only from confirmed hands (RULES F1, issue 24): with confirmation required, a hand the
other side never confirmed does not decide a game at the time limit. It holds the result: the other
side may still confirm it at the table for a couple of minutes, then the organizer decides; the
table phone says why and the organizer's board alerts. The same whichever path applies the limit
(the worker's task, the minute sweep, a page that sees the deadline passed), in both formats."""

import datetime as dt
import html

import pytest
import time_machine
from django.urls import reverse

from scoring import hands
from scoring import sample_hands as td
from scoring.models import Hand
from tests.formats.tables.played import club_round
from tests.gameday_setup import next_game, started_game, teams, with_unconfirmed_hand
from tournament.core import actions, deadlines
from tournament.models import Game, GameSide

S = Game.Status
R = Game.Reason
POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)
LIMIT = POSTED + dt.timedelta(hours=2, minutes=30)

pytestmark = pytest.mark.django_db


def reload(game):
    return Game.objects.get(pk=game.pk)


def text(response):
    return html.unescape(response.content.decode())


def totals(game):
    return list(GameSide.objects.filter(game=game).order_by("slot").values_list("total", flat=True))


@pytest.fixture
def game(tournament):
    # Team A types its own hand 2; B has not confirmed it when the clock runs out.
    game = with_unconfirmed_hand(started_game(tournament, POSTED), POSTED, LIMIT - dt.timedelta(minutes=3))
    assert totals(game) == [935 + 18600, 5690 + 280]
    return game


def task(game_id):
    return deadlines.apply_time_limit_at_deadline.run(game_id)


def sweep(game_id):
    return deadlines.sweep()["apply_due_time_limits"]


def page(game_id):
    return deadlines.apply_due(Game.objects.filter(pk=game_id), dt.datetime.now(dt.UTC))


@pytest.mark.parametrize("path", [task, sweep, page], ids=["worker", "sweep", "page"])
def test_an_unconfirmed_hand_never_decides_the_game_at_the_limit(game, path):
    with time_machine.travel(LIMIT + dt.timedelta(seconds=1), tick=False):
        assert not path(game.pk)
    game = reload(game)
    assert (game.status, game.winner, game.held_hands) == (S.IN_PLAY, None, [2])
    assert next_game(game).sides.get(fed_by=game).team is None  # nobody advanced on the unconfirmed hand
    assert game.events.filter(kind="result_held").count() == 1
    with time_machine.travel(LIMIT + dt.timedelta(minutes=2, seconds=1), tick=False):
        assert path(game.pk)
    game = reload(game)
    assert (game.status, game.result_reason, game.winner) == (S.AWAITING_DECISION, R.UNCONFIRMED_AT_LIMIT, None)


def test_the_phone_says_why_and_the_other_side_may_still_confirm_it(game, client):
    a, b = teams(game)
    with time_machine.travel(LIMIT + dt.timedelta(seconds=30), tick=False):
        deadlines.apply_time_limit(game.pk)
        sheet = text(client.get(f"/table/{game.table_token}/"))
        assert "Time is up, but hand 2 is not confirmed yet, and only confirmed hands count." in sheet
        assert f"<bdi>{b.name}</bdi>: confirm" in sheet
        hand = Hand.objects.get(game=game, number=2)
        response = client.post(f"/table/{game.table_token}/hands/2/confirm/", {"version": hand.version, "side": "2"})
        assert response.status_code == 302
    game = reload(game)
    assert (game.status, game.result_reason, game.winner) == (S.FINISHED, R.TIME_LIMIT, a)  # now it counts
    assert next_game(game).sides.get(fed_by=game).team == a


def test_past_the_window_the_organizer_decides_and_the_board_says_so(game, tournament, organizer_client, client):
    a, b = teams(game)
    with time_machine.travel(LIMIT + dt.timedelta(minutes=3), tick=False):
        assert deadlines.apply_time_limit(game.pk)
        board = text(organizer_client.get(reverse("gameday:round", args=[tournament.slug, game.round_id])))
        assert "Time is up with hand 2 unconfirmed: confirm or correct it on the sheet" in board
        phone = text(client.get(f"/table/{game.table_token}/"))
        assert "hand 2 was never confirmed: only confirmed hands count, so the organizer decides" in phone
        # The table can no longer confirm it; the organizer's confirmation applies the limit.
        hand = Hand.objects.get(game=game, number=2)
        with pytest.raises(hands.ResultLocked):
            hands.confirm(hand, version=hand.version, by=b.name, by_slot=2)
        hands.confirm(hand, version=hand.version, by="organizer", organizer=True)
    game = reload(game)
    assert (game.status, game.result_reason, game.winner) == (S.FINISHED, R.TIME_LIMIT, a)


def test_the_organizer_may_record_the_winner_instead(game, organizer):
    a, b = teams(game)
    with time_machine.travel(LIMIT + dt.timedelta(minutes=3), tick=False):
        deadlines.apply_time_limit(game.pk)
    actions.decide(reload(game), b, organizer, "hand 2 disputed: B led on confirmed hands")
    game = reload(game)
    assert (game.status, game.result_reason, game.winner) == (S.FINISHED, R.ORGANIZER_DECISION, b)


def test_without_required_confirmation_the_hands_count_as_entered(game, tournament):
    tournament.require_confirmation = False
    tournament.save(update_fields=["require_confirmation"])
    with time_machine.travel(LIMIT + dt.timedelta(seconds=1), tick=False):
        assert deadlines.apply_time_limit(game.pk)
    assert reload(game).winner == teams(game)[0]


def test_a_table_round_holds_its_result_too(client):
    event, games = club_round(tables=1)
    game = games[0]
    Game.objects.filter(pk=game.pk).update(status=S.IN_PLAY, started_at=POSTED, time_limit_at=LIMIT)
    behind, ahead = td.values(melded=100, left=20), td.values(red=1, melded=320, left=20)
    with time_machine.travel(LIMIT - dt.timedelta(minutes=30), tick=False):
        hand, _ = hands.submit(reload(game), number=1, values=[behind, ahead], key="t1", entered_by="1", entered_by_slot=1)
        hands.confirm(hand, version=1, by="2", by_slot=2)
        hands.submit(reload(game), number=2, values=[dict(ahead, red_books=3), behind], key="t2", entered_by="1",
                     entered_by_slot=1)
    with time_machine.travel(LIMIT + dt.timedelta(seconds=5), tick=False):
        assert not deadlines.apply_time_limit(game.pk)
        assert reload(game).status == S.IN_PLAY
        assert "hand 2 is not confirmed yet" in text(client.get(f"/table/{game.table_token}/"))
    with time_machine.travel(LIMIT + dt.timedelta(minutes=2, seconds=5), tick=False):
        assert deadlines.apply_time_limit(game.pk)
    game = reload(game)
    assert (game.status, game.result_reason) == (S.AWAITING_DECISION, R.UNCONFIRMED_AT_LIMIT)
    with time_machine.travel(LIMIT + dt.timedelta(minutes=4), tick=False):
        hands.confirm(Hand.objects.get(game=game, number=2), version=1, by="organizer", organizer=True)
    game = reload(game)
    assert (game.status, game.result_reason) == (S.FINISHED, R.TIME_LIMIT)
