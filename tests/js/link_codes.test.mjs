// The table link's offer and answer codes (docs/assets/js/link/codes.js), on descriptions that
// Chromium wrote (tests/js/fixtures/link/: captured once in a network namespace by
// `unshare --net python -m harness.link_netns SITE PORT --sdp-only [--mdns]`).
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

import * as codes from "../../docs/assets/js/link/codes.js";

const FIXTURES = new URL("./fixtures/link/", import.meta.url);
const SAMPLES = readdirSync(FIXTURES).filter((name) => name.endsWith(".sdp")).sort()
  .map((name) => ({ name, kind: /** @type {"offer"|"answer"} */ (name.includes("answer") ? "answer" : "offer"),
    sdp: readFileSync(new URL(name, FIXTURES), "utf8") }));

/** What a reader of the description finds by hand: the line's value after `a=name:`. */
function field(sdp, name) {
  return sdp.split(/\r?\n/).find((line) => line.startsWith(`a=${name}:`)).slice(name.length + 3);
}

test("there are real Chromium samples of both kinds, with addresses and with .local names", () => {
  assert.ok(SAMPLES.length >= 4);
  assert.ok(SAMPLES.some((s) => s.kind === "offer") && SAMPLES.some((s) => s.kind === "answer"));
  assert.ok(SAMPLES.some((s) => /typ host/.test(s.sdp) && /\.local /.test(s.sdp)));
  assert.ok(SAMPLES.some((s) => / 10\.99\.0\.1 \d+ typ host/.test(s.sdp)));
});

for (const sample of SAMPLES) {
  test(`${sample.name}: the code keeps every field a data channel needs, and its description gives them back`, (t) => {
    const value = codes.essentials(sample.sdp, sample.kind);
    assert.equal(value.ufrag, field(sample.sdp, "ice-ufrag"));
    assert.equal(value.pwd, field(sample.sdp, "ice-pwd"));
    assert.equal("sha-256 " + value.fingerprint, field(sample.sdp, "fingerprint"));
    assert.equal(value.setup, field(sample.sdp, "setup"));
    assert.equal(value.setup, sample.kind === "offer" ? "actpass" : "active");
    const udpHosts = sample.sdp.split(/\r?\n/).filter((line) => / udp .* typ host/.test(line));
    assert.equal(value.candidates.length, new Set(udpHosts.map((l) => l.split(" ").slice(4, 6).join(" "))).size);
    assert.ok(value.candidates.length >= 1);
    const code = codes.encode(sample.sdp, sample.kind);
    const bytes = codes.fromBase64url(code).length;
    t.diagnostic(`${sample.name}: ${bytes} bytes, ${code.length} characters`);
    assert.ok(bytes < 100 && bytes > 50, `${bytes} bytes`);
    const decoded = codes.decode(code);
    assert.equal(decoded.ok, true);
    assert.deepEqual(decoded.value, value);
    const rebuilt = codes.toSdp(decoded.value);
    assert.deepEqual(codes.essentials(rebuilt, sample.kind), value, "the rebuilt description carries the same fields");
    assert.equal(codes.encode(rebuilt, sample.kind), code, "and encodes to the same code");
    assert.match(rebuilt, /^v=0\r\n/);
    assert.match(rebuilt, /\r\nm=application 9 UDP\/DTLS\/SCTP webrtc-datachannel\r\n/);
    assert.match(rebuilt, /\r\na=mid:0\r\n/);
    assert.equal(rebuilt.match(/a=candidate:/g).length, value.candidates.length);
  });
}

test("only UDP host candidates are kept, each once, at most eight", () => {
  const base = SAMPLES.find((s) => s.kind === "offer" && /10\.99\.0\.1/.test(s.sdp)).sdp;
  const extra = [
    "a=candidate:9 1 tcp 1518280447 10.99.0.1 9 typ host tcptype active generation 0",
    "a=candidate:8 1 udp 1686052607 203.0.113.7 4000 typ srflx raddr 10.99.0.1 rport 4000 generation 0",
    "a=candidate:7 2 udp 2122260222 10.99.0.1 4001 typ host generation 0",
    ...Array.from({ length: 12 }, (_, i) => `a=candidate:${i + 20} 1 udp 2122260223 192.168.1.${i + 1} ${5000 + i} typ host generation 0`),
  ];
  const value = codes.essentials(base.replace(/(a=ice-ufrag:)/, extra.join("\r\n") + "\r\n$1"), "offer");
  assert.equal(value.candidates.length, codes.MAX_CANDIDATES);
  assert.ok(value.candidates.every((c) => c.address !== "203.0.113.7" && c.port !== 9 && c.port !== 4001));
});

test("IPv6 candidates pack into 16 bytes and come back in the short form", () => {
  assert.deepEqual(codes.parseIpv6("::1"), [...Array(15).fill(0), 1]);
  for (const [text, short] of [["2001:DB8:0:0:0:0:0:1", "2001:db8::1"], ["fe80::a:0:0:1", "fe80::a:0:0:1"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2:3:4:5:6"], ["0:0:1:0:0:0:0:0", "0:0:1::"]]) {
    assert.equal(codes.formatIpv6(codes.parseIpv6(text)), short);
  }
  for (const bad of ["1::2::3", "1:2:3", "12345::", "g::1", "1:2:3:4:5:6:7:8:9"]) assert.throws(() => codes.parseIpv6(bad), /not an IPv6/);
  const base = SAMPLES.find((s) => s.kind === "answer" && /10\.99\.0\.1/.test(s.sdp)).sdp;
  const sdp = base.replace(/10\.99\.0\.1 (\d+) typ host/, "2001:DB8::7 $1 typ host");
  const decoded = codes.decode(codes.encode(sdp, "answer"));
  assert.equal(decoded.value.candidates[0].address, "2001:db8::7");
  assert.equal(decoded.value.candidates[0].family, "ipv6");
});

test("a garbled, cut, padded or foreign code is refused with a reason, never thrown", () => {
  const code = codes.encode(SAMPLES[0].sdp, SAMPLES[0].kind);
  const whole = codes.fromBase64url(code);
  for (let end = 0; end < whole.length; end += 1) {
    const cut = codes.decode(codes.toBase64url(whole.subarray(0, end)));
    assert.equal(cut.ok, false, `cut at ${end}`);
  }
  const bytes = whole.subarray(0, whole.length - 2); // without the check bytes: each change below is checked anew
  /** @param {(b: Uint8Array) => void} change */
  const altered = (change) => {
    const copy = bytes.slice();
    change(copy);
    return codes.decode(codes.toBase64url(codes.withCheck(copy)));
  };
  assert.match(altered((b) => { b[0] = (1 << 4) | (b[0] & 15); }).error, /another version/); // an older site's code
  assert.match(altered((b) => { b[0] = (3 << 4) | (b[0] & 15); }).error, /another version/);
  assert.match(altered((b) => { b[0] = (b[0] & 0xf0) | 3; }).error, /header is garbled/);
  assert.match(altered((b) => { b[0] = (b[0] & 0xf0) | (2 << 2); }).error, /header is garbled/);
  assert.match(altered((b) => { b[1] = 2; }).error, /too short|cut short|bytes after/);
  assert.match(codes.decode(codes.toBase64url(codes.withCheck(Uint8Array.from([...bytes, 0])))).error, /bytes after its end/);
  assert.match(altered((b) => { b[b.length - 1] = 0; b[b.length - 2] = 0; }).error, /port 0/);
  const family = bytes.length - 7; // the last candidate: family, four address bytes, port
  assert.match(altered((b) => { b[family] = 9; }).error, /unknown kind of address/);
  assert.match(codes.decode("").error, /empty/);
  assert.match(codes.decode("ab+c/").error, /character/);
  assert.match(codes.decode("<img src=x>").error, /character/);
  assert.match(codes.decode("A".repeat(codes.MAX_CODE_CHARS + 1)).error, /too long/);
  assert.match(codes.decode(/** @type {any} */ (null)).error, /text/);
  assert.match(codes.decode("A").error, /cut short/);
  assert.equal(codes.decode("  " + code + "\n").ok, true, "spaces a chat app adds round a code are dropped");
});

test("descriptions a code cannot stand for are refused when encoding", () => {
  const sdp = SAMPLES[0].sdp;
  assert.throws(() => codes.encode(sdp.replace(/a=fingerprint:sha-256/, "a=fingerprint:sha-1"), "offer"), /SHA-256/);
  assert.throws(() => codes.encode(sdp.replace(/a=ice-pwd:.*\r?\n/, ""), "offer"), /no ice-pwd/);
  assert.throws(() => codes.encode(sdp.replace(/a=setup:\w+/, "a=setup:holdconn"), "offer"), /DTLS role/);
  assert.throws(() => codes.encode(sdp.replace(/a=ice-ufrag:(\S+)/, "a=ice-ufrag:$1!"), "offer"), /ICE alphabet/);
});

test("any one character of a code typed wrong is refused at once as a typo", (t) => {
  for (const sample of SAMPLES) {
    const code = codes.encode(sample.sdp, sample.kind);
    const value = codes.decode(code).value;
    let refused = 0;
    for (let at = 0; at < code.length; at += 1) {
      for (const char of "AQgw09_-") { // each of the alphabet's four quarters, and both ends
        if (char === code[at]) continue;
        const typed = codes.decode(code.slice(0, at) + char + code.slice(at + 1));
        if (typed.ok) { // only a last character's unused low bits: the same code
          assert.deepEqual(typed.value, value, `${sample.name} at ${at}`);
          assert.equal(at, code.length - 1);
        } else {
          refused += 1;
          if (at > 0) assert.equal(typed.error, codes.TYPO, `${sample.name} at ${at}: ${typed.error}`);
        }
      }
    }
    assert.ok(refused > code.length * 6, `${refused} refused`);
    t.diagnostic(`${sample.name}: ${codes.fromBase64url(code).length} bytes with the check, ${code.length} characters`);
  }
});
