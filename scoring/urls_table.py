"""Table pages: the game's secret token in the URL is the key. The organizer's copy of the same
sheet (login) lives under manage/ with the same views and more powers."""

from django.urls import path

from scoring.views import offline, organizer, table
from scoring.views.seat import organizer_seat, table_seat

app_name = "table"

VIEWS = [
    ("", table.sheet_page, "sheet"),
    # offline.answers: the phone's outbox gets JSON from the same views (scoring/views/offline.py)
    ("hands/", offline.answers(table.submit), "submit"),
    ("hands/<id:number>/edit/", offline.answers(table.edit), "edit"),
    ("hands/<id:number>/confirm/", offline.answers(table.confirm), "confirm"),
    ("preview/", table.preview, "preview"),
    ("count/", table.count, "count"),
    ("live/", table.live, "live"),
]

urlpatterns = [
    path(f"manage/<id:game_id>/{route}", organizer_seat(view), name=f"manage_{name}") for route, view, name in VIEWS
] + [
    path("manage/<id:game_id>/rotate/", organizer_seat(organizer.rotate), name="manage_rotate"),
] + [
    path("sw.js", offline.service_worker, name="service_worker"),
] + [
    path(f"<token:token>/{route}", table_seat(view), name=name) for route, view, name in VIEWS
] + [
    path("<token:token>/manifest.webmanifest", offline.manifest, name="manifest"),
]
