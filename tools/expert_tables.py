"""Rebuild the expert level's data tables (``make peg-table``, ``make win-table``).

    python tools/expert_tables.py peg|win [--processes 2]

The engine's builders (``cribbage.expert.tables.write_peg_table`` and ``write_win_table``) are
serial and seeded, so the same code always writes the same file; this script only shares their
work out over a process pool, which keeps ``multiprocessing`` out of the engine that ships to
the browser.
"""

from __future__ import annotations

import argparse
from multiprocessing import Pool
from pathlib import Path

from cribbage.expert.tables import write_peg_table, write_win_table
from cribbage.expert.throws import PEG_TABLE_FILE
from cribbage.expert.winprob import WIN_TABLE_FILE

DATA = Path(__file__).resolve().parent.parent / "engine" / "cribbage" / "data"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("table", choices=("peg", "win"))
    parser.add_argument("--processes", type=int, default=2, help="worker processes (the machine may be shared)")
    args = parser.parse_args()
    with Pool(args.processes) as pool:
        if args.table == "peg":
            write_peg_table(str(DATA / PEG_TABLE_FILE), mapper=pool.map)
        else:
            write_win_table(str(DATA / WIN_TABLE_FILE), mapper=pool.map)
    print(f"wrote {DATA / (PEG_TABLE_FILE if args.table == 'peg' else WIN_TABLE_FILE)}")


if __name__ == "__main__":
    main()
