"""The engine ships its types: a program that installs the wheel is type-checked against them."""

import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CONSUMER = '''\
from cribbage import Game, score_show
from cribbage.rules import GAME_HOLE
from cribbage.backend.vocabulary import kind_label

total: int = score_show("5H 5S 5C JD", "5D").total
label: str = kind_label("nobs")
hole: int = GAME_HOLE
phase: str = Game(seed=1).phase
wrong: str = score_show("5H 5S 5C JD", "5D").total
'''


@pytest.mark.slow
def test_the_wheel_ships_types_that_a_strict_checker_uses(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                    "-w", str(wheels), str(ROOT)], check=True, capture_output=True)
    wheel = next(wheels.glob("cribbage-*.whl"))
    assert "cribbage/py.typed" in zipfile.ZipFile(wheel).namelist()
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    zipfile.ZipFile(wheel).extractall(site)
    consumer = tmp_path / "consumer.py"
    consumer.write_text(CONSUMER)
    mypy = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--config-file", str(tmp_path / "none.ini"),
            "--python-executable", str(python), str(consumer)]
    (tmp_path / "none.ini").write_text("[mypy]\n")
    result = subprocess.run(mypy, capture_output=True, text=True, cwd=tmp_path, check=False)
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1, result.stdout  # only the deliberate mistake on the last line
    assert "consumer.py:9:" in errors[0] and '"int", variable has type "str"' in errors[0]
    assert sysconfig.get_paths()["purelib"] != site  # checked against the wheel, not this venv
