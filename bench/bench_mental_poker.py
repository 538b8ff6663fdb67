"""What "mental poker" would cost the linked table: a four-seat shuffle and deal of 52 cards under
commutative encryption (SRA / Pohlig-Hellman: modular exponentiation modulo the 2048-bit safe
prime of RFC 3526 group 14), beside the table's own deal in the same run (every phone's secret
committed by SHA-256, revealed, hashed into the seed, the engine's shuffle from it).

    python bench/bench_mental_poker.py [--runs 3] [--seats 4]

The protocol measured, as in Shamir, Rivest and Adleman's scheme with a key per card:
1. Each card i is the quadratic residue (i + 2)^2 mod p (so encryption cannot leak a card's
   residue bit). Each seat k draws an exponent e_k prime to p - 1.
2. Shuffle: each seat in turn raises all 52 values to e_k and permutes them (seats x 52).
3. Lock: each seat in turn strips e_k and puts on a key of its own for every card, e_k,i, in one
   exponentiation by d_k * e_k,i mod (p - 1) (seats x 52).
4. Deal: for each card dealt to a seat, every other seat hands over its key for that card
   position (a message, no exponentiation); the owner strips all the locks, one exponentiation
   per seat (seats per card). The starter is opened the same way for everyone.
The bytes are the ciphertexts passed round (256 each) and the keys handed over; the exponentiations
are counted, and the whole run is timed in CPython's pow (a phone runs them in JavaScript's
BigInt, which `--node` times per exponentiation for comparison). The machine is shared: the load
averages are printed with the figures.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import os
import secrets
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "engine"))

from cribbage.deals import deal  # noqa: E402
from cribbage.variants import variant as variant_named  # noqa: E402

# RFC 3526, 2048-bit MODP group 14: p is a safe prime, (p - 1) / 2 is prime.
P = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD"
    "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F"
    "83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B"
    "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510"
    "15728E5A8AACAA68FFFFFFFFFFFFFFFF", 16)
CARDS = 52
HAND = {2: 6, 3: 5, 4: 5}  # cards dealt to each seat
BYTES = 256


class Counter:
    def __init__(self) -> None:
        self.exps = 0
        self.bytes = 0

    def pow(self, base: int, exponent: int) -> int:
        self.exps += 1
        return pow(base, exponent, P)


def key() -> int:
    while True:
        e = secrets.randbelow(P - 3) + 2
        if math.gcd(e, P - 1) == 1:
            return e


def mental_poker_deal(seats: int, count: Counter) -> tuple[list[list[int]], int]:
    deck = [(i + 2) ** 2 % P for i in range(CARDS)]
    keys = [key() for _ in range(seats)]
    for k in range(seats):  # shuffle: every seat encrypts and permutes
        deck = [count.pow(card, keys[k]) for card in deck]
        secrets.SystemRandom().shuffle(deck)
        count.bytes += CARDS * BYTES
    locks = [[key() for _ in range(CARDS)] for _ in range(seats)]
    for k in range(seats):  # lock: a key per card, in one exponentiation each
        d = pow(keys[k], -1, P - 1)
        deck = [count.pow(card, d * locks[k][i] % (P - 1)) for i, card in enumerate(deck)]
        count.bytes += CARDS * BYTES
    opened = [[pow(lock, -1, P - 1) for lock in row] for row in locks]
    hands: list[list[int]] = [[] for _ in range(seats)]
    position = 0
    for seat in range(seats):
        for _ in range(HAND[seats]):
            value = deck[position]
            for k in range(seats):  # the others' keys handed over; the owner strips every lock
                count.bytes += 0 if k == seat else BYTES
                value = count.pow(value, opened[k][position])
            hands[seat].append(value)
            position += 1
    starter = deck[position]
    for k in range(seats):
        count.bytes += BYTES * (seats - 1)
        starter = count.pow(starter, opened[k][position])
    return hands, starter


def commit_reveal_deal(seats: int) -> list[list[str]]:
    """The table's deal: secrets committed, revealed, hashed to the seed, dealt by the engine."""
    secrets_ = [secrets.token_hex(32) for _ in range(seats)]
    def commit(seat: int, secret: str) -> str:
        return hashlib.sha256(f"cribbage-link-seed-v1/commit/{seat}/{secret}".encode()).hexdigest()

    commits = [commit(k, s) for k, s in enumerate(secrets_)]
    assert all(commit(k, s) == c for k, (s, c) in enumerate(zip(secrets_, commits, strict=True)))
    joined = ",".join(f"{k}:{s}" for k, s in enumerate(secrets_))
    digest = hashlib.sha256(f"cribbage-link-seed-v1/seed/{joined}".encode()).hexdigest()
    seed = int(digest[:14], 16) >> 3
    variant = variant_named({2: "standard", 3: "three-player", 4: "four-player"}[seats])
    return [[card.code for card in hand] for hand in deal(seed, variant, 0, 0).hands]


def node_exp_ms() -> float | None:
    node = shutil.which("node")
    if not node:
        return None
    script = f"""
const p = BigInt('0x{P:x}');
function modpow(b, e, m) {{
  let r = 1n; b %= m;
  while (e > 0n) {{ if (e & 1n) r = r * b % m; b = b * b % m; e >>= 1n; }}
  return r;
}}
const e = p - 3n; let x = 5n; const n = 10; const t = performance.now();
for (let i = 0; i < n; i++) x = modpow(x, e, p);
console.log((performance.now() - t) / n);
"""
    out = subprocess.run([node, "-e", script], capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seats", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--node", action="store_true", help="also time one exponentiation in Node's BigInt")
    args = parser.parse_args()
    print(f"load averages: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    base, poker = [], []
    count = Counter()
    for _ in range(args.runs):
        start = time.perf_counter()
        commit_reveal_deal(args.seats)
        base.append(time.perf_counter() - start)
        count = Counter()
        start = time.perf_counter()
        mental_poker_deal(args.seats, count)
        poker.append(time.perf_counter() - start)
    print(f"{args.seats} seats, {CARDS} cards, 2048-bit safe prime; best of {args.runs} runs")
    print(f"baseline, SHA-256 commit-reveal deal: {min(base) * 1000:.2f} ms")
    print(f"mental poker deal: {min(poker) * 1000:.0f} ms in CPython, {count.exps} modular exponentiations, "
          f"{count.bytes / 1024:.0f} KiB passed between phones")
    print(f"  per exponentiation in CPython: {min(poker) / count.exps * 1000:.2f} ms")
    if args.node:
        each = node_exp_ms()
        if each is not None:
            print(f"  per exponentiation in Node's BigInt (square and multiply): {each:.2f} ms, "
                  f"so about {each * count.exps / 1000:.1f} s of exponentiation for the deal, spread over the phones")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
