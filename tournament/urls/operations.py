from django.urls import path

from tournament.views import operations

app_name = "operations"
urlpatterns = [
    path("t/<slug:slug>/export.json", operations.export_json, name="export"),
]
