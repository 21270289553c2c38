"""Hands at the time limit (RULES A7, D6): only hands completed before the limit count. A hand that
reaches the server after it is refused by the request's own clock — whether or not the worker has
applied the time-limit result yet — and the result counts the earlier hands only."""

import datetime as dt

import pytest
import time_machine

from scoring import hands
from scoring import sample_hands as td
from scoring.models import Hand
from tests.scoring.games import make_game
from tournament.common.localtime import clock
from tournament.core import deadlines
from tournament.models import Game, GameSide

pytestmark = pytest.mark.django_db

START = dt.datetime(2026, 4, 8, 21, 0, tzinfo=dt.timezone.utc)  # 2:00 PM in Mazatlán; time is up at 4:30 PM
A_AHEAD = [td.values(out=True, **td.W1), td.values(**td.W2)]  # A 5,690, B 935
B_HUGE = [td.values(melded=300, left=20), td.values(out=True, red=4, black=4, runs=4, twos=4, melded=1200)]  # B +18,600


@pytest.fixture
def game(tournament):
    with time_machine.travel(START, tick=False):
        game = make_game(tournament)
    with time_machine.travel(game.time_limit_at - dt.timedelta(minutes=20), tick=False):
        hand, _ = hands.submit(game, number=1, values=A_AHEAD, key="h1", entered_by="A", entered_by_slot=1)
        hands.confirm(hand, version=1, by="B", by_slot=2)
    return game


def at(game, seconds):
    return time_machine.travel(game.time_limit_at + dt.timedelta(seconds=seconds), tick=False)


def totals(game):
    return list(GameSide.objects.filter(game=game).order_by("slot").values_list("total", flat=True))


def test_a_hand_sent_after_the_limit_is_refused_though_the_worker_has_not_run(client, game):
    a = game.sides.get(slot=1).team
    with at(game, 10):
        response = client.post(f"/table/{game.table_token}/hands/", td.form(2, [
            {"melded": 300, "left": 20}, {"red": 4, "black": 4, "runs": 4, "twos": 4, "melded": 1200}], out="2"))
        page = response.content.decode()
        assert response.status_code == 409
        assert (f"The time limit passed at {clock(game.division.tournament, game.time_limit_at)}; hands entered "
                "after it do not count. The totals at the limit decide the game.") in page
        assert Game.objects.get(pk=game.pk).status == Game.Status.IN_PLAY  # the worker has not run
        assert Hand.objects.filter(game=game).count() == 1 and totals(game) == [5690, 935]
        # The sheet offers no form any more; it says why.
        sheet = client.get(f"/table/{game.table_token}/").content.decode()
        assert "hands entered after it do not count" in sheet and 'id="hand-form"' not in sheet
    with at(game, 11):
        deadlines.apply_time_limit(game.pk)  # the sheet's page applied it already: nothing more to do
    game.refresh_from_db()
    assert (game.status, game.winner, game.result_reason) == (Game.Status.FINISHED, a, Game.Reason.TIME_LIMIT)


def test_a_hand_received_a_second_before_the_limit_counts(game):
    with at(game, -1):
        hand, _ = hands.submit(game, number=2, values=B_HUGE, key="h2", entered_by="B", entered_by_slot=2)
        hands.confirm(hand, version=1, by="A", by_slot=1)  # an unconfirmed hand would hold the result (F1)
    with at(game, 0):
        assert deadlines.apply_time_limit(game.pk) is True
    game.refresh_from_db()
    assert game.winner == game.sides.get(slot=2).team and totals(game) == [5970, 19535]


def test_the_service_refuses_it_too_whoever_sends_it(game):
    with at(game, 0), pytest.raises(hands.GameClosed, match="hands entered after it do not count"):
        hands.submit(game, number=2, values=B_HUGE, key="h2", entered_by="organizer")
    assert Hand.objects.filter(game=game).count() == 1


def test_the_time_limit_result_counts_only_hands_received_before_it(game):
    """A sheet saved before late hands were refused: hand 2 arrived 10.8 s after the limit and would
    flip the winner. The result is A's, by the hand completed in time."""
    with at(game, -60):
        hands.submit(game, number=2, values=B_HUGE, key="h2", entered_by="B", entered_by_slot=2)
    Hand.objects.filter(game=game, number=2).update(created_at=game.time_limit_at + dt.timedelta(seconds=10.8))
    with at(game, 30):
        assert deadlines.apply_time_limit(game.pk) is True
    game.refresh_from_db()
    assert game.winner == game.sides.get(slot=1).team and game.result_reason == Game.Reason.TIME_LIMIT


def test_after_the_limit_the_table_neither_corrects_nor_confirms_the_organizer_does(client, organizer, game):
    with at(game, -30):
        second, _ = hands.submit(game, number=2, values=A_AHEAD, key="h2", entered_by="A", entered_by_slot=1)
    first = Hand.objects.get(game=game, number=1)
    with at(game, 150):  # past the 2 minutes the table had to confirm hand 2 (RULES F1)
        page = client.get(f"/table/{game.table_token}/").content.decode()
        assert "only the organizer can change or confirm these hands" in page
        assert ">Correct</a>" not in page and "confirm</button>" not in page
        edit = td.form(1, [dict(td.W1, left=95), td.W2], out="1", entered_by="2", version="1", reason="recount")
        response = client.post(f"/table/{game.table_token}/hands/1/edit/", edit)
        assert response.status_code == 409 and "The time limit passed at" in response.content.decode()
        response = client.post(f"/table/{game.table_token}/hands/2/confirm/", {"side": "2", "version": "1"},
                               follow=True)
        assert "only the organizer can change or confirm" in response.content.decode()
        assert Hand.objects.get(pk=first.pk).version == 1 and Hand.objects.get(pk=second.pk).confirmed_at is None
        client.force_login(organizer)
        manage = f"/table/manage/{game.pk}/hands"
        assert client.post(f"{manage}/2/confirm/", {"version": "1"}).status_code == 302
        edit.pop("entered_by")
        assert client.post(f"{manage}/1/edit/", edit).status_code == 302
    assert Hand.objects.get(pk=second.pk).confirmed_by == "organizer"
    assert Hand.objects.get(pk=first.pk).version == 2 and totals(game) == [5690 - 50 + 5690, 935 + 935]


def test_once_the_time_limit_result_is_in_a_late_hand_gets_the_same_answer(client, game):
    with at(game, 1):
        deadlines.apply_time_limit(game.pk)
    with at(game, 90):
        response = client.post(f"/table/{game.table_token}/hands/", td.form(2, [td.W1, td.W2], out="1"))
    assert response.status_code == 409 and "hands entered after it do not count" in response.content.decode()
    assert Hand.objects.filter(game=game).count() == 1


def test_a_game_finished_at_the_limit_no_longer_says_the_organizer_decides(client, game):
    with at(game, 11):
        assert deadlines.apply_time_limit(game.pk) is True
        sheet = client.get(f"/table/{game.table_token}/").content.decode()
    assert "The totals at the limit decided the game." in sheet
    assert "organizer decides" not in sheet
