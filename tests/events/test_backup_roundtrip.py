"""Export a tournament with every kind of row, wipe the database, import it: every field of every row is back."""

import datetime as dt
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.utils import timezone

from scoring.models import Hand, HandRevision
from tests.factories import TeamFactory, TournamentFactory, UserFactory
from tournament.events import backup_json
from tournament.events.backup import (
    TournamentImportError,
    export_tournament,
    import_tournament,
    tournament_models,
)
from tournament.models import (
    CheckIn,
    Division,
    DivisionWithdrawal,
    DrawRecord,
    EntrantMail,
    Game,
    GameEvent,
    GameSide,
    Household,
    PartnerDraw,
    PartnerPost,
    PeopleChange,
    Player,
    Round,
    SeatingDraw,
    Substitution,
    TableBonus,
    TableEntry,
    TableEvent,
    Team,
    Tournament,
)


def build_full_tournament(slug="bayfest-backup"):
    """A tournament in the middle of game day, with at least one row of every model and every awkward reference."""
    now = timezone.now()
    boss = UserFactory(username="boss", first_name="Bea", email="bea@club.example")
    desk = UserFactory(username="desk", is_staff=False)
    tournament = TournamentFactory(
        slug=slug, name="Bayfest Backup", created_by=boss, status=Tournament.Status.RUNNING,
        registration_closed_at=now - dt.timedelta(hours=1, microseconds=123),
        game_time_limit=dt.timedelta(hours=2, minutes=17, seconds=3), no_show_grace=dt.timedelta(minutes=7),
        signup_deadline=now - dt.timedelta(hours=1), description="Línea 1\nLínea 2 — ñ",
    )
    tournament.rules_numbers = {**tournament.rules_numbers, "target": 5000, "nested": {"a": [1, 2, None]}}
    tournament.save()
    teams = [TeamFactory(tournament=tournament, name=f"Team {i}", contact=f"55-{i}") for i in range(5)]
    teams[4].withdrawn_at = now
    teams[4].submission_key = "k-4"
    teams[4].save()
    # Two posts that want each other: the first refers forward to the second (a self reference).
    loners = [Player.objects.create(tournament=tournament, name=f"Loner {i}") for i in range(2)]
    first = PartnerPost.objects.create(player=loners[0], note="mornings")
    second = PartnerPost.objects.create(player=loners[1], wants=first)
    first.wants = second
    first.save()

    d1 = Division.objects.create(tournament=tournament, kind="d1", name="Division 1", size=8, published_at=now)
    d2 = Division.objects.create(tournament=tournament, kind="d2", name="Division 2", size=8)
    DrawRecord.objects.create(division=d1, seed=2**40 + 7, lines=[t.pk for t in teams[:4]] + [None] * 4, created_by=boss,
                              published_at=now, published_by=boss)
    DrawRecord.objects.create(division=d1, seed=-3, lines=[teams[3].pk, None, teams[0].pk], created_by=desk,
                              seeded=[teams[3].pk, teams[0].pk])
    round1 = Round.objects.create(division=d1, number=1, name="First round", starts_at=now)
    round2 = Round.objects.create(division=d1, number=2)
    Round.objects.create(division=d2, number=1)
    game1 = Game.objects.create(
        division=d1, round=round1, number=1, table_number=3, starts_at=now, status=Game.Status.FINISHED,
        winner=teams[0], result_reason="score", decided_by=boss, decision_note="ok", finished_at=now, version=4,
    )
    game2 = Game.objects.create(division=d1, round=round1, number=2, status=Game.Status.IN_PLAY, started_at=now,
                                no_show_at=now + dt.timedelta(minutes=5), time_limit_at=now + dt.timedelta(hours=2))
    game3 = Game.objects.create(division=d1, round=round2, number=1)
    GameSide.objects.create(game=game1, slot=1, team=teams[0], total=5120, confirmed_total=5120, checked_in_at=now)
    GameSide.objects.create(game=game1, slot=2, team=teams[1], total=-40, confirmed_total=-40)
    GameSide.objects.create(game=game2, slot=1, team=teams[2])
    GameSide.objects.create(game=game2, slot=2, is_bye=True)
    GameSide.objects.create(game=game3, slot=1, fed_by=game1, team=teams[0])
    GameSide.objects.create(game=game3, slot=2, fed_by=game2, player=loners[0])
    d1.champion = teams[0]
    d1.save()
    DivisionWithdrawal.objects.create(team=teams[3], division=d2, reason="flight home", by=boss)
    EntrantMail.objects.create(tournament=tournament, team=teams[0], email="team0@club.example", language="es",
                               stopped=["draw"])
    CheckIn.objects.create(game=game1, team=teams[0], recorded_by=desk, via="table")
    CheckIn.objects.create(game=game1, team=teams[1])
    sub_player = Player.objects.create(tournament=tournament, name="Sub")
    Substitution.objects.create(game=game1, team=teams[1], replaced=teams[1].players.first(), substitute=sub_player, recorded_by=boss)
    GameEvent.objects.create(game=game1, kind="result", data={"status": "finished", "winner": {"team": teams[0].pk}}, by=boss)
    GameEvent.objects.create(game=game1, kind="no_show", data={"absent": [{"team": teams[1].pk}], "deadline": "x"})
    GameEvent.objects.create(game=game1, kind="time_limit", data={"totals": [
        {"entrant": {"team": teams[0].pk}, "total": 10}, {"entrant": {"player": loners[1].pk}, "total": 5}]})
    GameEvent.objects.create(game=game2, kind="started", note="early start agreed", data={"via": "table", "time_limit_at": None})
    GameEvent.objects.create(game=game1, kind="substitute", data={"entrant": {"team": teams[1].pk}, "replaced": sub_player.pk,
                                                                  "substitute": loners[0].pk})
    GameEvent.objects.create(game=game1, kind="table_bonus_override", data={"old_game": game2.pk, "new_game": game1.pk, "points": 4})
    hand = Hand.objects.create(game=game1, number=1, idempotency_key="hand-1", version=2,
                               entries=[{"side": "Team 0", "melds": 120}], result={"Team 0": 120}, entered_by="Team 0",
                               confirmed_at=now, confirmed_by="Team 1")
    Hand.objects.create(game=game1, number=2, idempotency_key="hand-2", entries=[], result={})
    HandRevision.objects.create(hand=hand, version=1, entries=[{"side": "Team 0", "melds": 100}], result={}, author="Team 0")
    HandRevision.objects.create(hand=hand, version=2, entries=hand.entries, result=hand.result, reason="typo",
                                author="organizer", author_user=boss)
    # Table-round rows (their draws hold player ids in nested lists).
    couple = Household.objects.create(tournament=tournament)
    TableEntry.objects.create(player=loners[0], household=couple, came_with="Loner 1", submission_key="t-0")
    TableEntry.objects.create(player=loners[1], household=couple, withdrawn_at=now)
    TableEvent.objects.create(tournament=tournament, hands_per_round=3, movement="winners_stay")
    PartnerDraw.objects.create(tournament=tournament, seed=11, pairs=[[loners[0].pk, sub_player.pk]], created_by=boss, published_at=now)
    SeatingDraw.objects.create(tournament=tournament, round_number=1, seed=12, sides=[[[loners[0].pk], [sub_player.pk]]],
                               seats=[[sub_player.pk, loners[0].pk]], sitting_out=[loners[1].pk], published_at=now,
                               strengths=[[[loners[0].pk], 12.5], [[sub_player.pk], -3.0]])
    TableBonus.objects.create(round=round1, game=game1, points=400, reason="first table to finish", by=boss)
    PeopleChange.objects.create(tournament=tournament, kind="partner_replaced", by=boss, data={
        "entrant": {"team": teams[1].pk}, "replaced": loners[1].pk, "substitute": loners[0].pk, "round": 0,
        "rest_of_event": True, "alone": True})
    return tournament


def snapshot(tournament):
    """{model label: [row dicts]} with foreign keys by position (not by id) and users by username."""
    User = get_user_model()
    rows, positions = {}, {}
    # The whole table, not the backup's own lookups: the database holds this tournament only, so a
    # row the export's lookup misses shows up here as a difference.
    for model, _ in tournament_models():
        objs = list(model.objects.order_by("pk"))
        positions[model._meta.label] = {obj.pk: index for index, obj in enumerate(objs)}
        rows[model._meta.label] = objs
    result = {}
    for label, objs in rows.items():
        result[label] = []
        for obj in objs:
            row = {}
            for field in obj._meta.concrete_fields:
                if field.primary_key:
                    continue
                value = getattr(obj, field.attname)
                if field.is_relation and value is not None:
                    target = field.related_model
                    if target is User:
                        user = User.objects.get(pk=value)
                        # Rights never travel in a backup (is_staff is not compared).
                        value = (user.username, user.email, user.first_name)
                    else:
                        value = ("row", positions[target._meta.label][value])
                key = f"{label}.{field.name}"
                if key in backup_json.JSON_FIELDS:  # ids inside JSON (the log too), by position like every other reference
                    value = backup_json.map_ids(key, value, lambda model, pk: ("row", positions[model][pk]),
                                                getattr(obj, "kind", None))
                row[field.name] = value
            result[label].append(row)
    return result


def wipe():
    """An empty database: GameSide protects its teams, so it goes first."""
    GameSide.objects.all().delete()
    Tournament.objects.all().delete()
    get_user_model().objects.all().delete()


def round_trip():
    tournament = build_full_tournament()
    before = snapshot(tournament)
    assert all(before[model._meta.label] for model, _ in tournament_models()), "every model needs a row to be tested"
    from django.apps import apps

    every = {m._meta.label for label in ("tournament", "scoring") for m in apps.get_app_config(label).get_models()}
    # A club's rows are the club's, not one event's: a backup carries none (the club's page attaches it).
    clubs = {"tournament.Club", "tournament.Member", "tournament.MemberName", "tournament.MemberRating",
             "tournament.Season", "tournament.PastEvent",
             # the server's mail, never sent again from another server; invitations (rights never travel)
             "tournament.OutboxMessage", "tournament.Invitation"}
    assert set(before) == every - clubs, "a model of the app is missing from the backup"
    data = json.loads(json.dumps(export_tournament(tournament)))  # through real JSON text
    wipe()
    restored = import_tournament(data)
    after = snapshot(restored)
    for label in before:
        assert after[label] == before[label], f"{label} differs after the round trip"
    assert Tournament.objects.count() == 1
    assert not get_user_model().objects.get(username="boss").has_usable_password()
    assert not get_user_model().objects.filter(is_staff=True).exists()  # the factory's staff flag stayed behind


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL: run with DATABASE_URL=postgres://…")
def test_round_trip_restores_every_field_on_postgresql():
    round_trip()


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "sqlite", reason="the SQLite variant; this run uses another database")
def test_round_trip_restores_every_field_on_sqlite():
    round_trip()


@pytest.mark.django_db
def test_import_refuses_a_second_copy_of_the_event_naming_the_first_and_changes_nothing():
    tournament = build_full_tournament()
    data = export_tournament(tournament)
    counts = {m: m.objects.count() for m, _ in tournament_models()}
    with pytest.raises(TournamentImportError, match="already here: “Bayfest Backup” \\(/t/bayfest-backup/\\)"):
        import_tournament(data)
    assert counts == {m: m.objects.count() for m, _ in tournament_models()}


@pytest.mark.django_db
def test_import_refuses_files_it_cannot_read():
    with pytest.raises(TournamentImportError, match="not a Meldboard tournament export"):
        import_tournament({"teams": []})
    with pytest.raises(TournamentImportError, match="version 99"):
        import_tournament({"format": "meldboard-tournament", "version": 99, "models": {}})


@pytest.mark.django_db
def test_a_dangling_reference_is_refused_and_nothing_is_written():
    data = export_tournament(build_full_tournament())
    wipe()
    data["models"]["tournament.Player"][0]["team"] = 999999
    with pytest.raises(TournamentImportError, match="Team 999999"):
        import_tournament(data)
    assert not Tournament.objects.exists() and not Team.objects.exists()


@pytest.mark.django_db
def test_commands_write_and_restore_one_file(tmp_path, capsys):
    tournament = build_full_tournament()
    before = snapshot(tournament)
    path = tmp_path / "backup.json"
    call_command("export_tournament", "bayfest-backup", "-o", str(path))
    assert json.loads(path.read_text())["slug"] == "bayfest-backup"
    with pytest.raises(CommandError, match="already here"):
        call_command("import_tournament", str(path))
    wipe()
    call_command("import_tournament", str(path))
    assert "Imported “Bayfest Backup” at /t/bayfest-backup/" in capsys.readouterr().out
    assert snapshot(Tournament.objects.get(slug="bayfest-backup")) == before


@pytest.mark.django_db
def test_export_command_names_the_known_addresses_when_the_slug_is_wrong():
    TournamentFactory(slug="real-one")
    with pytest.raises(CommandError, match="No tournament with the address “nope”.*real-one"):
        call_command("export_tournament", "nope")
