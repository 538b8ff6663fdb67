"""One test run's site: built once, served at one address, shared by every pytest worker.

The process that owns the run (pytest's controller under pytest-xdist, or the only process)
calls ``begin``: it makes the run's folder, binds the port (the checkout's own, ``checkout_port``,
when it is free) and serves ``<folder>/site`` there with ``tools/static_host.py`` for the whole
run, and names the folder in ``$CRIBBAGE_TEST_RUN`` so the workers it starts find it. The build
itself starts in the background as soon as a worker has collected a test that needs the site
(``start_build``: once per run, whoever asks first, under a file lock), so the engine tests run
while it builds; ``wait_for_build`` waits for it. The site is built for the address it is served
from: instant navigation matches links against the sitemap, port included.

    python -m harness.run FOLDER     # the background build (what start_build runs)
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from harness import ROOT
from hooks.files import locked
from static_host import StaticServer, run_build

RUN_VARIABLE = "CRIBBAGE_TEST_RUN"
BUILD_TIMEOUT = 30 * 60  # seconds: a cold build on a loaded two-core machine takes a few minutes


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def build(project: Path, site: Path, strict: bool = True, env: dict[str, str] | None = None,
          site_url: str | None = None) -> subprocess.CompletedProcess[str]:
    """``mkdocs build`` of a project directory (a checkout, or a copy of its sources to break)
    into ``site``, output captured; for this run's address unless ``site_url`` says otherwise."""
    if site_url is None:
        run = current()
        site_url = run.url if run else "http://127.0.0.1:8000/"
    return run_build(site, project=project, site_url=site_url, strict=strict, env=env)


def build_site(site: Path, site_url: str, **variables: str) -> None:
    """The checkout's site built into ``site`` for ``site_url`` (benchmarks, tools), with extra
    environment ``variables`` (``CRIBBAGE_SNAPSHOT=off``...); a failed build raises with its messages."""
    result = build(ROOT, site, site_url=site_url, env={**os.environ, **variables})
    if result.returncode:
        raise RuntimeError(f"the site build failed:\n{result.stderr[-3000:]}")


@dataclass(frozen=True)
class Run:
    folder: Path
    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def site(self) -> Path:
        return self.folder / "site"

    @property
    def result_file(self) -> Path:
        return self.folder / "build.json"


_server: StaticServer | None = None
_builders: list[subprocess.Popen[bytes]] = []


def begin() -> Run:
    """Own a new run: its folder, its port and the server on it (call once, in the controller)."""
    global _server
    folder = Path(tempfile.mkdtemp(prefix="cribbage-test-run-"))
    (folder / "site").mkdir()
    _server = serve(folder / "site", checkout_port())
    _server.__enter__()
    run = Run(folder, int(_server.url.rsplit(":", 1)[1].strip("/")))
    (folder / "run.json").write_text(json.dumps({"port": run.port}))
    os.environ[RUN_VARIABLE] = str(folder)
    return run


# Below the kernel's ephemeral ports (32768 and up), so no client connection holds one of them.
CHECKOUT_PORTS = range(20000, 30000)


def checkout_port(root: Path = ROOT) -> int:
    """The port this checkout's test runs ask for first, the same from run to run. The pages name
    their address, port included: on a new port every page differs, and a warm build would compress
    every page again (6 of its 11 s of CPU) where the same port finds them in its cache."""
    digest = hashlib.sha256(str(root.resolve()).encode()).digest()
    return CHECKOUT_PORTS[int.from_bytes(digest[:4], "big") % len(CHECKOUT_PORTS)]


def serve(site: Path, port: int) -> StaticServer:
    """A server for ``site`` on ``port``, or on any free port while that one is taken (another run
    of this checkout at the same time, or any other program)."""
    try:
        return StaticServer(site, port=port)
    except OSError:
        return StaticServer(site, port=0)


def end(run: Run) -> None:
    """The owner's clean-up: stop the server and remove the run's folder."""
    global _server
    if _server is not None:
        _server.__exit__(None, None, None)
        _server = None
    shutil.rmtree(run.folder, ignore_errors=True)
    os.environ.pop(RUN_VARIABLE, None)


def current() -> Run | None:
    """The run this process belongs to (its own, or its controller's), if any."""
    folder = os.environ.get(RUN_VARIABLE)
    if not folder or not (Path(folder) / "run.json").exists():
        return None
    return Run(Path(folder), json.loads((Path(folder) / "run.json").read_text())["port"])


def start_build(run: Run) -> None:
    """Start the run's build in the background unless a process of this run already has."""
    with locked(run.folder / "build.lock"):
        if (run.folder / "build.pid").exists():
            return
        log = (run.folder / "build.log").open("w")
        # The builder holds this lock for as long as it lives (it inherits the locked descriptor),
        # so a waiter blocks on the lock instead of polling for the result.
        building = (run.folder / "building.lock").open("a")
        fcntl.flock(building, fcntl.LOCK_EX)
        builder = subprocess.Popen([sys.executable, "-m", "harness.run", str(run.folder)],
                                   pass_fds=(building.fileno(),), stdout=log, stderr=subprocess.STDOUT, cwd=ROOT,
                                   start_new_session=True)
        building.close()
        log.close()
        (run.folder / "build.pid").write_text(str(builder.pid))
        _builders.append(builder)
        threading.Thread(target=builder.wait, daemon=True).start()  # reaped, so its end is seen


def stop_builds() -> None:
    """A run cut short: end the builds this process started (with mkdocs, their own process group)."""
    for builder in _builders:
        if builder.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(builder.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                builder.wait(timeout=30)


def wait_for_build(run: Run, timeout: float = BUILD_TIMEOUT) -> tuple[bool, str]:
    """(built, the build's messages), once the run's build has ended (starting it if need be)."""
    start_build(run)
    pid = int((run.folder / "build.pid").read_text())
    ended = threading.Event()

    def wait_for_the_builder() -> None:
        with (run.folder / "building.lock").open("a") as building:
            fcntl.flock(building, fcntl.LOCK_SH)  # granted when the builder process has exited
        ended.set()

    threading.Thread(target=wait_for_the_builder, daemon=True).start()
    if not ended.wait(timeout):
        return False, f"the background build took over {timeout:.0f} s (log: {run.folder / 'build.log'})"
    if not run.result_file.exists():
        log = (run.folder / "build.log").read_text(errors="replace")
        return False, f"the background build (pid {pid}) ended without a result:\n{log[-3000:]}"
    result = json.loads(run.result_file.read_text())
    return result["returncode"] == 0, result["stderr"]


def main() -> None:
    run = Run(Path(sys.argv[1]), json.loads((Path(sys.argv[1]) / "run.json").read_text())["port"])
    started = time.monotonic()
    result = run_build(run.site, site_url=run.url)
    partial = run.result_file.with_suffix(".partial")
    partial.write_text(json.dumps({"returncode": result.returncode, "stderr": result.stderr,
                                   "seconds": round(time.monotonic() - started, 1)}))
    partial.replace(run.result_file)  # whole or not at all: the waiters read it once it is there


if __name__ == "__main__":
    main()
