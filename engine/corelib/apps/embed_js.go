//go:build js

package apps

import "murano.dev/playground/engine/corelib/missing"

// embedded stands for the files a WebAssembly build does not carry.
var embedded = missing.FS(Name)
