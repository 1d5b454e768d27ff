#!/usr/bin/python3
"""Pairs for the send-to-receive benchmark (benchmarks/run.sh realtime): reads "user_id token session_id" lines (the
output of benchmarks/realtime_users.sql) on stdin, pairs them up (1st with 2nd, 3rd with 4th, …), opens each pair's
chat with POST /api/chats as the first user (bearer token, one keep-alive connection) and prints
"chat_id sender_token recipient_user_id recipient_session_id" per pair, the PAIRS_FILE of bench_ws_load latency.

    realtime_setup.py BASE_URL < users.txt > pairs.txt
"""
import http.client
import json
import sys
import urllib.parse


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    base = urllib.parse.urlsplit(sys.argv[1])
    users = [line.split() for line in sys.stdin if line.strip()]
    if len(users) < 2:
        print("realtime_setup.py: need at least two users on stdin", file=sys.stderr)
        return 2
    connection = http.client.HTTPConnection(base.hostname, base.port, timeout=30)
    for (sender_id, sender_token, _), (recipient_id, _, recipient_session) in zip(users[0::2], users[1::2]):
        body = json.dumps({"user_id": int(recipient_id)})
        connection.request("POST", "/api/chats", body=body, headers={
            "Authorization": f"Bearer {sender_token}", "Content-Type": "application/json",
            "X-Requested-With": "XMLHttpRequest"})
        response = connection.getresponse()
        text = response.read().decode()
        if response.status not in (200, 201):
            print(f"realtime_setup.py: POST /api/chats as user {sender_id}: {response.status} {text}",
                  file=sys.stderr)
            return 1
        print(json.loads(text)["id"], sender_token, recipient_id, recipient_session)
    return 0


if __name__ == "__main__":
    sys.exit(main())
