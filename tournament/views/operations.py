"""Organizer operations: download the whole tournament as one JSON file (the backup)."""

import json

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.views.decorators.http import require_GET

from tournament.backup import export_tournament
from tournament.models import Tournament


@login_required
@require_GET
def export_json(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    body = json.dumps(export_tournament(tournament), indent=1, ensure_ascii=False)
    stamp = timezone.now().astimezone(tournament.tz).strftime("%Y-%m-%d-%H%M")
    response = HttpResponse(body + "\n", content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="meldboard-{tournament.slug}-{stamp}.json"'
    response["Cache-Control"] = "no-store"
    return response
