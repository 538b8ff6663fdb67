"""The developer pages' code samples run as written, output included, so they cannot rot."""

import doctest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_quick_start_samples_run_and_print_what_the_page_shows():
    result = doctest.testfile(str(ROOT / "docs" / "developers" / "index.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS, verbose=False, report=True)
    assert result.failed == 0
    assert result.attempted >= 20  # the three samples (score, play a game, analyse) and their errors
