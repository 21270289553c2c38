"""The game log is typed: every kind the app writes has a schema, a wrong entry is refused before it is
written, entrants are {"team"}/{"player"} everywhere, and the ids a backup translates come from the schemas."""

import dataclasses
import pathlib
import re
import typing

import pytest

from tests.factories import TournamentFactory
from tests.formats.tables.played import club_round, players_round
from tests.gameday_setup import publish_division
from tournament.core import game_log
from tournament.core.game_log import Entrant, LogSchemaError
from tournament.core.game_log_upgrade import Seat, downgrade, upgrade
from tournament.core.game_rows import log_event
from tournament.models import GameEvent

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCES = [p for d in ("tournament", "scoring") for p in (ROOT / d).rglob("*.py") if "migrations" not in p.parts]


def written_kinds() -> set[str]:
    """Every kind the app's code logs: literal kinds, `kind="…"` arguments and the statuses logged as kinds."""
    kinds = set()
    for path in SOURCES:
        text = path.read_text()
        kinds |= set(re.findall(r'log_event\(\w+, "(\w+)"', text))
        kinds |= set(re.findall(r'log_event\(\w+, "(\w+)" if', text)) | set(re.findall(r'else "(\w+)", at=now', text))
        # A move's entry (tournament.core.transitions): its `log=` kind, else the move's own name.
        kinds |= set(re.findall(r'log="(\w+)"', text)) | set(re.findall(r'log="\w+" if \w+ else "(\w+)"', text))
        kinds |= {name for name, rest in re.findall(r'transitions\.move\(\s*\w+, "(\w+)"([^)]*)\)', text) if "log=" not in rest}
    # advancement._automatic logs the automatic outcome's status as the kind.
    return kinds | {"forfeit", "double_forfeit", "not_needed"}


def test_every_kind_the_app_writes_has_a_schema():
    kinds = written_kinds()
    assert {"started", "no_show", "time_limit", "time_limit_tie", "result", "correction", "hand_corrected",
            "table_link_rotated", "table_bonus_override", "checked_in", "await_decision"} <= kinds
    assert kinds <= set(game_log.SCHEMAS), kinds - set(game_log.SCHEMAS)


def test_the_log_is_written_through_log_event_only():
    """Nothing creates a GameEvent behind the schema's back."""
    offenders = [p.relative_to(ROOT) for p in SOURCES
                 if re.search(r"GameEvent\.objects\.(create|bulk_create)|(?<!class )GameEvent\(", p.read_text())
                 and p.name != "game_rows.py"]
    assert offenders == []


SAMPLES = {  # one entry of each kind, as its writer writes it
    "ready": {}, "await_decision": {},
    "started": {"via": "table", "early": True, "agreed": [{"team": 1}, {"team": 2}], "time_limit_at": "2027-01-06T19:00:00+00:00"},
    "checked_in": {"via": "table", "entrant": {"player": 3}},
    "no_show": {"absent": [{"player": 3}], "deadline": "2027-01-06T17:15:00+00:00"},
    "time_limit": {"totals": [{"entrant": {"team": 1}, "total": 120}, {"entrant": {"team": 2}, "total": 80}],
                   "winner": {"team": 1}},
    "time_limit_tie": {"totals": [{"entrant": {"player": 1}, "total": 5}, {"entrant": {"player": 2}, "total": 5}], "hand": 4},
    "result": {"status": "finished", "reason": "score", "winner": {"team": 1}},
    "result_held": {"hands": [2], "totals": [{"entrant": {"team": 1}, "total": 1000}, {"entrant": {"team": 2}, "total": 6300}],
                    "as_entered": [{"entrant": {"team": 1}, "total": 10800}, {"entrant": {"team": 2}, "total": 7200}],
                    "until": "2027-01-06T19:02:00+00:00"},
    "unconfirmed_at_limit": {"hands": [2], "totals": [{"entrant": {"player": 1}, "total": 5}],
                             "as_entered": [{"entrant": {"player": 1}, "total": 9}]},
    "forfeit": {"reason": "walkover", "winner": {"team": 1}}, "double_forfeit": {"reason": "nobody reached", "winner": None},
    "not_needed": {"reason": "same champion", "winner": {"team": 1}},
    "correction": {"status": "finished", "reason": "score", "winner": {"team": 2}, "old_winner": {"team": 1},
                   "old_status": "finished"},
    "one_more_hand": {"hand": 4, "time_limit_at": None},
    "forfeit_reversed": {"status": "forfeit", "winner": {"team": 2}, "reason": "no show"},
    "reopened": {"reason": "Game 1 forfeit reversed"},
    "no_partner": {"entrant": {"team": 2}},
    "substitute": {"entrant": {"team": 2}, "replaced": 7, "substitute": 9},
    "hand_corrected": {"hand": 2, "version": 3, "author": "organizer"},
    "hand_entered": {"hand": 2, "author": "Sharks", "scores": [{"entrant": {"team": 1}, "total": 5690},
                                                                {"entrant": {"team": 2}, "total": -150}]},
    "hand_confirmed": {"hand": 2, "version": 1, "confirmed_by": "Pelicans", "handed_over": True},
    "table_link_rotated": {"old_token": "abc"},
    "table_bonus": {"points": 100},
    "table_bonus_override": {"old_game": 4, "new_game": None, "points": 100},
    "playoff_posted": {"entrants": [{"player": 3}, {"player": 5}], "table": 7, "starts_at": "2027-01-07T01:30:00+00:00",
                       "no_show_minutes": 2},
    "event_finished": {"reason": ""},
    "event_reopened": {"reason": "a score to correct"},
    "clock_paused": {"time_limit_at": "2027-01-06T19:00:00+00:00", "left_seconds": 1800},
    "clock_resumed": {"time_limit_at": "2027-01-06T19:10:00+00:00", "paused_seconds": 600},
    "clock_extended": {"time_limit_at": "2027-01-06T19:25:00+00:00", "minutes": 15},
    "length_changed": {"time_limit_at": "2027-01-06T19:40:00+00:00", "minutes": 30},
    "result_reopened": {"status": "finished", "winner": {"team": 1}, "reason": "score"},
    "withdrawn": {"entrant": {"team": 2}, "player": 7, "round": 1, "choice": "substitute"},
    "withdrawal_undone": {"entrant": {"team": 2}, "status": "forfeit", "reason": "withdrawn", "winner": {"team": 3}},
    "seat_taken": {"left": {"player": 3}, "joined": {"player": 5}, "round": 2},
    "reseated": {"without": {"team": 2}, "round": 1, "seed": 42},
    "partner_replaced": {"entrant": {"team": 2}, "replaced": 7, "substitute": 9, "round": 1, "rest_of_event": True},
    "published_while_playing": {"before": 1, "tables": [2, 3]},
    "seat_back": {"entrant": {"player": 3}, "hand": 2},
    "seat_left": {"entrant": {"player": 3}, "after_hand": 2, "player": 3},
    "short_table": {"choice": "move", "present": [{"player": 1}, {"player": 2}], "minimum": 3, "to_game": 4},
    "change_undone": {"what": "substitute", "entrant": {"team": 2}, "player": 7, "other": 9, "round": 1},
}


def test_each_kind_has_a_sample_that_validates_and_reads_back():
    assert set(SAMPLES) == set(game_log.SCHEMAS)
    for kind, data in SAMPLES.items():
        assert game_log.dump(kind, data) == {**{f.name: game_log.to_json(f.default) for f in dataclasses.fields(
            game_log.SCHEMAS[kind]) if f.default is not dataclasses.MISSING and not f.metadata.get("later")}, **data}, kind


@pytest.mark.parametrize("kind, data, says", [
    ("finished", {}, "no game-log schema for the kind 'finished'"),
    ("no_show", {"absent": [5], "deadline": "x"}, "no_show.absent[0]: must be an object"),  # a bare id, as before
    ("no_show", {"absent": [], "deadline": "x", "totals": {}}, "unknown field(s) totals"),
    ("no_show", {"absent": []}, "missing field deadline"),
    ("result", {"winner": {"team": 1, "player": 2}}, "exactly one of them"),
    ("result", {"winner": {"side": 1}}, "unknown field(s) side"),
    ("table_bonus", {"points": "100"}, "must be a whole number"),
    ("started", {"via": "table", "time_limit_at": None, "early": 1}, "must be true or false"),
])
@pytest.mark.django_db
def test_a_wrong_entry_is_refused_before_anything_is_written(kind, data, says):
    tournament = TournamentFactory()
    _, (game, *_) = publish_division(tournament)
    before = GameEvent.objects.count()
    with pytest.raises(LogSchemaError, match=re.escape(says)):
        log_event(game, kind, **data)
    assert GameEvent.objects.count() == before


@pytest.mark.django_db
def test_log_event_takes_schema_objects_and_stores_plain_json():
    _, (game, *_) = publish_division(TournamentFactory())
    log_event(game, "no_show", absent=[Entrant(team=5)], deadline="x")
    assert GameEvent.objects.get(game=game, kind="no_show").data == {"absent": [{"team": 5}], "deadline": "x"}


NOT_IDS = {"hand", "hands", "version", "points", "total", "table", "no_show_minutes", "left_seconds", "paused_seconds", "minutes", "round", "seed",
           "before", "tables", "minimum", "after_hand"}  # published_while_playing: the round before (its number) and its tables  # whole numbers that are not ids (a round number, a draw number ...)


def _int_fields(tp, path=""):
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        base, *marks = typing.get_args(tp)
        if base is int and not marks:
            yield path
        elif base is not int:
            yield from _int_fields(base, path)
    elif origin in (typing.Union, __import__("types").UnionType):
        for option in typing.get_args(tp):
            yield from _int_fields(option, path)
    elif origin is list:
        yield from _int_fields(typing.get_args(tp)[0], path + "[]")
    elif dataclasses.is_dataclass(tp):
        for name, hint in typing.get_type_hints(tp, include_extras=True).items():
            yield from _int_fields(hint, f"{path}.{name}" if path else name)
    elif tp is int:
        yield path


def test_the_id_map_lists_every_id_field():
    fields = game_log.id_fields()
    assert fields["no_show"] == {"absent[].team": "tournament.Team", "absent[].player": "tournament.Player",
                                 "no_partner[].team": "tournament.Team", "no_partner[].player": "tournament.Player"}
    assert fields["time_limit"] == {"totals[].entrant.team": "tournament.Team", "totals[].entrant.player": "tournament.Player",
                                    "winner.team": "tournament.Team", "winner.player": "tournament.Player"}
    assert fields["correction"]["old_winner.team"] == "tournament.Team"
    assert fields["substitute"] == {"entrant.team": "tournament.Team", "entrant.player": "tournament.Player",
                                    "replaced": "tournament.Player", "substitute": "tournament.Player"}
    assert fields["table_bonus_override"] == {"old_game": "tournament.Game", "new_game": "tournament.Game"}
    assert fields["hand_corrected"] == {} and fields["table_link_rotated"] == {}
    # Every other whole number in a schema is a count, not an id: a new id field must be marked.
    for kind, schema in game_log.SCHEMAS.items():
        plain = {path.rsplit(".", 1)[-1].rstrip("[]") for path in _int_fields(schema)}
        assert plain <= NOT_IDS, (kind, plain)


def test_remap_ids_translates_each_id_by_its_model():
    data = game_log.dump("table_bonus_override", SAMPLES["table_bonus_override"])
    assert game_log.remap_ids("table_bonus_override", data, lambda model, pk: (model, pk)) == {
        "old_game": ("tournament.Game", 4), "new_game": None, "points": 100}
    sub = game_log.remap_ids("substitute", SAMPLES["substitute"], lambda model, pk: f"{model}:{pk}")
    assert sub == {"entrant": {"team": "tournament.Team:2"}, "replaced": "tournament.Player:7",
                   "substitute": "tournament.Player:9"}


# ---- the migration's conversion of the older shapes ---------------------------------------------

BRACKET = [Seat(pk=31, slot=1, team_id=5, player_id=None), Seat(pk=32, slot=2, team_id=6, player_id=None)]
PLAYERS = [Seat(pk=41, slot=1, team_id=None, player_id=7), Seat(pk=42, slot=2, team_id=None, player_id=8),
           Seat(pk=43, slot=3, team_id=None, player_id=9)]


@pytest.mark.parametrize("kind, old, seats, at_table, new", [
    ("no_show", {"absent": [6], "deadline": "x"}, BRACKET, False, {"absent": [{"team": 6}], "deadline": "x"}),
    ("no_show", {"absent": [42, 43], "deadline": "x"}, PLAYERS, True, {"absent": [{"player": 8}, {"player": 9}], "deadline": "x"}),
    ("started", {"via": "table", "early": True, "agreed": [5, 6], "time_limit_at": None}, BRACKET, False,
     {"via": "table", "early": True, "agreed": [{"team": 5}, {"team": 6}], "time_limit_at": None}),
    ("started", {"via": "table", "agreed": [41], "time_limit_at": None}, PLAYERS, True,
     {"via": "table", "agreed": [{"player": 7}], "time_limit_at": None}),
    ("time_limit", {"totals": {"5": 10, "6": 4}}, BRACKET, False,
     {"totals": [{"entrant": {"team": 5}, "total": 10}, {"entrant": {"team": 6}, "total": 4}]}),
    ("time_limit", {"totals": {"41": 10, "42": 4, "43": 1}, "winner_side": 1}, PLAYERS, True,
     {"totals": [{"entrant": {"player": 7}, "total": 10}, {"entrant": {"player": 8}, "total": 4},
                 {"entrant": {"player": 9}, "total": 1}], "winner": {"player": 7}}),
    ("time_limit_tie", {"totals": [9, 9], "hand": 4}, BRACKET, False,
     {"totals": [{"entrant": {"team": 5}, "total": 9}, {"entrant": {"team": 6}, "total": 9}], "hand": 4}),
    ("result", {"winner_side": 2}, PLAYERS, True, {"winner": {"player": 8}}),
    ("correction", {"status": "finished", "reason": "score", "winner": 6, "old_winner": 5, "old_status": "finished"},
     BRACKET, False, {"status": "finished", "reason": "score", "winner": {"team": 6}, "old_winner": {"team": 5},
                      "old_status": "finished"}),
    ("double_forfeit", {"reason": "no show", "winner": None}, BRACKET, False, {"reason": "no show", "winner": None}),
    ("checked_in", {"via": "table", "side": 3}, PLAYERS, True, {"via": "table", "entrant": {"player": 9}}),
    ("substitute", {"team": 6, "replaced": 1, "substitute": 2}, BRACKET, False,
     {"entrant": {"team": 6}, "replaced": 1, "substitute": 2}),
    ("table_bonus_override", {"old_game": 1, "new_game": 2, "points": 5}, PLAYERS, True,
     {"old_game": 1, "new_game": 2, "points": 5}),
])
def test_the_migration_brings_each_older_entry_to_its_schema(kind, old, seats, at_table, new):
    assert upgrade(kind, old, seats, at_table) == new
    game_log.parse(kind, new)
    assert upgrade(kind, new, seats, at_table) == new  # twice changes nothing
    assert upgrade(kind, downgrade(kind, new, seats, at_table), seats, at_table) == new  # and back


@pytest.mark.django_db
def test_tables_log_the_seated_entrant_not_a_seat_id():
    """A Rummikub table and a club partnership table write the same entrant references as the bracket."""
    from tournament.core import deadlines

    _event, (table, _) = players_round("rummikub", 3, 3)
    deadlines.apply_no_show(table.pk, now=table.no_show_at)
    absent = GameEvent.objects.get(game=table, kind="no_show").data["absent"]
    assert sorted(e["player"] for e in absent) == sorted(s.player_id for s in table.sides.all())
    _event, (first, _) = club_round(2)
    deadlines.apply_no_show(first.pk, now=first.no_show_at)
    absent = GameEvent.objects.get(game=first, kind="no_show").data["absent"]
    assert sorted(e["team"] for e in absent) == sorted(s.team_id for s in first.sides.all())
