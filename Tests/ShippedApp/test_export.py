"""`kuchi --export-deck FILE` and `--export-reviews FILE`, on the shipped binary: they
write only where `cp` would, and refuse the rest, naming the file and the reason on
standard error, exiting 1 and leaving what is at the name as it was.

Refused: a name ending in "/" that is no folder (`cp`: "Not a directory"), a folder
that does not exist (never made), a symbolic link (Kuchi neither replaces it nor
writes through it), a read-only file (`cp`: "Permission denied"), and a folder or a
pipe at the name. Written: a new file in a folder that exists, and a plain file there
already (replaced). The window's Export menu writes by the same rule (NamedFile).
"""

import os
import shutil
import stat
import subprocess
import tempfile
import unittest

from kuchi_app import KuchiApp, make_writable, read_bytes, write

OPTIONS = ("--export-deck", "--export-reviews")
OLD = b"kept as it was\n"


class ExportTargets(unittest.TestCase):
    """Each case runs with both options, each in an empty folder of its own."""

    def setUp(self):
        # A HOME of its own, with no settings: the deck chosen is Kuchi Basics (9 cards).
        self.app = KuchiApp(drop_privileges=True)
        self.folders = []

    def tearDown(self):
        for path in [self.app.home] + self.folders:
            make_writable(path)
            shutil.rmtree(path, ignore_errors=True)

    def empty_folder(self):
        """A new empty folder, where the next exports run."""
        self.folder = tempfile.mkdtemp(prefix="kuchi-export-")
        self.folders.append(self.folder)

    def export(self, option, name):
        """Runs `kuchi OPTION NAME` in the folder; returns (status, stdout, stderr)."""
        result = subprocess.run(self.app.command() + [option, name], env=self.app.environment(), cwd=self.folder,
                                capture_output=True, timeout=60)
        return result.returncode, result.stdout.decode(errors="replace"), result.stderr.decode(errors="replace")

    def path(self, name):
        return os.path.join(self.folder, name)

    def assert_refused(self, option, name, reason):
        status, out, err = self.export(option, name)
        self.assertEqual(status, 1, f"{option} {name}: {out}{err}")
        self.assertEqual(out, "", "nothing said to be written")
        self.assertIn(f"could not export to {name}: {reason}", err)
        # No temporary file left beside it either.
        self.assertEqual([entry for entry in os.listdir(self.folder) if ".tmp-" in entry], [])

    def test_a_new_file_in_a_folder_that_exists_is_written(self):
        """The positive control: the same runs as below, with a name `cp` takes."""
        written = {"--export-deck": ("basics.json", "Wrote 9 cards of “Kuchi Basics” to basics.json\n"),
                   "--export-reviews": ("reviews.csv", "Wrote 0 reviews of “Kuchi Basics” to reviews.csv\n")}
        for option, (name, said) in written.items():
            with self.subTest(option=option):
                self.empty_folder()
                status, out, err = self.export(option, name)
                self.assertEqual((status, out), (0, said), err)
                self.assertTrue(stat.S_ISREG(os.lstat(self.path(name)).st_mode))
                # A plain file there already, the person's to write, is replaced.
                write(self.path(name), OLD)
                self.assertEqual(self.export(option, name)[:2], (0, said))
                self.assertNotEqual(read_bytes(self.path(name)), OLD)

    def test_a_name_ending_in_a_slash_is_refused_unless_a_folder_and_then_too(self):
        for option in OPTIONS:
            with self.subTest(option=option):
                self.empty_folder()
                self.assert_refused(option, "x/", "its name ends in “/”, which names a folder, and there is no such folder")
                self.assertFalse(os.path.lexists(self.path("x")), "no file named x")
                write(self.path("plain"), OLD)
                self.assert_refused(option, "plain/", "its name ends in “/”")
                self.assertEqual(read_bytes(self.path("plain")), OLD)
                os.mkdir(self.path("folder"))
                self.assert_refused(option, "folder/", "it is a folder, not a file")
                self.assertEqual(os.listdir(self.path("folder")), [])

    def test_a_missing_folder_is_not_made(self):
        for option in OPTIONS:
            with self.subTest(option=option):
                self.empty_folder()
                missing = self.path("missing")
                self.assert_refused(option, os.path.join(missing, "x.csv"), f"the folder {missing} does not exist")
                self.assertFalse(os.path.lexists(missing), "the folder was not made")
                self.assert_refused(option, "a/b/x.csv", "the folder a/b does not exist")
                self.assertFalse(os.path.lexists(self.path("a")))

    def test_a_symbolic_link_is_neither_replaced_nor_written_through(self):
        for option in OPTIONS:
            with self.subTest(option=option):
                self.empty_folder()
                write(self.path("target.json"), OLD)
                os.symlink("target.json", self.path("link.json"))
                os.symlink("nowhere.json", self.path("dangling.json"))
                for link in ("link.json", "dangling.json"):
                    self.assert_refused(option, link, "it is a symbolic link, which Kuchi does not replace or write through")
                self.assertEqual(os.readlink(self.path("link.json")), "target.json", "still the link")
                self.assertEqual(read_bytes(self.path("target.json")), OLD, "nothing written through it")
                self.assertFalse(os.path.lexists(self.path("nowhere.json")))

    def test_a_read_only_file_is_not_replaced(self):
        for option in OPTIONS:
            with self.subTest(option=option):
                self.empty_folder()
                write(self.path("read-only.json"), OLD, mode=0o444)
                self.assert_refused(option, "read-only.json", "it is read-only")
                self.assertEqual(read_bytes(self.path("read-only.json")), OLD)
                self.assertEqual(stat.S_IMODE(os.stat(self.path("read-only.json")).st_mode), 0o444)

    def test_a_folder_or_a_pipe_at_the_name_is_refused(self):
        for option in OPTIONS:
            with self.subTest(option=option):
                self.empty_folder()
                os.mkdir(self.path("folder"))
                os.mkfifo(self.path("pipe"))
                self.assert_refused(option, "folder", "it is a folder, not a file")
                self.assert_refused(option, "pipe", "it is not a plain file (a pipe, a socket or a device)")
                self.assertEqual(os.listdir(self.path("folder")), [])
                self.assertTrue(stat.S_ISFIFO(os.lstat(self.path("pipe")).st_mode), "still the pipe")


if __name__ == "__main__":
    unittest.main()
