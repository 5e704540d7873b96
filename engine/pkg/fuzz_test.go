package pkg

import (
	"archive/zip"
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"murano.dev/playground/engine/diag"
)

// aliasBomb is YAML whose anchor j expands to 10^10 scalars.
func aliasBomb() string {
	var b strings.Builder
	b.WriteString("bomb:\n  a: &a [x, x, x, x, x, x, x, x, x, x]\n")
	prev := "a"
	for _, n := range []string{"b", "c", "d", "e", "f", "g", "h", "i", "j"} {
		b.WriteString("  " + n + ": &" + n + " [" + strings.Repeat("*"+prev+", ", 9) + "*" + prev + "]\n")
		prev = n
	}
	return b.String()
}

const bombError = "PackageLoadError: Unable to load due to 'the file has more than 250000 values, counting each use of an alias'"

// Hostile manifests and class files fail quickly with a clear error.
func TestHostileYAML(t *testing.T) {
	const head = "Format: 1.4\nType: Application\nFullName: com.ex.App\n"
	const classes = "Classes: {com.ex.App: App.yaml}\n"
	tests := []struct {
		name, manifest, class string
		want                  string // the error of opening, else of ClassFile
	}{
		{"invalid UTF-8 in the manifest", head + "Description: caf\xe9\n" + classes, appClass,
			"PackageLoadError: Unable to load due to 'unacceptable character #x00e9: invalid continuation byte'"},
		{"invalid UTF-8 in a class file", head + classes, "Name: com.ex.App\nMethods: {\xff: {}}\n",
			"ReaderError: unacceptable character #x00ff: invalid start byte"},
		// The manifest has the limits of every YAML file: PyYAML would
		// share the aliased lists, and hang printing Description.
		{"alias bomb in Classes", head + aliasBomb() + "Classes: *j\n", appClass, bombError},
		{"alias bomb in Tags and Description", head + classes + aliasBomb() + "Tags: [*j, *j]\nDescription: *j\n", appClass, bombError},
		{"alias bomb in a class file", head + classes, "Name: com.ex.App\n" + strings.ReplaceAll(aliasBomb(), "bomb:", "Properties:"),
			"LoadError: the file has more than 250000 values, counting each use of an alias"},
		// The YAML library stops at 10000 levels.
		{"deep lists in the manifest", head + classes + "Tags: " + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + "\n", appClass,
			"PackageLoadError: Unable to load due to 'exceeded max depth of 10000'"},
		{"deep maps in the manifest", head + classes + "Description: " + strings.Repeat("{a: ", 20000) + strings.Repeat("}", 20000) + "\n", appClass,
			"PackageLoadError: Unable to load due to 'exceeded max depth of 10000'"},
		{"deep block lists in the manifest", head + classes + "Tags:\n" + strings.Repeat("- ", 20000) + "x\n", appClass,
			"PackageLoadError: Unable to load due to 'exceeded max depth of 10000'"},
		{"deep lists in a class file", head + classes, "Name: com.ex.App\nProperties: " + strings.Repeat("[", 1000) + strings.Repeat("]", 1000) + "\n",
			"LoadError: values nested deeper than 500 levels"},
		{"large manifest", head + classes + "Description: " + strings.Repeat("x", 1<<20) + "\n", appClass,
			"PackageLoadError: Unable to load due to 'file is larger than 1048576 bytes'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			p, err := OpenZip(archive(t, entry{name: "manifest.yaml", data: tt.manifest}, entry{name: "Classes/App.yaml", data: tt.class}))
			if err == nil {
				_, err = p.ClassFile("com.ex.App")
			}
			if elapsed := time.Since(start); elapsed > 5*time.Second {
				t.Errorf("took %v", elapsed)
			}
			var got []string
			if err != nil {
				got = messages(t, err)
			}
			if tt.want == "" && got != nil || tt.want != "" && (len(got) == 0 || got[0] != tt.want) {
				t.Errorf("errors = %q, want %q", got, tt.want)
			}
		})
	}
}

// checkLoadError fails on an error that is not the package's error list.
func checkLoadError(t *testing.T, err error) {
	var list diag.List
	if err != nil && (!errors.As(err, &list) || len(list) == 0) {
		t.Fatalf("error %v (%T) is not a diag.List", err, err)
	}
}

func FuzzOpenZip(f *testing.F) {
	t := &testing.T{}
	f.Add(archive(t, entry{name: "manifest.yaml", data: zipManifest}, entry{name: "Classes/App.yaml", data: appClass}))
	f.Add(archive(t, entry{name: "app/manifest.yaml", data: zipManifest}, entry{name: "app/Classes/App.yaml", data: appClass}))
	f.Add(archive(t, entry{name: "manifest.yaml", data: zipManifest}, entry{name: "Classes/App.yaml", data: appClass, size: 10}))
	f.Add(archive(t, entry{name: "manifest.yaml", data: zipManifest}, entry{name: "../evil"}))
	f.Add(symlinkArchive(t, "Classes/App.yaml", "/etc/passwd"))
	f.Add([]byte("PK\x05\x06" + strings.Repeat("\x00", 18)))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, warnings, err := OpenZipWithWarnings(data)
		checkLoadError(t, err)
		if err != nil {
			if p != nil || warnings != nil {
				t.Fatalf("error %v with a package or warnings", err)
			}
			return
		}
		for _, name := range p.ClassNames() {
			_, err := p.ClassFile(name)
			checkLoadError(t, err)
		}
	})
}

func FuzzManifest(f *testing.F) {
	f.Add(zipManifest)
	f.Add(exportManifest + "Require: {io.murano: '>=0.0.3', com.ex.Lib: null}\nMeta: [1, 2]\n")
	f.Add("Format: Heat.HOT/1.0\nFullName: x\n")
	f.Add("Format: 1.4\nFullName: com.ex.App\nVersion: *a\nTags: &a [a, *a]\n")
	f.Add("---\nFullName: a\n---\nFullName: b\n")
	f.Add("[1, 2]")
	f.Fuzz(func(t *testing.T, manifest string) {
		p, err := Open(folder("manifest.yaml", manifest, "Classes/App.yaml", appClass))
		checkLoadError(t, err)
		if err != nil {
			return
		}
		if p.Name() != p.Manifest.FullName || p.Version() == "" {
			t.Fatalf("package %q/%q, manifest %+v", p.Name(), p.Version(), p.Manifest)
		}
		p.Requirements()
		for _, name := range p.ClassNames() {
			_, err := p.ClassFile(name)
			checkLoadError(t, err)
		}
	})
}

// FuzzZipEntries fuzzes the names and contents of entries in a well-formed
// archive, which byte-level mutation of an archive seldom reaches.
func FuzzZipEntries(f *testing.F) {
	f.Add("manifest.yaml", zipManifest, "Classes/App.yaml", appClass)
	f.Add("app/manifest.yaml", zipManifest, `app\Classes\App.yaml`, appClass)
	f.Add("manifest.yaml", zipManifest, "../Classes/App.yaml", appClass)
	f.Add("./manifest.yaml", zipManifest, "manifest.yaml/", "")
	f.Fuzz(func(t *testing.T, name1, data1, name2, data2 string) {
		var buf bytes.Buffer
		w := zip.NewWriter(&buf)
		for _, e := range [][2]string{{name1, data1}, {name2, data2}} {
			fw, err := w.CreateHeader(&zip.FileHeader{Name: e[0], Method: zip.Store})
			if err != nil {
				return
			}
			fw.Write([]byte(e[1]))
		}
		if w.Close() != nil {
			return
		}
		p, _, err := OpenZipWithWarnings(buf.Bytes())
		checkLoadError(t, err)
		if err != nil {
			return
		}
		for _, name := range p.ClassNames() {
			_, err := p.ClassFile(name)
			checkLoadError(t, err)
		}
	})
}
