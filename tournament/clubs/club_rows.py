"""A club's own rows (a season, an event typed in from before Meldboard) corrected or removed by the
club's organizers, one way for both: the row is looked up in the club only, a bad form changes
nothing and is shown again with its errors, and each change bumps the club's counter in its own
transaction, so every page, PDF and CSV that shows the row is right on the very next request.
A second tap on Remove, or a page left open after a colleague removed the row, changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.contrib import messages
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect, render

from tournament.models import Club


@dataclass(frozen=True)
class RowKind:
    model: type
    form: type
    template: str
    missing: Callable[[], str]  # the 404's words: no such row in this club
    gone: Callable[[], str]  # the note when the row went before the post
    saved: Callable[[object], str]
    removed: Callable[[object], str]
    shown: Callable[[object], str] = str
    more: Callable[[Club], dict] = field(default=lambda club: {})  # more for the page (the members to pick from)


def _gone(request, club, kind: RowKind):
    messages.info(request, kind.gone())
    return redirect("clubs_organizer:manage", club.slug)


def edit(request, club, pk: int, kind: RowKind):
    row = kind.model.objects.filter(club=club, pk=pk).first()
    if row is None:
        if request.method != "POST":
            raise Http404(kind.missing())
        return _gone(request, club, kind)
    form = kind.form(request.POST or None, instance=row)
    context = {"club": club, "row": row, "shown": kind.shown(row), "form": form, "action": request.path,
               **kind.more(club)}
    if request.method != "POST":
        return render(request, kind.template, context)
    if not form.is_valid():
        return render(request, kind.template, context, status=400)
    with transaction.atomic():
        form.save()
        Club.objects.filter(pk=club.pk).bump()
    messages.success(request, kind.saved(form.instance))
    return redirect("clubs_organizer:manage", club.slug)


def remove(request, club, pk: int, kind: RowKind):
    with transaction.atomic():
        row = kind.model.objects.select_for_update().filter(club=club, pk=pk).first()
        if row is None:
            return _gone(request, club, kind)
        row.delete()
        Club.objects.filter(pk=club.pk).bump()
    messages.success(request, kind.removed(row))
    return redirect("clubs_organizer:manage", club.slug)
