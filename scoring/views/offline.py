"""The table page's offline side (docs/ARCHITECTURE.md, "Offline table page"): the JSON answers the
phone's outbox (static/js/outbox.js) reads, the service worker script and the install manifest.

The outbox posts the same forms to the same views as a tap on "Save" does, with the header
`X-Outbox: 1`; the views decide exactly as for a form post and only the answer differs: JSON with
status 200 (saved, or saved already under this key), 422 (refused: fix or drop it) or 409 (the
sheet changed meanwhile; `conflict` when another phone saved that hand number first)."""

from __future__ import annotations

import json
from functools import wraps

from django.contrib import messages
from django.contrib.staticfiles import finders
from django.http import Http404, HttpResponse, JsonResponse
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scoring import phone_text
from tournament.models import Game

HEADER = "X-Outbox"
REFUSED, CHANGED = 422, 409
SERVICE_WORKER = "js/table-sw.js"
MANIFEST = "manifest/table.webmanifest"
ICONS = (("icons/table-192.png", "192x192"), ("icons/table-512.png", "512x512"))


def wanted(request) -> bool:
    """Is this the outbox sending (JSON wanted) rather than a person's form post?"""
    return request.headers.get(HEADER) == "1"


def _with_cookies(answer: JsonResponse, response: HttpResponse) -> JsonResponse:
    answer.cookies = response.cookies  # e.g. the side this phone enters as (table._remember_side)
    return answer


def refused(form, status: int, problem: str = "", *, conflict: bool = False, next_number=None) -> JsonResponse:
    """A form post refused (the form's errors, the engine's at their fields, or `problem`)."""
    errors = [str(problem)] if problem else []
    errors += [str(m) for field_errors in form.errors.values() for m in field_errors if str(m) not in errors]
    body = {"ok": False, "errors": errors or [_("The server did not save this.")], "conflict": conflict}
    if next_number is not None:
        body["next"] = next_number
    return JsonResponse(body, status=CHANGED if status == 409 or conflict else REFUSED)


def answers(view):
    """For the outbox: a view's redirect becomes {"ok": true, "url": …} unless the view left an
    error message (the confirm view says no that way), which becomes a refusal; a view that
    answered JSON itself (a refused form, see table._render_form) is passed on as it is."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        if not wanted(request) or isinstance(response, JsonResponse):
            return response
        storage = messages.get_messages(request)
        problems = [str(m) for m in storage if m.level >= messages.WARNING]
        if response.status_code in (301, 302, 303) and not problems:
            storage.used = False  # the "saved" message is for the page the phone loads next
            number = kwargs.get("number")
            body = {"ok": True, "url": response["Location"], **({"hand": number} if number else {})}
            return _with_cookies(JsonResponse(body), response)
        body = {"ok": False, "errors": problems or [_("The server did not save this.")], "conflict": False}
        return JsonResponse(body, status=CHANGED)

    return wrapper


def saved(request, response: HttpResponse, *, hand: int, again: bool) -> HttpResponse:
    """A new hand's answer: the view's redirect for a form post, JSON for the outbox."""
    if not wanted(request):
        return response
    return _with_cookies(JsonResponse({"ok": True, "hand": hand, "again": again, "url": response["Location"]}), response)


def _static_text(name: str) -> str:
    path = finders.find(name)
    if not path:
        raise Http404(f"{name} is missing from the static files.")
    with open(path, encoding="utf-8") as handle:
        return handle.read()


@require_GET
def service_worker(request):
    """The service worker from a URL under /table/, so its scope may be the table pages (a script
    under /static/ could only control /static/)."""
    words = f"self.MELDBOARD_TEXT = {json.dumps(phone_text.service_worker_strings())};\n"
    response = HttpResponse(words + _static_text(SERVICE_WORKER), content_type="application/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"  # a new version reaches phones on their next visit
    return response


@require_GET
def manifest(request, token: str):
    """The install manifest of one table's page: "Add to Home Screen" opens this table's sheet."""
    game = Game.objects.filter(table_token=token).values("table_number", "division__tournament__name").first()
    if not token or game is None:
        raise Http404(_("No game at this link."))
    data = json.loads(_static_text(MANIFEST))
    if game["table_number"]:
        table = _("Table %(number)s") % {"number": game["table_number"]}
    else:
        table = _("Score sheet")
    data.update({
        "name": f"{table} · {game['division__tournament__name']}",
        "short_name": table,
        "start_url": request.path.rsplit("/", 1)[0] + "/",
        "scope": request.path.rsplit("/", 1)[0] + "/",
        "icons": [{"src": static(src), "sizes": sizes, "type": "image/png", "purpose": "any"} for src, sizes in ICONS],
    })
    return JsonResponse(data, content_type="application/manifest+json")
