"""`manage.py import_tournament FILE`: restore a tournament written by export_tournament."""

import sys

from django.core.management.base import BaseCommand, CommandError

from tournament.events.backup import TournamentImportError, import_tournament, read_file


class Command(BaseCommand):
    help = "Restore a tournament from a JSON file written by export_tournament (refuses if its address exists)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the JSON file ('-' for standard input)")

    def handle(self, *args, file, **options):
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
            tournament = import_tournament(data)
        except TournamentImportError as exc:
            raise CommandError(str(exc))
        counts = ", ".join(f"{len(rows)} {label.split('.')[1]}" for label, rows in data["models"].items() if rows)
        self.stdout.write(f"Imported “{tournament.name}” at /t/{tournament.slug}/ ({counts}).")
