"""Build the site for a free local port and serve it (for the screenshot and Lighthouse tools).

    with built_site() as (url, site): ...

Instant navigation needs the address the site was built for, so the build and the server
share one port.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from helpers import ROOT, free_port  # noqa: E402
from static_server import StaticServer  # noqa: E402


@contextlib.contextmanager
def built_site(site: Path | None = None) -> Iterator[tuple[str, Path]]:
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    with tempfile.TemporaryDirectory() as scratch:
        out = site or Path(scratch) / "site"
        env = dict(os.environ, SITE_URL=url, NO_MKDOCS_2_WARNING="1")
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                       cwd=ROOT, env=env, check=True, capture_output=True)
        with StaticServer(out, port=port) as served:
            yield served, out
