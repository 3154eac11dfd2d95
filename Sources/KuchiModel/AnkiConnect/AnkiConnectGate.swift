import FoundationEssentials

/// An HTTP request as the server hands it over: method, headers, whole body.
public struct AnkiConnectHTTPRequest: Sendable {
    public var method: String
    /// Headers by lower-case name.
    public var headers: [String: String]
    public var body: Data

    public init(method: String, headers: [String: String], body: Data) {
        self.method = method
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }
}

/// The answer to send: status, headers, body.
public struct AnkiConnectHTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Response headers beside the content type, by name.
    public var headers: [String: String]
    /// "application/json", "text/plain", or nil for no body.
    public var contentType: String?
    public var body: [UInt8]
}

/// What every request passes before an action runs, as AnkiConnect checks it, and
/// more: any web page the learner visits can send requests to 127.0.0.1.
///
/// - `Host` must name this machine's loopback with the port (`localhost:8765`,
///   `127.0.0.1:8765`, `[::1]:8765`): a page on a DNS name rebound to 127.0.0.1 sends
///   its own name, and is refused (403).
/// - A request with an `Origin` must come from a browser extension
///   (`chrome-extension://`, `moz-extension://`, `safari-web-extension://`), from
///   `http://localhost` or `http://127.0.0.1` (any port), or from an origin the learner
///   allowed (``Settings/ankiConnectOrigins``); any other is refused with 403, but for
///   `requestPermission`, which asks the learner. A request without an `Origin` is a
///   program on this machine, not a page.
/// - The key (``AnkiConnectSettings/apiKey``), when set, must be the request's.
/// - A body over ``maximumBody`` is refused before it is read (the server's part).
public enum AnkiConnectGate {
    /// The largest request body read: 64 MiB (a long recording, in base64).
    public static let maximumBody = 64 << 20

    /// Whether `host` (the `Host` header) names this machine's loopback with `port`.
    public static func isLoopbackHost(_ host: String?, port: Int) -> Bool {
        guard let host = host?.lowercased() else { return false }
        return ["localhost", "127.0.0.1", "[::1]"].contains { host == "\($0):\(port)" }
    }

    /// Whether requests from `origin` may act without asking.
    public static func isTrusted(origin: String, allowed: [String]) -> Bool {
        if allowed.contains(origin) { return true }
        for scheme in ["chrome-extension://", "moz-extension://", "safari-web-extension://"]
        where origin.hasPrefix(scheme) && origin.count > scheme.count {
            return true
        }
        for local in ["http://localhost", "http://127.0.0.1"] where origin.hasPrefix(local) {
            let rest = origin.dropFirst(local.count)
            if rest.isEmpty { return true }
            if rest.first == ":", rest.count > 1, rest.dropFirst().allSatisfy(\.isASCII), rest.dropFirst().allSatisfy(\.isNumber) {
                return true
            }
        }
        return false
    }
}
