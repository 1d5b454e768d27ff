#!/usr/bin/env python3
"""Sends exactly COUNT `GET PATH` requests, one after the other, on one keep-alive connection, and fails unless
every answer is 200. The request counter of `benchmarks/callgrind.sh`: instructions are counted over a fixed
number of requests, so the client's speed does not matter (it is not the process being measured).

    fixed_requests.py HOST PORT PATH COUNT ['Header: value' ...]
"""
import socket
import sys


def main() -> int:
    if len(sys.argv) < 5:
        print(__doc__, file=sys.stderr)
        return 2
    host, port, path, count = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    headers = "".join(f"{header}\r\n" for header in sys.argv[5:])
    request = f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n{headers}\r\n".encode()
    sock = socket.create_connection((host, port), timeout=120)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    buffer = b""
    for sent in range(count):
        sock.sendall(request)
        while b"\r\n\r\n" not in buffer:
            chunk = sock.recv(65536)
            if not chunk:
                print(f"fixed_requests: connection closed after {sent} answers", file=sys.stderr)
                return 1
            buffer += chunk
        head, _, buffer = buffer.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = lines[0].split(" ")[1] if " " in lines[0] else "?"
        length = 0
        for line in lines[1:]:
            name, _, value = line.partition(":")
            if name.strip().lower() == "content-length":
                length = int(value.strip())
        while len(buffer) < length:
            chunk = sock.recv(65536)
            if not chunk:
                print(f"fixed_requests: connection closed inside answer {sent + 1}", file=sys.stderr)
                return 1
            buffer += chunk
        buffer = buffer[length:]
        if status != "200":
            print(f"fixed_requests: answer {sent + 1} was {lines[0]}", file=sys.stderr)
            return 1
    sock.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
