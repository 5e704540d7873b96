// Package wasmbuild says how the WebAssembly modules are built, the one
// way the site build, the size report and the benchmarks share: the
// engine (./wasm), the simulated cloud (./wasm/cloud), which the page
// loads the first time it deploys, and the forms of JSON schemas
// (./wasm/forms), which it loads the first time it opens one.
package wasmbuild

// Module is a WebAssembly module of the site: its main package, its file
// name and the most it may weigh brotli-compressed (as served, quality
// 11).
type Module struct {
	Package, File string
	Budget        int
}

// The modules. The engine's budget is 2.0 MB in decimal bytes, a little
// under 2 MiB; the cloud's and the forms' keep them near their sizes
// when they were made (1.01 MB each: most of the forms' is Go's runtime
// and what the validator brings, encoding/json, math/big, regexp). The
// forms module also carries the YAML formatter (formgen/yamlfmt), loaded
// only when a file is formatted, rather than the engine, which has 25 KB
// to spare: the formatter and the YAML parser it brings
// (go.yaml.in/yaml/v3's) took the module from 1,010,996 to 1,102,056
// bytes, and its budget rose by 50,000 bytes for them.
var (
	Engine = Module{Package: "./wasm", File: "engine.wasm", Budget: 2_000_000}
	Cloud  = Module{Package: "./wasm/cloud", File: "cloud.wasm", Budget: 1_100_000}
	Forms  = Module{Package: "./wasm/forms", File: "forms.wasm", Budget: 1_110_000}
)

// Modules are the modules of the site.
var Modules = []Module{Engine, Cloud, Forms}

// Env is the environment of the build, added to the process's: the
// sign-extension and saturating-conversion instructions, which every
// browser and Node since 2019 runs, make the code smaller (2.5 KB brotli).
var Env = []string{"GOOS=js", "GOARCH=wasm", "GOWASM=satconv,signext"}

// inlined are the only packages compiled with inlining: the runtime (the
// allocator, maps, channels and the scheduler that every evaluation
// runs through) and engine/value (the values YAQL and MuranoPL compute
// with). Inlined copies everywhere else cost more than they give in the
// browser: WebAssembly compiles them to large bodies that compress
// poorly. Measured on the 2-core development machine, with the deploy
// linked: inlining everywhere 2,246,030 bytes brotli-compressed, only
// here 2,053,158, none at all 2,020,801; the YAQL corpus of `go run
// ./scripts/bench` under Node took 21–25 s, 19–21 s and 39–40 s.
var inlined = []string{
	"runtime",
	"murano.dev/playground/engine/value",
}

// Args returns the arguments of the go command that builds the module
// into out.
func (m Module) Args(out string) []string {
	args := []string{"build", "-trimpath", "-gcflags=all=-l"}
	for _, p := range inlined {
		args = append(args, "-gcflags="+p+"=")
	}
	return append(args, "-ldflags=-s -w", "-o", out, m.Package)
}
