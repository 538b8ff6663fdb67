// An HTTP/2 front for tools/static_host.py, for bench/lighthouse_performance.py --http2:
//
//     node bench/h2_front.mjs PORT UPSTREAM_URL KEY_FILE CERT_FILE
//
// Listens on 127.0.0.1:PORT (TLS: browsers speak HTTP/2 only over TLS) and passes every request to
// the HTTP/1.1 server at UPSTREAM_URL, its answer unchanged (status, headers, the precompressed
// body), so the serving policy stays the static host's own and only the protocol differs: one
// connection carrying every request at once, as a production host serves the site. Prints "ready"
// once listening. Loopback only; Node's own modules, nothing to install.
import http from "node:http";
import http2 from "node:http2";
import fs from "node:fs";

const [port, upstream, keyFile, certFile] = process.argv.slice(2);
// Connection-specific headers belong to HTTP/1.1 and are not allowed in an HTTP/2 answer.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection"]);

const server = http2.createSecureServer({ key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) });
server.on("stream", (stream, headers) => {
  const forwarded = Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(":")));
  const request = http.request(new URL(headers[":path"], upstream), { method: headers[":method"], headers: forwarded },
    (answer) => {
      if (stream.destroyed) {
        answer.resume();
        return;
      }
      const out = { ":status": answer.statusCode };
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
      stream.respond(out);
      answer.pipe(stream);
    });
  // The browser may drop a request half way (a page left while a big file is on its way): the
  // upstream request goes with it, and neither side's error stops the server.
  request.on("error", () => {
    if (stream.destroyed) return;
    if (!stream.headersSent) stream.respond({ ":status": 502 });
    stream.end();
  });
  stream.on("close", () => request.destroy());
  stream.on("error", () => request.destroy());
  stream.pipe(request);
});
server.listen(Number(port), "127.0.0.1", () => console.log("ready"));
