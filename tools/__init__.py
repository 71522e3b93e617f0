"""The course's build tools. Where the project and its notebooks are is said once, here, for
every tool."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
