// Kuchi: a Japanese vocabulary quiz for the Linux desktop.
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import KuchiApp

exit(KuchiApplication().run())
