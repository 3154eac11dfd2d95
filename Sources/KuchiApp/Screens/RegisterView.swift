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
            Text(tr("Welcome to Kuchi")).cssClass("title-1").wrapping()
            HStack(spacing: 8) {
                TextField(tr("Type your name…"), text: form.profile.name)
                    .maximumLength(Profile.maximumNameLength)
                    .onSubmit { register() }
                    .accessibilityLabel(tr("Name"))
                    .accessibilityDescribed(by: count)
                    .focusOnAppear()
                    .expand(horizontal: true)
                    .widgetName("name-entry")
                NameLengthIndicator(reference: count)
            }
            Toggle(tr("Remember me"), isOn: form.settings.rememberUser)
                .widgetName("remember-me")
            Button(tr("OK")) { register() }
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
        state.challengeStep = .welcome
        state.homePage = .challenge
        state.screen = .home
    }
}

/// The live character count: neutral until something is typed, then success at 3 or
/// more characters and an error below, each with an icon as well as a colour and,
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
                .visible { state == .valid }
            Image(decorativeIconName: "dialog-warning-symbolic")
                .cssClass("error")
                .visible { state == .tooShort }
            Text { "\(length)" }
                .cssClass("name-count")
                .cssClass("success", when: { state == .valid })
                .cssClass("error", when: { state == .tooShort })
                .accessibilityLabel { sentence }
                .accessibilityReference(reference)
                .widgetName("name-count")
        }
        .help(tr("At least 3 characters"))
        .align(vertical: .center)
    }

    private enum State { case empty, tooShort, valid }

    private var state: State {
        length == 0 ? .empty : users.isUserNameValid ? .valid : .tooShort
    }

    private var length: Int { users.profile.name.trimmingWhitespace().count }

    private var sentence: String {
        users.isUserNameValid
            ? trn("{count} character, name is long enough", "{count} characters, name is long enough", length)
            : trn("{count} character, name needs at least 3", "{count} characters, name needs at least 3", length)
    }
}
