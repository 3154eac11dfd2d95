/// The keyboard shortcuts window (Ctrl+?), as GtkBuilder XML.
enum Shortcuts {
    static let builderXML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <object class="GtkShortcutsWindow" id="shortcuts">
            <property name="modal">1</property>
            <child>
              <object class="GtkShortcutsSection">
                <property name="section-name">shortcuts</property>
                <child>
                  <object class="GtkShortcutsGroup">
                    <property name="title">Practice</property>
                    <child><object class="GtkShortcutsShortcut">
                      <property name="title">Show or hide the choices</property>
                      <property name="accelerator">space</property></object></child>
                    <child><object class="GtkShortcutsShortcut">
                      <property name="title">Choose answer 1, 2 or 3</property>
                      <property name="accelerator">1 2 3</property></object></child>
                    <child><object class="GtkShortcutsShortcut">
                      <property name="title">Dismiss the feedback</property>
                      <property name="accelerator">Return Escape</property></object></child>
                  </object>
                </child>
                <child>
                  <object class="GtkShortcutsGroup">
                    <property name="title">Flash cards</property>
                    <child><object class="GtkShortcutsShortcut">
                      <property name="title">Turn the card</property>
                      <property name="accelerator">space</property></object></child>
                    <child><object class="GtkShortcutsShortcut">
                      <property name="title">Remembered</property>
                      <property name="accelerator">Right</property></object></child>
                    <child><object class="GtkShortcutsShortcut">
                      <property name="title">Not yet</property>
                      <property name="accelerator">Left</property></object></child>
                  </object>
                </child>
                <child>
                  <object class="GtkShortcutsGroup">
                    <property name="title">General</property>
                    <child><object class="GtkShortcutsShortcut">
                      <property name="title">Learn, Challenge, Statistics, Settings</property>
                      <property name="accelerator">&lt;Alt&gt;1 &lt;Alt&gt;2 &lt;Alt&gt;3 &lt;Alt&gt;4</property></object></child>
                    <child><object class="GtkShortcutsShortcut">
                      <property name="title">Settings</property>
                      <property name="accelerator">&lt;Control&gt;comma</property></object></child>
                    <child><object class="GtkShortcutsShortcut">
                      <property name="title">Back</property>
                      <property name="accelerator">Escape &lt;Alt&gt;Left</property></object></child>
                    <child><object class="GtkShortcutsShortcut">
                      <property name="title">Take back the last answer</property>
                      <property name="accelerator">&lt;Control&gt;z</property></object></child>
                    <child><object class="GtkShortcutsShortcut">
                      <property name="title">Close the window</property>
                      <property name="accelerator">&lt;Control&gt;w</property></object></child>
                    <child><object class="GtkShortcutsShortcut">
                      <property name="title">Keyboard shortcuts</property>
                      <property name="accelerator">&lt;Control&gt;question</property></object></child>
                    <child><object class="GtkShortcutsShortcut">
                      <property name="title">Main menu</property>
                      <property name="accelerator">F10</property></object></child>
                    <child><object class="GtkShortcutsShortcut">
                      <property name="title">Quit</property>
                      <property name="accelerator">&lt;Control&gt;q</property></object></child>
                  </object>
                </child>
              </object>
            </child>
          </object>
        </interface>
        """
}
