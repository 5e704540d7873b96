// This file checks that the library loads in the engine with the
// project's core library, and that what runs without a cloud behaves as
// murano's library does.

package apps_test

import (
	"context"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"testing"
	"testing/fstest"

	"murano.dev/playground/engine"
	"murano.dev/playground/engine/corelib"
	"murano.dev/playground/engine/corelib/apps"
	"murano.dev/playground/engine/corelib/interfacetest"
	"murano.dev/playground/engine/enginetest"
	"murano.dev/playground/engine/pkg"
)

// TestClassesLoad builds every class of the manifest — parents,
// contracts, meta and compiled method bodies — next to the project's
// core library.
func TestClassesLoad(t *testing.T) {
	core, err := pkg.Open(corelib.FS())
	if err != nil {
		t.Fatalf("open the core library: %v", err)
	}
	lib, err := pkg.Open(apps.FS())
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	interfacetest.CheckClassesResolve(t, "package", lib.ClassNames(), core, lib)
}

// TestProbes runs the methods of tests.Probe (testdata/probe, a package
// that requires io.murano.applications) with the project's library and
// compares the outcomes — result or exception, and what the probes
// trace — with those of murano's library, recorded in
// testdata/probes.golden; when murano's library is found, the golden
// file is re-checked with it. Both run on the project's core library.
func TestProbes(t *testing.T) {
	interfacetest.CheckProbes(t, interfacetest.ProbeCheck{
		Golden: filepath.Join("testdata", "probes.golden"),
		Header: "# What tests.Probe's methods give with murano's io.murano.applications: recorded by\n" +
			"# TestProbes with MURANO_UPDATE=1, do not edit.\n",
		Methods: interfacetest.ProbeMethods(t, filepath.Join("testdata", "probe", "Classes", "Probe.yaml")),
		Own:     apps.FS(),
		Real:    realLibrary(),
		Update:  enginetest.Update(),
		Run:     runProbe,
	})
}

// runProbe calls tests.Probe.method with the library lib and returns the
// outcome as JSON: the result or the exception's type and message, and
// the traces.
func runProbe(t *testing.T, lib fs.FS, method string) string {
	t.Helper()
	res, err := engine.RunMuranoPL(context.Background(), engine.RunRequest{
		Packages:    packages(t, map[string]fs.FS{"tests": os.DirFS(filepath.Join("testdata", "probe")), "io.murano.applications": lib}),
		CoreLibrary: corelib.FS(), Class: "tests.Probe", Method: method, ExposeAll: true,
	})
	if err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	res.Log = nil
	out, err := res.MarshalJSON()
	if err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	return string(out)
}

// packages makes a folder of packages, each given by its folder.
func packages(t *testing.T, folders map[string]fs.FS) fs.FS {
	t.Helper()
	out := fstest.MapFS{}
	for name, fsys := range folders {
		err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(fsys, p)
			out[path.Join(name, p)] = &fstest.MapFile{Data: data}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}
