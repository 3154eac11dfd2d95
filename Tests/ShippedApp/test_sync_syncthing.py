"""Two computers syncing through two real Syncthing instances (Debian's `syncthing`) on
loopback, in a network namespace of their own (`unshare -n`: nothing reaches the
machine's network), with the shipped binary's `kuchi --sync` as each computer's
Kuchi. Both answer while apart (the laptop paused in Syncthing: "offline"), each
answer committed to the database with no sync after it (Kuchi killed between its
database commit and its file append); then they meet again. Every wait is bounded.

Both must end with each other's answers, the same `--export-reviews`, and no
synchronizer conflict copy of a log (each computer writes only its own files).

KUCHI_KEEP_SYNCTHING_ROOT=1 keeps the temporary root (/tmp/kuchi-syncthing-*, named on
the scenario's stderr) instead of deleting it: each instance's log is its home's
syncthing.log (st-desktop/, st-laptop/); STTRACE=model,connections makes them verbose.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def scenario():
    """Runs inside the namespace; prints what it found as JSON on its last line."""
    sys.path.insert(0, HERE)
    import syncthing_pair
    from test_sync import SyncCommand
    from kuchi_app import KuchiApp

    syncthing_pair.loopback_up()
    root = tempfile.mkdtemp(prefix="kuchi-syncthing-")
    found = {}
    pair = None
    try:
        computers = [KuchiApp(home=os.path.join(root, "desktop")), KuchiApp(home=os.path.join(root, "laptop"))]
        folders = [os.path.join(root, "Sync-desktop"), os.path.join(root, "Sync-laptop")]
        for computer, folder in zip(computers, folders):
            os.makedirs(folder)
            os.makedirs(computer.config, exist_ok=True)
            with open(os.path.join(computer.config, "settings.json"), "w") as settings:
                json.dump({"syncFolder": folder}, settings)
        helper = SyncCommand()  # its commit_answers, used as a plain function
        desktop, laptop = computers

        pair = syncthing_pair.SyncthingPair(root)
        pair.start(*folders)
        for computer in computers:
            found.setdefault("first", []).append(computer.run("--sync"))
            pair.settle()

        # Apart: the laptop is paused on the desktop's side and the desktop on the laptop's.
        pair.part()
        helper.commit_answers(desktop, [("猫", 1_767_225_600_000), ("犬", 1_767_225_660_000)])
        helper.commit_answers(laptop, [("猫", 1_767_225_630_000)])
        for computer in computers:
            found.setdefault("apart", []).append(computer.run("--sync"))

        # Together again.
        pair.rejoin()
        pair.settle(120)
        found["merged"] = [computer.run("--sync") for computer in computers]
        pair.settle(120)
        exports = []
        for computer in computers:
            status, _, error = computer.run("--export-reviews", "reviews.csv")
            with open(os.path.join(computer.home, "reviews.csv"), encoding="utf-8") as log:
                exports.append((status, error, log.read()))
        found["exports"] = exports
        found["conflicts"] = sorted(
            name for folder in folders for _, _, names in os.walk(folder) for name in names
            if "sync-conflict" in name and name.endswith(".jsonl"))
    finally:
        if pair is not None:
            pair.stop()
        if os.environ.get("KUCHI_KEEP_SYNCTHING_ROOT"):
            print(f"kept {root}", file=sys.stderr)
        else:
            shutil.rmtree(root, ignore_errors=True)
    print(json.dumps(found, ensure_ascii=False))


class ThroughSyncthing(unittest.TestCase):
    def test_two_computers_apart_then_together_end_with_the_same_history(self):
        if shutil.which("syncthing") is None:
            self.skipTest("needs syncthing: apt-get install syncthing")
        if shutil.which("unshare") is None or subprocess.run(["unshare", "-n", "true"]).returncode != 0:
            self.skipTest("needs unshare -n (root, or user namespaces) to keep Syncthing off the network")
        result = subprocess.run(
            ["unshare", "-n", sys.executable, os.path.abspath(__file__), "--in-namespace"],
            capture_output=True, text=True, timeout=600, cwd=HERE)
        self.assertEqual(result.returncode, 0, result.stderr[-3000:])
        found = json.loads(result.stdout.strip().splitlines()[-1])
        self.assertEqual([status for status, _, _ in found["first"]], [0, 0], found["first"])
        self.assertEqual([status for status, _, _ in found["apart"]], [0, 0], found["apart"])
        outputs = [out for _, out, _ in found["merged"]]
        self.assertEqual(outputs, ["synced: 1 new review from 1 other device\n", "synced: 2 new reviews from 1 other device\n"],
                         found["merged"])
        (status_a, error_a, log_a), (status_b, error_b, log_b) = found["exports"]
        self.assertEqual((status_a, status_b), (0, 0), error_a + error_b)
        self.assertEqual(log_a, log_b, "the same history on both computers")
        self.assertEqual(len(log_a.splitlines()), 4, log_a)
        self.assertEqual(found["conflicts"], [], "each computer writes only its own files")


if __name__ == "__main__" and "--in-namespace" in sys.argv:
    scenario()
elif __name__ == "__main__":
    unittest.main()
