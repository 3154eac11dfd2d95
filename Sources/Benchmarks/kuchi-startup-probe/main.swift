// kuchi-startup-probe: Kuchi, built the same way, that reports its first painted
// frame and peak memory and exits — for gtkkit-bench's start-up figures. The
// shipped `kuchi` has no such hook in its path.
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
@_spi(Benchmark) import KuchiApp

exit(KuchiApplication(afterFirstFrame: { StartupProbe.firstFrame() }).run())
