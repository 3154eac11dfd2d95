import KuchiModel

/// The flash cards' colours, from GNOME's palette. The colour of the text on a card is
/// not part of it: `Theme.install()` writes dark text on Yellow and white on the others.
struct CardColour {
    /// Its key, in the settings file and its CSS class.
    let name: String
    /// Its name in Settings, in the learner's language.
    let title: String
    let hex: String
    /// The CSS class that paints a card this colour.
    var cssClass: String { "card-" + name.lowercased() }

    // Made at first use, after the app installed the learner's language.
    static let all = [
        CardColour(name: "Blue", title: trc("card colour", "Blue"), hex: "#3584e4"), CardColour(name: "Green", title: trc("card colour", "Green"), hex: "#26a269"),
        CardColour(name: "Yellow", title: trc("card colour", "Yellow"), hex: "#f6d32d"), CardColour(name: "Orange", title: trc("card colour", "Orange"), hex: "#e66100"),
        CardColour(name: "Red", title: trc("card colour", "Red"), hex: "#c01c28"), CardColour(name: "Purple", title: trc("card colour", "Purple"), hex: "#813d9c"),
        CardColour(name: "Brown", title: trc("card colour", "Brown"), hex: "#865e3c"),
    ]
}
