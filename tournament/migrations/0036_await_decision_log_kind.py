"""The game log's entry of the `await_decision` move is named as the move (it was "awaiting_decision"):
one vocabulary for moves and log kinds (tournament.core.game_log_kinds.RENAMED)."""

from django.db import migrations

OLD, NEW = "awaiting_decision", "await_decision"


def rename(apps, schema_editor):
    apps.get_model("tournament", "GameEvent").objects.filter(kind=OLD).update(kind=NEW)


def rename_back(apps, schema_editor):
    apps.get_model("tournament", "GameEvent").objects.filter(kind=NEW).update(kind=OLD)


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0035_seat_left_after_hand"),
    ]

    operations = [
        migrations.RunPython(rename, rename_back),
    ]
