"""`manage.py import_tournament FILE [--organizer USERNAME]`: restore a tournament written by
export_tournament. A backup carries no organizers (no rights travel in a file): the tournament is
run by `--organizer` and by whoever the file says created it; with neither, nothing is imported,
as a tournament nobody runs could only be reached by staff."""

import sys

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from tournament.events.backup import TournamentImportError, import_tournament, read_file
from tournament.models import Tournament


class Command(BaseCommand):
    help = "Restore a tournament from a JSON file written by export_tournament (refuses if its address exists)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the JSON file ('-' for standard input)")
        parser.add_argument(
            "--organizer", metavar="USERNAME",
            help="an existing user who runs the restored tournament (required if the file names no creator)",
        )

    def handle(self, *args, file, organizer=None, **options):
        by = _user(organizer) if organizer else None
        try:
            if file == "-":
                raw = sys.stdin.buffer.read()
            else:
                with open(file, "rb") as handle:
                    raw = handle.read()
        except OSError as exc:
            raise CommandError(f"Cannot read {file}: {exc.strerror}.")
        try:
            data = read_file(raw)
            if by is None and not _names_creator(data):
                raise CommandError(
                    "The file names no one who created the tournament, so no one would run it: "
                    "add --organizer USERNAME (an existing user). Nothing was imported."
                )
            with transaction.atomic():
                tournament = import_tournament(data, by=by)
                if tournament.created_by_id:  # as for a tournament made any other way (Tournament.save)
                    tournament.organizers.add(tournament.created_by_id)
        except TournamentImportError as exc:
            raise CommandError(str(exc))
        counts = ", ".join(f"{len(rows)} {label.split('.')[1]}" for label, rows in data["models"].items() if rows)
        runs = ", ".join(sorted(tournament.organizers.values_list("username", flat=True)))
        self.stdout.write(f"Imported “{tournament.name}” at /t/{tournament.slug}/ ({counts}); run by {runs}.")


def _user(username: str):
    User = get_user_model()
    user = User.objects.filter(**{User.USERNAME_FIELD: username}).first()
    if user is None:
        raise CommandError(
            f"There is no user “{username}” here: create it first (manage.py createsuperuser, or sign up), "
            "then import again. Nothing was imported."
        )
    return user


def _names_creator(data) -> bool:
    try:
        row = data["models"][Tournament._meta.label][0]
    except (KeyError, IndexError, TypeError):
        return True  # not a backup's shape: import_tournament names what is wrong with it
    return not isinstance(row, dict) or bool(row.get("created_by"))
