import CSoupShim
import FoundationEssentials
import KuchiModel

/// An HTTP server on 127.0.0.1 only, on the GLib main loop (libsoup 3's SoupServer,
/// through CSoupShim): every request, its body read whole, goes to `handler` on the
/// main thread, which answers at once or later (``Exchange/respond(_:)``).
///
/// Bodies over ``AnkiConnectGate/maximumBody``, or without a stated length, are
/// refused (413, 411) before they are read. Stopping (``stop()``, or the server going)
/// closes the port; a request still waiting is dropped with it.
@MainActor
final class LoopbackHTTPServer {
    /// One request, answered once.
    @MainActor
    final class Exchange {
        let request: AnkiConnectHTTPRequest
        private var pointer: OpaquePointer?
        private var paused = false
        private weak var server: LoopbackHTTPServer?

        fileprivate init(pointer: OpaquePointer, server: LoopbackHTTPServer) {
            self.pointer = pointer
            self.server = server
            let method = String(cString: kuchi_http_request_method(pointer))
            var headers: [String: String] = [:]
            for name in ["Host", "Origin", "Access-Control-Request-Private-Network", "Content-Type"] {
                if let value = kuchi_http_request_header(pointer, name) { headers[name] = String(cString: value) }
            }
            var length = 0
            let bytes = kuchi_http_request_body(pointer, &length)
            let body = bytes.map { Data(bytes: $0, count: length) } ?? Data()
            request = AnkiConnectHTTPRequest(method: method, headers: headers, body: body)
        }

        /// Keeps the request open past the handler, to be answered later.
        fileprivate func pause() {
            guard let pointer, !paused else { return }
            paused = true
            kuchi_http_request_pause(pointer)
            server?.waiting.append(self)
        }

        /// Answers the request (once; later calls, and calls after the server stopped, do nothing).
        func respond(_ response: AnkiConnectHTTPResponse) {
            guard let pointer else { return }
            self.pointer = nil
            for (name, value) in response.headers { kuchi_http_request_set_header(pointer, name, value) }
            response.body.withUnsafeBufferPointer { body in
                kuchi_http_request_respond(pointer, UInt32(response.status), response.contentType, body.baseAddress, body.count)
            }
            if paused {
                kuchi_http_request_resume(pointer)
                server?.waiting.removeAll { $0 === self }
            }
        }

        /// Forgets the request: its server is gone.
        fileprivate func drop() {
            guard let pointer else { return }
            self.pointer = nil
            guard paused else { return }
            kuchi_http_request_respond(pointer, 503, nil, nil, 0)
            kuchi_http_request_resume(pointer)
        }
    }

    let port: Int
    private var server: OpaquePointer?
    private let handler: @MainActor (Exchange) -> Void
    /// Requests answered later (a permission prompt), until answered.
    fileprivate var waiting: [Exchange] = []
    /// The box the C handler holds; released when the server stops.
    private var box: Unmanaged<Box>?

    private final class Box {
        weak var server: LoopbackHTTPServer?
    }

    /// Listens on 127.0.0.1:`port`; throws the system's words when the port cannot be
    /// had (another program has it).
    init(port: Int, handler: @escaping @MainActor (Exchange) -> Void) throws(Failure) {
        self.port = port
        self.handler = handler
        let box = Box()
        let retained = Unmanaged.passRetained(box)
        var error: UnsafeMutablePointer<CChar>?
        let callback: KuchiHttpHandler = { request, context in
            guard let request, let context else { return }
            let box = Unmanaged<Box>.fromOpaque(context).takeUnretainedValue()
            // libsoup calls on the thread of GLib's default main context: the main thread.
            MainActor.assumeIsolated {
                guard let server = box.server else {
                    kuchi_http_request_respond(request, 503, nil, nil, 0)
                    return
                }
                server.receive(request)
            }
        }
        guard let made = kuchi_http_server_new(UInt16(port), UInt64(AnkiConnectGate.maximumBody), callback, retained.toOpaque(), &error)
        else {
            retained.release()
            let words = error.map { String(cString: $0) } ?? ""
            kuchi_http_free_text(error)
            throw Failure(words: words)
        }
        server = made
        self.box = retained
        box.server = self
    }

    struct Failure: Error {
        let words: String
    }

    private func receive(_ pointer: OpaquePointer) {
        let exchange = Exchange(pointer: pointer, server: self)
        handler(exchange)
        // Not answered in the handler: answered later.
        exchange.pause()
    }

    /// Closes the port; requests still waiting are dropped.
    func stop() {
        for exchange in waiting { exchange.drop() }
        waiting = []
        kuchi_http_server_free(server)
        server = nil
        box?.release()
        box = nil
    }

    isolated deinit {
        stop()
    }
}
