"""`manage.py demo`: the demo tournaments (slug `demo` and `demo-signups`), idempotent."""

import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from tournament.events import demo
from tournament.models import Tournament


class Command(BaseCommand):
    help = "Create the demo tournaments with times relative to now; leaves existing ones alone."

    def handle(self, *args, **options):
        User = get_user_model()
        if not User.objects.filter(username="organizer").exists():
            password = secrets.token_urlsafe(9)
            User.objects.create_superuser("organizer", "organizer@localhost", password)
            self.stdout.write(f"Organizer log-in: organizer / {password}  (change it in /admin/)")
        existed = set(Tournament.objects.filter(slug__in=["demo", "demo-signups"]).values_list("slug", flat=True))
        demo.create_all()
        for slug in ("demo", "demo-signups"):
            state = "exists" if slug in existed else "created"
            self.stdout.write(self.style.SUCCESS(f"Demo tournament {state}: /t/{slug}/"))
