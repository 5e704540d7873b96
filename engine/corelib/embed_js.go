//go:build js

package corelib

import "murano.dev/playground/engine/corelib/missing"

// embedded stands for the files a WebAssembly build does not carry.
var embedded = missing.FS("io.murano")
