"""SMTP sink for the browser tests: every message is written to <dir>/<n>.json as {to, subject, text}
(text parts decoded). Prints the port it listens on, then runs until SIGTERM."""

import email
import email.policy
import itertools
import json
import pathlib
import signal
import socket
import sys
import threading

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, directory: pathlib.Path) -> None:
        self.directory = directory
        self.counter = itertools.count(1)
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's hook name)
        message = email.message_from_bytes(envelope.original_content or envelope.content,
                                           policy=email.policy.default)
        texts = [part.get_content() for part in message.walk() if part.get_content_maintype() == "text"]
        record = {"to": [address.lower() for address in envelope.rcpt_tos],
                  "subject": str(message.get("Subject", "")), "text": "\n".join(texts)}
        with self.lock:
            n = next(self.counter)
        path = self.directory / f"{n:05d}.json"
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(record), encoding="utf-8")
        tmp.rename(path)
        return "250 Message accepted for delivery"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> None:
    directory = pathlib.Path(sys.argv[1])
    directory.mkdir(parents=True, exist_ok=True)
    controller = Controller(Sink(directory), hostname="127.0.0.1", port=free_port())
    controller.start()
    print(controller.port, flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    controller.stop()


if __name__ == "__main__":
    main()
