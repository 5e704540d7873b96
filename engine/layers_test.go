// This file checks the layering of the module (see the package doc): every
// package has a layer, and every import of non-test code points down.

package engine

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "murano.dev/playground"

// layer is a set of packages of the module, named by paths relative to
// the module; "x/..." is x and every package below it.
type layer struct {
	name     string
	packages []string
	// siblings allows the packages of the layer to import each other.
	siblings bool
	// only, when set, names the only layers the packages may import.
	only []string
	// notLinked are packages (a "/..." suffix: and those below them) that
	// must not be among the dependencies of the layer's packages, for
	// the build the layer is made for (goos/goarch, "" for the host).
	notLinked    []string
	goos, goarch string
}

// layers lists the layers from the top down: a package imports only
// packages of the layers below its own (and of its own with siblings).
// Test helpers (a package whose name ends in "test", such as
// engine/enginetest) are in no layer: they may import any package but a
// shell's, and only tests import them.
var layers = []layer{
	{name: "entry", packages: []string{"wasm"}, only: []string{"shells"},
		notLinked: []string{"net/http/...", "crypto/tls/...", "testing/..."}, goos: "js", goarch: "wasm"},
	{name: "cloud entry", packages: []string{"wasm/cloud"}, only: []string{"base"},
		notLinked: []string{"net/http/...", "crypto/tls/...", "testing/...", module + "/engine/dsl/...", module + "/engine/yaql/..."}, goos: "js", goarch: "wasm"},
	{name: "forms entry", packages: []string{"wasm/forms"}, only: []string{"base"},
		notLinked: []string{"net/http/...", "crypto/tls/...", "testing/...", module + "/engine/dsl/...", module + "/engine/yaql/..."}, goos: "js", goarch: "wasm"},
	{name: "shells", packages: []string{"wasm/bridge", "cmd/muranopl"}, only: []string{"facades"}},
	{name: "benchmarks", packages: []string{"scripts/bench"}, only: []string{"facades", "tools"}},
	{name: "docs", packages: []string{"scripts/docs"}, only: []string{"facades"}},
	{name: "tools", packages: []string{"scripts", "scripts/wasmbuild"}, siblings: true, notLinked: []string{module + "/engine/dsl"}},
	{name: "facades", packages: []string{"engine", "formgen"}},
	{name: "lint", packages: []string{"engine/lint"}},
	{name: "schema", packages: []string{"engine/schema"}},
	{name: "corelib", packages: []string{"engine/corelib", "engine/corelib/apps"}},
	{name: "system", packages: []string{"engine/system", "engine/testrun"}},
	{name: "engines", packages: []string{"engine/dsl", "engine/pkg", "formgen/dynui"}},
	{name: "declarations", packages: []string{"engine/dsl/decl"}},
	{name: "library", packages: []string{"engine/yaql/std"}},
	{name: "yaql", packages: []string{"engine/yaql"}},
	{name: "python", packages: []string{"engine/internal/...", "formgen/pyrand"}, siblings: true},
	{name: "syntax", packages: []string{"engine/yaql/syntax"}},
	{name: "base", packages: []string{"engine/value", "engine/source", "engine/diag", "engine/versions", "engine/cloud/...", "engine/hashes", "engine/yaql/syntax/unicodenames", "formgen/schemaform", "formgen/yamlfmt", "engine/corelib/missing"}, siblings: true},
}

func TestLayers(t *testing.T) {
	imports := map[string][]string{}
	for _, env := range [][]string{nil, {"GOOS=js", "GOARCH=wasm"}} {
		out := goList(t, env, "-f", "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}", module+"/...")
		for line := range strings.Lines(out) {
			fields := strings.Fields(line)
			pkg := strings.TrimPrefix(strings.TrimPrefix(fields[0], module), "/")
			for _, imp := range fields[1:] {
				if rel, ok := strings.CutPrefix(imp, module+"/"); ok && !slices.Contains(imports[pkg], rel) {
					imports[pkg] = append(imports[pkg], rel)
				}
			}
			if _, ok := imports[pkg]; !ok {
				imports[pkg] = nil
			}
		}
	}
	pkgs := slices.Sorted(maps.Keys(imports))
	var graph strings.Builder
	for _, p := range pkgs {
		rank, l := layerOf(p)
		switch {
		case rank < 0 && isTestHelper(p):
			fmt.Fprintf(&graph, "%-22s test helper\n", p)
		case rank < 0:
			t.Errorf("%s has no layer: place it in engine/layers_test.go and describe it in engine/doc.go", p)
			continue
		default:
			fmt.Fprintf(&graph, "%-22s %s\n", p, l.name)
		}
		slices.Sort(imports[p])
		for _, imp := range imports[p] {
			fmt.Fprintf(&graph, "    → %s\n", imp)
			if msg := checkImport(p, imp); msg != "" {
				t.Errorf("%s imports %s (%s)", p, imp, msg)
			}
		}
	}
	t.Logf("the module's packages, their layers and imports:\n%s", graph.String())

	for _, l := range layers {
		if len(l.notLinked) == 0 {
			continue
		}
		var env []string
		if l.goos != "" {
			env = []string{"GOOS=" + l.goos, "GOARCH=" + l.goarch}
		}
		for _, p := range l.packages {
			deps := goList(t, env, "-deps", "-f", "{{.ImportPath}}", module+"/"+p)
			for dep := range strings.Lines(deps) {
				dep = strings.TrimSpace(dep)
				for _, banned := range l.notLinked {
					if matches(dep, banned) {
						t.Errorf("%s links %s (%s must not)", p, dep, l.name)
					}
				}
			}
		}
	}
}

// checkImport returns why the import of imp by p is not allowed, or "".
func checkImport(p, imp string) string {
	if isTestHelper(imp) {
		return "a test helper, for tests only"
	}
	pr, pl := layerOf(p)
	ir, il := layerOf(imp)
	switch {
	case pr < 0 && isTestHelper(p):
		if shells := slices.IndexFunc(layers, func(l layer) bool { return l.name == "shells" }); ir >= 0 && ir <= shells {
			return "layer " + il.name + ", above the test helpers"
		}
		return ""
	case ir < 0:
		return "a package without a layer"
	case ir < pr:
		return fmt.Sprintf("layer %s above %s", il.name, pl.name)
	case ir == pr && !pl.siblings:
		return fmt.Sprintf("both in layer %s, whose packages do not import each other", il.name)
	case pl.only != nil && !slices.Contains(pl.only, il.name):
		return fmt.Sprintf("layer %s, which %s reaches only through %s", il.name, pl.name, strings.Join(pl.only, ", "))
	}
	return ""
}

// layerOf returns the index of p's layer in layers and the layer; -1
// when p has none.
func layerOf(p string) (int, layer) {
	for i, l := range layers {
		for _, pattern := range l.packages {
			if matches(p, pattern) {
				return i, l
			}
		}
	}
	return -1, layer{}
}

// matches reports whether p is the package pattern names, or below it
// for a pattern ending in "/...".
func matches(p, pattern string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return p == base || strings.HasPrefix(p, base+"/")
	}
	return p == pattern
}

// isTestHelper reports whether p is a package of helpers for tests.
func isTestHelper(p string) bool {
	return strings.HasSuffix(p[strings.LastIndex(p, "/")+1:], "test")
}

// goList runs `go list` with args in the module's root, with env added
// to the environment.
func goList(t *testing.T, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list"}, args...)...)
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return string(out)
}

// TestLayerRules checks the rules on edges that do not exist (yet).
func TestLayerRules(t *testing.T) {
	for _, tt := range []struct {
		from, to string
		ok       bool
	}{
		{"engine/pkg", "engine/dsl", false},
		{"engine/dsl", "engine/pkg", false},
		{"engine/lint", "engine/pkg", true},
		{"engine/lint", "engine/dsl", true},
		{"engine/lint", "engine/corelib", true},
		{"engine/schema", "engine/dsl", true},
		{"engine/schema", "engine/lint", false},
		{"engine/dsl", "engine/schema", false},
		{"engine", "engine/schema", true},
		{"engine/corelib", "engine/dsl", true},
		{"engine/corelib", "engine/lint", false},
		{"engine/corelib", "engine", false},
		{"engine/dsl/decl", "engine/dsl", false},
		{"engine/cloud", "engine/dsl", false},
		{"engine/cloud", "engine/value", true},
		{"engine/dsl/decl", "engine/internal/pyyaml", true},
		{"engine/yaql/std", "engine/internal/pyre", true},
		{"engine/internal/pytime", "engine/internal/pyre", true},
		{"engine/internal/pyyaml", "engine/diag", true},
		{"engine/internal/pyyaml", "engine/yaql/syntax", true},
		{"engine/internal/pyre", "engine/yaql", false},
		{"engine/yaql/syntax", "engine/internal/pyre", false},
		{"engine", "engine/enginetest", false},
		{"engine/enginetest", "engine", true},
		{"engine/enginetest", "wasm/bridge", false},
		{"wasm/bridge", "engine/pkg", false},
		{"wasm/bridge", "formgen", true},
		{"wasm/bridge", "scripts/wasmbuild", false},
		{"scripts/bench", "scripts/wasmbuild", true},
		{"scripts/bench", "engine/pkg", false},
		{"wasm", "engine/yaql/syntax/unicodenames", false},
		{"cmd/muranopl", "wasm/bridge", false},
		{"formgen", "engine", false},
		{"engine", "formgen/dynui", true},
	} {
		if msg := checkImport(tt.from, tt.to); (msg == "") != tt.ok {
			t.Errorf("%s → %s: %q, want allowed %v", tt.from, tt.to, msg, tt.ok)
		}
	}
}
