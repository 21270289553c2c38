"""Mail: the outbox every message goes through, sent by the worker (see outbox.py)."""
