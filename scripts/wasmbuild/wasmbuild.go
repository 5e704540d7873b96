// Package wasmbuild says how the engine's WebAssembly is built, the one
// way the site build, the size report and the benchmarks share.
package wasmbuild

// Env is the environment of the build, added to the process's.
var Env = []string{"GOOS=js", "GOARCH=wasm"}

// coldPackages are compiled without inlining. They run rarely in the
// browser or on small inputs — MuranoPL, packages, lint, forms, YAML, zip
// files, dates, big integers — and their inlined copies (with the tables
// the runtime keeps for them) cost about 180 KB of the brotli-compressed
// module. The YAQL evaluator and the packages on its path (value, syntax,
// std, encoding/json, strconv, the runtime, …) keep inlining: the
// YAQL speed that `go run ./scripts/bench` measures is unchanged.
var coldPackages = []string{
	"murano.dev/playground/engine",
	"murano.dev/playground/engine/cloud",
	"murano.dev/playground/engine/dsl/...",
	"murano.dev/playground/engine/lint",
	"murano.dev/playground/engine/pkg",
	"murano.dev/playground/engine/versions",
	"murano.dev/playground/formgen/...",
	"murano.dev/playground/wasm/...",
	"go.yaml.in/yaml/v3",
	"github.com/Masterminds/semver/v3",
	"archive/zip",
	"compress/flate",
	"math/big",
	"net/netip",
	"net/url",
	"time",
}

// Args returns the arguments of the go command that builds ./wasm into out.
func Args(out string) []string {
	args := []string{"build", "-trimpath"}
	for _, p := range coldPackages {
		args = append(args, "-gcflags="+p+"=-l")
	}
	return append(args, "-ldflags=-s -w", "-o", out, "./wasm")
}
