package decl_test

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/enginetest"
	"murano.dev/playground/engine/pkg"
)

// testMeta holds the class files of murano's DSL unit tests (Debian's
// python3-murano).
const testMeta = "/usr/lib/python3/dist-packages/murano/tests/unit/dsl/meta"

// TestReferenceCorpus decodes every class file of the reference's test
// classes and of the real core library io.murano: all load without
// errors there, so they must here too. Either missing skips the test, or
// fails it under CI=true.
func TestReferenceCorpus(t *testing.T) {
	meta, err := filepath.Glob(filepath.Join(testMeta, "*.yaml"))
	if err == nil && len(meta) == 0 {
		err = fs.ErrNotExist
	}
	enginetest.Need(t, "murano's DSL test classes (Debian's python3-murano) in "+testMeta, err)
	core, where, err := pkg.LocateCoreLibrary()
	enginetest.Need(t, "the io.murano core library", err)
	for _, path := range meta {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		decodeClassFile(t, path, src)
	}
	coreFiles := 0
	err = fs.WalkDir(core, "Classes", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(name, ".yaml") {
			return err
		}
		src, err := fs.ReadFile(core, name)
		if err != nil {
			return err
		}
		decodeClassFile(t, where+"/"+name, src)
		coreFiles++
		return nil
	})
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	if coreFiles < 57 {
		t.Errorf("%s: %d class files, want the 57 of murano-common 14.0.0 or more", where, coreFiles)
	}
}

func decodeClassFile(t *testing.T, where string, src []byte) {
	f, errs := decl.DecodeFile(path.Base(where), src, decl.V1_0)
	for _, e := range errs {
		t.Errorf("%s: %v", where, e)
	}
	if len(f.Classes) == 0 {
		t.Errorf("%s: no classes", where)
	}
	decl.CheckExpressionPositions(t, f)
}
