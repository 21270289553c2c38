"""A bracket game level at the time limit (RULES A7): the organizer decides, or lets the table play
one more hand; the table phone says what happens next; the organizers get one e-mail per tie; the
bracket says how the tie was settled."""

import datetime as dt
import html

import pytest
import time_machine
from django.core.exceptions import ValidationError
from django.urls import reverse

from scoring import hands
from scoring import sample_hands as td
from tests.gameday_setup import next_game, started_game, teams
from tests.mail import delivered
from tournament.core import actions, deadlines, ties
from tournament.mail import outbox
from tournament.models import Game, GameEvent, OutboxMessage

S = Game.Status
POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)
LIMIT = POSTED + dt.timedelta(hours=2, minutes=30)
LEVEL = [td.values(**td.W2), td.values(**td.W2)]  # 935 each
A_WINS = [td.values(out=True, **td.W1), td.values(**td.W2)]  # 5,690 to 935

pytestmark = pytest.mark.django_db


def reload(game):
    return Game.objects.get(pk=game.pk)


def tie_mail() -> list:
    """The e-mails about ties the worker sends (the draw's closing of sign-ups sends one too)."""
    return [m for m in delivered() if "level" in m.subject]


def text(response):
    return html.unescape(response.content.decode())


@pytest.fixture
def tournament(tournament):
    tournament.require_confirmation = False
    tournament.save(update_fields=["require_confirmation"])
    return tournament


@pytest.fixture
def game(tournament):
    return started_game(tournament, POSTED)


def enter(game, number, values, key):
    return hands.submit(reload(game), number=number, values=values, key=key, entered_by="A", entered_by_slot=1)[0]


@pytest.fixture
def tied(game, django_capture_on_commit_callbacks):
    """Level 935–935 at the limit; the deadline task's e-mail sent (its on-commit callback run)."""
    with time_machine.travel(POSTED + dt.timedelta(minutes=40), tick=False):
        enter(game, 1, LEVEL, "h1")
    with time_machine.travel(LIMIT, tick=False), django_capture_on_commit_callbacks(execute=True):
        assert deadlines.apply_time_limit(game.pk) is True
    return reload(game)


def test_a_tie_at_the_limit_waits_for_the_organizer_and_e_mails_the_organizers_once(tied, tournament):
    assert (tied.status, tied.result_reason, tied.tie_totals) == (S.AWAITING_DECISION, "time limit tie", [935, 935])
    sent = tie_mail()
    organizers = {tournament.organizer_email, *tournament.organizers.values_list("email", flat=True)}
    assert sorted(m.to[0] for m in sent) == sorted(organizers)  # one message to each organizer
    message = sent[0]
    assert "level at the time limit" in message.subject and tied.label in message.subject
    assert "Tied 935–935 at the time limit" in message.body and f"/gameday/game/{tied.pk}/" in message.body
    # A retried task, the sweep and a second worker find the claim taken: no second e-mail.
    assert ties.notify_organizers(tied.pk) is False
    with time_machine.travel(LIMIT + dt.timedelta(minutes=1), tick=False):
        assert deadlines.sweep()["notify_ties"] == 0
    assert len(tie_mail()) == len(organizers) and reload(tied).tie_notified_at == LIMIT


def test_a_mail_server_that_is_down_breaks_nothing_and_the_notice_goes_when_it_returns(
        game, smtp_server, django_capture_on_commit_callbacks):
    with time_machine.travel(POSTED + dt.timedelta(minutes=40), tick=False):
        enter(game, 1, LEVEL, "h1")
    smtp_server.stop()
    with time_machine.travel(LIMIT, tick=False):
        with django_capture_on_commit_callbacks(execute=True):
            assert deadlines.apply_time_limit(game.pk) is True
        assert outbox.send_due(pace=False)["retried"] == 1
    game = reload(game)
    assert game.status == S.AWAITING_DECISION and game.tie_notified_at == LIMIT and not smtp_server.messages
    assert OutboxMessage.objects.filter(kind="tie", status="queued").exists()
    smtp_server.start()
    with time_machine.travel(LIMIT + dt.timedelta(minutes=1), tick=False):
        assert deadlines.sweep()["notify_ties"] == 0  # queued once already
        assert outbox.send_due(pace=False)["sent"] >= 1
    addresses = sorted(m["To"] for m in smtp_server.messages if "level" in m["Subject"])
    assert addresses == sorted({game.division.tournament.organizer_email,
                                *game.division.tournament.organizers.values_list("email", flat=True)})


def test_one_more_hand_lifts_the_limit_for_that_hand_and_its_totals_decide(tied, tournament, client):
    a, b = teams(tied)
    game = actions.play_one_more_hand(tied, None, "finish the hand in play")
    assert (game.status, game.extra_hand, game.time_limit_at, game.result_reason) == (S.IN_PLAY, 2, None, "")
    assert GameEvent.objects.filter(game=game, kind="one_more_hand", data__hand=2).exists()
    with pytest.raises(ValidationError, match="not level at the time limit"):
        actions.play_one_more_hand(game, None)  # a second tap: the claim is taken
    with time_machine.travel(LIMIT + dt.timedelta(minutes=12), tick=False):
        page = text(client.get(f"/table/{game.table_token}/"))
        assert "Tied 935–935 at the time limit — play one more hand (hand 2); the organizer has been told." in page
        assert deadlines.sweep()["apply_due_time_limits"] == 0  # no clock runs out on the extra hand
        enter(game, 2, A_WINS, "h2")
    game = reload(game)
    assert (game.status, game.winner, game.result_reason) == (S.FINISHED, a, "time limit")
    assert a in teams(next_game(game))
    chart = text(client.get(reverse("brackets:division", args=[tournament.slug, "d1"])))
    assert "Tied 935–935 at the time limit; won on one more hand." in chart
    assert '<span class="total">6,625</span>' in chart  # 935 + 5,690, one format everywhere


def test_only_one_more_hand_is_taken_and_it_must_be_confirmed(tied, tournament):
    tournament.require_confirmation = True
    tournament.save(update_fields=["require_confirmation"])
    game = actions.play_one_more_hand(tied, None)
    with time_machine.travel(LIMIT + dt.timedelta(minutes=12), tick=False):
        hand = enter(game, 2, A_WINS, "h2")
        assert reload(game).status == S.IN_PLAY  # waits for the other side's confirmation
        with pytest.raises(hands.GameClosed, match="confirm hand 2"):
            enter(game, 3, LEVEL, "h3")
        hands.confirm(hand, version=1, by="Jets", by_slot=2)
    assert reload(game).status == S.FINISHED


def test_level_again_after_one_more_hand_goes_back_to_the_organizer_who_is_told_again(tied, tournament, client,
                                                                                     organizer, django_capture_on_commit_callbacks):
    a, b = teams(tied)
    game = actions.play_one_more_hand(tied, organizer)
    with time_machine.travel(LIMIT + dt.timedelta(minutes=12), tick=False), django_capture_on_commit_callbacks(execute=True):
        enter(game, 2, LEVEL, "h2")
    game = reload(game)
    assert (game.status, game.result_reason, game.extra_hand) == (S.AWAITING_DECISION, "time limit tie", 2)
    sent = tie_mail()
    assert len(sent) == 2 * len({m.to[0] for m in sent}) and "level again after one more hand" in sent[-1].body
    page = text(client.get(f"/table/{game.table_token}/"))
    assert ("Tied 935–935 at the time limit, and still level after one more hand. "
            "Waiting for the organizer's decision") in page
    actions.decide(game, b, organizer, "coin toss, both captains agreed")
    chart = text(client.get(reverse("brackets:division", args=[tournament.slug, "d1"])))
    assert ("Tied 935–935 at the time limit; level again after one more hand; "
            "decided by the organizer: coin toss, both captains agreed") in chart


def test_the_table_phone_says_it_waits_for_the_organizer(tied, client):
    page = text(client.get(f"/table/{tied.table_token}/"))
    assert "Tied 935–935 at the time limit. Waiting for the organizer's decision; the organizer has been told." in page


def test_the_board_card_alerts_and_lets_the_organizer_allow_one_more_hand(tied, tournament, organizer_client):
    board = reverse("gameday:round", args=[tournament.slug, tied.round_id])
    page = text(organizer_client.get(board))
    card = page[page.index(f'id="game-{tied.pk}"'):]
    card = card[:card.index("</article>")]
    assert "Tied 935–935 at the time limit: let the table play one more hand, or record the winner and why." in card
    assert "organizers e-mailed 12:30 PM" in card  # the limit, 19:30 UTC, in Mazatlán
    response = organizer_client.post(reverse("gameday:one_more_hand", args=[tournament.slug, tied.pk]),
                                     HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "the table plays one more hand (hand 2)" in text(response)
    assert reload(tied).extra_hand == 2


def test_one_more_hand_is_refused_for_a_game_not_level_at_the_limit(game, organizer_client, tournament):
    response = organizer_client.post(reverse("gameday:one_more_hand", args=[tournament.slug, game.pk]), {"from": "game"})
    assert response.status_code == 302
    page = text(organizer_client.get(response["Location"]))
    assert "is not level at the time limit (it is in play), so there is no extra hand to allow." in page
    assert reload(game).extra_hand is None


def test_the_organizer_decision_is_told_on_the_bracket(tied, tournament, organizer, client):
    a, _ = teams(tied)
    actions.decide(tied, a, organizer, "One more hand played by agreement: 95 to 40")
    chart = text(client.get(reverse("brackets:division", args=[tournament.slug, "d1"])))
    assert "Tied 935–935 at the time limit; decided by the organizer: One more hand played by agreement: 95 to 40" in chart
