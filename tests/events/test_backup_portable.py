"""A backup from any Meldboard imports into any database: every id in the file — columns and JSON
alike — is remapped, never compared with this database's rows (issue 35).

The file is exported from one install, renumbered so that its ids are exactly the ids of rows already
here (another install numbers its rows from 1 too), and imported into a second install that already
holds the demo events and another club: the event's pages read as they did. The second install is
built once for the module; each test's transaction rolls back to it."""

import json
import secrets

import pytest
import time_machine
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import models, transaction
from django.utils import timezone

from tests.events.test_backup_stages import STAGES, read_all
from tests.factories import UserFactory
from tournament.clubs import sample
from tournament.events import backup_json, demo
from tournament.events.backup import export_tournament, import_tournament, tournament_models
from tournament.models import Club, DrawRecord, GameSide, Team, Tournament

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


@pytest.fixture(scope="module")
def second_install(django_db_setup, django_db_blocker):
    """The second fresh install, built once for the module (the demo alone takes seconds): every
    test's own transaction rolls back to it, so each imports into the same untouched install."""
    with django_db_blocker.unblock(), transaction.atomic():
        another_install()
        yield
        transaction.set_rollback(True)


def leave_only_the_file(event: Tournament) -> None:
    """The first install's event is not in the second: only its backup travels (GameSide protects
    its teams, so it goes first)."""
    GameSide.objects.filter(game__division__tournament=event).delete()
    event.delete()


def as_made_elsewhere(event: Tournament) -> None:
    """The second install's own copy of an event: what every install draws at random for itself —
    the event's identity, its table links, secrets and the sign-up forms' keys — drawn afresh; its
    names, addresses, hand keys and ids stay as the first install made them."""
    for model, path in tournament_models():
        drawn = {f.name: f.default for f in model._meta.concrete_fields
                 if f.unique and f.has_default() and callable(f.default) and not f.primary_key}
        if any(f.name == "submission_key" for f in model._meta.concrete_fields):
            drawn["submission_key"] = lambda: secrets.token_urlsafe(24)  # as the sign-up form draws it
        rows = model.objects.filter(pk=event.pk) if path is None else model.objects.filter(**{path: event})
        for pk in rows.values_list("pk", flat=True) if drawn else ():
            model.objects.filter(pk=pk).update(**{name: draw() for name, draw in drawn.items()})


def seeded(tournament: Tournament) -> Tournament:
    """A seeded draw's record: the first two teams of each published draw kept apart."""
    for record in DrawRecord.objects.filter(division__tournament=tournament, published_at__isnull=False):
        record.seeded = [pk for pk in record.lines if pk is not None][:2]
        record.save(update_fields=["seeded"])
    return tournament


def _seed_names(event: Tournament) -> list[list[str]]:
    return [[Team.objects.get(pk=pk).name for pk in r.seeded]
            for r in DrawRecord.objects.filter(division__tournament=event).order_by("division__kind", "pk")]


# A bracket and a table event, each at three stages (issue 35's "Done when").
PORTABLE = ["bracket drawn", "bracket in play", "bracket finished", "club published", "club in play", "club medals"]


@pytest.mark.parametrize("stage", PORTABLE)
def test_a_backup_from_another_install_reads_the_same_in_a_database_already_holding_events(second_install, stage):
    held = set(Tournament.objects.values_list("slug", flat=True))
    assert {"demo", "demo-club", "harbour-2026-1"} <= held and Club.objects.filter(slug="harbour").exists()
    event = seeded(STAGES[stage]())
    boss = UserFactory(username="stage-boss", is_staff=True)
    organizers = list(event.organizers.all())
    with time_machine.travel(timezone.now(), tick=False):
        data = json.loads(json.dumps(export_tournament(event)))
        seeds_before = _seed_names(event)
        before = read_all(event, boss)
        leave_only_the_file(event)
        data = renumber(data)
        clashing = collisions(data)
        assert {"tournament.Team" if stage.startswith("bracket") else "tournament.Player", "tournament.Game",
                "tournament.GameSide", "tournament.Tournament"} <= clashing, "the file's ids must be ids used here"
        # Accounts are the server's: the same people organize it here (a backup carries no rights).
        restored = import_tournament(data, by=organizers[0] if organizers else None)
        restored.organizers.add(*organizers)
        after = read_all(restored, boss)
    seeds_after = _seed_names(restored)
    assert seeds_after == seeds_before
    if stage.startswith("bracket"):
        assert any(seeds_after), "the stage has a seeded draw"
    differ = [name for name in before if before[name] != after[name]]
    assert differ == [], f"{stage}: these pages read differently in the other database: {differ}"
    assert set(Tournament.objects.values_list("slug", flat=True)) == held | {"stages"}  # nothing here was touched


@pytest.mark.parametrize("slug", ["demo", "demo-club"])
def test_a_demo_events_backup_from_one_fresh_install_imports_into_another(second_install, slug):
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


def test_old_files_without_an_identity_still_import(second_install):
    event = STAGES["bracket drawn"]()
    data = json.loads(json.dumps(export_tournament(event)))
    del data["models"]["tournament.Tournament"][0]["uid"]
    leave_only_the_file(event)
    restored = import_tournament(data)
    assert restored.uid and restored.slug == "stages"
    assert apps.get_model("tournament", "Tournament").objects.filter(name=event.name).count() == 1
