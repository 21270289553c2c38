"""The secretary's Members page: look-alikes with their evidence side by side (merged, or kept as
different people), merges split again, a member renamed or shown under another spelling, a member
not listed publicly. The rules are tournament.clubs.members and tournament.clubs.identity."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.clubs import identity, lookalikes
from tournament.clubs import members as people
from tournament.clubs.views_organizer import club_organizer
from tournament.common.form_fields import refuse_nul
from tournament.models import Club, Member


def _page(request, club, *, status=200, error=None, renaming=None, typed=""):
    mapping = people.sync(club)
    everyone = list(club.members.filter(merged_into__isnull=True))
    merged = lookalikes.merged_into(club)
    rows = [{"member": m, "merged": merged.get(m.pk, []), "spellings": identity.spellings(club, m, mapping)}
            for m in everyone]
    return render(request, "clubs/members.html", {
        "club": club, "rows": rows, "look_alikes": lookalikes.pairs(club), "error": error,
        "renaming": renaming, "typed": typed}, status=status)


@club_organizer
def member_list(request, club):
    return _page(request, club)


def _two(request, club):
    ids = [request.POST.get("keep", ""), request.POST.get("other", "")]
    if not all(i.isascii() and i.isdigit() for i in ids) or ids[0] == ids[1]:
        return None
    found = {m.pk: m for m in Member.objects.filter(club=club, merged_into__isnull=True, pk__in=[int(i) for i in ids])}
    return (found[int(ids[0])], found[int(ids[1])]) if len(found) == 2 else None


@club_organizer
@require_POST
def merge(request, club):
    pair = _two(request, club)
    if pair is None:
        messages.info(request, _("Those two members are no longer both here (already merged?): nothing changed."))
        return redirect("clubs_organizer:members", club.slug)
    try:
        identity.merge(club, *pair)
    except identity.Refused as exc:
        return _page(request, club, status=400, error=str(exc))
    messages.success(request, _("Merged into %(name)s. “Split” undoes it.") % {"name": pair[0].name})
    return redirect("clubs_organizer:members", club.slug)


@club_organizer
@require_POST
def split(request, club, member_id):
    member = Member.objects.filter(club=club, pk=member_id, merged_into__isnull=False).first()
    if member is None:
        messages.info(request, _("That member is not merged into another (already split?): nothing changed."))
        return redirect("clubs_organizer:members", club.slug)
    identity.split(club, member)
    messages.success(request, _("%(name)s is a member of their own again.") % {"name": member.name})
    return redirect("clubs_organizer:members", club.slug)


@club_organizer
@require_POST
def rename(request, club, member_id):
    member = get_object_or_404(Member, club=club, pk=member_id, merged_into__isnull=True)
    typed = request.POST.get("name", "")
    try:
        refuse_nul(typed)  # PostgreSQL can neither store nor compare a NUL byte
        shown = identity.rename(club, member, typed)
    except ValidationError as exc:
        return _page(request, club, status=400, error=" ".join(exc.messages), renaming=member.pk, typed=typed.replace("\x00", ""))
    except identity.Refused as exc:
        return _page(request, club, status=400, error=str(exc), renaming=member.pk, typed=typed)
    messages.success(request, _("The club now shows %(name)s.") % {"name": shown})
    return redirect("clubs_organizer:members", club.slug)


@club_organizer
@require_POST
def apart(request, club):
    pair = _two(request, club)
    if pair is not None:
        people.confirm_apart(club, *pair)
        messages.success(request, _("%(first)s and %(second)s are kept as different people.") % {
            "first": pair[0].name, "second": pair[1].name})
    return redirect("clubs_organizer:members", club.slug)


@club_organizer
@require_POST
def listing(request, club, member_id):
    member = get_object_or_404(Member, club=club, pk=member_id)
    unlisted = request.POST.get("unlisted") == "1"
    with transaction.atomic():
        Member.objects.filter(pk=member.pk).update(unlisted=unlisted)
        Club.objects.filter(pk=club.pk).bump()
    messages.success(request, (_("%(name)s is no longer listed publicly.") if unlisted
                               else _("%(name)s is listed publicly again.")) % {"name": member.name})
    return redirect("clubs_organizer:members", club.slug)
