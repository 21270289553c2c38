"""A digest of the code a process runs, put in front of every cache key (settings.CACHES KEY_PREFIX).

Cached pages, cards and board rows are keyed by what they show and the tournament's change counter,
not by the words and markup the code gives them. Without this, a deploy that changes a template, a
translation or a sentence made in Python would keep serving the pages rendered by the old code until
the tournament next changed (a finished event: until the entries time out). With it, the first
request after a deploy renders afresh; old entries are never read again and time out.

Every process of one deploy (web, worker, beat, management commands) reads the same files, so they
share their keys. Reading them costs a few milliseconds once per process start."""

from __future__ import annotations

import hashlib
from pathlib import Path

# What makes a page: the apps' Python, the templates and the compiled translations. Static files
# are not in a page's HTML (their URLs do not change with their content).
PARTS = ("config", "tournament", "scoring", "rules", "templates", "locale")
SUFFIXES = {".py", ".html", ".txt", ".xml", ".mo"}


def digest(root: Path, parts: tuple[str, ...] = PARTS) -> str:
    hashed = hashlib.blake2b(digest_size=6)
    for part in parts:
        for path in sorted((root / part).rglob("*")):
            if path.suffix in SUFFIXES and "__pycache__" not in path.parts and path.is_file():
                hashed.update(str(path.relative_to(root)).encode() + b"\0")
                hashed.update(path.read_bytes())
    return f"code-{hashed.hexdigest()}"
