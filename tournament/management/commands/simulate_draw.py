"""`manage.py simulate_draw --teams N --seed S`: the first round a draw would give, as JSON.

Teams are named T1..TN in registration order; null marks a bye. Nothing is saved.
"""

import json

from django.core.management.base import BaseCommand, CommandError

from tournament.formats.bracket.draw import generator


class Command(BaseCommand):
    help = "Print the first round of a draw of N teams with seed S as JSON (teams T1..TN, null = bye)."

    def add_arguments(self, parser):
        parser.add_argument("--teams", required=True, help="How many teams (at least 2).")
        parser.add_argument("--seed", required=True, help="The seed: a whole number, 0 or more.")
        parser.add_argument("--seeds", default="", help="A seeded draw's seeds, strongest first: e.g. T5,T2 (as its page lists them).")

    def handle(self, *args, teams, seed, seeds="", **options):
        try:
            count = int(teams)
        except ValueError:
            raise CommandError(f"--teams must be a whole number, not “{teams}”.")
        try:
            seed_value = generator.parse_seed(seed)
            seeded = [s.strip() for s in seeds.split(",") if s.strip()]
            lines = generator.draw_lines([f"T{i}" for i in range(1, count + 1)], seed_value, seeded)
        except ValueError as exc:
            raise CommandError(str(exc))
        result = {"size": len(lines), "round1": [list(pair) for pair in generator.first_round_pairs(lines)]}
        self.stdout.write(json.dumps(result))
