"""A table event whose last play-off settles every medal is over by itself: the organizer's list of
events says Finished at once (it said "Sign-ups closed"), its history says why, and taking that
play-off table back makes it In play again."""

import pytest
from django.urls import reverse

from tests.factories import organizer, organizer_client  # noqa: F401 (fixtures)
from tests.formats.tables.played import end_with_totals, players_round
from tests.walks.pages import visible
from tournament.core import transitions, undo
from tournament.formats.tables import playoffs, results
from tournament.models import Game, GameEvent, GameSide

pytestmark = pytest.mark.django_db


def status_in_list(client, event, language="en") -> str:
    client.cookies["django_language"] = language
    page = visible(client.get(reverse("organizer:home")).content.decode())
    return page.split(event.name, 1)[1]


def playoff_for_the_win(event):
    """P1 and P4 level at the top of two tables of three; their play-off table, ready to play."""
    rows = {row.name: row for row in results.standings(event).rows}
    rnd = playoffs.create_playoff(event, [rows["P1"].entrant, rows["P4"].entrant])
    return Game.objects.get(round=rnd)


def p4_wins(game):
    p4 = GameSide.objects.get(game=game, player__name="P4")
    GameSide.objects.filter(game=game).update(total=-30)
    GameSide.objects.filter(pk=p4.pk).update(total=30)
    return transitions.move(Game.objects.get(pk=game.pk), "finish", winner=p4, reason=Game.Reason.SCORE, log="result")


@pytest.mark.parametrize(("language", "before", "after"), [("en", "Sign-ups closed", "Finished"),
                                                          ("es", "Inscripciones cerradas", "Terminado")])
def test_the_last_play_off_settling_the_medals_finishes_the_event(organizer_client, language, before, after):  # noqa: F811
    event, (a, b) = players_round("rummikub", 3, 3)
    type(event).objects.filter(pk=event.pk).update(status=event.Status.CLOSED)  # as on the day
    end_with_totals(a, 60, 10, -70)
    end_with_totals(b, 60, 0, -60)
    game = playoff_for_the_win(event)
    assert before in status_in_list(organizer_client, event, language)
    p4_wins(game)
    shown = status_in_list(organizer_client, event, language)
    assert after in shown and before not in shown
    assert GameEvent.objects.filter(game=game, kind="event_finished").exists()  # in the event's history
    assert results.standings(event).rows[0].medal == "gold"


def test_a_play_off_table_taken_back_puts_the_event_in_play_again(organizer_client, organizer):  # noqa: F811
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 60, 10, -70)
    end_with_totals(b, 60, 0, -60)
    game = p4_wins(playoff_for_the_win(event))
    undo.reopen_result(game, by=organizer, reason="P1's last hand was entered wrong")
    shown = status_in_list(organizer_client, event)
    assert "In play" in shown and "Finished" not in shown
    assert GameEvent.objects.filter(game=game, kind="event_reopened").exists()


def test_a_play_off_that_ends_level_leaves_the_event_open(organizer_client):  # noqa: F811
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 60, 10, -70)
    end_with_totals(b, 60, 0, -60)
    game = playoff_for_the_win(event)
    GameSide.objects.filter(game=game).update(total=0)
    transitions.move(Game.objects.get(pk=game.pk), "await_decision", reason=Game.Reason.TIME_LIMIT_TIE)
    assert "Finished" not in status_in_list(organizer_client, event)
