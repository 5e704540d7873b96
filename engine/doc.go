// Package engine is the facade of the Murano Playground runtime: the one
// Go API that the command line (cmd/muranopl) and the WebAssembly bridge
// (wasm/bridge) are thin shells over.
//
// Layering, imports pointing only down:
//
//	engine (this facade)
//	  → engine/yaql/std   the standard library and the flavours
//	  → engine/yaql       contexts, overload resolution, evaluation, budgets
//	  → engine/yaql/syntax, engine/value
//
// Today the facade evaluates YAQL expressions ([EvalYAQL]) over data given
// as JSON or YAML ([DecodeData]); the MuranoPL engine, packages and forms
// join it as they land.
package engine

import "runtime/debug"

// Version is the playground's version as the build recorded it.
func Version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return "dev"
}
