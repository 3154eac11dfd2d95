"""A window with one control of each kind named and unnamed, for the accessibility
walk's positive control (test_accessibility.py): an icon button without a name and
one with, an empty label and one with text. Run as a child process, like Kuchi:

    GTK_A11Y=atspi python3 unnamed_fixture.py

Debian's python3-gi and gir1.2-gtk-4.0 (GTK 4.8, the GTK Kuchi ships on).
"""

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402

TITLE = "Unnamed Fixture"


def main():
    Gtk.init()
    window = Gtk.Window(title=TITLE)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
    # Caught: an icon-only button nobody named (GTK 4.8 calls it "GtkImage").
    box.append(Gtk.Button(icon_name="edit-delete-symbolic"))
    named = Gtk.Button(icon_name="list-add-symbolic")
    named.update_property([Gtk.AccessibleProperty.LABEL], ["Add"])
    box.append(named)
    # Caught: a label with no text (GTK 4.8 calls it "GtkLabel").
    box.append(Gtk.Label())
    box.append(Gtk.Label(label="A label with text"))
    window.set_child(box)
    loop = GLib.MainLoop()
    window.connect("close-request", lambda *_: loop.quit() or False)
    window.present()
    loop.run()


if __name__ == "__main__":
    main()
