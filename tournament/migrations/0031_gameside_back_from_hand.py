import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ('tournament', '0030_time_change_mail'),
    ]

    operations = [
        migrations.AddField(
            model_name='seatingdraw',
            name='taken_back_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='seatingdraw',
            name='taken_back_by',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name='gameside',
            name='back_from_hand',
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
    ]
