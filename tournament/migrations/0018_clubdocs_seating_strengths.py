from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0017_memory_clubs'),
    ]

    operations = [
        migrations.AddField(
            model_name='seatingdraw',
            name='strengths',
            field=models.JSONField(default=list),
        ),
    ]
