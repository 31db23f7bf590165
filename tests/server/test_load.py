"""
A bounded load test: 16 clients on 127.0.0.1 play against ``cardrules serve`` for 60
seconds (``CARDRULES_LOAD_SECONDS`` to change it), each on keep-alive connections,
each at its own tables of one person and one greedy bot. Nothing may fail; the figures
(requests/s, p50/p99 latency) are printed and, with ``CARDRULES_LOAD_REPORT=FILE``,
written as JSON. No figure is asserted: the machine is shared.
"""

from __future__ import annotations

import http.client
import json
import os
import statistics
import threading
import time
from typing import Any

import pytest

from tests.server.conftest import Served

CLIENTS = 16


class _Client:
    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.latencies: list[float] = []
        self.errors: list[str] = []

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body)
        started = time.perf_counter()
        try:
            self.conn.request(method, path, data, headers)
            response = self.conn.getresponse()
            payload = response.read()
        except (OSError, http.client.HTTPException) as exc:
            self.errors.append(f"{method} {path}: {exc!r}")
            self.conn.close()
            return None
        self.latencies.append(time.perf_counter() - started)
        if response.status not in (200, 201):
            self.errors.append(f"{method} {path}: {response.status} {payload[:200]!r}")
            return None
        return json.loads(payload)

    def play(self, until: float) -> None:
        while time.monotonic() < until:
            made = self.call(
                "POST", "/api/tables", {"game": "beggar", "seats": ["person", "greedy"]}
            )
            if made is None:
                return
            table = made["table"]
            joined = self.call("POST", f"/api/tables/{table}/seats/0")
            if joined is None:
                return
            token = joined["token"]
            while time.monotonic() < until:
                seen = self.call("GET", f"/api/tables/{table}/view", token=token)
                if seen is None:
                    return
                if seen["over"]:
                    break
                if seen["legal"]:
                    body = {"number": seen["number"], "move": seen["legal"][0]["move"]}
                    if self.call("POST", f"/api/tables/{table}/moves", body, token) is None:
                        return


@pytest.mark.slow
def test_sixteen_clients_for_a_minute(db: str) -> None:
    seconds = float(os.environ.get("CARDRULES_LOAD_SECONDS", "60"))
    server = Served(db)
    try:
        clients = [_Client(server.port) for _ in range(CLIENTS)]
        started = time.monotonic()
        until = started + seconds
        threads = [threading.Thread(target=c.play, args=(until,)) for c in clients]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - started
        for client in clients:
            client.conn.close()
    finally:
        server.stop()
    latencies = sorted(x for c in clients for x in c.latencies)
    errors = [e for c in clients for e in c.errors]
    quantiles = statistics.quantiles(latencies, n=100)
    report = {
        "clients": CLIENTS,
        "seconds": round(elapsed, 1),
        "requests": len(latencies),
        "requests_per_second": round(len(latencies) / elapsed, 1),
        "p50_ms": round(quantiles[49] * 1000, 1),
        "p99_ms": round(quantiles[98] * 1000, 1),
        "errors": len(errors),
    }
    print("\nload:", json.dumps(report))
    if path := os.environ.get("CARDRULES_LOAD_REPORT"):
        with open(path, "w") as file:
            json.dump(report, file)
    assert errors == []
    assert all(c.latencies for c in clients)  # every client was served
