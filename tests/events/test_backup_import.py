"""A tampered backup file is refused with the problem named (object, field, what is wrong), and
nothing of it is written: no tournament, no row, no user."""

import copy
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.events.test_backup_roundtrip import build_full_tournament, wipe
from tests.factories import TournamentFactory
from tournament.events.backup import (
    TournamentImportError,
    export_tournament,
    import_tournament,
    read_file,
    tournament_models,
)
from tournament.models import Tournament


@pytest.fixture
def exported(db):
    """A full tournament's export, through real JSON text, with the database emptied after it."""
    data = json.loads(json.dumps(export_tournament(build_full_tournament())))
    wipe()
    return data


def rows(data, label):
    return data["models"][label]


def first(data, label, **match):
    return next(r for r in rows(data, label) if all(r.get(k) == v for k, v in match.items()))


def nothing_written():
    return not get_user_model().objects.exists() and not any(m.objects.exists() for m, _ in tournament_models())


def refused(data) -> str:
    with pytest.raises(TournamentImportError) as caught:
        import_tournament(data)
    assert nothing_written()
    return str(caught.value)


def tournament_of(data):
    return rows(data, "tournament.Tournament")[0]


def test_the_untouched_file_imports(exported):
    restored = import_tournament(copy.deepcopy(exported))
    assert restored.slug == "bayfest-backup" and restored.teams.count() == 5


def test_a_file_that_is_not_json():
    with pytest.raises(TournamentImportError, match=r"The file is not JSON \(Expecting"):
        read_file(b'{"format": "meldboard-tournament", "version": 1, ')


def test_a_ten_megabyte_file_is_refused_before_it_is_read():
    raw = b'{"format": "meldboard-tournament", "pad": "' + b"x" * (10 * 1024 * 1024) + b'"}'
    with pytest.raises(TournamentImportError, match=r"The file is 10.0 MB; a tournament backup is at most 8 MB"):
        read_file(raw)


def test_a_newer_format_version(exported):
    exported["version"] = 2
    assert "This file has format version 2; this Meldboard reads versions 1 to 1" in refused(exported)


def test_an_unknown_variant(exported):
    t = tournament_of(exported)
    t["variant"] = "strip-poker"
    assert f"Tournament {t['pk']} (“Bayfest Backup”), variant: Value 'strip-poker' is not a valid choice." in refused(exported)


def test_an_invalid_time_zone(exported):
    t = tournament_of(exported)
    t["time_zone"] = "Mars/Olympus_Mons"
    message = refused(exported)
    assert f"Tournament {t['pk']} (“Bayfest Backup”), time_zone: “Mars/Olympus_Mons” is not on the time zone list" in message


def test_a_negative_duration(exported):
    t = tournament_of(exported)
    t["game_time_limit"] = "-P0DT01H00M00S"
    assert "game_time_limit: a duration cannot be negative (the file has “-P0DT01H00M00S”)." in refused(exported)


def test_a_time_without_an_offset(exported):
    t = tournament_of(exported)
    t["signup_deadline"] = "2026-04-07T12:00:00"
    assert "signup_deadline: “2026-04-07T12:00:00” has no time-zone offset" in refused(exported)


def test_a_game_pointing_at_a_missing_team(exported):
    game = first(exported, "tournament.Game", status="finished")
    game["winner"] = 999999
    assert f"Game {game['pk']}, winner: refers to Team 999999, which the file does not contain." in refused(exported)


def test_a_draw_listing_a_missing_team(exported):
    rows(exported, "tournament.DrawRecord")[0]["lines"][1] = 424242
    assert "lines: refers to Team 424242, which the file does not contain." in refused(exported)


def test_a_hand_whose_entries_are_not_a_list(exported):
    hand = first(exported, "scoring.Hand", number=1)
    hand["entries"] = {"Team 0": 120}
    assert f"Hand {hand['pk']}, entries: must be a JSON list, not {{'Team 0': 120}}." in refused(exported)


def test_a_status_not_in_the_choices(exported):
    game = first(exported, "tournament.Game", status="in_play")
    game["status"] = "exploded"
    assert f"Game {game['pk']}, status: Value 'exploded' is not a valid choice." in refused(exported)


def test_text_where_a_number_belongs(exported):
    game = first(exported, "tournament.Game", status="finished")
    game["table_number"] = "3"
    assert f"Game {game['pk']}, table_number: must be a whole number, not '3'." in refused(exported)


def test_a_user_marked_superuser(exported):
    exported["users"][0]["is_superuser"] = True
    message = refused(exported)
    assert f"User “{exported['users'][0]['username']}” is marked is_superuser: a backup never grants staff or superuser rights." in message


def test_a_user_carrying_a_password(exported):
    exported["users"][0]["password"] = "md5$salt$0123456789abcdef"
    assert "carries “password” (a backup never carries passwords)." in refused(exported)


def test_an_address_another_event_uses_here_gives_the_import_a_free_one(exported):
    TournamentFactory(slug="bayfest-backup", name="The one already here")
    TournamentFactory(slug="bayfest-backup-2", name="And its sequel")
    restored = import_tournament(exported)
    assert restored.slug == "bayfest-backup-3" and restored.name == "Bayfest Backup"
    assert Tournament.objects.get(slug="bayfest-backup").name == "The one already here"


def test_two_teams_with_one_name(exported):
    teams = rows(exported, "tournament.Team")
    teams[1]["name"] = teams[0]["name"].upper()
    assert "Team: two rows of the file share name, tournament" in refused(exported)


def test_a_table_token_another_tournament_uses(exported):
    other = import_tournament(copy.deepcopy(exported))
    other.slug = "first-copy"
    other.save()
    exported["models"]["tournament.Tournament"][0]["uid"] = "0f0e0d0c-0b0a-4908-8706-050403020100"  # another event
    before = {m: m.objects.count() for m, _ in tournament_models()}
    with pytest.raises(TournamentImportError) as caught:
        import_tournament(exported)
    assert "Game: table_token “" in str(caught.value) and "is already used here by another tournament" in str(caught.value)
    assert before == {m: m.objects.count() for m, _ in tournament_models()}


def test_a_nul_character_and_an_overlong_name(exported):
    teams = rows(exported, "tournament.Team")
    teams[0]["name"] = "Sharks\x00"
    teams[1]["name"] = "x" * 256
    message = refused(exported)
    assert f"Team {teams[0]['pk']} (“Sharks\x00”), name: contains a NUL character." in message
    assert f"Team {teams[1]['pk']} (“{'x' * 256}”), name: Ensure this value has at most 255 characters (it has 256)." in message


def test_two_tournaments_in_one_file(exported):
    t = tournament_of(exported)
    rows(exported, "tournament.Tournament").append({**t, "pk": t["pk"] + 1, "slug": "second"})
    assert "The file must hold exactly one tournament; it holds 2." in refused(exported)


def test_an_unknown_field(exported):
    rows(exported, "tournament.Player")[0]["is_admin"] = True
    assert "unknown field “is_admin”." in refused(exported)


def test_the_command_answers_a_tampered_file_with_the_message(exported, tmp_path):
    tournament_of(exported)["status"] = "bogus"
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(exported))
    with pytest.raises(CommandError, match="status: Value 'bogus' is not a valid choice."):
        call_command("import_tournament", str(path))
    assert nothing_written()


def test_rights_stay_behind(db):
    tournament = build_full_tournament(slug="rights")
    data = export_tournament(tournament)
    assert all("is_staff" not in u and "is_superuser" not in u for u in data["users"])
    wipe()
    import_tournament(json.loads(json.dumps(data)))
    users = get_user_model().objects.all()
    assert users and not any(u.is_staff or u.is_superuser or u.has_usable_password() for u in users)


def test_a_log_entry_under_an_old_kind_name_imports_under_todays(exported):
    """A file made before migration 0036 holds "awaiting_decision", the `await_decision` move's old entry name."""
    from tournament.models import GameEvent

    entry = rows(exported, "tournament.GameEvent")[0]
    entry.update(kind="awaiting_decision", data={})
    restored = import_tournament(exported)
    kinds = set(GameEvent.objects.filter(game__division__tournament=restored).values_list("kind", flat=True))
    assert "await_decision" in kinds and "awaiting_decision" not in kinds
