"""
The headless Chromium the browser tests drive: Debian's package (``apt-get install
chromium``), started by Playwright's Python API with ``executable_path``; no browser is
ever downloaded. The flags keep it from reaching out to the network at start.
"""

from __future__ import annotations

import shutil

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
"""Where Debian's Chromium is, or ``None`` where it is not installed."""

ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
"""Chromium's command line flags for the tests (as root, headless, no network calls)."""
