import tournament.models.clubs
import tournament.models.events
from django.db import migrations, models


def from_latest_event(apps, schema_editor):
    """A club made before it had a zone meets where its latest event was played (as its pages assumed)."""
    Club = apps.get_model("tournament", "Club")
    Tournament = apps.get_model("tournament", "Tournament")
    for club in Club.objects.all():
        zone = (Tournament.objects.filter(club=club).order_by("-signup_deadline")
                .values_list("time_zone", flat=True).first())
        if zone:
            Club.objects.filter(pk=club.pk).update(time_zone=zone, changes=models.F("changes") + 1)


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0031_gameside_back_from_hand'),
    ]

    operations = [
        migrations.AddField(
            model_name='club',
            name='time_zone',
            field=models.CharField(default=tournament.models.clubs.default_time_zone, max_length=64, validators=[tournament.models.events.validate_time_zone]),
        ),
        migrations.RunPython(from_latest_event, migrations.RunPython.noop),
    ]
