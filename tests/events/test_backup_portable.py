"""A backup from any Meldboard imports into any database: every id in the file — columns and JSON
alike — is remapped, never compared with this database's rows (issue 35).

The file is exported from one database state, renumbered so that its ids are exactly the ids of
rows already here (another install numbers its rows from 1 too), and imported into a database that
already holds the demo events and another club: the event's pages read as they did."""

import json

import pytest
import time_machine
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import models
from django.utils import timezone

from tests.events.test_backup_roundtrip import wipe
from tests.events.test_backup_stages import STAGES, read_all
from tests.factories import UserFactory
from tournament.clubs import sample
from tournament.events import backup_json, demo
from tournament.events.backup import export_tournament, import_tournament, tournament_models
from tournament.models import DrawRecord, Team, Tournament

pytestmark = pytest.mark.django_db


def test_every_json_field_of_a_backup_is_declared_with_its_ids_or_as_holding_none():
    """A model that gains a JSON field fails here until backup_json says which ids it holds (or none)."""
    found = [f"{model._meta.label}.{field.name}" for model, _ in tournament_models()
             for field in model._meta.concrete_fields if isinstance(field, models.JSONField)]
    assert backup_json.undeclared(found) == []
    assert set(backup_json.JSON_FIELDS) == set(found), "a declared field no model has"


def test_an_undeclared_json_field_is_caught():
    assert backup_json.undeclared(["tournament.Game.notes_json"]) == ["tournament.Game.notes_json"]


# ---- renumbering a file the way another install would have numbered it -------------------------

def renumber(data: dict) -> dict:
    """The same file with each model's ids replaced by the ids of rows this database already holds
    (then numbers just past them): every reference of the file follows, in columns and in JSON."""
    known = {model._meta.label: model for model, _ in tournament_models()}
    new: dict[str, dict[int, int]] = {}
    for label, rows in data["models"].items():
        local = list(known[label].objects.order_by("pk").values_list("pk", flat=True))
        top = max(local, default=0)
        new[label] = {row["pk"]: (local[i] if i < len(local) else top + 1 + i) for i, row in enumerate(rows)}
    for label, rows in data["models"].items():
        model = known[label]
        for row in rows:
            row["pk"] = new[label][row["pk"]]
            for field in model._meta.concrete_fields:
                key = f"{label}.{field.name}"
                value = row.get(field.name)
                if value is None:
                    continue
                if field.is_relation and field.related_model is not get_user_model():
                    row[field.name] = new[field.related_model._meta.label][value]
                elif key in backup_json.JSON_FIELDS:
                    row[field.name] = backup_json.map_ids(key, value, lambda m, pk: new[m][pk], row.get("kind"))
    return data


def collisions(data: dict) -> set[str]:
    """The models whose file ids are ids of rows already here."""
    known = {model._meta.label: model for model, _ in tournament_models()}
    return {label for label, rows in data["models"].items()
            if rows and known[label].objects.filter(pk__in=[r["pk"] for r in rows]).exists()}


def make_demo():
    if not get_user_model().objects.filter(username="organizer").exists():
        get_user_model().objects.create_superuser("organizer", "organizer@localhost", "x")
    demo.create_all()


def another_install():
    """What a second fresh install holds: the demo events, and a club with its own finished events."""
    make_demo()
    sample.build("harbour", events=2, players=16)


def seeded(tournament: Tournament) -> Tournament:
    """A seeded draw's record: the first two teams of each published draw kept apart."""
    for record in DrawRecord.objects.filter(division__tournament=tournament, published_at__isnull=False):
        record.seeded = [pk for pk in record.lines if pk is not None][:2]
        record.save(update_fields=["seeded"])
    return tournament


PORTABLE = ["bracket drawn", "bracket in play", "bracket finished", "club published", "club in play", "club medals"]


@pytest.mark.parametrize("stage", PORTABLE)
def test_a_backup_from_another_install_reads_the_same_in_a_database_already_holding_events(stage):
    event = seeded(STAGES[stage]())
    boss = UserFactory(username="stage-boss", is_staff=True)
    organizers = [(u.username, u.email) for u in event.organizers.all()]
    with time_machine.travel(timezone.now(), tick=False):
        data = json.loads(json.dumps(export_tournament(event)))
        seeds_before = [[Team.objects.get(pk=pk).name for pk in r.seeded]
                        for r in DrawRecord.objects.filter(division__tournament=event).order_by("division__kind", "pk")]
        before = read_all(event, boss)
        wipe()
        another_install()
        data = renumber(data)
        clashing = collisions(data)
        assert {"tournament.Team" if stage.startswith("bracket") else "tournament.Player", "tournament.Game",
                "tournament.GameSide", "tournament.Tournament"} <= clashing, "the file's ids must be ids used here"
        people = [UserFactory(username=name, email=email) for name, email in organizers]
        restored = import_tournament(data, by=people[0] if people else None)
        restored.organizers.add(*people)
        boss = UserFactory(username="stage-boss", is_staff=True)
        after = read_all(restored, boss)
    seeds_after = [[Team.objects.get(pk=pk).name for pk in r.seeded]
                   for r in DrawRecord.objects.filter(division__tournament=restored).order_by("division__kind", "pk")]
    assert seeds_after == seeds_before
    if stage.startswith("bracket"):
        assert any(seeds_after), "the stage has a seeded draw"
    # Accounts are the server's: the file's "organizer" is this install's account of that name (its e-mail shows).
    differ = [name for name in before if before[name] != after[name] and name != "organizer:organizers"]
    assert differ == [], f"{stage}: these pages read differently in the other database: {differ}"


@pytest.mark.parametrize("slug", ["demo", "demo-club"])
def test_a_demo_events_backup_from_one_fresh_install_imports_into_another(slug):
    """The same demo made twice: the same address, the same hand keys ("demo-2-3"), the same ids."""
    with time_machine.travel(timezone.now(), tick=False):
        make_demo()
        event = Tournament.objects.get(slug=slug)
        boss = UserFactory(username="reader", is_staff=True)
        data = json.loads(json.dumps(export_tournament(event)))
        before = read_all(event, boss)
        wipe()
        make_demo()  # the second install's own demo (its own identity, the same names and keys)
        data = renumber(data)
        for row in data["models"]["scoring.Hand"]:  # a fresh install numbers its games alike: the same keys
            row["idempotency_key"] = f"demo-{row['game']}-{row['number']}"
        keys = {row["idempotency_key"] for row in data["models"]["scoring.Hand"]}
        from scoring.models import Hand

        assert Hand.objects.filter(idempotency_key__in=keys).exists()
        restored = import_tournament(data)
        boss = UserFactory(username="reader", is_staff=True)
        after = read_all(restored, boss)
    assert restored.slug == f"{slug}-2" and restored.name == event.name
    assert Tournament.objects.get(slug=slug).uid != restored.uid
    # Its new address, once the numbers in attributes are normalized: "demo-2" reads "demo-N".
    shown = {name: (code, html.replace(f"/{slug}-N/", f"/{slug}/").replace(f"/{restored.slug}/", f"/{slug}/"))
             for name, (code, html) in after.items()}
    # A backup carries no organizers (rights do not travel): the organizers page is the only one to differ.
    differ = [name for name in before if before[name] != shown[name] and name != "organizer:organizers"]
    assert differ == [], f"these pages read differently in the other install: {differ}"


def test_old_files_without_an_identity_still_import(db):
    event = STAGES["bracket drawn"]()
    data = json.loads(json.dumps(export_tournament(event)))
    del data["models"]["tournament.Tournament"][0]["uid"]
    wipe()
    restored = import_tournament(data)
    assert restored.uid and restored.slug == "stages"
    assert apps.get_model("tournament", "Tournament").objects.count() == 1
