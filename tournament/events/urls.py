from django.urls import path

from tournament.events import views

app_name = "organizer"
urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.tournament_form, name="create"),
    path("t/<slug:slug>/", views.dashboard, name="dashboard"),
    path("t/<slug:slug>/edit/", views.tournament_form, name="edit"),
    path("t/<slug:slug>/export.json", views.export_json, name="export"),
]
