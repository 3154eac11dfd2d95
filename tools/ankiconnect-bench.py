#!/usr/bin/env python3
"""Times Kuchi's AnkiConnect server as dictionary apps meet it: the shipped binary
(KUCHI_BINARY, as meson builds it), started with a throw-away HOME and the setting on,
asked over HTTP on 127.0.0.1 with the standard library's client.

Why a script over the shipped binary rather than a Swift benchmark: what a dictionary
app waits for is the whole round trip, libsoup's HTTP, the main loop the window shares,
JSON both ways and the deck written to disk, in the release build people run; a Swift
benchmark of AnkiConnectService alone would leave out the parts most likely to be slow.

Prints the median of each figure:
- addNote: one request adding one new word to My Words (deck file written durably),
  over 60 requests, the first 10 not counted (the deck small, as it is for a learner
  starting out);
- multi of 1,000 canAddNotes: one request checking 1,000 notes against My Words,
  over 11 requests.

Run it with a display and a session bus, as the shipped-app tests are:
    KUCHI_BINARY=build/kuchi xvfb-run -a dbus-run-session python3 tools/ankiconnect-bench.py
"""

import http.client
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    binary = os.path.abspath(os.environ.get("KUCHI_BINARY", "build/kuchi"))
    home = tempfile.mkdtemp(prefix="kuchi-ankiconnect-bench-")
    port = free_port()
    config = os.path.join(home, ".config", "kuchi")
    os.makedirs(config)
    with open(os.path.join(config, "settings.json"), "w") as handle:
        json.dump({"ankiConnect": {"enabled": True, "port": port, "apiKey": None}}, handle)
    os.makedirs(os.path.join(home, ".config", "speech-dispatcher"))
    with open(os.path.join(home, ".config", "speech-dispatcher", "speechd.conf"), "w") as handle:
        handle.write("DisableAutoSpawn\n")
    environment = {key: value for key, value in os.environ.items() if not key.startswith("XDG_")}
    environment.update(HOME=home, LANG="C.UTF-8")
    process = subprocess.Popen([binary], env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    sys.exit("kuchi did not listen")
                time.sleep(0.05)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

        def call(action, params):
            body = json.dumps({"action": action, "version": 6, "params": params}).encode()
            started = time.perf_counter()
            connection.request("POST", "/", body=body, headers={
                "Host": f"127.0.0.1:{port}", "Content-Type": "application/json", "Origin": "moz-extension://bench"})
            answer = json.loads(connection.getresponse().read())
            elapsed = (time.perf_counter() - started) * 1000
            if answer["error"] is not None:
                sys.exit(f"{action}: {answer['error']}")
            return answer["result"], elapsed

        def note(word):
            return {"deckName": "My Words", "modelName": "Kuchi",
                    "fields": {"Word": word, "Reading": "たんご", "Meaning": f"word number {word}"}}

        adds = [call("addNote", {"note": note(f"単語{index}")})[1] for index in range(60)][10:]
        checks = {"actions": [{"action": "canAddNotes", "params": {"notes": [note(f"語{index}")]}}
                              for index in range(1000)]}
        multis = []
        for _ in range(11):
            result, elapsed = call("multi", checks)
            assert len(result) == 1000 and result[0] == [True]
            multis.append(elapsed)
        print(f"addNote round trip (HTTP, deck written): median {statistics.median(adds):.1f} ms "
              f"(min {min(adds):.1f}, max {max(adds):.1f}, {len(adds)} requests)")
        print(f"multi of 1,000 canAddNotes: median {statistics.median(multis):.1f} ms "
              f"(min {min(multis):.1f}, max {max(multis):.1f}, {len(multis)} requests)")
        print(f"load average: {os.getloadavg()[0]:.2f}")
    finally:
        process.terminate()
        process.wait(10)
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
