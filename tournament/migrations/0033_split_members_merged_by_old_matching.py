"""Members wrongly merged by the old matching (issue 35): a member without a contact took in every
later sign-up of the same name, whatever its contact, so two people (a phone, an e-mail) became one
member, counted twice at one event. Matching now never gives a member two contacts of its own (a
person who changed number is a look-alike the secretary merges, `merged_into`), so a member whose
own keys hold two contacts was made by the old rule: each contact after the first becomes a member
of its own again, with the name and contact of its first sign-up. Those members stand beside the
first as look-alikes, with their evidence, for the secretary to merge back where they are one person."""

from django.db import migrations
from django.db.models import F
from django.utils import timezone

from tournament.common.names import contact_key, person_key

SEAT = "@"  # tournament.core.club_ratings.SEAT: a key held by a second player of one event


def real_contact(key: str) -> str:
    return key.rpartition("|")[2] if key.startswith(SEAT) else key


def split_mixed_members(apps, schema_editor):
    Club = apps.get_model("tournament", "Club")
    Member = apps.get_model("tournament", "Member")
    MemberName = apps.get_model("tournament", "MemberName")
    Player = apps.get_model("tournament", "Player")
    for club in Club.objects.all():
        by_member: dict[int, dict[str, list[int]]] = {}
        for pk, member, contact in MemberName.objects.filter(club=club).order_by("pk").values_list(
                "pk", "member_id", "contact_key"):
            by_member.setdefault(member, {}).setdefault(real_contact(contact), []).append(pk)
        mixed = {member: contacts for member, contacts in by_member.items() if len([c for c in contacts if c]) > 1}
        if not mixed:
            continue
        typed = {}  # (name key, contact key) -> (name, contact) as first signed up
        for name, contact in Player.objects.filter(tournament__club=club).order_by(
                "tournament__signup_deadline", "created_at", "pk").values_list("name", "contact"):
            typed.setdefault((person_key(name), contact_key(contact)), (name, contact))
        for member_pk, contacts in mixed.items():
            member = Member.objects.get(pk=member_pk)
            for contact in [c for c in contacts if c][1:]:
                rows = MemberName.objects.filter(pk__in=contacts[contact])
                name_key = rows.order_by("pk").values_list("name_key", flat=True).first()
                name, shown_contact = typed.get((name_key, contact), (member.name, contact))
                person = Member.objects.create(club=club, name=name, contact=shown_contact, unlisted=member.unlisted,
                                               created_at=timezone.now())
                rows.update(member=person)
        # Every page and the ratings read who is who anew.
        Club.objects.filter(pk=club.pk).update(changes=F("changes") + 1)


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0032_club_time_zone'),
    ]

    operations = [
        migrations.RunPython(split_mixed_members, migrations.RunPython.noop),
    ]
