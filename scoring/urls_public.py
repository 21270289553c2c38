"""The public, read-only score sheet of a game (no token: spectators see, never enter)."""

from django.urls import path

from scoring.views import public

app_name = "sheet"
urlpatterns = [
    path("t/<slug:slug>/games/<id:game_id>/sheet/", public.sheet, name="game"),
    path("t/<slug:slug>/games/<id:game_id>/sheet/live/", public.live, name="live"),
]
