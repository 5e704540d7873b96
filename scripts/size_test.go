package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"murano.dev/playground/scripts/wasmbuild"
)

// A tiny program with a package of its own, built for js/wasm in the test.
var tinyProgram = map[string]string{
	"go.mod": "module sizetest\n\ngo 1.26\n",
	"main.go": `package main

import "sizetest/table"

func main() { println(table.Lookup(3)) }
`,
	"table/table.go": `package table

//go:noinline
func Lookup(i int) string {
	switch i {
	case 1:
		return "one"
	case 2:
		return "two"
	}
	return "many"
}
`,
}

func buildTinyWasm(t *testing.T) []byte {
	t.Helper()
	dir := t.TempDir()
	for name, text := range tinyProgram {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", "tiny.wasm", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOFLAGS=", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	module, err := os.ReadFile(filepath.Join(dir, "tiny.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	return module
}

func TestAnalyzeWasm(t *testing.T) {
	module := buildTinyWasm(t)
	r, err := analyzeWasm(module)
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]int{}
	for _, s := range r.sections {
		sections[s.name] = s.size
	}
	if r.code <= 0 || r.code >= sections["code"] {
		t.Errorf("function bodies %d bytes, code section %d", r.code, sections["code"])
	}
	if r.pclntab <= 0 || r.pclntab >= r.data || r.data >= sections["data"] {
		t.Errorf("pclntab %d bytes, data %d, data section %d", r.pclntab, r.data, sections["data"])
	}
	packages := map[string]packageSize{}
	code, pclntab := 0, 0
	for _, p := range r.packages {
		packages[p.path] = p
		code, pclntab = code+p.code, pclntab+p.pclntab
	}
	if code != r.code || pclntab != r.pclntab {
		t.Errorf("packages add up to code %d and pclntab %d; want %d and %d", code, pclntab, r.code, r.pclntab)
	}
	if _, ok := packages["(functions the pclntab does not name)"]; ok {
		t.Error("some function bodies have no name in the pclntab")
	}
	for _, path := range []string{"runtime", "main", "sizetest/table"} {
		if p := packages[path]; p.funcs == 0 || p.code == 0 || p.pclntab == 0 {
			t.Errorf("package %s: %+v", path, p)
		}
	}
	if got := packages["sizetest/table"].funcs; got != 1 {
		t.Errorf("sizetest/table has %d functions, want 1 (Lookup)", got)
	}
	if first := r.packages[0].path; first != "runtime" {
		t.Errorf("largest package %s, want runtime", first)
	}
}

func TestAnalyzeWasmRejectsDamage(t *testing.T) {
	module := buildTinyWasm(t)
	for _, n := range []int{0, 4, 8, 9, 100, len(module) / 2, len(module) - 1} {
		if _, err := analyzeWasm(module[:n]); err == nil {
			t.Errorf("a module cut to %d bytes was analysed", n)
		}
	}
	if _, err := analyzeWasm(append([]byte("\x00asm\x02\x00\x00\x00"), module[8:]...)); err == nil {
		t.Error("a module of version 2 was analysed")
	}
}

func TestFuncPackage(t *testing.T) {
	for name, want := range map[string]string{
		"murano.dev/playground/engine/yaql/std.fnWhere.func1": "murano.dev/playground/engine/yaql/std",
		"go.yaml.in/yaml/v3.(*parser).node":                   "go.yaml.in/yaml/v3",
		"runtime.mallocgc":                                    "runtime",
		"slices.pdqsortCmpFunc[go.shape.struct { Name string; V github.com/x/y.Version }]": "slices",
		"encoding/json.(*decodeState).object":                                              "encoding/json",
		"type:.eq.murano.dev/playground/engine/source.Pos":                                 "(equality and hash functions of types)",
		"go:buildid":            "(go:buildid)",
		"sizetest/table.Lookup": "sizetest/table",
		"main.main":             "main",
	} {
		if got := funcPackage(name); got != want {
			t.Errorf("funcPackage(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestCheckWasmBudget(t *testing.T) {
	for _, m := range []wasmbuild.Module{wasmbuild.Engine, wasmbuild.Cloud} {
		if err := checkWasmBudget(m, m.Budget); err != nil {
			t.Errorf("%s at the budget: %v", m.File, err)
		}
		if err := checkWasmBudget(m, m.Budget+1); err == nil || !strings.Contains(err.Error(), m.File) {
			t.Errorf("%s one byte over the budget: %v", m.File, err)
		}
	}
}

// TestCheckEngineApart runs the check on the cloud's own module, which
// holds the cloud's work: the check names a function of it (the site
// build runs it on the engine's module); and on a module that carries the
// core library's manifest.
func TestCheckEngineApart(t *testing.T) {
	out := filepath.Join(t.TempDir(), wasmbuild.Cloud.File)
	cmd := exec.Command("go", wasmbuild.Cloud.Args(out)...)
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), wasmbuild.Env...)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, msg)
	}
	wasm, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkEngineApart(wasm); err == nil || !strings.Contains(err.Error(), "links murano.dev/playground/engine/cloud") {
		t.Errorf("the cloud's module: %v", err)
	}
	core, err := os.ReadFile("../engine/corelib/manifest.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := checkEngineApart(append(wasm, core...)); err == nil || !strings.Contains(err.Error(), "embeds the core library") {
		t.Errorf("a module with the core library: %v", err)
	}
}
