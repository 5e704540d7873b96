package dsl_test

import (
	"context"
	"io/fs"
	"os"
	"testing"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/pkg"
)

// coreLibrary returns the real io.murano core library, skipping the test
// when it is not installed (outside CI).
func coreLibrary(t *testing.T) fs.FS {
	t.Helper()
	core, where, err := pkg.LocateCoreLibrary()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	t.Logf("core library: %s", where)
	return core
}

// TestCoreLibraryClassesLoad builds every class the core library's
// manifest lists — its parents, imports, properties and compiled method
// bodies — as murano's test foundation loads the library (a class folder
// at runtimes 1.0 and 1.4) and as a package with its manifest.
func TestCoreLibraryClassesLoad(t *testing.T) {
	core := coreLibrary(t)
	manifest, err := pkg.Open(core)
	if err != nil {
		t.Fatalf("open io.murano: %v", err)
	}
	names := manifest.ClassNames()
	if len(names) < 20 {
		t.Fatalf("io.murano's manifest lists %d classes: %v", len(names), names)
	}
	classes, err := fs.Sub(core, "Classes")
	if err != nil {
		t.Fatal(err)
	}
	open := map[string]func() (*pkg.Package, error){
		"package": func() (*pkg.Package, error) { return pkg.Open(core) },
	}
	for _, rt := range []decl.Version{decl.V1_0, decl.V1_4} {
		open["class folder "+rt.String()] = func() (*pkg.Package, error) {
			return pkg.ClassFolder(dsl.CoreLibrary, classes, rt)
		}
	}
	for mode, load := range open {
		t.Run(mode, func(t *testing.T) {
			p, err := load()
			if err != nil {
				t.Fatalf("load: %v", err)
			}
			for _, name := range names {
				ex := dsl.NewExecutor(context.Background(), pkg.NewLoader(p), dsl.Options{})
				ex.AddPackage(p)
				c, err := ex.FindClass(name)
				switch {
				case err != nil:
					t.Errorf("%s: %v", name, err)
				case c.Name != name:
					t.Errorf("FindClass(%s) = class %s", name, c.Name)
				}
			}
		})
	}
}
