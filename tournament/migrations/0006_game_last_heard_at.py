from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0007_table_standings"),  # the leaf on main when this branch merged it
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="last_heard_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
