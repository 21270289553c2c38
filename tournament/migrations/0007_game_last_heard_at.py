from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0006_table_standings"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="last_heard_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
