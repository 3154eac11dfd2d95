internal import CGtk
internal import CGtkShim

/// Plays a sound file (a card's own recording) through GTK's media backend
/// (GtkMediaFile; GStreamer in Debian's `libgtk-4-media-gstreamer` and in the GNOME
/// runtime). Playing never blocks: GStreamer decodes on threads of its own, and what it
/// reports (ended, an error) comes back through the main loop.
///
/// One file at a time: ``play(path:)`` stops what was playing.
@MainActor
public final class SoundFile {
    /// How the last file played went.
    public enum State: Equatable, Sendable {
        case idle
        case playing(path: String)
        case ended(path: String)
        /// GTK or GStreamer could not play it: no media backend, a format it cannot
        /// decode, a file gone. The words are GStreamer's own.
        case failed(path: String, reason: String)
    }

    public private(set) var state = State.idle {
        didSet { onChange?(state) }
    }
    /// Called on the main actor whenever ``state`` changes.
    public var onChange: (@MainActor (State) -> Void)?

    private var stream: UnsafeMutablePointer<GtkMediaFile>?
    private var path: String?

    public init() {}

    /// Starts playing the file at `path`, stopping the one before.
    public func play(path: String) {
        stop()
        let file = gtk_media_file_new_for_filename(path)!  // safe: GTK always returns a media file
        let media = UnsafeMutableRawPointer(file).assumingMemoryBound(to: GtkMediaFile.self)
        stream = media
        self.path = path
        let raw = UnsafeMutableRawPointer(media)
        Signal.connect(raw, "notify::ended") { [weak self, media] in self?.ended(media) }
        Signal.connect(raw, "notify::error") { [weak self, media] in self?.failed(media) }
        state = .playing(path: path)
        // An error found while opening (no backend, the file missing) is set already.
        if gtk_media_stream_get_error(mediaStream(media)) != nil { return failed(media) }
        gtk_media_stream_play(mediaStream(media))
    }

    /// Stops the file playing, if any.
    public func stop() {
        guard let stream else { return }
        self.stream = nil
        gtk_media_stream_pause(mediaStream(stream))
        g_object_unref(UnsafeMutableRawPointer(stream))
        if case .playing(let path) = state { state = .ended(path: path) }
    }

    private func ended(_ media: UnsafeMutablePointer<GtkMediaFile>) {
        guard media == stream, let path, gtk_media_stream_get_ended(mediaStream(media)) != 0 else { return }
        state = .ended(path: path)
    }

    private func failed(_ media: UnsafeMutablePointer<GtkMediaFile>) {
        guard media == stream, let path, let error = gtk_media_stream_get_error(mediaStream(media)) else { return }
        let reason = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        state = .failed(path: path, reason: reason)
    }

    private func mediaStream(_ media: UnsafeMutablePointer<GtkMediaFile>) -> UnsafeMutablePointer<GtkMediaStream> {
        UnsafeMutableRawPointer(media).assumingMemoryBound(to: GtkMediaStream.self)
    }

    isolated deinit {
        stop()
    }
}
