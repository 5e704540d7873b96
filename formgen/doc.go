// Package formgen is the facade over an application package's forms: the
// one Go API through which the command line (cmd/muranopl ui) and the
// WebAssembly bridge (wasm/bridge) run Dynamic UI definitions.
//
// [PackageUI] turns an opened package into its UI definition (UI/ui.yaml)
// with the package's names, [Load] reads a definition, and [Run] (the
// command line's one-shot run over recorded answers) or a [Wizard] (the
// page's step-by-step forms) runs it as murano-dashboard does: the
// multi-step wizard, its validation and the object model it produces.
//
// Below the facade, package dynui implements Dynamic UI definitions and
// package pyrand reproduces Python's seeded random numbers the
// dashboard's ids come from. The types of the facade are aliases of
// dynui's, so that a caller needs no other import.
package formgen
