import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cribbage.cli import main


def run(args, stdin=""):
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        code = main(args, io.StringIO(stdin))
    finally:
        sys.stdout, sys.stderr = old
    return code, out.getvalue(), err.getvalue()


def test_score_json_contract():
    code, out, err = run(["score", "5H", "5S", "5C", "JD", "--starter", "5D", "--json"])
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["total"] == 29
    assert {i["kind"] for i in data["items"]} == {"fifteen", "pair", "nobs"}
    assert all(set(i) == {"kind", "cards", "points"} for i in data["items"])
    assert data["by_kind"] == {"fifteen": 16, "pair": 12, "run": 0, "flush": 0, "nobs": 1}
    assert data["spoken"].endswith("twenty-nine")


def test_score_text_and_crib():
    code, out, err = run(["score", "4S", "5S", "6S", "JS", "--starter", "9H", "--crib"])
    assert code == 0 and err == "" and "total 9" in out and "(crib)" in out


def test_score_stdin_lines():
    code, out, err = run(["score", "--json", "-"], "5H 5S 5C JD 5D\n\n4S 5S 6S JS 9H crib\n")
    assert code == 0 and err == ""
    lines = [json.loads(line) for line in out.splitlines()]
    assert [(line["total"], line["crib"]) for line in lines] == [(29, False), (9, True)]


def test_peg_json():
    code, out, err = run(["peg", "4C", "6D", "5S", "--json"])
    assert code == 0 and err == ""
    data = json.loads(out)
    assert [c["points"] for c in data["cards"]] == [0, 0, 5]
    assert [c["count"] for c in data["cards"]] == [4, 10, 15]


def test_stats_and_advise_json():
    code, out, err = run(["stats", "--json"])
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["hand"]["0"] == 1_009_008 and data["crib"]["29"] == 4
    code, out, err = run(["advise", "5H", "5S", "6C", "7D", "JD", "KC", "--dealer", "--json"])
    assert code == 0 and err == ""
    data = json.loads(out)
    assert len(data["throws"]) == 15 and data["dealer"] is True


@pytest.mark.parametrize(
    "args, stdin, fragment",
    [
        (["score", "5H", "5S", "5C", "--starter", "5D"], "", "expected 4 cards, got 3"),
        (["score", "5H", "5S", "5C", "JD"], "", "give the starter"),
        (["score", "5H", "5S", "5C", "5H", "--starter", "5D"], "", "appears twice"),
        (["score", "5H", "5S", "5C", "JD", "--starter", "5X"], "", "is not a suit"),
        (["score", "--json", "-"], "5H 5S 5C JD 5D\n5H 5S\n", "line 2"),
        (["peg", "TC", "TD", "TH", "5S"], "", "past 31"),
        (["advise", "5H", "5S"], "", "expected 6 cards"),
        (["frobnicate"], "", "invalid choice"),
        ([], "", "required"),
    ],
)
def test_bad_input_exit_2_one_line_nothing_on_stdout(args, stdin, fragment):
    code, out, err = run(args, stdin)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and fragment in err


def test_console_script_installed():
    script = str(Path(sys.executable).with_name("cribbage"))
    result = subprocess.run(
        [script, "score", "5H", "5S", "5C", "JD", "--starter", "5D", "--json"],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0 and json.loads(result.stdout)["total"] == 29
    bad = subprocess.run([script, "peg", "ZZ"], capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and bad.stdout == "" and "is not a card" in bad.stderr


def _cli(args, stdin=b"", encoding="ascii"):
    script = str(Path(sys.executable).with_name("cribbage"))
    env = {"PATH": "/usr/bin:/bin", "PYTHONIOENCODING": encoding, "LC_ALL": "C"}
    return subprocess.run([script, *args], input=stdin, capture_output=True, check=False, env=env)


@pytest.mark.parametrize("args", [
    ["score", "5H", "5S", "5C", "JD", "--starter", "5D"],
    ["peg", "4C", "6D", "5S"],
    ["advise", "5H", "5S", "6C", "7D", "JD", "KC"],
])
def test_an_ascii_terminal_gets_card_codes_not_a_traceback(args):
    result = _cli(args)
    assert result.returncode == 0, result.stderr
    assert result.stderr == b""
    result.stdout.decode("ascii")  # nothing outside ASCII
    assert args[1].encode() in result.stdout


def test_errors_on_an_ascii_terminal_are_one_line():
    result = _cli(["score", "5H", "5S", "5C", "JD", "--starter", "5Z"])
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.decode("ascii").count("\n") == 1 and b"is not a suit" in result.stderr


def test_undecodable_stdin_is_one_line_and_exit_2():
    result = _cli(["score", "-"], stdin=b"5H 5S 5C JD \xff\xfe\n", encoding="utf-8")
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.count(b"\n") == 1 and b"not utf-8 text" in result.stderr


@pytest.mark.parametrize("env", [
    {"PYTHONIOENCODING": "ascii", "LC_ALL": "C"},
    {"PYTHONIOENCODING": "latin-1", "LANG": "C"},
    {"LC_ALL": "C", "PYTHONUTF8": "0"},
])
def test_card_glyphs_are_read_as_utf8_whatever_the_stdio_encoding(env):
    script = str(Path(sys.executable).with_name("cribbage"))
    glyphs = "5\u2665 5\u2660 5\u2663 J\u2666"
    base = {"PATH": "/usr/bin:/bin", **env}
    piped = subprocess.run([script, "score", "-", "--json"], input=f"{glyphs} 5\u2666\n".encode(),
                           capture_output=True, check=False, env=base)
    assert piped.returncode == 0, piped.stderr
    assert json.loads(piped.stdout)["total"] == 29
    argued = subprocess.run([script, "score", *glyphs.split(), "--starter", "5\u2666", "--json"],
                            capture_output=True, check=False, env=base)
    assert argued.returncode == 0, argued.stderr
    assert json.loads(argued.stdout)["total"] == 29
