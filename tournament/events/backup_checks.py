"""Checking a tournament backup file before anything of it is written.

`read_file(raw)` turns the bytes of a file into the document (or refuses an oversized or non-JSON
file); `check(data, known)` looks at every row the way the app would see it — the field's JSON
type, `full_clean()` (lengths, choices, validators such as the time zone), aware date-times,
durations that are not negative, the shape of JSON fields, every reference pointing at a row of
the same file, unique values (within the file and against this database) — and at the users,
which never bring staff or superuser rights or a password. Every problem found is named (object,
field, what is wrong) in one TournamentImportError; the importer writes only when there is none.
"""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone

from tournament.events import backup_json

FORMAT = "meldboard-tournament"
VERSION = 1
MAX_BYTES = 8 * 1024 * 1024  # room for a big event with every hand and revision; more is not one tournament
MAX_PROBLEMS = 12  # a file with more is named by its first ones; they usually share one cause

# What a user entry may carry besides its username. Rights and passwords never travel: the flags
# are accepted only when false (files written before they were dropped from the export).
USER_FIELDS = ("email", "first_name", "last_name", "is_active")
NEVER_TRUE = ("is_staff", "is_superuser")

TEXT_TYPES = {"CharField", "SlugField", "TextField", "EmailField"}
INT_TYPES = {"IntegerField", "BigIntegerField", "SmallIntegerField", "PositiveIntegerField",
             "PositiveBigIntegerField", "PositiveSmallIntegerField"}


# Unique values the importer itself answers for: a taken address gets a free one, a known identity
# names the event already here.
OWN_CHECK = {("tournament.Tournament", "slug"), ("tournament.Tournament", "uid")}


class TournamentImportError(Exception):
    """The file cannot be restored here; the message says why. Nothing was written."""


def read_file(raw: bytes | str) -> dict:
    """The document in a backup file's bytes, or TournamentImportError (too big, not JSON)."""
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > MAX_BYTES:
        raise TournamentImportError(
            f"The file is {size / 1024 / 1024:.1f} MB; a tournament backup is at most {MAX_BYTES // 1024 // 1024} MB. "
            "Nothing was imported."
        )
    try:
        return json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise TournamentImportError(f"The file is not JSON ({exc}). Nothing was imported.") from None


def check(data, known: dict[str, type[models.Model]]) -> None:
    """Raise TournamentImportError naming every problem of `data`; return when there is none.

    `known` maps "app.Model" to each model a backup holds; the ids inside JSON fields are found by
    their declared types (tournament.events.backup_json)."""
    check_envelope(data, known)
    problems: list[str] = []
    users = _check_users(data.get("users", []), problems)
    pks = _check_rows(data["models"], known, problems)
    if not problems:
        for label, model in known.items():
            for row in data["models"].get(label, []):
                problems += _row_problems(model, row, pks, users)
                if len(problems) >= MAX_PROBLEMS:
                    break
        problems += _unique_problems(data["models"], known)
    if problems:
        shown = "\n".join(f"- {p}" for p in problems[:MAX_PROBLEMS])
        more = f"\n(and {len(problems) - MAX_PROBLEMS} more)" if len(problems) > MAX_PROBLEMS else ""
        raise TournamentImportError(f"The file cannot be imported; nothing was written:\n{shown}{more}")


def check_envelope(data, known) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TournamentImportError("This is not a Meldboard tournament export (its “format” is missing or wrong).")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= VERSION:
        raise TournamentImportError(
            f"This file has format version {version!r}; this Meldboard reads versions 1 to {VERSION}. "
            "A newer file needs a newer Meldboard."
        )
    rows = data.get("models")
    if not isinstance(rows, dict) or not all(isinstance(v, list) for v in rows.values()):
        raise TournamentImportError("The file's “models” must be an object of lists of rows.")
    unknown = set(rows) - set(known)
    if unknown:
        raise TournamentImportError(f"The file holds kinds of rows this Meldboard does not know: {', '.join(sorted(unknown))}.")
    if not isinstance(data.get("users", []), list):
        raise TournamentImportError("The file's “users” must be a list.")
    tournaments = rows.get("tournament.Tournament", [])
    if len(tournaments) != 1:
        raise TournamentImportError(f"The file must hold exactly one tournament; it holds {len(tournaments)}.")


def _check_users(entries: list, problems: list[str]) -> set[str]:
    User = get_user_model()
    username_field = User._meta.get_field(User.USERNAME_FIELD)
    names: set[str] = set()
    for index, entry in enumerate(entries):
        where = f"users[{index}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("username"), str):
            problems.append(f"{where}: each user must be an object with a “username” text.")
            continue
        username = entry["username"]
        where = f"User “{username}”"
        try:
            username_field.clean(username, None)
        except ValidationError as exc:
            problems.append(f"{where}, username: {' '.join(exc.messages)}")
        if username in names:
            problems.append(f"{where} is listed twice.")
        names.add(username)
        for key, value in entry.items():
            if key in NEVER_TRUE:
                if value is not False:
                    problems.append(f"{where} is marked {key}: a backup never grants staff or superuser rights. "
                                    "Remove the flag; the organizer gives rights on this server.")
            elif key == "is_active":
                if not isinstance(value, bool):
                    problems.append(f"{where}, is_active: must be true or false, not {value!r}.")
            elif key in USER_FIELDS:
                problems += _user_text_problem(User, where, key, value)
            elif key != "username":
                reason = "a backup never carries passwords" if "password" in key else "unknown field"
                problems.append(f"{where} carries “{key}” ({reason}).")
    return names


def _user_text_problem(User, where: str, key: str, value) -> list[str]:
    if not isinstance(value, str) or "\x00" in value:
        return [f"{where}, {key}: must be text, not {value!r}."]
    if len(value) > User._meta.get_field(key).max_length:
        return [f"{where}, {key}: too long ({len(value)} characters)."]
    if key == "email" and value:
        try:
            validate_email(value)
        except ValidationError:
            return [f"{where}, email: “{value}” is not an e-mail address."]
    return []


def _check_rows(rows: dict, known: dict, problems: list[str]) -> dict[str, set[int]]:
    """Each row is an object with a whole-number pk, unique in its model: {label: the file's pks}."""
    pks: dict[str, set[int]] = {label: set() for label in known}
    for label, items in rows.items():
        name = label.split(".")[1]
        for index, row in enumerate(items):
            pk = row.get("pk") if isinstance(row, dict) else None
            if not _is_int(pk):
                problems.append(f"{name} number {index + 1} in the file: each row must be an object with a whole-number “pk”.")
            elif pk in pks[label]:
                problems.append(f"{name} {pk} appears twice in the file.")
            else:
                pks[label].add(pk)
    return pks


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _what(model, row) -> str:
    name = row.get("name") if isinstance(row.get("name"), str) else ""
    return f"{model.__name__} {row['pk']}" + (f" (“{name}”)" if name else "")


def _row_problems(model, row, pks, users) -> list[str]:
    what = _what(model, row)
    fields = {f.name: f for f in model._meta.concrete_fields if not f.primary_key}
    problems = [f"{what}: unknown field “{key}”." for key in row if key != "pk" and key not in fields]
    obj = model()
    skip = []
    for name, field in fields.items():
        if name not in row:
            continue  # a field added since the export keeps its default
        value = row[name]
        if field.is_relation or isinstance(field, models.JSONField):
            skip.append(name)
            problem = _reference_problem(field, value, pks, users) if field.is_relation else _json_problem(model, field, value, pks)
        else:
            problem, value = _plain_value(field, value)
            if not problem:
                setattr(obj, field.attname, value)
        if problem:
            problems.append(f"{what}, {name}: {problem}")
            skip.append(name)
    try:
        obj.full_clean(exclude=skip, validate_unique=False, validate_constraints=False)
    except ValidationError as exc:
        for field, messages in exc.message_dict.items():
            shown = repr(getattr(obj, field, None)) if field in fields else ""
            problems.append(f"{what}, {field}: {' '.join(messages)}" + (f" (the file has {shown})" if shown else ""))
    return problems


def _plain_value(field, value) -> tuple[str | None, object]:
    """(problem, value as the field holds it) for one non-relation, non-JSON value."""
    if value is None:
        return (None, None) if field.null else ("must not be empty (null).", None)
    kind = field.get_internal_type()
    if kind in TEXT_TYPES or kind in {"DateTimeField", "DateField", "DurationField", "UUIDField"}:
        if not isinstance(value, str):
            return f"must be text, not {value!r}.", None
        if "\x00" in value:
            return "contains a NUL character.", None
    elif kind in INT_TYPES and not _is_int(value):
        return f"must be a whole number, not {value!r}.", None
    elif kind == "BooleanField" and not isinstance(value, bool):
        return f"must be true or false, not {value!r}.", None
    try:
        converted = field.to_python(value)
    except ValidationError as exc:
        return f"{' '.join(exc.messages)} (the file has {value!r})", None
    if kind in {"DateTimeField", "DateField", "DurationField"} and converted is None:
        return f"“{value}” is not a valid {kind.removesuffix('Field').lower()}.", None
    if isinstance(converted, dt.datetime) and timezone.is_naive(converted):
        return f"“{value}” has no time-zone offset (an exported time always has one).", None
    if isinstance(converted, dt.timedelta) and converted < dt.timedelta(0):
        return f"a duration cannot be negative (the file has “{value}”).", None
    return None, converted


def _reference_problem(field, value, pks, users) -> str | None:
    target = field.related_model
    if value is None:
        return None if field.null else "must refer to a row; it is empty."
    if target is get_user_model():
        if value not in users:
            return f"names user {value!r}, whom the file does not list."
        return None
    label = target._meta.label
    if label not in pks:
        return f"refers to {label}, which a backup does not hold."
    if not _is_int(value) or value not in pks[label]:
        return f"refers to {target.__name__} {value!r}, which the file does not contain."
    return None


def _json_problem(model, field, value, pks) -> str | None:
    if value is None:
        return None if field.null else "must not be empty (null)."
    if _holds_nul(value):
        return "contains a NUL character."
    shape = type(field.get_default())  # list or dict: the shape the app reads the field with
    if shape in (list, dict) and not isinstance(value, shape):
        return f"must be a JSON {'list' if shape is list else 'object'}, not {value!r}."[:300]
    key = f"{model._meta.label}.{field.name}"
    if backup_json.holds_ids(key) and backup_json.JSON_FIELDS[key] != backup_json.GAME_LOG:  # the log: backup_log
        try:
            found = backup_json.ids_in(key, value)
        except backup_json.Unmapped as exc:
            return f"does not have the shape of its ids ({exc})."[:300]
        missing = [(label, v) for label, v in found if v not in pks.get(label, set())]
        if missing:
            return f"refers to {missing[0][0].split('.')[1]} {missing[0][1]!r}, which the file does not contain."
    if field.name == "entries" and not all(isinstance(item, dict) for item in value):
        return "each entry must be a JSON object (one per side)."
    if field.name == "result" and "sides" in value:
        sides = value["sides"]
        if not isinstance(sides, list) or not all(isinstance(s, dict) and _is_int(s.get("hand_score")) for s in sides):
            return "“sides” must be a list of objects, each with a whole-number “hand_score”."
    return None


def _holds_nul(value) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, list):
        return any(_holds_nul(v) for v in value)
    if isinstance(value, dict):
        return any(_holds_nul(k) or _holds_nul(v) for k, v in value.items())
    return False


def _unique_problems(rows: dict, known: dict) -> list[str]:
    """Unique fields and unique constraints: no two rows of the file share a value, and no unique
    text (a table token, a submission key) is already used in this database. A reference (a table
    entry's player) is never compared with this database's rows: the import gives it a new id. The
    event's address and identity are the importer's (tournament.events.backup)."""
    problems = []
    for label, model in known.items():
        items = rows.get(label, [])
        for field in model._meta.concrete_fields:
            if not field.unique or field.primary_key:
                continue
            values = [row.get(field.name) for row in items if row.get(field.name) is not None]
            problems += [f"{model.__name__}: {field.name} “{v}” appears in {n} rows of the file."
                         for v, n in Counter(values).items() if n > 1]
            if values and not field.is_relation and (label, field.name) not in OWN_CHECK:
                taken = model.objects.filter(**{f"{field.name}__in": values}).values_list(field.name, flat=True)[:3]
                problems += [f"{model.__name__}: {field.name} “{v}” is already used here by another tournament. "
                             "Delete or rename it first." for v in taken]
        for constraint in model._meta.constraints:
            problems += _constraint_problems(model, constraint, items)
    return problems


def _constraint_problems(model, constraint, items) -> list[str]:
    if not isinstance(constraint, models.UniqueConstraint):
        return []
    parts = list(constraint.fields)
    for expression in constraint.expressions:
        if isinstance(expression, models.F):
            parts.append(expression.name)
        elif isinstance(expression, Lower) and isinstance(expression.source_expressions[0], models.F):
            parts.append(("lower", expression.source_expressions[0].name))
        else:
            return []  # a kind of constraint this check does not read; the database still enforces it
    if constraint.condition is not None:
        children = constraint.condition.children
        if not all(isinstance(c, tuple) and c[0].endswith("__isnull") for c in children):
            return []
        items = [r for r in items if all((r.get(c[0].removesuffix("__isnull")) is None) == c[1] for c in children)]

    def value(row, part):
        if isinstance(part, tuple):
            text = row.get(part[1])
            return text.lower() if isinstance(text, str) else text
        return row.get(part)

    seen = Counter(tuple(value(row, part) for part in parts) for row in items)
    names = ", ".join(p[1] if isinstance(p, tuple) else p for p in parts)
    return [f"{model.__name__}: two rows of the file share {names} {list(key)!r} (each must be unique)."
            for key, count in seen.items() if count > 1]
