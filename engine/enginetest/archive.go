// This file reads and writes the txtar archives of a corpus.

package enginetest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// Archive is one txtar file of a corpus.
type Archive struct {
	Path string // the file, as found
	Name string // the file name without .txtar
	*txtar.Archive
}

// Archives reads the *.txtar files of dir in name order. A folder
// without any, or a file that cannot be read, fails t.
func Archives(t testing.TB, dir string) []*Archive {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatalf("%s: no .txtar files", dir)
	}
	archives := make([]*Archive, len(paths))
	for i, path := range paths {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		archives[i] = &Archive{Path: path, Name: strings.TrimSuffix(filepath.Base(path), ".txtar"), Archive: ar}
	}
	return archives
}

// File returns the data of the member name.
func (a *Archive) File(name string) ([]byte, bool) {
	for _, f := range a.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// Write writes the archive back to its file.
func (a *Archive) Write() error {
	return os.WriteFile(a.Path, txtar.Format(a.Archive), 0o644)
}

// Update reports whether MURANO_UPDATE=1 asks the tests to rewrite their
// golden files (from the reference where a test re-checks against it,
// else from what the project computes) instead of comparing with them.
func Update() bool { return os.Getenv("MURANO_UPDATE") == "1" }

// LoadArchives reads the *.txtar files of dir as [Archives] does and
// parses each; one that does not parse fails t.
func LoadArchives[T any](t testing.TB, dir string, parse func(*Archive) (T, error)) []T {
	t.Helper()
	var out []T
	for _, ar := range Archives(t, dir) {
		v, err := parse(ar)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}
