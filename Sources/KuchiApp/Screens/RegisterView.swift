import FoundationEssentials
import GtkKit
import KuchiModel

/// First run: the user types a name (at least 3 characters) and may be remembered.
struct RegisterView: View {
    @Environment(UserManager.self) private var users
    @Environment(AppState.self) private var state

    var body: some View {
        let form = Bindable(users)
        VStack(spacing: 18) {
            Text("Welcome to Kuchi").cssClass("title-1").wrapping()
            HStack(spacing: 8) {
                TextField("Type your name...", text: form.profile.name)
                    .onSubmit { register() }
                    .accessibilityLabel("Name")
                    .expand(horizontal: true)
                    .id("name-entry")
                NameLengthIndicator()
            }
            Toggle("Remember me", isOn: form.settings.rememberUser)
                .id("remember-me")
            Button("OK") { register() }
                .enabled { users.isUserNameValid }
                .cssClass("suggested-action", "pill")
                .align(horizontal: .center)
                .id("register-ok")
        }
        .frame(minWidth: 280)
        .align(horizontal: .center)
    }

    private func register() {
        guard users.isUserNameValid else { return }
        users.register()
        state.problems += users.problems
        users.dismissProblems()
        state.screen = .welcome
    }
}

/// The live character count: success at 3 or more, error below, with an
/// icon as well as a colour.
struct NameLengthIndicator: View {
    @Environment(UserManager.self) private var users

    var body: some View {
        HStack(spacing: 4) {
            Image(iconName: "object-select-symbolic")
                .cssClass("success")
                .visible { users.isUserNameValid }
            Image(iconName: "dialog-warning-symbolic")
                .cssClass("error")
                .visible { !users.isUserNameValid }
            Text { "\(users.profile.name.trimmingWhitespace().count)" }
                .cssClass("success", when: { users.isUserNameValid })
                .cssClass("error", when: { !users.isUserNameValid })
                .id("name-count")
        }
        .help("At least 3 characters")
        .align(vertical: .center)
    }
}
