// A speech-dispatcher of a test's own, for the speech tests and the benchmark.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// speech-dispatcher started with its configuration, socket, log and pid file in a
/// temporary folder, so tests neither need nor touch the user's daemon. Its audio goes
/// to libao's null driver: no sound card is needed, and nothing is heard.
///
/// It logs every request (LogLevel 5), text included. It stops itself 60 s after its
/// last client leaves, should the test process die before ``stop()``.
public final class PrivateSpeechDispatcher {
    /// The output modules it loads.
    public enum Modules: Sendable {
        /// The fallback module only, whose one voice is English: no Japanese voice.
        case dummyOnly
        /// espeak-ng, which has a Japanese voice.
        case espeakNG
    }

    public let folder: URL
    public var socketPath: String { folder.appendingPathComponent("speechd.sock").path }
    private var pid: pid_t = 0

    /// Why these modules cannot be run here (with what to install), or nil when they can.
    public static func missing(_ modules: Modules) -> String? {
        let install = "install speech-dispatcher and speech-dispatcher-espeak-ng (apt-get install -y speech-dispatcher speech-dispatcher-espeak-ng)"
        guard executable != nil else { return "speech-dispatcher is not installed: \(install)" }
        if modules == .espeakNG, moduleFolder(holding: "sd_espeak-ng") == nil {
            return "speech-dispatcher's espeak-ng module is not installed: \(install)"
        }
        return nil
    }

    /// Starts it; wait for ``isReady`` before connecting.
    public init(_ modules: Modules) throws {
        guard let executable = Self.executable else {
            throw NotStarted(reason: Self.missing(modules) ?? "speech-dispatcher is not installed")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-speechd-\(UUID().uuidString)")
        let files = FileManager.default
        for name in ["config", "home", "log"] {
            try files.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let module = switch modules {
        case .dummyOnly: #"AddModule "dummy" "sd_dummy" """#
        case .espeakNG: #"AddModule "espeak-ng" "sd_espeak-ng" """#
        }
        // An AddModule line turns off loading every installed module.
        try "LogLevel 5\nAudioOutputMethod \"libao\"\n\(module)\n"
            .write(to: folder.appendingPathComponent("config/speechd.conf"), atomically: true, encoding: .utf8)
        try "default_driver=null\n"
            .write(to: folder.appendingPathComponent("home/.libao"), atomically: true, encoding: .utf8)

        let arguments = [
            "--run-single", "--timeout", "60",
            "--config-dir", folder.appendingPathComponent("config").path,
            "--socket-path", socketPath,
            "--log-dir", folder.appendingPathComponent("log").path,
            "--pid-file", folder.appendingPathComponent("speechd.pid").path,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = folder.appendingPathComponent("home").path
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("home/.config").path
        environment["XDG_RUNTIME_DIR"] = folder.path
        environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("home/.cache").path
        pid = try Self.spawn(executable.path, arguments, environment: environment)
    }

    deinit { stop() }

    /// Whether it accepts connections on its socket.
    public var isReady: Bool {
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(socketPath.utf8CString)
        guard path.count <= MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            path.withUnsafeBytes { bytes.copyMemory(from: $0) }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return connected == 0
    }

    /// What it logged so far: each request, text included.
    public var log: String {
        (try? String(contentsOf: folder.appendingPathComponent("log/speech-dispatcher.log"), encoding: .utf8)) ?? ""
    }

    /// Stops it (it closes its modules, which takes a second or two) and removes its folder.
    public func stop() {
        if pid > 0 {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            pid = 0
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Starts `executable` with every signal unblocked and at its default action.
    // NB: not Foundation's Process: its child inherits the calling thread's signal mask,
    // which under the test runner blocks SIGTERM, so speech-dispatcher ignored stop()
    // and lived until its 60 s timeout.
    private static func spawn(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard error == 0 else { throw NotStarted(reason: "speech-dispatcher could not start: \(String(cString: strerror(error)))") }
        return pid
    }

    private static var executable: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("speech-dispatcher") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Where speech-dispatcher looks for its modules: Debian's folder, then others'.
    private static func moduleFolder(holding module: String) -> String? {
        ["/usr/lib/speech-dispatcher-modules", "/usr/libexec/speech-dispatcher-modules",
         "/usr/lib64/speech-dispatcher-modules"]
            .first { FileManager.default.isExecutableFile(atPath: "\($0)/\(module)") }
    }

    /// speech-dispatcher is not installed, or did not start.
    public struct NotStarted: Error, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }
}
