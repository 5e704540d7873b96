// This file checks that the core library loads in the engine and that
// what runs without a cloud behaves as the real library does.

package corelib_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"murano.dev/playground/engine"
	"murano.dev/playground/engine/corelib"
	"murano.dev/playground/engine/corelib/interfacetest"
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
	interfacetest.CheckClassesResolve(t, "package", asPackage.ClassNames(), asPackage)
	for _, runtime := range []decl.Version{decl.V1_0, decl.V1_4} {
		folder, err := pkg.ClassFolder(dsl.CoreLibrary, classes, runtime)
		if err != nil {
			t.Fatalf("class folder %s: %v", runtime, err)
		}
		interfacetest.CheckClassesResolve(t, "class folder "+runtime.String(), asPackage.ClassNames(), folder)
	}
}

// TestProbes runs the methods of tests.Probe (testdata/probe/Probe.yaml)
// with the project's core library and compares the outcomes (result, or
// exception type and message) with those of the real library, recorded
// in testdata/probes.golden; when the real library is found, the golden
// file is re-checked with it.
func TestProbes(t *testing.T) {
	interfacetest.CheckProbes(t, interfacetest.ProbeCheck{
		Golden: filepath.Join("testdata", "probes.golden"),
		Header: "# What tests.Probe's methods give with the real io.murano: recorded by TestProbes\n" +
			"# with MURANO_UPDATE=1, do not edit.\n",
		Methods: interfacetest.ProbeMethods(t, filepath.Join("testdata", "probe", "Probe.yaml")),
		Own:     corelib.FS(),
		Real:    realCoreLibrary(),
		Update:  enginetest.Update(),
		Run:     runProbe,
	})
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
