"""A team's name made of its players' names is never cut (was 60 characters: "Hank Jones" vanished),
and such a name is marked so pages join the partners in their own language ("Ana y Hank")."""

from django.db import migrations, models


def mark_pairs(apps, schema_editor):
    Team = apps.get_model("tournament", "Team")
    Player = apps.get_model("tournament", "Player")
    # Table events' pairs were always named from their players: name them whole again.
    for team in Team.objects.filter(tournament__format="tables"):
        people = list(Player.objects.filter(team=team).order_by("created_at", "id").values_list("name", flat=True))
        whole = " & ".join(people)
        if people and team.name != whole and whole.startswith(team.name[:60]):
            team.name = whole
        Team.objects.filter(pk=team.pk).update(name=team.name, from_players=True)


class Migration(migrations.Migration):
    dependencies = [("tournament", "0015_confirmed_held_hands")]

    operations = [
        migrations.AlterField("team", "name", models.CharField(max_length=255)),
        migrations.AddField("team", "from_players", models.BooleanField(default=False)),
        migrations.RunPython(mark_pairs, migrations.RunPython.noop),
    ]
