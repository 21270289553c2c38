"""A whole tournament as one JSON document, and back.

`export_tournament(t)` walks every model of the `tournament` and `scoring` apps that leads to a
Tournament through foreign keys, and writes each row's concrete fields as Django's model _meta
describes them; `import_tournament(data)` inserts the rows again under new primary keys and
rewires every reference (including self references such as PartnerPost.wants, the team ids
inside DrawRecord.lines and every id inside the game log, found through the log's schemas:
tournament.events.backup_log). Nothing is listed by hand except the JSON list fields that hold ids,
so a field or a model another part of the app adds later travels too.

Users are referenced by username; an import creates a missing user without a usable password
(the organizer sets one with `manage.py changepassword`), so a backup file never carries
password hashes, and never staff or superuser rights. Before anything is written, every row of the
file is checked (tournament.events.backup_checks); a tampered file is refused with the problems named.
"""

from __future__ import annotations

import datetime as dt
import decimal
import uuid
from collections import deque

from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import DataError, IntegrityError, models, transaction
from django.db.migrations.recorder import MigrationRecorder
from django.utils import timezone
from django.utils.duration import duration_iso_string
from django.utils.translation import gettext as _

from tournament.core import signup_deadline
from tournament.events import backup_checks, backup_json, backup_log, backup_totals
from tournament.events.backup_checks import (
    FORMAT,
    USER_FIELDS,
    VERSION,
    TournamentImportError,
)
from tournament.models import Tournament

__all__ = ["TournamentImportError", "export_tournament", "import_tournament", "read_file", "tournament_models"]
read_file = backup_checks.read_file

APPS = ("tournament", "scoring")


def _label(model) -> str:
    return model._meta.label  # "app.Model"


def _user_model():
    return get_user_model()


def _path_to_tournament(model) -> str | None:
    """Shortest chain of required foreign keys from `model` to Tournament, as a lookup ("game__division").

    Only required keys: a row reached through a nullable one (GameSide.player) would be missed
    whenever that key is empty. A model tied to a tournament by nullable keys only falls back to them.
    """
    return _shortest_path(model, required=True) or _shortest_path(model, required=False)


def _shortest_path(model, required: bool) -> str | None:
    seen = {model}
    queue = deque([(model, [])])
    while queue:
        current, path = queue.popleft()
        # Required keys first, so a row is found through the relation it cannot live without.
        fks = sorted(
            (f for f in current._meta.concrete_fields
             if f.is_relation and (f.many_to_one or f.one_to_one) and not (required and f.null)),
            key=lambda f: (f.null, f.name),
        )
        for field in fks:
            target = field.related_model
            if target is Tournament:
                return "__".join(path + [field.name])
            if target in seen or target._meta.app_label not in APPS:
                continue
            seen.add(target)
            queue.append((target, path + [field.name]))
    return None


# Rows tied to an event that are the server's, not the event's: the mail outbox (another server must
# never send an imported event's messages again, and its club is not in the file) and invitations to
# organize (rights never travel in a backup).
SERVERS_OWN = {"tournament.OutboxMessage", "tournament.Invitation"}


def tournament_models() -> list[tuple[type[models.Model], str | None]]:
    """(model, lookup to its tournament) for every model of a tournament, parents before children."""
    found = [(Tournament, None)]
    for config in (apps.get_app_config(label) for label in APPS):
        for model in config.get_models():
            if model is Tournament or model._meta.proxy or not model._meta.managed or _label(model) in SERVERS_OWN:
                continue
            path = _path_to_tournament(model)
            if path:
                found.append((model, path))
    return _dependency_order(found)


def _dependency_order(found):
    """Order so that each model comes after every model its required foreign keys point to."""
    members = {m for m, _ in found}
    ordered, placed = [], set()
    pending = sorted(found, key=lambda item: _label(item[0]))
    while pending:
        progress = False
        for item in list(pending):
            model = item[0]
            needs = {
                f.related_model for f in model._meta.concrete_fields
                if f.is_relation and not f.null and f.related_model in members and f.related_model is not model
            }
            if needs <= placed:
                ordered.append(item)
                placed.add(model)
                pending.remove(item)
                progress = True
        if not progress:
            raise RuntimeError(f"required foreign keys form a cycle among {[_label(m) for m, _ in pending]}")
    return ordered


# ---------------------------------------------------------------- export

def _plain(value):
    """A field value as JSON can hold it, without losing precision (microseconds included)."""
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        return duration_iso_string(value)
    if isinstance(value, decimal.Decimal | uuid.UUID):
        return str(value)
    if isinstance(value, bytes | memoryview):
        return bytes(value).hex()
    return value


# Fields a backup leaves out: the club an event belongs to lives on its own server (the club's page
# that imports a backup attaches the event to its club).
NOT_CARRIED = {("tournament.Tournament", "club")}


def export_row(obj, usernames: dict[int, str]) -> dict:
    row = {}
    for field in obj._meta.concrete_fields:
        if (_label(type(obj)), field.name) in NOT_CARRIED:
            continue
        if field.is_relation:
            raw = getattr(obj, field.attname)
            if field.related_model is _user_model():
                row[field.name] = usernames.get(raw) if raw is not None else None
            else:
                row[field.name] = raw
        elif field.primary_key:
            row["pk"] = obj.pk
        else:
            row[field.name] = _plain(field.value_from_object(obj))
    return row


def export_tournament(tournament: Tournament) -> dict:
    """Everything belonging to `tournament`, as a JSON-ready dict (see module docstring)."""
    User = _user_model()
    model_rows: dict[str, list] = {}
    querysets = []
    for model, path in tournament_models():
        qs = model.objects.filter(pk=tournament.pk) if path is None else model.objects.filter(**{path: tournament})
        querysets.append((model, list(qs.order_by("pk"))))
    user_ids = {
        getattr(obj, f.attname)
        for model, objs in querysets for obj in objs
        for f in model._meta.concrete_fields if f.is_relation and f.related_model is User
    } - {None}
    users = list(User.objects.filter(pk__in=user_ids).order_by(User.USERNAME_FIELD))
    usernames = {u.pk: u.get_username() for u in users}
    for model, objs in querysets:
        model_rows[_label(model)] = [export_row(obj, usernames) for obj in objs]
    applied = MigrationRecorder.Migration.objects.filter(app__in=APPS).order_by("app", "name")
    migrations: dict[str, str] = {}
    for migration in applied:
        migrations[migration.app] = migration.name
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "slug": tournament.slug,
        "migrations": migrations,
        "users": [
            {"username": u.get_username(), **{name: getattr(u, name) for name in USER_FIELDS if hasattr(u, name)}}
            for u in users
        ],
        "models": model_rows,
    }


# ---------------------------------------------------------------- import

def _users(data) -> dict[str, int]:
    User = _user_model()
    ids = {}
    for entry in data.get("users", []):
        username = entry["username"]
        user = User.objects.filter(**{User.USERNAME_FIELD: username}).first()
        if user is None:
            user = User(**{User.USERNAME_FIELD: username})
            for name in USER_FIELDS:
                if name in entry and hasattr(user, name):
                    setattr(user, name, entry[name])
            user.set_unusable_password()
            user.save()
        ids[username] = user.pk
    return ids


def same_event(uid) -> Tournament | None:
    """The event already here with this identity (a backup's or an event's uid), if any."""
    try:
        value = uuid.UUID(str(uid))
    except ValueError:
        return None  # a file without one (written before events had it) or a malformed one (the checks name it)
    return Tournament.objects.filter(uid=value).select_related("club").first()


def already_here(first: Tournament) -> str:
    """The refusal of a second copy of an event, naming the first."""
    where = {"name": first.name, "address": f"/t/{first.slug}/"}
    if first.club_id:
        return _("This event is already here: “%(name)s” (%(address)s), one of the events of the club “%(club)s”. "
                 "An event joins a club once; nothing was imported.") % {**where, "club": first.club.name}
    return _("This event is already here: “%(name)s” (%(address)s). To count it in a club, add that one to the "
             "club; nothing was imported.") % where


def free_address(slug: str) -> str:
    """`slug` with the first free number after it ("bayfest-2"), within the field's 60 characters."""
    taken = set(Tournament.objects.filter(slug__startswith=slug[:50]).values_list("slug", flat=True))
    number = 2
    while True:
        candidate = f"{slug[:60 - len(str(number)) - 1]}-{number}"
        if candidate not in taken:
            return candidate
        number += 1


def import_tournament(data: dict, by=None) -> Tournament:
    """Restore an export under new ids; refuses (TournamentImportError) a second copy of an event
    already here (its uid) or a file with any row wrong (see backup_checks), before writing anything.
    An address another event uses here is replaced by a free one (the returned event's slug).
    `by`, the importing user, organizes it."""
    known = {_label(m): m for m, _ in tournament_models()}
    backup_checks.check_envelope(data, known)
    row = data["models"][_label(Tournament)][0]
    row = row if isinstance(row, dict) else {}  # not an object: the checks name it
    first = same_event(row.get("uid"))
    if first is not None:
        raise TournamentImportError(already_here(first))
    if isinstance(row.get("slug"), str) and Tournament.objects.filter(slug=row["slug"]).exists():
        row["slug"] = free_address(row["slug"])  # another event's address: this one takes a free one
    backup_checks.check(data, known)
    backup_log.upgrade_file(data)  # after the checks: every row and id of the file is sound by then
    backup_totals.fill(data)  # a file older than the confirmed totals (RULES F1)
    log_problems = backup_log.problems(data)
    if log_problems:
        shown = "\n".join(f"- {p}" for p in log_problems[:backup_checks.MAX_PROBLEMS])
        raise TournamentImportError(f"The file cannot be imported; nothing was written:\n{shown}")
    User = _user_model()
    try:
        with transaction.atomic():
            user_ids = _users(data)
            maps: dict[str, dict] = {}
            deferred = []  # (model, new_pk, field, old target pk): references to rows not yet inserted
            for label, model in known.items():
                rows = data["models"].get(label, [])
                maps[label] = {}
                objs, pending = [], []
                for row in rows:
                    obj, later = _build(model, row, maps, user_ids, User)
                    objs.append(obj)
                    pending.append(later)
                _insert(model, objs)
                for row, obj, later in zip(rows, objs, pending):
                    maps[label][row["pk"]] = obj.pk
                    deferred += [(model, obj.pk, field, old) for field, old in later]
            _resolve_deferred(deferred, maps)
            _remap_json_fields(known, maps)
            tournament = Tournament.objects.get(pk=maps[_label(Tournament)][data["models"][_label(Tournament)][0]["pk"]])
            # Receivers schedule the tournament's own deadline tasks (sent on commit); the minute
            # sweep applies every other due deadline of the restored games.
            signup_deadline.schedule_registration_close(tournament)
            if by is not None:
                tournament.organizers.add(by)
    except (IntegrityError, DataError) as exc:
        # The checks above read every rule the models declare; this is the database's last word.
        raise TournamentImportError(
            f"The database refused a row of the file ({exc}). Nothing was imported."
        ) from exc
    return tournament


def _build(model, row, maps, user_ids, User):
    obj = model()
    later = []
    for field in model._meta.concrete_fields:
        if field.primary_key or (_label(model), field.name) in NOT_CARRIED:
            continue
        if field.name not in row:
            if model is Tournament and field.name == "game_time_limit":
                obj.game_time_limit = obj.preset_time_limit()  # bulk_create skips save(): the game's own length
            continue  # a field added since the export keeps its default
        value = row[field.name]
        if field.is_relation:
            target = field.related_model
            if value is None:
                new = None
            elif target is User:
                new = user_ids.get(value)
                if new is None:
                    raise TournamentImportError(f"The file names user “{value}” but does not list it.")
            elif _label(target) in maps and value in maps[_label(target)]:
                new = maps[_label(target)][value]
            elif _label(target) in maps or target._meta.app_label in APPS:
                if not field.null:
                    raise TournamentImportError(
                        f"{_label(model)} {row['pk']} refers to {_label(target)} {value}, which the file does not contain."
                    )
                later.append((field, value))
                new = None
            else:
                new = value  # a model outside the tournament (none today): keep the key as it was
            setattr(obj, field.attname, new)
        else:
            setattr(obj, field.attname, field.to_python(value) if value is not None else None)
    return obj, later


def _insert(model, objs) -> None:
    if not objs:
        return
    auto_now = [f for f in model._meta.concrete_fields if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)]
    saved = {id(o): {f.attname: getattr(o, f.attname) for f in auto_now} for o in objs}
    model.objects.bulk_create(objs, batch_size=500)
    if any(obj.pk is None for obj in objs):  # a backend that cannot return ids from a bulk insert
        raise TournamentImportError("This database cannot return new ids from a bulk insert.")
    for obj in objs:  # auto_now fields took "now" on insert; put the exported moments back
        if auto_now:
            model.objects.filter(pk=obj.pk).update(**saved[id(obj)])


def _resolve_deferred(deferred, maps) -> None:
    for model, pk, field, old in deferred:
        target = _label(field.related_model)
        if old not in maps.get(target, {}):
            raise TournamentImportError(f"{_label(model)} refers to {target} {old}, which the file does not contain.")
        model.objects.filter(pk=pk).update(**{field.attname: maps[target][old]})


def _remap_json_fields(known, maps) -> None:
    """Every id inside a JSON field, found by the field's declared type (tournament.events.backup_json)."""
    def new_id(label: str, old: int) -> int:
        try:
            return maps[label][old]
        except KeyError:
            raise TournamentImportError(f"The file refers to {label.split('.')[1]} {old!r}, which it does not contain.") from None

    for key in backup_json.JSON_FIELDS:
        label, field_name = key.rsplit(".", 1)
        if label not in known or not backup_json.holds_ids(key) or not maps[label]:
            continue
        model = known[label]
        rows = model.objects.filter(pk__in=list(maps[label].values()))
        for pk, kind, value in (rows.values_list("pk", "kind", field_name) if backup_json.JSON_FIELDS[key] == backup_json.GAME_LOG
                                else ((pk, None, value) for pk, value in rows.values_list("pk", field_name))):
            remapped = backup_json.map_ids(key, value, new_id, kind)
            if remapped != value:
                model.objects.filter(pk=pk).update(**{field_name: remapped})
