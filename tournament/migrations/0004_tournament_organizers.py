from django.conf import settings
from django.db import migrations, models


def creators_organize(apps, schema_editor):
    """Each existing tournament keeps being run by the account that made it."""
    Tournament = apps.get_model("tournament", "Tournament")
    for tournament in Tournament.objects.exclude(created_by=None).only("pk", "created_by"):
        tournament.organizers.add(tournament.created_by_id)


class Migration(migrations.Migration):

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("tournament", "0003_game_result_reason_choices"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="organizers",
            field=models.ManyToManyField(blank=True, related_name="organized_tournaments", to=settings.AUTH_USER_MODEL),
        ),
        migrations.RunPython(creators_organize, migrations.RunPython.noop),
    ]
