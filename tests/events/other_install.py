"""A second Meldboard install for the backup tests (issue 35: a backup from any Meldboard imports into
any database): what a fresh install holds (the demo events and a club with its own finished events),
built once per test module (`second_install`: each test's transaction rolls back to it), and a file
renumbered the way that other install would have numbered its rows — exactly the ids of rows already
here — so that every id of the file collides with a local row and must be remapped, never compared."""

import secrets

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction

from tournament.clubs import sample
from tournament.events import backup_json, demo
from tournament.events.backup import tournament_models
from tournament.models import DrawRecord, GameSide, Team, Tournament


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


def seed_names(event: Tournament) -> list[list[str]]:
    return [[Team.objects.get(pk=pk).name for pk in r.seeded]
            for r in DrawRecord.objects.filter(division__tournament=event).order_by("division__kind", "pk")]
