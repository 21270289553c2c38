"""A backup from any Meldboard imports into any database: every id in the file — columns and JSON
alike — is remapped, never compared with this database's rows (issue 35). Every stage of a bracket,
the club game and Rummikub travels so, seeded draws and all, in tests/events/test_backup_stages.py;
here the JSON fields' declarations, a demo event's backup from one fresh install into another (the
same address, hand keys and ids) and an older file. The second install (tests/events/other_install.py)
is built once for the module; each test's transaction rolls back to it."""

import json

import pytest
import time_machine
from django.apps import apps
from django.db import models
from django.utils import timezone

from tests.events.other_install import as_made_elsewhere, leave_only_the_file, renumber, second_install  # noqa: F401
from tests.events.test_backup_stages import STAGES, read_all
from tests.factories import UserFactory
from tournament.events import backup_json
from tournament.events.backup import export_tournament, import_tournament, tournament_models
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


def test_every_json_field_of_a_backup_is_declared_with_its_ids_or_as_holding_none():
    """A model that gains a JSON field fails here until backup_json says which ids it holds (or none)."""
    found = [f"{model._meta.label}.{field.name}" for model, _ in tournament_models()
             for field in model._meta.concrete_fields if isinstance(field, models.JSONField)]
    assert backup_json.undeclared(found) == []
    assert set(backup_json.JSON_FIELDS) == set(found), "a declared field no model has"


def test_an_undeclared_json_field_is_caught():
    assert backup_json.undeclared(["tournament.Game.notes_json"]) == ["tournament.Game.notes_json"]


@pytest.mark.usefixtures("second_install")
@pytest.mark.parametrize("slug", ["demo", "demo-club"])
def test_a_demo_events_backup_from_one_fresh_install_imports_into_another(slug):
    """The same demo made by two installs: the same address, the same hand keys ("demo-2-3"), the
    same ids; only what each install draws at random differs."""
    with time_machine.travel(timezone.now(), tick=False):
        event = Tournament.objects.get(slug=slug)
        boss = UserFactory(username="reader", is_staff=True)
        data = json.loads(json.dumps(export_tournament(event)))  # the first install's file
        # Every page but those of games nobody sits at yet (the bracket stages above read those whole).
        before = read_all(event, boss, games_with_people_only=True)
        as_made_elsewhere(event)  # from here on, the demo here is the second install's own
        data = renumber(data)
        for row in data["models"]["scoring.Hand"]:  # a fresh install numbers its games alike: the same keys
            row["idempotency_key"] = f"demo-{row['game']}-{row['number']}"
        keys = {row["idempotency_key"] for row in data["models"]["scoring.Hand"]}
        from scoring.models import Hand

        assert Hand.objects.filter(idempotency_key__in=keys).exists()
        restored = import_tournament(data)
        after = read_all(restored, boss, games_with_people_only=True)
    assert restored.slug == f"{slug}-2" and restored.name == event.name
    assert Tournament.objects.get(slug=slug).uid != restored.uid
    # Its new address, once the numbers in attributes are normalized: "demo-2" reads "demo-N".
    shown = {name: (code, html.replace(f"/{slug}-N/", f"/{slug}/").replace(f"/{restored.slug}/", f"/{slug}/"))
             for name, (code, html) in after.items()}
    # A backup carries no organizers (rights do not travel): the organizers page is the only one to differ.
    differ = [name for name in before if before[name] != shown[name] and name != "organizer:organizers"]
    assert differ == [], f"these pages read differently in the other install: {differ}"


@pytest.mark.usefixtures("second_install")
def test_old_files_without_an_identity_still_import():
    event = STAGES["bracket drawn"]()
    data = json.loads(json.dumps(export_tournament(event)))
    del data["models"]["tournament.Tournament"][0]["uid"]
    leave_only_the_file(event)
    restored = import_tournament(data)
    assert restored.uid and restored.slug == "stages"
    assert apps.get_model("tournament", "Tournament").objects.filter(name=event.name).count() == 1
