"""The course's build tools. Where the project and its notebooks are, and how a headless browser
is started here, are said once, here, for every tool and test."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium (never a browser a test tool downloads)."""
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Flags for a headless run on this kind of machine: without the background-networking ones
Chromium keeps calling hosts that a closed network refuses."""
