// Package engine is the facade of the Murano Playground runtime: the one
// Go API that the command line (cmd/muranopl), the WebAssembly bridge
// (wasm/bridge) and the tests share. Package formgen is its sibling for
// the forms of a package.
//
// # Entry points
//
// YAQL: [EvalYAQL] evaluates an expression in a [Flavor] over data that
// [DecodeData] reads from JSON or YAML; a failure is a [YAQLError] with
// its line, column and caret.
//
// MuranoPL: [RunMuranoPL] loads classes or packages (folders, or packages
// already open) with the core library ([LocateCoreLibrary]), optionally
// an object model, and calls a method; the [RunResult] prints as the
// reference oracle's JSON. [MethodsOf] lists the methods of a package's
// classes with their arguments, for a form that calls one.
//
// Packages: [ReadPackagePath] reads a package folder or .zip from disk
// within the limits of an archive ([MaxPackageSize] …), [OpenPackage] and
// [OpenPackageZip] open one from files or bytes, [DescribePackage] says
// what it is (`muranopl inspect`), [LintPackage] checks it (`muranopl
// lint`), and [Problems] places the errors of all of these in files.
// Repositories ([NewRepository], [NewFetcherRepository]) import packages
// and bundles with their requirements ([RequirementsOf], [Resolve]);
// [ZipFiles], [FilesFS] and [ExportPackage] read, hold and write a package
// kept in memory.
//
// Schemas: [GenerateSchema] gives the JSON schemas of a class and of its
// model builders as murano's schema API does (`muranopl schema`), exactly
// or with the extensions the MuranoPL forms specification promises.
//
// Deploy: [NewEnvironment] wraps application models into an environment
// (`muranopl env`), [Deploy] runs one task of Murano's engine on it in the
// simulated cloud (`muranopl deploy`), with the project's own core
// library unless another is given. The task's cloud comes from a
// [CloudOpener]: [InProcessCloud] (the command line, the tests), or
// [RemoteCloud] over the protocol of engine/cloud/remote, which the
// browser uses to reach the cloud's own WebAssembly module
// ([NewCloudServer] is its other end).
//
// Tests: [RunTests] runs the MuranoPL tests of a package as murano's
// test runner does (`muranopl test`): the test classes' test* methods
// between setUp and tearDown, with the fixture's assertions and mocks,
// each test in an executor of its own and without a cloud (or lists
// them); the [TestReport] prints as the reference harness's JSON.
//
// Values: the facade's [Value], [Dict] and [List] are the engine's own
// (type aliases, so that a caller imports nothing else); [DecodeJSON] and
// [EncodeJSON] convert them.
//
// # Layering
//
// Imports point down only; TestLayers (layers_test.go) checks it with go
// list over the non-test imports of every package of the module, and
// names the layer of each. From the top:
//
// The WebAssembly entry point (wasm) calls only the bridge; the simulated
// cloud's entry point (wasm/cloud) only the base packages (the server of
// engine/cloud/remote), so that its module holds no engine, and so does
// the entry point of the forms of JSON schemas (wasm/forms, the service
// of formgen/schemaform, and the YAML formatter formgen/yamlfmt). The
// shells — the bridge (wasm/bridge) and the command line (cmd/muranopl) —
// reach everything through the facades; so does the speed benchmark
// (scripts/bench), which also builds the WebAssembly as the site does
// (scripts/wasmbuild), and the documentation's build (scripts/docs), which
// runs the docs' examples natively and lists the YAQL functions
// ([YAQLFunctions], which only it calls, so that the WebAssembly engine
// does not link it). The build tools (scripts, scripts/wasmbuild) use
// package loading but must not link the MuranoPL executor.
//
// The facades are this package and formgen. Below them, engine/lint checks
// packages without running them; engine/schema generates the JSON schemas
// of classes from their contracts and metas, with the executor below it
// evaluating the contracts' expressions; engine/corelib is the project's
// own io.murano core library (its class and resource files, embedded),
// with engine/corelib/apps its io.murano.applications; engine/system
// implements the native system classes over a host the facade backs with
// the simulated cloud, and engine/testrun runs the tests of a package
// (its TestFixture's natives, discovery, selection, one executor a test).
// Then
// three engines that do not import
// each other: engine/dsl, the MuranoPL executor; engine/pkg, which reads
// package formats, repositories and requirements; and formgen/dynui, which
// runs Dynamic UI forms. What the executor needs of a package (decl.Package,
// decl.Loader …) is declared below both, in engine/dsl/decl, and this
// facade hands engine/pkg's loader to the executor.
//
// engine/dsl/decl decodes class files and YAML with PyYAML's semantics,
// keeping positions. Under it, YAQL: engine/yaql/std (the standard
// library and the flavours) above engine/yaql (contexts, evaluation,
// budgets). Then the re-creations of Python's behaviour, which may import
// one another: engine/internal/... (YAML 1.1 nodes, re, str.format,
// dates and times) and formgen/pyrand (seeded random numbers). Then
// engine/yaql/syntax, the parser (YAML nodes hold parsed expressions).
// At the bottom, the base packages import only one another: engine/value
// (the values), engine/source (positions, lines, carets), engine/diag
// (errors with positions), engine/versions (SemVer and pip-like specs),
// engine/cloud (the simulated cloud, which knows nothing of MuranoPL),
// engine/cloud/agent (the murano agent of its VMs), engine/cloud/remote
// (the cloud across a boundary only JSON crosses),
// engine/yaql/syntax/unicodenames (the names of \N{NAME} escapes) and
// formgen/schemaform (the forms of JSON schemas generated from contracts:
// their fields, validation and object models), formgen/yamlfmt (the YAML
// formatter that keeps comments, behind the command line's fmt and the
// page's Format) and engine/corelib/missing
// (what the WebAssembly engine, which does not embed the core libraries,
// has in their place until it is given them).
//
// Packages of helpers for tests (their names end in "test") have no
// layer: only tests import them.
package engine

import "runtime/debug"

// Version is the playground's version as the build recorded it.
func Version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return "dev"
}
