"""`manage.py export_tournament SLUG [-o FILE]`: one JSON file with everything of a tournament."""

import json

from django.core.management.base import BaseCommand, CommandError

from tournament.events.backup import export_tournament
from tournament.models import Tournament


class Command(BaseCommand):
    help = "Write a tournament (teams, draws, games, hands with revisions, check-ins, settings …) to one JSON file."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the tournament's address, as in /t/<slug>/")
        parser.add_argument("-o", "--output", help="file to write (default: <slug>.json; '-' for standard output)")

    def handle(self, *args, slug, output=None, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            known = ", ".join(Tournament.objects.order_by("slug").values_list("slug", flat=True)) or "none"
            raise CommandError(f"No tournament with the address “{slug}”. Known addresses: {known}.")
        text = json.dumps(export_tournament(tournament), indent=1, ensure_ascii=False)
        if output == "-":
            self.stdout.write(text)
            return
        path = output or f"{slug}.json"
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
        self.stderr.write(f"Wrote {tournament.name} to {path}")
