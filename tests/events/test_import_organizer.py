"""`manage.py import_tournament` restores a tournament someone runs: the file's creator, or the
user named by --organizer; with neither, or with a user who does not exist, nothing is imported."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.events.test_backup_roundtrip import build_full_tournament, wipe
from tests.factories import UserFactory
from tournament.events.backup import export_tournament
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def backup(tmp_path):
    """Write the export (made by `data`'s changes) to a file; returns its path."""

    def write(change=None):
        data = json.loads(json.dumps(export_tournament(build_full_tournament())))
        wipe()
        if change:
            change(data)
        path = tmp_path / "backup.json"
        path.write_text(json.dumps(data))
        return str(path)

    return write


def no_creator(data):
    data["models"]["tournament.Tournament"][0]["created_by"] = None


def runs(username):
    return list(Tournament.objects.run_by(UserFactory._meta.model.objects.get(username=username)).values_list("slug", flat=True))


def test_the_organizer_named_runs_the_restored_tournament(backup, capsys):
    path = backup(no_creator)
    UserFactory(username="marta")
    call_command("import_tournament", path, "--organizer", "marta")
    assert runs("marta") == ["bayfest-backup"]
    assert "run by marta" in capsys.readouterr().out


def test_without_organizer_the_files_creator_runs_it(backup):
    call_command("import_tournament", backup())
    creator = Tournament.objects.get(slug="bayfest-backup").created_by
    assert runs(creator.username) == ["bayfest-backup"]


def test_a_file_naming_no_creator_needs_an_organizer(backup):
    path = backup(no_creator)
    with pytest.raises(CommandError, match="add --organizer USERNAME"):
        call_command("import_tournament", path)
    assert not Tournament.objects.exists()


def test_an_organizer_who_does_not_exist_is_named_and_nothing_is_imported(backup):
    path = backup()
    with pytest.raises(CommandError, match="There is no user “nobody” here"):
        call_command("import_tournament", path, "--organizer", "nobody")
    assert not Tournament.objects.exists()
