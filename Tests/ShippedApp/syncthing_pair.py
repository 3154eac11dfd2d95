"""Two real Syncthing instances (Debian's `syncthing`) sharing one folder over loopback,
for the sync tests: set up headless as ../shared/design/sync.md measured it (no
discovery, relays, NAT or upgrades; the GUI and the listener on 127.0.0.1; a 1 s
watcher), driven and observed over the REST API.

Meant to run inside a network namespace of its own (`unshare -n`, `loopback_up()`), so
that nothing reaches the machine's network and no other Syncthing is in the way. Every
wait is bounded."""

import fcntl
import json
import os
import re
import signal
import socket
import struct
import subprocess
import time
import urllib.error
import urllib.request

API_KEY = "kuchi-sync-test-key"


def loopback_up():
    """Brings `lo` up (a new network namespace starts with it down)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        siocgifflags, siocsifflags, iff_up = 0x8913, 0x8914, 0x1
        request = struct.pack("16sh", b"lo", 0)
        flags = struct.unpack("16sh", fcntl.ioctl(sock, siocgifflags, request))[1]
        fcntl.ioctl(sock, siocsifflags, struct.pack("16sh", b"lo", flags | iff_up))
    finally:
        sock.close()


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(condition, timeout, what, interval=0.2):
    """Polls `condition` until it is truthy; returns its value, or raises after `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)  # NB: polling another process's state; the wait is bounded


class Syncthing:
    """One instance: its home (config, keys, database), its ports, its device id."""

    def __init__(self, home, name):
        self.home = home
        self.name = name
        self.gui_port = free_port()
        self.listen_port = free_port()
        self.process = None
        os.makedirs(home, exist_ok=True)
        out = subprocess.run(
            ["syncthing", "generate", f"--home={home}", "--no-default-folder", "--skip-port-probing"],
            capture_output=True, text=True, timeout=60, check=True)
        found = re.search(r"Device ID: ([A-Z0-9-]{63})", out.stdout + out.stderr)
        assert found, f"no device id in: {out.stdout}{out.stderr}"
        self.device_id = found.group(1)
        self._configure()

    def _configure(self):
        path = os.path.join(self.home, "config.xml")
        with open(path, encoding="utf-8") as file:
            config = file.read()
        config = re.sub(r"(<gui\b[^>]*>\s*<address>)[^<]*(</address>)", rf"\g<1>127.0.0.1:{self.gui_port}\g<2>", config,
                        count=1)
        config = re.sub(r"<apikey>[^<]*</apikey>", f"<apikey>{API_KEY}</apikey>", config)
        if "<apikey>" not in config:
            config = config.replace("</gui>", f"<apikey>{API_KEY}</apikey></gui>", 1)
        options = {
            "listenAddress": f"tcp://127.0.0.1:{self.listen_port}",
            "globalAnnounceEnabled": "false", "localAnnounceEnabled": "false", "relaysEnabled": "false",
            "natEnabled": "false", "crashReportingEnabled": "false", "urAccepted": "-1",
            "autoUpgradeIntervalH": "0", "stunServer": "", "reconnectionIntervalS": "2",
            "startBrowser": "false",
        }
        for key, value in options.items():
            pattern = rf"<{key}>[^<]*</{key}>"
            replacement = f"<{key}>{value}</{key}>"
            if re.search(pattern, config):
                config = re.sub(pattern, replacement, config, count=1)
                # A key listed more than once (listenAddress, stunServer): the first kept.
                config = re.sub(rf"(</{key}>)(\s*<{key}>[^<]*</{key}>)+", r"\1", config)
            else:
                config = config.replace("</options>", f"{replacement}</options>", 1)
        with open(path, "w", encoding="utf-8") as file:
            file.write(config)

    def start(self):
        environment = dict(os.environ, STNOUPGRADE="1", STNODEFAULTFOLDER="1", HOME=self.home)
        self.log = open(os.path.join(self.home, "syncthing.log"), "w")
        self.process = subprocess.Popen(
            ["syncthing", "serve", f"--home={self.home}", "--no-browser", "--no-restart"],
            env=environment, stdout=self.log, stderr=subprocess.STDOUT)
        wait_for(lambda: self._ping(), 60, f"{self.name}'s REST API")

    def _ping(self):
        try:
            return self.get("/rest/system/ping").get("ping") == "pong"
        except (OSError, urllib.error.URLError, ValueError):
            return False

    def request(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.gui_port}{path}", data=data, method=method,
            headers={"X-API-Key": API_KEY, "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read().decode() or "null"
        return json.loads(text)

    def get(self, path):
        return self.request("GET", path)

    def add_peer(self, peer, dial=True):
        """Adds the peer; with `dial` False, with no address ("dynamic", and no discovery
        to resolve it), so that this instance only accepts the peer's connections."""
        addresses = [f"tcp://127.0.0.1:{peer.listen_port}"] if dial else ["dynamic"]
        self.request("POST", "/rest/config/devices", {
            "deviceID": peer.device_id, "name": peer.name, "addresses": addresses, "autoAcceptFolders": False})

    def share(self, folder_id, path, peer):
        self.request("POST", "/rest/config/folders", {
            "id": folder_id, "label": folder_id, "path": path, "type": "sendreceive",
            "devices": [{"deviceID": self.device_id}, {"deviceID": peer.device_id}],
            "fsWatcherEnabled": True, "fsWatcherDelayS": 1, "rescanIntervalS": 3600})

    def connected_to(self, peer):
        connections = self.get("/rest/system/connections").get("connections", {})
        return connections.get(peer.device_id, {}).get("connected", False)

    def scan(self, folder_id):
        self.request("POST", f"/rest/db/scan?folder={folder_id}")

    def status(self, folder_id):
        return self.get(f"/rest/db/status?folder={folder_id}")

    def view_of(self, peer, folder_id):
        """What this instance knows of the peer's copy (`/rest/db/completion`): `sequence`,
        how far into the peer's index it has got; `needItems`, what the peer lacks of the
        global state as this instance sees it; from 1.2x `remoteState`, whether the peer's
        cluster config for the folder has arrived ("valid") or not ("unknown", "paused")."""
        return self.get(f"/rest/db/completion?folder={folder_id}&device={peer.device_id}")

    def agreement_with(self, peer, folder_id):
        """What `in_sync_with` decides on, as a dict of facts (for a timeout's message)."""
        mine, theirs = self.status(folder_id), peer.status(folder_id)
        their_view, my_view = peer.view_of(self, folder_id), self.view_of(peer, folder_id)
        return {
            "state": mine.get("state"), "need": mine.get("needTotalItems", mine.get("needFiles")),
            "sequence": mine.get("sequence"), "peer's sequence": theirs.get("sequence"),
            "peer has our index to": their_view.get("sequence"), "we have peer's index to": my_view.get("sequence"),
            "peer sees us lacking": their_view.get("needItems"),
            "peer's state for us": their_view.get("remoteState", "(1.19: none)"),
            "our state for peer": my_view.get("remoteState", "(1.19: none)"),
        }

    def in_sync_with(self, peer, folder_id):
        """Whether this instance has everything the peer has announced, the peer has all of
        this instance's index, and this instance is idle.

        `/rest/db/completion` alone does not say so: for a device whose index it has not
        received (its `sequence` 0, 1.29's `remoteState` "unknown") it answers 100 % and
        0 items needed. So each side's index must have reached the other up to its
        current sequence number."""
        facts = self.agreement_with(peer, folder_id)
        self.last_agreement = facts
        return (facts["state"] == "idle" and facts["need"] == 0 and facts["peer sees us lacking"] == 0
                and facts["peer has our index to"] == facts["sequence"]
                and facts["we have peer's index to"] == facts["peer's sequence"]
                and facts["peer's state for us"] in ("valid", "(1.19: none)")
                and facts["our state for peer"] in ("valid", "(1.19: none)"))

    def pause(self, peer):
        self.request("POST", f"/rest/system/pause?device={peer.device_id}")

    def resume(self, peer):
        self.request("POST", f"/rest/system/resume?device={peer.device_id}")

    def stop(self):
        """SIGTERM to the parent (1.19 forks a child; the parent stops it)."""
        if self.process is None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None
        self.log.close()


class SyncthingPair:
    """Two instances, "desktop" and "laptop", sharing `folder_id` at two paths.

    Only the laptop dials; the desktop listens. When both dial at once (each resumed
    or started within the same moment), 1.19 can leave both connections' Hello
    exchange hanging until its 20 s timeout, and 1.29 holds two connections that carry
    nothing until one is promoted, about a second later."""

    def __init__(self, root, folder_id="kuchi"):
        self.folder_id = folder_id
        self.desktop = Syncthing(os.path.join(root, "st-desktop"), "desktop")
        self.laptop = Syncthing(os.path.join(root, "st-laptop"), "laptop")

    def start(self, desktop_folder, laptop_folder):
        for instance in (self.desktop, self.laptop):
            instance.start()
        self.desktop.add_peer(self.laptop, dial=False)
        self.laptop.add_peer(self.desktop)
        self.desktop.share(self.folder_id, desktop_folder, self.laptop)
        self.laptop.share(self.folder_id, laptop_folder, self.desktop)
        wait_for(lambda: self.desktop.connected_to(self.laptop) and self.laptop.connected_to(self.desktop),
                 90, "the two Syncthing instances to connect")

    def settle(self, timeout=60):
        """Scans both sides and waits until each has everything the other has (each
        side's index received by the other up to its current sequence, nothing needed)."""
        for instance in (self.desktop, self.laptop):
            instance.scan(self.folder_id)
        try:
            wait_for(lambda: self.desktop.in_sync_with(self.laptop, self.folder_id)
                     and self.laptop.in_sync_with(self.desktop, self.folder_id), timeout, "the folders to agree", 0.5)
        except TimeoutError as error:
            raise TimeoutError(f"{error}; desktop: {getattr(self.desktop, 'last_agreement', None)}; "
                               f"laptop: {getattr(self.laptop, 'last_agreement', None)}") from None

    def part(self):
        """Each pauses the other, and waits until neither has a connection left to the
        other (1.29 keeps a connection it has not yet promoted to primary open when the
        device is paused)."""
        self.desktop.pause(self.laptop)
        self.laptop.pause(self.desktop)
        wait_for(lambda: not self.desktop.connected_to(self.laptop) and not self.laptop.connected_to(self.desktop),
                 30, "the two Syncthing instances to disconnect")

    def rejoin(self):
        """Each resumes the other, the listening desktop first (a dial it would reject
        as paused puts the laptop's next one seconds off), and waits until both are
        connected again (what they exchange then, `settle()` waits for)."""
        self.desktop.resume(self.laptop)
        self.laptop.resume(self.desktop)
        wait_for(lambda: self.desktop.connected_to(self.laptop) and self.laptop.connected_to(self.desktop),
                 90, "the two Syncthing instances to connect again")

    def stop(self):
        for instance in (self.desktop, self.laptop):
            instance.stop()
