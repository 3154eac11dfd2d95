import GtkKit
// TEMPORARY until GtkKit's BarChart lands.
struct BarChart: View {
    struct Bar { var value: Double; var label: String }
    let bars: @MainActor () -> [Bar]
    let summary: @MainActor () -> String
    var body: some View { Text { summary() }.wrapping(alignment: .start) }
}
