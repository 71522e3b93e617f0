"""Serve the browser edition as a school's web server should: `python -m tools.lite_serve`.

    python -m tools.lite_serve                 # build/lite/ on http://127.0.0.1:8000/
    python -m tools.lite_serve --port 9000 --site some/other/site

Plain `http.server` would do for the files; this one adds what a class needs:

- The precompressed copies the build writes beside each large file (`x.js.gz`), sent with
  `Content-Encoding: gzip` to a browser that accepts it: a third of the bytes, at no CPU cost.
- Cache headers: JupyterLite's bundles under build/ and extensions/ carry a content hash in their
  names and may be kept for a year; everything else (the notebooks, the lock file, the wheels the
  library's version names) is revalidated on each visit, so a republished site is seen at once.
- With `--isolate`, cross-origin isolation (`Cross-Origin-Opener-Policy: same-origin` with
  `Cross-Origin-Embedder-Policy: require-corp`): the page may then share memory with Pyodide's
  worker, which Kernel -> Interrupt needs to stop a `while True: pass`. It is off by default:
  with it, this JupyterLite's Pyodide kernel (0.8.6) loses the replies of some cells of a Run All
  (01 left 10 of its 26 cells at [*] here, and none without it), which costs a class more than an
  Interrupt gains (the checks' time limit stops an endless answer either way).

The README ("In the browser") gives the same headers for GitHub Pages and nginx.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tools import build_lite

ISOLATION = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
}
"""What makes the page cross-origin isolated (`crossOriginIsolated` is true in it)."""

KEEP = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
HASHED = ("build/", "extensions/")
"""Folders (in the site, and in its zh/ edition) whose files are named by their content."""


def cache_control(path: str) -> str:
    """A year for a file named by its content, a check with the server for the rest."""
    inside = path.lstrip("/").removeprefix("zh/")
    return KEEP if inside.startswith(HASHED) else REVALIDATE


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """The site's files with the isolation and cache headers, the precompressed copy when the
    browser accepts gzip, no log line per request, and a count of the bytes each answer took."""

    sent: list[int]  # bytes of every response body, shared by the server's threads
    isolate: bool  # send the cross-origin isolation headers

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def end_headers(self) -> None:
        for name, value in ISOLATION.items() if self.isolate else ():
            self.send_header(name, value)
        self.send_header("Cache-Control", cache_control(self.path.split("?")[0]))
        super().end_headers()

    def send_head(self) -> Any:
        """Answer with `x.gz` for `x` when it exists and the browser accepts gzip."""
        path = self.translate_path(self.path)
        packed = path + build_lite.GZIP
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not accepts or not os.path.isfile(packed) or not os.path.isfile(path):
            return super().send_head()
        body = open(packed, "rb")  # noqa: SIM115 (closed after copyfile, as upstream does)
        size = os.fstat(body.fileno()).st_size
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(size))
        self.end_headers()
        return body

    def copyfile(self, source: Any, outputfile: Any) -> None:
        """Send a body, counting its bytes."""
        before = source.tell()
        super().copyfile(source, outputfile)
        self.sent.append(source.tell() - before)


class SiteServer(http.server.ThreadingHTTPServer):
    """A threaded server that takes a browser dropping a connection (a page closed while it
    loaded) for what it is, not an error to print."""

    daemon_threads = True
    request_queue_size = 128  # a class connects at once: socketserver's 5 refuses most of it

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(
    site: Path, port: int, sent: list[int] | None = None, isolate: bool = False
) -> SiteServer:
    """A server of `site` on 127.0.0.1:`port` (0: a free one), counting into `sent`, sending
    the isolation headers when `isolate`."""
    counting = {"sent": sent if sent is not None else [], "isolate": isolate}
    handler = type("Counting", (SiteHandler,), counting)
    return SiteServer(("127.0.0.1", port), functools.partial(handler, directory=str(site)))


@contextmanager
def serving(site: Path, sent: list[int] | None = None, isolate: bool = False) -> Iterator[str]:
    """The site on a free port of 127.0.0.1, from a thread; its address."""
    server = make_server(site, 0, sent, isolate)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    """Serve until Ctrl-C."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=build_lite.OUT, help="the built site")
    parser.add_argument("--port", type=int, default=8000, help="the port (8000)")
    parser.add_argument(
        "--isolate", action="store_true", help="send the cross-origin isolation headers"
    )
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"lite_serve: no site in {args.site}: build it with make lite", file=sys.stderr)
        return 2
    server = make_server(args.site, args.port, isolate=args.isolate)
    print(f"serving {args.site} on http://127.0.0.1:{server.server_port}/ (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
