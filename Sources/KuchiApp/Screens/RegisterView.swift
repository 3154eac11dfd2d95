import FoundationEssentials
import GtkKit
import KuchiModel

/// First run: the user types a name (at least 3 characters) and may be remembered.
struct RegisterView: View {
    @Environment(UserManager.self) private var users
    @Environment(AppState.self) private var state

    var body: some View {
        let form = Bindable(users)
        let count = AccessibilityReference()
        VStack(spacing: 18) {
            Text("Welcome to Kuchi").cssClass("title-1").wrapping()
            HStack(spacing: 8) {
                TextField("Type your name...", text: form.profile.name)
                    .maximumLength(Profile.maximumNameLength)
                    .onSubmit { register() }
                    .accessibilityLabel("Name")
                    .accessibilityDescribed(by: count)
                    .focusOnAppear()
                    .expand(horizontal: true)
                    .widgetName("name-entry")
                NameLengthIndicator(reference: count)
            }
            Toggle("Remember me", isOn: form.settings.rememberUser)
                .widgetName("remember-me")
            Button("OK") { register() }
                .enabled { users.isUserNameValid }
                .cssClass("suggested-action", "pill")
                .align(horizontal: .center)
                .widgetName("register-ok")
        }
        .frame(minWidth: 280)
        .align(horizontal: .center)
    }

    private func register() {
        guard users.isUserNameValid else { return }
        users.register()
        state.screen = .welcome
    }
}

/// The live character count: success at 3 or more, error below, with an icon and,
/// for a screen reader, a sentence ("4 characters, name is long enough") that the
/// entry points to as its description.
struct NameLengthIndicator: View {
    let reference: AccessibilityReference
    @Environment(UserManager.self) private var users

    var body: some View {
        HStack(spacing: 4) {
            // The sentence on the count says what the icons show.
            Image(decorativeIconName: "object-select-symbolic")
                .cssClass("success")
                .visible { users.isUserNameValid }
            Image(decorativeIconName: "dialog-warning-symbolic")
                .cssClass("error")
                .visible { !users.isUserNameValid }
            Text { "\(length)" }
                .cssClass("success", when: { users.isUserNameValid })
                .cssClass("error", when: { !users.isUserNameValid })
                .accessibilityLabel { sentence }
                .accessibilityReference(reference)
                .widgetName("name-count")
        }
        .help("At least 3 characters")
        .align(vertical: .center)
    }

    private var length: Int { users.profile.name.trimmingWhitespace().count }

    private var sentence: String {
        let characters = length == 1 ? "1 character" : "\(length) characters"
        return users.isUserNameValid
            ? "\(characters), name is long enough"
            : "\(characters), name needs at least 3"
    }
}
