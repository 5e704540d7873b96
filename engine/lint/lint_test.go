package lint

import (
	"archive/zip"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/tools/txtar"

	"murano.dev/playground/engine/enginetest"
)

// testPackages returns the names of the broken-on-purpose packages.
func testPackages(t *testing.T) []string {
	t.Helper()
	names, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(names) < 8 {
		t.Fatalf("want at least 8 test packages, have %d (%v)", len(names), err)
	}
	for i, n := range names {
		names[i] = strings.TrimSuffix(filepath.Base(n), ".txtar")
	}
	return names
}

// packageFS reads testdata/name.txtar as a package.
func packageFS(t *testing.T, name string) fstest.MapFS {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("testdata", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for _, f := range ar.Files {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data, Mode: 0o644}
	}
	return fsys
}

// writeZip writes the package as a zip file and returns its path.
func writeZip(t *testing.T, name string) string {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("testdata", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name+".zip")
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(out)
	for _, f := range ar.Files {
		w, err := zw.Create(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(f.Data)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func render(ps []Problem) string {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString(p.String() + "\n")
	}
	return b.String()
}

// formatsAvailable is the list of formats engine/pkg supports, in its
// errors: it grows with engine/pkg, so golden files leave it out.
var formatsAvailable = regexp.MustCompile(`\(formats available: [^)]*\)`)

// TestGolden compares the problems found in each test package, without a
// core library, with testdata/NAME.golden (MURANO_UPDATE=1 rewrites it).
func TestGolden(t *testing.T) {
	for _, name := range testPackages(t) {
		t.Run(name, func(t *testing.T) {
			ps, err := Check(packageFS(t, name), nil)
			if err != nil {
				t.Fatal(err)
			}
			got := formatsAvailable.ReplaceAllString(render(ps), "(formats available: …)")
			golden := filepath.Join("testdata", name+".golden")
			if enginetest.Update() {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}
