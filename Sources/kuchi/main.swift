// Kuchi: a Japanese vocabulary quiz for the Linux desktop.
import Foundation
import KuchiApp

exit(KuchiApplication().run())
