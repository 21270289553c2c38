"""tournament.page_cache.shared_read: concurrent callers share one read, never an older one."""

import threading

import pytest

from tournament import page_cache


def test_a_caller_that_comes_while_a_read_runs_gets_the_next_read_shared_with_the_others():
    started, release = threading.Event(), threading.Event()
    reads = []

    def read():
        reads.append(len(reads) + 1)
        if len(reads) == 1:  # hold the first read until the others have queued
            started.set()
            release.wait(5)
        return len(reads)

    results = {}
    first = threading.Thread(target=lambda: results.setdefault("first", page_cache.shared_read("t", read)))
    first.start()
    started.wait(5)
    late = [threading.Thread(target=lambda i=i: results.setdefault(i, page_cache.shared_read("t", read))) for i in range(3)]
    for t in late:
        t.start()
    while getattr(page_cache._queued.get("t"), "callers", 0) < 3:  # all three queued behind read 1
        threading.Event().wait(0.001)
    release.set()
    for t in [first, *late]:
        t.join(5)
    # The first caller got read 1; the three that came while it ran did not get that older answer:
    # they shared read 2, which started after all of them asked.
    assert results["first"] == 1
    assert [results[i] for i in range(3)] == [2, 2, 2]
    assert reads == [1, 2]


def test_an_error_reaches_the_caller_and_the_next_caller_reads_again():
    def broken():
        raise RuntimeError("database went away")

    with pytest.raises(RuntimeError, match="went away"):
        page_cache.shared_read("e", broken)
    assert page_cache.shared_read("e", lambda: "fine") == "fine"
