"""The test and benchmark server is the one `make serve` runs: tools/static_host.py."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

from static_host import StaticServer, is_hashed  # noqa: F401
