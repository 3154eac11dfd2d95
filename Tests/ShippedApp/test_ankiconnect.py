"""Dictionary apps (AnkiConnect), on the shipped binary: with the setting on in
settings.json, Kuchi answers on 127.0.0.1 as AnkiConnect does, and Yomitan's calls,
replayed in its order over HTTP, put a word with its furigana and its sound into My
Words, where it stays after a relaunch. Refused requests (a web page's origin, a
rebound host name, a missing or wrong key, a huge body, an unknown action) leave the
data folder byte for byte as it was. A port another program holds is said in words in
Settings, and Kuchi runs on.
"""

import base64
import http.client
import json
import os
import shutil
import socket
import sqlite3
import tempfile
import unittest

from kuchi_app import KuchiApp, make_writable, read_json, snapshot, wait_until, write

SOUND = b"ID3\x03\x00\x00\x00\x00\x00\x00 a tiny sound"
# A note as Yomitan's AnkiNoteBuilder makes it (ext/js/data/anki-note-builder.js):
# duplicates allowed, its duplicate check being its own; a sentence with no translation.
NOTE = {
    "deckName": "My Words", "modelName": "Kuchi",
    "fields": {"Word": "猫舌[ねこじた]", "Reading": "", "Meaning": "<ol><li>being unable to eat hot food</li></ol>",
               "Sentence": "私は猫舌[ねこじた]です。", "Sentence Meaning": "", "Audio": "[sound:yomitan_nekojita.mp3]",
               "Picture": "", "Notes": ""},
    "tags": ["yomitan"],
    "options": {"allowDuplicate": True, "duplicateScope": "collection",
                "duplicateScopeOptions": {"deckName": None, "checkChildren": False, "checkAllModels": False}},
}


def bare_bones(note):
    """The note as Yomitan's duplicate check sends it (Backend.partitionAddibleNotes):
    its first field alone, duplicates not allowed."""
    first = next(iter(note["fields"].items()))
    return {**note, "fields": dict([first]), "options": {**note["options"], "allowDuplicate": False}}


def duplicate_check(client, note):
    """Yomitan's answer to "can this be added, or is it a duplicate?": the error text
    it looks for in canAddNotesWithErrorDetail's answer."""
    [answer] = client.call("canAddNotesWithErrorDetail", {"notes": [bare_bones(note)]})
    if answer["canAdd"]:
        return "addable"
    assert "cannot create note because it is a duplicate" in answer["error"], answer
    return "duplicate"


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def settings(port, api_key=None):
    return json.dumps({"ankiConnect": {"enabled": True, "port": port, "apiKey": api_key}})


class Client:
    """AnkiConnect requests as Yomitan (a Firefox extension) sends them."""

    def __init__(self, port):
        self.port = port

    def raw(self, body, headers=None, host=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            sent = {"Content-Type": "application/json", "Host": host or f"127.0.0.1:{self.port}"}
            sent.update(headers or {})
            connection.request("POST", "/", body=body, headers=sent)
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            connection.close()

    def call(self, action, params=None, version=6, key=None, origin="moz-extension://3c5b-yomitan"):
        request = {"action": action, "version": version, "params": params or {}}
        if key is not None:
            request["key"] = key
        status, headers, body = self.raw(json.dumps(request).encode(), {"Origin": origin} if origin else None)
        assert status == 200, f"{action}: HTTP {status}"
        answer = json.loads(body)
        if version >= 5:
            assert answer["error"] is None, f"{action}: {answer['error']}"
            return answer["result"]
        return answer


def listening(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


class AnkiConnect(unittest.TestCase):
    def home(self, settings_text, registered=False):
        """A throw-away HOME with these settings (and a profile when `registered`)."""
        home = tempfile.mkdtemp(prefix="kuchi-shipped-")
        self.addCleanup(lambda: (make_writable(home), shutil.rmtree(home, ignore_errors=True)))
        config = os.path.join(home, ".config", "kuchi")
        write(os.path.join(config, "settings.json"), settings_text)
        if registered:
            write(os.path.join(config, "profile.json"), '{"name": "Aiko"}')
        return home

    def test_yomitan_adds_a_word_that_stays(self):
        port = free_port()
        home = self.home(settings(port))
        with KuchiApp(home=home) as app:
            wait_until(lambda: listening(port), 10, "Kuchi to listen")
            client = Client(port)
            self.assertEqual(client.call("version", version=2), 6)
            self.assertEqual(client.call("deckNames"), ["My Words"])
            self.assertEqual(client.call("modelNames"), ["Kuchi"])
            self.assertEqual(client.call("modelFieldNames", {"modelName": "Kuchi"}),
                             ["Word", "Reading", "Meaning", "Sentence", "Sentence Meaning", "Audio", "Picture", "Notes"])
            self.assertEqual(duplicate_check(client, NOTE), "addable")
            self.assertEqual(client.call("canAddNotes", {"notes": [bare_bones(NOTE)]}), [True])
            stored = client.call("storeMediaFile", {"filename": "yomitan_nekojita.mp3",
                                                    "data": base64.b64encode(SOUND).decode()})
            self.assertEqual(stored, "yomitan_nekojita.mp3")
            note_id = client.call("addNote", {"note": NOTE})
            self.assertIsInstance(note_id, int)
            app.text_containing("A dictionary app added 猫舌 to My Words")
            self.assertEqual(duplicate_check(client, NOTE), "duplicate")
            # Yomitan then finds the duplicate's id (AnkiConnect.findNoteIds: a multi of
            # findNotes without versions, answered bare; the first field's name lower-cased).
            found = client.call("multi", {"actions": [{"action": "findNotes", "params": {"query": "\"word:猫舌[ねこじた]\""}}]})
            self.assertEqual(found, [[note_id]])
            self.assertEqual(client.call("findNotes", {"query": "\"deck:My Words\" \"Word:猫舌\""}), [note_id])
            info = client.call("notesInfo", {"notes": [note_id]})[0]
            fields = {name: field["value"] for name, field in info["fields"].items()}
            self.assertEqual(fields["Word"], "猫舌")
            self.assertEqual(fields["Reading"], "ねこじた")
            self.assertEqual(fields["Meaning"], "being unable to eat hot food")
            self.assertEqual(fields["Audio"], "[sound:yomitan_nekojita.mp3]")
            self.assertEqual((fields["Sentence"], fields["Sentence Meaning"]), ("私は猫舌です。", ""))
            deck = read_json(os.path.join(app.data, "decks", "my-words.json"))
            self.assertEqual([card["question"] for card in deck["cards"]], ["猫舌"])
            self.assertEqual(deck["cards"][0]["examples"], [{"ja": "私は猫舌です。"}], "kept without a translation")
            with open(os.path.join(app.data, "decks", "my-words.media", "yomitan_nekojita.mp3"), "rb") as sound:
                self.assertEqual(sound.read(), SOUND)
        self.assertEqual(read_json(os.path.join(app.config, "settings.json"))["ankiConnect"],
                         {"enabled": True, "port": port, "apiKey": None})
        with KuchiApp(home=home) as app:
            wait_until(lambda: listening(port), 10, "Kuchi to listen again")
            client = Client(port)
            self.assertEqual(client.call("findNotes", {"query": "Word:猫舌"}), [note_id], "the same id after a relaunch")
            self.assertEqual(client.call("deckNames"), ["My Words"])
            self.assertEqual(duplicate_check(client, NOTE), "duplicate")
            # Suspended through the protocol: kept in the review history, both directions.
            self.assertEqual(client.call("suspend", {"cards": [note_id]}), True)
            self.assertEqual(client.call("areSuspended", {"cards": [note_id]}), [True])
        database = sqlite3.connect(os.path.join(app.data, "kuchi.sqlite3"))
        try:
            suspended = database.execute(
                "SELECT deck.name, question FROM suspended_card JOIN deck ON deck.id = suspended_card.deck "
                "ORDER BY deck.name").fetchall()
        finally:
            database.close()
        self.assertEqual(suspended, [("my-words", "猫舌"), ("my-words/production", "猫舌")])

    def test_refusals_write_nothing(self):
        port = free_port()
        home = self.home(settings(port, api_key="s3cret"))
        add = json.dumps({"action": "addNote", "version": 6, "key": "s3cret", "params": {"note": NOTE}}).encode()
        with KuchiApp(home=home) as app:
            wait_until(lambda: listening(port), 10, "Kuchi to listen")
            client = Client(port)
            before = snapshot(app.data, app.config)
            status, headers, body = client.raw(add, {"Origin": "https://evil.example"})
            self.assertEqual(status, 403, "a web page's origin")
            status, headers, body = client.raw(add, host=f"rebound.example:{port}")
            self.assertEqual(status, 403, "a host name rebound to 127.0.0.1")
            for key in (None, "wrong"):
                request = {"action": "addNote", "version": 6, "params": {"note": NOTE}}
                if key:
                    request["key"] = key
                status, headers, body = client.raw(json.dumps(request).encode())
                self.assertEqual(json.loads(body), {"result": None, "error": "valid api key must be provided"})
            status, headers, body = client.raw(
                json.dumps({"action": "deleteDecks", "version": 6, "key": "s3cret", "params": {"decks": ["My Words"]}}).encode())
            self.assertEqual(json.loads(body), {"result": None, "error": "unsupported action"})
            status, headers, body = client.raw(b"[" * 300 + b"]" * 300)
            self.assertEqual(json.loads(body)["result"], None, "JSON nested past the parser's limit")
            status = self.huge_body(port)
            self.assertEqual(status, 413, "a body over 64 MiB is refused before it is read")
            self.assertEqual(snapshot(app.data, app.config), before, "nothing was written")
            # The right key passes.
            self.assertIsInstance(client.call("addNote", {"note": NOTE}, key="s3cret"), int)

    @staticmethod
    def huge_body(port):
        """Announces a 65 MiB body and sends only its first bytes: the answer must come
        from the headers alone."""
        with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
            connection.sendall(
                f"POST / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {65 << 20}\r\n\r\n{{\"action\": ".encode())
            reply = connection.recv(4096).decode(errors="replace")
        return int(reply.split(" ")[1])

    def test_a_port_in_use_is_said_in_words(self):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
            taken.bind(("127.0.0.1", 0))
            taken.listen(1)
            port = taken.getsockname()[1]
            home = self.home(settings(port), registered=True)
            with KuchiApp(home=home) as app:
                app.switch_to("Settings")
                app.text_containing(f"Port {port} is in use by another program")
                app.find("label", "Let dictionary apps add words (AnkiConnect)")


if __name__ == "__main__":
    unittest.main()
