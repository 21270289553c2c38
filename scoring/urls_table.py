"""Table pages: the game's secret token in the URL is the key. The organizer's copy of the same
sheet (login) lives under manage/ with the same views and more powers."""

from django.urls import path

from scoring.views import organizer, table
from scoring.views.seat import organizer_seat, table_seat

app_name = "table"

VIEWS = [
    ("", table.sheet_page, "sheet"),
    ("hands/", table.submit, "submit"),
    ("hands/<id:number>/edit/", table.edit, "edit"),
    ("hands/<id:number>/confirm/", table.confirm, "confirm"),
    ("preview/", table.preview, "preview"),
    ("count/", table.count, "count"),
    ("live/", table.live, "live"),
]

urlpatterns = [
    path(f"manage/<id:game_id>/{route}", organizer_seat(view), name=f"manage_{name}") for route, view, name in VIEWS
] + [
    path("manage/<id:game_id>/rotate/", organizer_seat(organizer.rotate), name="manage_rotate"),
] + [
    path(f"<token:token>/{route}", table_seat(view), name=name) for route, view, name in VIEWS
]
