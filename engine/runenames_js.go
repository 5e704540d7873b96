//go:build js && wasm

// This file lets the WebAssembly host say how the Unicode name table is
// read.

package engine

import "murano.dev/playground/engine/yaql/syntax/unicodenames"

// SetRuneNamesLoader sets how the WebAssembly build reads the table of
// Unicode character names that \N{NAME} escapes look up (the file the
// site serves beside the engine); it is called on the first lookup, and
// again after a failure.
func SetRuneNamesLoader(load func() ([]byte, error)) { unicodenames.SetLoader(load) }
