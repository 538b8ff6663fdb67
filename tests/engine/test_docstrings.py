"""Every public name of the engine says what it is: the API reference is built from these."""

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _code_figures():
    spec = importlib.util.spec_from_file_location("code_figures", ROOT / "tools" / "code_figures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("code_figures", module)  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_every_public_name_of_the_engine_has_a_docstring():
    figures = _code_figures()
    paths = sorted((ROOT / "engine" / "cribbage").rglob("*.py"))
    documented, missing = figures.public_names(paths)
    assert missing == []
    assert len(documented) > 200  # the count reaches into classes and the backend
