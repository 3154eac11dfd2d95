import KuchiModel

/// The keyboard shortcuts window (Ctrl+?), as GtkBuilder XML.
enum Shortcuts {
    /// The window's GtkBuilder XML, its titles in the learner's language. Its accessible
    /// role is a window's, as on GTK 4.8: GTK 4.18 gives GtkShortcutsWindow the generic
    /// role, which takes no name, so a screen reader could not say what the window is.
    static var builderXML: String {
        let groups: [(title: String, shortcuts: [(title: String, accelerator: String)])] = [
            (trc("shortcuts group", "Practice"), [
                (title: tr("Show or hide the choices"), accelerator: "space"),
                (title: tr("Choose answer 1, 2 or 3"), accelerator: "1 2 3"),
                (title: tr("Dismiss the feedback"), accelerator: "Return Escape"),
            ]),
            (trc("shortcuts group", "Flash cards"), [
                (title: tr("Turn the card"), accelerator: "space"),
                (title: tr("Remembered"), accelerator: "Right"),
                (title: tr("Not yet"), accelerator: "Left"),
            ]),
            (trc("shortcuts group", "General"), [
                (title: tr("Learn, Challenge, Statistics, Settings"), accelerator: "<Alt>1 <Alt>2 <Alt>3 <Alt>4"),
                (title: tr("Settings"), accelerator: "<Control>comma"),
                (title: tr("Back"), accelerator: "Escape <Alt>Left"),
                (title: tr("Add a word"), accelerator: "<Control>n"),
                (title: tr("Take back the last answer"), accelerator: "<Control>z"),
                (title: tr("Close the window"), accelerator: "<Control>w"),
                (title: tr("Keyboard shortcuts"), accelerator: "<Control>question"),
                (title: tr("Main menu"), accelerator: "F10"),
                (title: tr("Quit"), accelerator: "<Control>q"),
            ]),
        ]
        let body = groups.map { group in
            let shortcuts = group.shortcuts.map { shortcut in
                """
                <child><object class="GtkShortcutsShortcut">
                  <property name="title">\(escaped(shortcut.title))</property>
                  <property name="accelerator">\(escaped(shortcut.accelerator))</property>
                </object></child>
                """
            }
            return """
                <child><object class="GtkShortcutsGroup">
                  <property name="title">\(escaped(group.title))</property>
                  \(shortcuts.joined(separator: "\n"))
                </object></child>
                """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <interface>
              <object class="GtkShortcutsWindow" id="shortcuts">
                <property name="accessible-role">window</property>
                <property name="modal">1</property>
                <child><object class="GtkShortcutsSection">
                  <property name="section-name">shortcuts</property>
                  \(body.joined(separator: "\n"))
                </object></child>
              </object>
            </interface>
            """
    }

    /// `text` with XML's special characters written as entities.
    private static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }
}
