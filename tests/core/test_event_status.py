"""An event's own status changes in one funnel with its table of moves (tournament.core.event_status),
as a game's does: sign-ups close, a bracket's final or a table event's declaration finishes it, and
taking that back makes it run again."""

import pathlib
import re

import pytest

from tests.formats.bracket.draw.test_brackets_support import final_game, game, published, teams_of
from tests.walks import stages
from tournament.core import actions, event_status, undo
from tournament.formats.bracket import advancement
from tournament.models import Game, GameEvent, Tournament

T = Tournament.Status
ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCES = [p for d in ("tournament", "scoring") for p in (ROOT / d).rglob("*.py") if "migrations" not in p.parts]


def test_the_table_of_event_moves_names_only_real_statuses():
    statuses = set(T.values)
    for name, table in event_status.EVENT_MOVES.items():
        assert set(table) <= statuses and set(table.values()) <= statuses, name
    reached = {to for table in event_status.EVENT_MOVES.values() for to in table.values()}
    assert reached == statuses - {T.OPEN}  # an event is created open (a club's past one: finished)


def test_no_code_writes_an_event_status_outside_its_funnel():
    """Before, signup_deadline.py, tables/event_state.py (six times) and clubs/sample.py each wrote it."""
    offenders = []
    for path in SOURCES:
        if path.name == "event_status.py":
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"\.update\([^)]*\bstatus=Tournament\.Status\.|\b(tournament|locked|event|t)\.status = ", line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


def test_an_illegal_event_move_fails_loudly_and_changes_nothing(db):
    tournament, _ = published(4, both=False)
    changes = Tournament.objects.get(pk=tournament.pk).changes
    with pytest.raises(event_status.IllegalMove):
        event_status.move(tournament, "reopen")  # it is not finished
    with pytest.raises(event_status.IllegalMove):
        event_status.move(tournament, "no such move")
    with pytest.raises(event_status.IllegalMove):
        event_status.move(tournament, "finish", fields={"status": T.OPEN})
    assert Tournament.objects.get(pk=tournament.pk).changes == changes
    assert event_status.move(tournament.pk, "reopen", claim=True) is None


def _play_everything(tournament):
    while True:
        ready = [g for g in stages.games_of(tournament) if g.status == "ready"]
        if not ready:
            return
        advancement.finish_game(ready[0], teams_of(ready[0])[0], reason="score")


def test_a_bracket_event_is_finished_when_its_final_is_decided_and_runs_again_when_it_is_reopened(db):
    """Before, a bracket event never reached "finished": the organizer's list said "Sign-ups closed" forever."""
    tournament, _ = published(4)
    _play_everything(tournament)
    final = final_game(tournament)
    assert final.status == "finished"
    assert Tournament.objects.get(pk=tournament.pk).status == T.FINISHED
    assert GameEvent.objects.filter(game=final, kind="event_finished").exists()
    undo.reopen_result(final, by=None, reason="the last hand was entered twice")
    assert Tournament.objects.get(pk=tournament.pk).status == T.RUNNING
    advancement.finish_game(final_game(tournament), teams_of(final)[1], reason="score")
    assert Tournament.objects.get(pk=tournament.pk).status == T.FINISHED


def test_a_forfeited_final_finishes_the_event_and_reversing_the_forfeit_runs_it_again(db):
    tournament, _ = published(4)
    for kind in ("d1", "d2"):
        for number in (1, 2):
            semi = game(tournament, kind, 1, number)
            advancement.finish_game(semi, teams_of(semi)[0], reason="score")
        last = game(tournament, kind, 2, 1)
        advancement.finish_game(last, teams_of(last)[0], reason="score")
    assert Tournament.objects.get(pk=tournament.pk).status == T.CLOSED  # the final is still to play
    final = final_game(tournament)
    advancement.finish_game(final, teams_of(final)[0], reason="no show", status=Game.Status.FORFEIT)
    assert Tournament.objects.get(pk=tournament.pk).status == T.FINISHED
    actions.reverse_forfeit(final_game(tournament), by=None, reason="they were in the car park")
    assert final_game(tournament).status == Game.Status.READY
    assert Tournament.objects.get(pk=tournament.pk).status == T.RUNNING
