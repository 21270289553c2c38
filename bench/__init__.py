"""`make bench` / `python -m bench`: Meldboard's figures, measured the same way every time.

The app runs under gunicorn against PostgreSQL and Redis on 127.0.0.1 with a live Celery worker;
bounded clients on loopback measure each page beside a trivial Django view (the baseline), drive
the event-peak mix open-loop, and the results go to a table and to JSON. The bench reaches the app
only through HTTP, the models, management commands and a few service functions (bench/fixture.py).
See docs/PERFORMANCE.md.
"""
