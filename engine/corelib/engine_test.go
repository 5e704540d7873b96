// This file checks that the core library loads in the engine and that
// what runs without a cloud behaves as the real library does.

package corelib_test

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"murano.dev/playground/engine"
	"murano.dev/playground/engine/corelib"
	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/enginetest"
	"murano.dev/playground/engine/pkg"
)

// TestClassesLoad builds every class of the manifest — parents,
// contracts, meta and compiled method bodies — as a package and as a
// class folder at runtimes 1.0 and 1.4 (as murano's test foundation
// loads the core library).
func TestClassesLoad(t *testing.T) {
	core := corelib.FS()
	classes, err := fs.Sub(core, "Classes")
	if err != nil {
		t.Fatal(err)
	}
	asPackage, err := pkg.Open(core)
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	checkClassesResolve(t, "package", asPackage, asPackage.ClassNames())
	for _, runtime := range []decl.Version{decl.V1_0, decl.V1_4} {
		folder, err := pkg.ClassFolder(dsl.CoreLibrary, classes, runtime)
		if err != nil {
			t.Fatalf("class folder %s: %v", runtime, err)
		}
		checkClassesResolve(t, "class folder "+runtime.String(), folder, asPackage.ClassNames())
	}
}

// checkClassesResolve has a fresh executor find each named class of p.
func checkClassesResolve(t *testing.T, mode string, p *pkg.Package, names []string) {
	t.Helper()
	for _, name := range names {
		executor := dsl.NewExecutor(context.Background(), pkg.NewLoader(p), dsl.Options{})
		executor.AddPackage(p)
		if c, err := executor.FindClass(name); err != nil || c.Name != name {
			t.Errorf("%s: FindClass(%s) = %v, %v", mode, name, c, err)
		}
	}
}

// probesGolden holds what the methods of testdata/probe/Probe.yaml give
// with the real core library, recorded with MURANO_UPDATE=1.
var probesGolden = filepath.Join("testdata", "probes.golden")

// TestProbes runs the methods of tests.Probe with the project's core
// library and compares the outcomes (result, or exception type and
// message) with those of the real library, recorded in probes.golden;
// when the real library is found, the golden file is re-checked with it.
func TestProbes(t *testing.T) {
	probe, err := os.ReadFile(filepath.Join("testdata", "probe", "Probe.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	methods, err := probeMethods(probe)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	if data, err := os.ReadFile(probesGolden); err == nil {
		for line := range strings.Lines(string(data)) {
			if method, outcome, ok := strings.Cut(strings.TrimSuffix(line, "\n"), "\t"); ok && !strings.HasPrefix(line, "#") {
				want[method] = outcome
			}
		}
	} else if !enginetest.Update() {
		t.Fatalf("%v (MURANO_UPDATE=1 records it from the real core library)", err)
	}

	if real, _, err := pkg.LocateCoreLibrary(); err == nil {
		var golden strings.Builder
		golden.WriteString("# What tests.Probe's methods give with the real io.murano: recorded by TestProbes\n" +
			"# with MURANO_UPDATE=1, do not edit.\n")
		stale := false
		for _, m := range methods {
			got := runProbe(t, real, m)
			fmt.Fprintf(&golden, "%s\t%s\n", m, got)
			if got != want[m] {
				stale = true
				if !enginetest.Update() {
					t.Errorf("%s: %s is stale (MURANO_UPDATE=1 rewrites it):\n  real   %s\n  golden %s", m, probesGolden, got, want[m])
				}
			}
			want[m] = got
		}
		if stale && enginetest.Update() {
			if err := os.WriteFile(probesGolden, []byte(golden.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	} else if os.Getenv("CI") == "true" {
		t.Errorf("the real core library is not found, %s is not re-checked: %v", probesGolden, err)
	}

	for _, m := range methods {
		if got := runProbe(t, corelib.FS(), m); got != want[m] {
			t.Errorf("%s:\n  got  %s\n  want %s", m, got, want[m])
		}
	}
}

// probeMethods lists the methods of the probe class, in order.
func probeMethods(src []byte) ([]string, error) {
	file, errs := decl.DecodeFile("Probe.yaml", src, decl.V1_4)
	if len(errs) > 0 {
		return nil, errs
	}
	var names []string
	for _, m := range file.Classes[0].Methods {
		names = append(names, m.Name)
	}
	return names, nil
}

// runProbe calls tests.Probe.method with the core library core and
// returns the outcome as JSON: the result, or the exception's type and
// message.
func runProbe(t *testing.T, core fs.FS, method string) string {
	t.Helper()
	classes, err := fs.Sub(os.DirFS("testdata"), "probe")
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.RunMuranoPL(context.Background(), engine.RunRequest{
		Classes: classes, CoreLibrary: core, Runtime: "1.4",
		Class: "tests.Probe", Method: method, ExposeAll: true,
	})
	if err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	res.Traces, res.Log = nil, nil
	out, err := res.MarshalJSON()
	if err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	return string(out)
}
