"""kombu's Redis transport, with the broker-restart crash fixed (see docs below and issue 21).

Why this exists. With celery 5.7.0 and kombu 5.7.0 a worker holding an unacknowledged
message (every running stage: ``acks_late``) died when Redis restarted:

1. The consumer's BRPOP fails (``Connection closed by server``) and Celery's
   ``Consumer.on_connection_error_after_connected`` calls ``connection.collect()``.
2. ``collect()`` closes the default channel, but ``Channel.close()`` first reads the
   pending BRPOP reply (``_brpop_read``) from the dead socket; that raises a
   ``ConnectionError``, which ``maybe_close_channel`` swallows, so the channel is left
   open with the message still in its QoS. ``collect()`` then detaches the transport
   (``transport.client = None``).
3. New in celery 5.7.0 (5.6.3 does not do it), the consumer then closes the connection
   again (``ignore_errors(connection, connection.close)``). That closes the same
   channel once more; now it restores the unacknowledged message, which needs a
   connection pool, which ``_connparams`` builds from ``self.connection.client``:
   ``None``. The ``AttributeError("'NoneType' object has no attribute 'hostname'")``
   is neither a connection nor a channel error, ``ignore_errors`` lets it through and
   the worker stops with "Unrecoverable error".

The fix: a channel whose transport is detached says so with the connection error it is
(``redis.exceptions.ConnectionError``), which every cleanup path already ignores, so
the consumer goes on to reconnect. Nothing is lost by not restoring there: the broker
that just went away cannot take the message back, a broker that kept its data still
has it in its unacked index (redelivered after ``visibility_timeout``), and a search
whose stage message was lost is scheduled again by the recovery watchdog
(``search/recovery.py``). Pinning celery 5.6.3 also avoids step 3, but loses 5.7.0's
other reconnect fixes (bounded socket reads while collecting, timer entries of a failed
connection cancelled), so the newest versions stay and this class closes the gap.

Used through ``CELERY_BROKER_TRANSPORT`` for ``redis://`` and ``rediss://`` broker URLs.
"""
from __future__ import annotations

import logging
from typing import Any

from kombu.transport import redis as kombu_redis
from redis.exceptions import ConnectionError as RedisConnectionError

logger = logging.getLogger(__name__)


class Channel(kombu_redis.Channel):
    def _connparams(self, asynchronous: bool = False) -> dict[str, Any]:
        """kombu's parameters, or a ConnectionError once the transport was detached from its connection."""
        transport = self.connection
        if transport is None or getattr(transport, "client", None) is None:
            pending = len(self._qos._delivered) if self._qos is not None else 0
            if pending:
                logger.warning(
                    "broker connection already closed: %d unacknowledged message(s) left to the broker's "
                    "visibility timeout and the search recovery watchdog", pending,
                )
            raise RedisConnectionError("the broker connection was closed (transport detached)")
        return super()._connparams(asynchronous=asynchronous)


class Transport(kombu_redis.Transport):
    Channel = Channel
