from django.apps import AppConfig


class TournamentConfig(AppConfig):
    name = "tournament"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # The club's ratings follow finished games and draws (the core's signals): connect their receivers
        # in every process, the web's and the worker's.
        from tournament.clubs import rating_tasks  # noqa: F401
