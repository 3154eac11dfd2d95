import Foundation
import Testing
@testable import KuchiModel

/// An imported deck's file holds the learner's words and edits on top of the base the
/// folder names: a merge must not take that for another version of the deck.
@Suite("Sync: an imported deck's own words stay on its base")
struct SyncDeckBaseTests {
    @Test("a word added to an imported deck leaves the deck installed as it is: no merge reinstalls its base")
    func wordOnImportedDeckIsNotReinstalled() throws {
        let root = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: root.url, name: "desktop")
        let laptop = try SyncTestDevice(root: root.url, name: "laptop")
        let id = try desktop.importNature()
        try desktop.mergeAndApply()
        try copyFolder(from: desktop.folder, to: laptop.folder)
        try copyContent(from: desktop.folder, to: laptop.folder)
        #expect(try laptop.mergeAndApply().report.installedDecks == [id], "the control: the base arrives once")

        try desktop.add("森", reading: "もり", meaning: "forest", to: id)
        try laptop.add("岩", reading: "いわ", meaning: "rock", to: id)
        for device in [desktop, laptop] {
            #expect(try device.mergeAndApply().report.installedDecks.isEmpty, "\(device.name): its own word is no new base")
        }
        try copyFolder(from: desktop.folder, to: laptop.folder)
        try copyFolder(from: laptop.folder, to: desktop.folder)
        for device in [desktop, laptop] {
            let (report, _) = try device.mergeAndApply()
            #expect(report.installedDecks.isEmpty, "\(device.name): the other's word is no new base")
            #expect(device.cards(of: id) == ["山=mountain", "岩=rock", "川=river", "森=forest", "海=sea", "空=sky"], "\(device.name)")
        }
    }
}
