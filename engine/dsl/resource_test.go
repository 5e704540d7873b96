package dsl_test

import (
	"context"
	"errors"
	"io/fs"
	"testing"
	"testing/fstest"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/pkg"
)

// A loaded package reads the resources of its source, as native classes
// (io.murano.system.Resources) need; a class folder has none.
func TestLoadedPackageResource(t *testing.T) {
	hot, err := pkg.Open(fstest.MapFS{
		"manifest.yaml":        {Data: []byte("Format: Heat.HOT/1.0\nType: Application\nFullName: com.ex.Hot\n")},
		"template.yaml":        {Data: []byte("resources: {}\n")},
		"Resources/HotFiles/a": {Data: []byte("a\n")},
	})
	if err != nil {
		t.Fatal(err)
	}
	folder, err := pkg.ClassFolder("tests", fstest.MapFS{}, decl.V1_0)
	if err != nil {
		t.Fatal(err)
	}
	ex := dsl.NewExecutor(context.Background(), pkg.NewLoader(hot, folder), dsl.Options{})
	lp := ex.AddPackage(hot)
	for name, want := range map[string]string{"com.ex.Hot": "resources: {}\n", "HotFiles/a": "a\n"} {
		if got, err := lp.Resource(name); err != nil || string(got) != want {
			t.Errorf("Resource(%q) = %q, %v; want %q", name, got, err, want)
		}
	}
	if _, err := ex.AddPackage(folder).Resource("x"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a class folder's resource: %v", err)
	}
}
