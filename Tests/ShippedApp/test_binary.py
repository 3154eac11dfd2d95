"""The shipped binary as it is linked: what it loads at every start."""

import subprocess
import unittest

from kuchi_app import binary


class Linking(unittest.TestCase):
    def needed(self):
        dynamic = subprocess.run(["readelf", "-d", binary()], capture_output=True, text=True, check=True).stdout
        return [line.split("[", 1)[1].rstrip("]") for line in dynamic.splitlines() if "(NEEDED)" in line]

    def test_libarchive_is_loaded_only_to_open_a_package(self):
        """libarchive (and what it needs: nettle, acl, lz4, bz2, xml2) is dlopened the first
        time an Anki package is opened, not linked; test_desktop imports a package through
        the shipped binary, so it does load then."""
        needed = self.needed()
        # Positive control: the libraries Kuchi does link are listed.
        self.assertIn("libgtk-4.so.1", needed)
        self.assertIn("libsqlite3.so.0", needed)
        self.assertFalse([name for name in needed if name.startswith("libarchive")], needed)


if __name__ == "__main__":
    unittest.main()
