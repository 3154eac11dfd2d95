// Public: the SPI below names GtkWindow (see Representable.swift).
public import CGtk

extension Window {
    /// The window's GtkWindow, for tests and benchmarks only: screens never see
    /// pointers (`@_spi(Interop) import GtkKit` to reach it).
    @_spi(Interop) public var gtkWindow: UnsafeMutablePointer<GtkWindow> { widget.window }
}
