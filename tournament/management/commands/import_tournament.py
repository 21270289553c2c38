"""`manage.py import_tournament FILE`: restore a tournament written by export_tournament."""

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from tournament.events.backup import TournamentImportError, import_tournament


class Command(BaseCommand):
    help = "Restore a tournament from a JSON file written by export_tournament (refuses if its address exists)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the JSON file ('-' for standard input)")

    def handle(self, *args, file, **options):
        try:
            if file == "-":
                data = json.load(sys.stdin)
            else:
                with open(file, encoding="utf-8") as handle:
                    data = json.load(handle)
        except OSError as exc:
            raise CommandError(f"Cannot read {file}: {exc.strerror}.")
        except json.JSONDecodeError as exc:
            raise CommandError(f"{file} is not JSON: {exc}.")
        try:
            tournament = import_tournament(data)
        except TournamentImportError as exc:
            raise CommandError(str(exc))
        counts = ", ".join(f"{len(rows)} {label.split('.')[1]}" for label, rows in data["models"].items() if rows)
        self.stdout.write(f"Imported “{tournament.name}” at /t/{tournament.slug}/ ({counts}).")
