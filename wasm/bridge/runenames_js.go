//go:build js && wasm

// This file lets the WebAssembly glue say how the Unicode name table is
// read.

package bridge

import "murano.dev/playground/engine"

// SetRuneNamesLoader sets how the table of Unicode character names is read
// (see [engine.SetRuneNamesLoader]).
func SetRuneNamesLoader(load func() ([]byte, error)) { engine.SetRuneNamesLoader(load) }
