"""The funnel every change of a game's status goes through (tournament.core.transitions)."""

import pathlib
import re

import pytest

from tests.formats.bracket.draw.test_brackets_support import game, published, teams_of
from tests.walks import stages
from tournament.core import transitions
from tournament.formats.bracket import advancement
from tournament.models import Division, Game, GameEvent, Tournament

S = Game.Status
ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCES = [p for d in ("tournament", "scoring") for p in (ROOT / d).rglob("*.py") if "migrations" not in p.parts]


def test_the_table_of_moves_names_every_status_and_only_real_ones():
    statuses = set(S.values)
    for name, table in transitions.MOVES.items():
        assert set(table) <= statuses and set(table.values()) <= statuses, name
    reached = {to for table in transitions.MOVES.values() for to in table.values()}
    # A bye is made at the draw and never reached by a move; every other status is.
    assert reached == statuses - {S.BYE}


def test_no_code_writes_a_game_status_outside_the_funnel():
    """Games are created in a status (the draw, a round published); after that only `move` changes it."""
    offenders = []
    for path in SOURCES:
        if path.name == "transitions.py":
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"\.update\([^)]*\bstatus=(S|Status|Game\.Status)\.|\b(game|locked)\.status = |\.status = S(tatus)?\.", line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


def test_an_illegal_move_fails_loudly_and_changes_nothing(db):
    tournament, _ = published(4, both=False)
    first = game(tournament, "d1", 1, 1)
    before = (first.status, first.version, Tournament.objects.get(pk=tournament.pk).changes, GameEvent.objects.count())
    with pytest.raises(transitions.IllegalMove):
        transitions.move(first, "decide")  # a ready game awaits no decision
    with pytest.raises(transitions.IllegalMove):
        transitions.move(first, "no such move")
    after = Game.objects.get(pk=first.pk)
    assert (after.status, after.version, Tournament.objects.get(pk=tournament.pk).changes, GameEvent.objects.count()) == before


def test_a_claim_that_lost_the_race_is_answered_none_and_changes_nothing(db):
    tournament, _ = published(4, both=False)
    first = game(tournament, "d1", 1, 1)
    advancement.finish_game(first, teams_of(first)[0], reason="score")
    events = GameEvent.objects.filter(game=first).count()
    assert transitions.move(first, "forfeit", claim=True) is None
    assert GameEvent.objects.filter(game=first).count() == events


def test_a_move_logs_writes_and_counts_one_change_even_when_the_format_moves_the_next_game(db):
    tournament, _ = published(4, both=False)
    first, second = game(tournament, "d1", 1, 1), game(tournament, "d1", 1, 2)
    advancement.finish_game(second, teams_of(second)[1], reason="score")
    changes = Tournament.objects.get(pk=tournament.pk).changes
    winner = teams_of(first)[0]
    advancement.finish_game(first, winner, reason="score")  # the final becomes ready in the same move
    assert Tournament.objects.get(pk=tournament.pk).changes == changes + 1
    final = game(tournament, "d1", 2, 1)
    assert final.status == S.READY
    entry = GameEvent.objects.filter(game=first).last()
    assert entry.kind == "result" and entry.data["winner"] == {"team": winner.pk} and entry.data["status"] == S.FINISHED
    assert GameEvent.objects.filter(game=final, kind="ready").exists()


def test_a_partnership_table_ends_as_a_table_and_names_no_division_champion(db):
    """Before the funnel, a club 4-deck table ended through the bracket's advancement and its winner
    became the table division's champion."""
    event = next(event for stage, event in stages.table_walk("club-4deck", 8) if stage.name == "one table finished")
    table = stages.round_games(event, 1)[0]
    assert table.status == S.FINISHED and table.winner_id is not None
    assert Division.objects.get(pk=table.division_id).champion is None
    entry = GameEvent.objects.filter(game=table, kind="result").get()
    assert entry.data["winner"] == {"team": table.winner_id}


def test_a_caller_cannot_pass_the_status_as_a_field(db):
    """Before, `fields={"status": …}` overrode the table's answer and wrote any status at all."""
    tournament, _ = published(4, both=False)
    first = game(tournament, "d1", 1, 1)
    with pytest.raises(transitions.IllegalMove):
        transitions.move(first, "start", fields={"status": S.FINISHED})
    assert Game.objects.get(pk=first.pk).status == S.READY


def test_each_format_allows_a_subset_of_the_core_table_and_bracket_moves_are_illegal_at_a_table(db):
    """Before, a table could be moved "ready", "reopen" or "not_needed", moves only a bracket makes."""
    from tournament.core import formats

    for key in formats.keys():
        assert formats.by_key(key).moves and formats.by_key(key).moves <= set(transitions.MOVES), key
    event = next(event for stage, event in stages.table_walk("club-4deck", 8) if stage.name == "one table finished")
    table = stages.round_games(event, 1)[0]
    for name in ("reopen", "not_needed"):
        with pytest.raises(transitions.IllegalMove):
            transitions.move(table, name)
    assert Game.objects.get(pk=table.pk).status == S.FINISHED


def test_a_move_and_its_log_entry_have_one_name(db):
    """Before, the move "await_decision" logged "awaiting_decision"; older entries still read."""
    from tournament.core import game_log, game_log_words

    tournament, _ = published(4, both=False)
    first = game(tournament, "d1", 1, 1)
    transitions.move(first, "await_decision")  # a tie on the sheet of a game that was never started
    entry = GameEvent.objects.filter(game=first).last()
    assert entry.kind == "await_decision"
    old = GameEvent(game=first, kind="awaiting_decision", data={}, at=entry.at)
    assert game_log.read(old) == game_log.read(entry)
    words = game_log_words.lines(first, [old, entry], first.sides.all())
    assert words[0].words == words[1].words == "Waiting for the organizer's decision"
    with pytest.raises(game_log.LogSchemaError):
        game_log.dump("awaiting_decision", {})  # written only under today's name
