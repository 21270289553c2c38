"""`manage.py demo`: a lively Bayfest-style tournament with slug `demo` (idempotent)."""

import datetime as dt
import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from tournament import registration
from tournament.models import Tournament

TEAMS = [
    ("Card Sharks", "Ann Lee", "Bob Lee"),
    ("Red Threes", "Carmen Ruiz", "Dave Smith"),
    ("Foot Soldiers", "Eve Adams", "Frank Moss"),
    ("Wild Twos", "Gina Park", "Hal Jones"),
    ("Run Makers", "Ivy Chen", "Jack Cole"),
    ("Book Club", "Kim Diaz", "Leo Ford"),
    ("La Costa", "Mia Gray", "Ned Hale"),
    ("Sea Breeze", "Olga Ivanova", "Pat Kent"),
    ("The Jokers", "Quinn Lowe", "Rita Mayo"),
    ("Sand Dollars", "Sam Nash", "Tess Owen"),
    ("Marina Mates", "Uma Price", "Vic Quinn"),
    ("Sunset Meld", "Walt Reyes", "Xena Shaw"),
]
LOOKING = [("Yolanda Tate", "Free all week"), ("Zack Vega", "New in the marina, happy to play either division")]


class Command(BaseCommand):
    help = "Create the demo tournament (slug `demo`) with times relative to now; does nothing if it exists."

    def handle(self, *args, **options):
        User = get_user_model()
        if not User.objects.filter(username="organizer").exists():
            password = secrets.token_urlsafe(9)
            User.objects.create_superuser("organizer", "organizer@localhost", password)
            self.stdout.write(f"Organizer log-in: organizer / {password}")
        if Tournament.objects.filter(slug="demo").exists():
            self.stdout.write("Demo tournament exists: /t/demo/")
            return
        now = timezone.now()
        with transaction.atomic():
            tournament = Tournament.objects.create(
                name="Bayfest Baja Rummy (demo)",
                slug="demo",
                venue="Marina clubhouse, La Paz",
                description=(
                    "Baja Rummy for teams of two partners. Every team plays in Division 1 and Division 2, "
                    "two single-elimination brackets; the two division champions meet in the final. "
                    "Games last 2 h 30; a team absent 5 minutes after the posted start forfeits."
                ),
                time_zone="America/Mazatlan",
                signup_deadline=now + dt.timedelta(hours=2),
                organizer_email="organizer@localhost",
                created_by=User.objects.get(username="organizer"),
            )
            for index, (name, first, second) in enumerate(TEAMS):
                registration.register_team(
                    tournament, team_name=name, player_names=(first, second),
                    now=now - dt.timedelta(hours=len(TEAMS) - index),
                )
            for name, note in LOOKING:
                registration.post_partner_wanted(tournament, name=name, note=note, now=now)
        self.stdout.write(self.style.SUCCESS("Demo tournament created: /t/demo/"))
