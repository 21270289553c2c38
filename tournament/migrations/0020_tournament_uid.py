import uuid

from django.db import migrations, models


def give_each_its_own(apps, schema_editor):
    Tournament = apps.get_model("tournament", "Tournament")
    for pk in Tournament.objects.values_list("pk", flat=True):
        Tournament.objects.filter(pk=pk).update(uid=uuid.uuid4())


class Migration(migrations.Migration):
    dependencies = [("tournament", "0019_sides_in_slot_order")]

    operations = [
        migrations.AddField(model_name="tournament", name="uid", field=models.UUIDField(null=True, editable=False)),
        migrations.RunPython(give_each_its_own, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="tournament", name="uid", field=models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
        ),
    ]
