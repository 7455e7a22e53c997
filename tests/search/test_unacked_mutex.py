"""A worker killed while it restores unacknowledged messages must not hold up everyone else's redelivery for long.

kombu's Redis transport moves messages whose visibility timeout has passed back to their queue under one Redis lock
(``unacked_mutex``), taken with an expiry and released when the pass ends. A worker killed inside that pass never
releases it, and until it expires no other worker redelivers anything: with kombu's default of 300 s a search whose
worker died waited five minutes more (``test_worker_integration``'s killed-worker test timed out once on it). The
setting ``unacked_mutex_expire`` bounds that wait; this test holds the lock as a killed worker would leave it.
"""
from __future__ import annotations

from django.conf import settings
from kombu import Connection

# A database of its own: the lock is one key per broker database, and other tests' workers use the broker's.
MUTEX_DB_URL = "redis://127.0.0.1:6379/14"


def test_a_restore_lock_left_by_a_killed_worker_expires_within_seconds():
    with Connection(MUTEX_DB_URL, transport="medseba.broker:Transport",
                    transport_options=settings.CELERY_BROKER_TRANSPORT_OPTIONS) as conn:
        channel = conn.default_channel
        client = channel.client
        key = channel.unacked_mutex_key
        client.delete(key)
        try:
            # What restore_visible takes; a killed worker never calls release().
            assert client.lock(key, timeout=channel.unacked_mutex_expire).acquire(blocking=False)
            ttl_ms = client.pttl(key)
            assert 0 < ttl_ms <= 10_000
            assert channel.qos.unacked_mutex_expire == channel.unacked_mutex_expire
        finally:
            client.delete(key)
