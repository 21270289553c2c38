"""`manage.py purge_front_cache`: empty every front cache host (FRONT_CACHE_URLS) of every kept page.

Run it once a deploy's new web hosts answer: a kept page was rendered by the old code (templates,
translations), and Django's own cache keys change with the code (config.deployed_code) but the front
cache's do not. Also after deleting an event (its pages bump no counter any more)."""

from django.core.management.base import BaseCommand, CommandError

from tournament.common import front_cache_purge


class Command(BaseCommand):
    help = "Purge every page from the front cache (Varnish) hosts named in FRONT_CACHE_URLS."

    def handle(self, *args, **options):
        if not front_cache_purge.enabled():
            self.stdout.write("FRONT_CACHE_URLS is empty: no front cache to purge.")
            return
        if not front_cache_purge.purge([front_cache_purge.EVERY_PAGE]):
            raise CommandError("A front cache host did not confirm the purge (see the log); its pages expire "
                               "within FRONT_CACHE_SECONDS anyway.")
        self.stdout.write(self.style.SUCCESS("Every front cache host emptied of its kept pages."))
