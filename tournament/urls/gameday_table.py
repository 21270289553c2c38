from django.urls import path  # noqa: F401

app_name = "gameday_table"
urlpatterns: list = []
