"""`make bench` / `python -m bench`: Meldboard's figures, measured the same way every time.

The app runs under gunicorn against PostgreSQL and Redis on 127.0.0.1 with a live Celery worker;
a bounded client on loopback measures each page beside a trivial Django view (the baseline) and
the results go to a table and to JSON. See docs/PERFORMANCE.md.
"""
