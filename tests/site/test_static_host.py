"""The project's static host behaves like a good real one: the tests and benchmarks rely on it."""

from __future__ import annotations

import http.client
from pathlib import Path

import pytest

from static_host import StaticServer


@pytest.fixture(scope="module")
def host(tmp_path_factory):
    site = tmp_path_factory.mktemp("site")
    (site / "index.html").write_text("<!doctype html><title>home</title>")
    (site / "404.html").write_text("<!doctype html><title>not here</title>")
    (site / "style.css").write_text("body { color: red }\n" * 50)
    (site / "style.css.br").write_bytes(b"pretend-brotli")
    (site / "bundle.1a2b3c4d.min.js").write_text("console.log(1)")
    with StaticServer(Path(site)) as url:
        yield int(url.rstrip("/").rsplit(":", 1)[1])


def get(connection: http.client.HTTPConnection, path: str, **headers: str) -> tuple[http.client.HTTPResponse, bytes]:
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    return response, response.read()


def test_one_connection_carries_many_requests(host):
    connection = http.client.HTTPConnection("127.0.0.1", host, timeout=10)
    first, _ = get(connection, "/")
    socket = connection.sock
    second, _ = get(connection, "/style.css")
    third, _ = get(connection, "/missing")
    assert (first.version, first.status, second.status, third.status) == (11, 200, 200, 404)
    assert connection.sock is socket, "the host closed a keep-alive connection"
    connection.close()


def test_the_precompressed_file_is_served_to_a_browser_that_accepts_it(host):
    connection = http.client.HTTPConnection("127.0.0.1", host, timeout=10)
    response, body = get(connection, "/style.css", **{"Accept-Encoding": "gzip, br"})
    assert response.getheader("Content-Encoding") == "br" and body == b"pretend-brotli"
    assert "Accept-Encoding" in response.getheader("Vary", "")
    plain, body = get(connection, "/style.css")
    assert plain.getheader("Content-Encoding") is None and body.startswith(b"body")


def test_hashed_files_are_immutable_and_the_rest_revalidated(host):
    connection = http.client.HTTPConnection("127.0.0.1", host, timeout=10)
    hashed, _ = get(connection, "/bundle.1a2b3c4d.min.js")
    page, _ = get(connection, "/")
    assert "immutable" in hashed.getheader("Cache-Control")
    assert page.getheader("Cache-Control") == "no-cache"
    again, body = get(connection, "/", **{"If-None-Match": page.getheader("ETag")})
    assert again.status == 304 and body == b""
    after, body = get(connection, "/")  # a bodiless answer leaves the connection usable
    assert after.status == 200 and b"home" in body


def test_a_missing_file_gets_the_site_404_page(host):
    connection = http.client.HTTPConnection("127.0.0.1", host, timeout=10)
    response, body = get(connection, "/no/such/page/")
    assert response.status == 404 and b"not here" in body


def test_a_stopped_host_ends_its_kept_alive_connections(tmp_path):
    """A host replaced by another on the same port must not go on answering on the connections
    it kept open: a browser would be served the old site (the offline tests swap builds so)."""
    (tmp_path / "index.html").write_text("<!doctype html><title>old</title>")
    server = StaticServer(tmp_path)
    with server as url:
        connection = http.client.HTTPConnection("127.0.0.1", int(url.rstrip("/").rsplit(":", 1)[1]), timeout=10)
        response, body = get(connection, "/")
        assert response.status == 200 and b"old" in body
    with pytest.raises((http.client.RemoteDisconnected, ConnectionError)):
        get(connection, "/")  # the same connection, after the host stopped
    connection.close()


def test_a_quick_packed_copy_is_never_served_by_a_full_build(tmp_path, monkeypatch):
    """The suite's builds pack at brotli's quick level; their copies are cached apart, so a full
    build in the same checkout packs its own at the best level."""
    import brotli  # type: ignore[import-untyped]

    from hooks import offline

    site, cache = tmp_path / "site", tmp_path / "cache"
    site.mkdir()
    page = site / "page.html"
    page.write_text("<p>" + " ".join(f"line {n} of a page that brotli packs well" for n in range(4000)) + "</p>")
    sizes = {}
    for mode in ("quick", "best"):
        monkeypatch.setenv(offline.QUICK_PACKING, mode)
        offline.compress_site(site, cache)
        packed = (site / "page.html.br").read_bytes()
        assert brotli.decompress(packed) == page.read_bytes()
        sizes[mode] = len(packed)
        # the wire size the engine's progress bar is told: the copy this build serves, packed once
        assert offline.brotli_size(page, cache) == len(packed)
    assert sizes["best"] < sizes["quick"]  # the best level's own copy, not the quick one from the cache
    assert len(list(cache.glob("*.quick.br"))) == 1 and len(list(cache.glob("*.br"))) == 2
