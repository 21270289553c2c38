"""`manage.py recompute_ratings [--club SLUG]`: replay every club's whole history (or one club's) and
store the ratings; the same history gives the same ratings every time."""

from django.core.management.base import BaseCommand, CommandError

from tournament.clubs import ratings
from tournament.models import Club


class Command(BaseCommand):
    help = "Replay the club's finished games (event by event, each in order of finish) and store every member's rating."

    def add_arguments(self, parser):
        parser.add_argument("--club", metavar="SLUG", help="one club (default: every club)")

    def handle(self, *args, club=None, **options):
        clubs = Club.objects.order_by("pk")
        if club:
            clubs = clubs.filter(slug=club)
            if not clubs.exists():
                raise CommandError(f"No club has the address “{club}”.")
        for found in clubs:
            rated = ratings.refresh(found, force=True)
            games = sum(r.games for r in rated.values())
            self.stdout.write(f"{found.slug}: {len(rated)} members rated from their games ({games} player-games).")
