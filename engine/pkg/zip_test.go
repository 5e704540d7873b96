package pkg

import (
	"archive/zip"
	"bytes"
	"fmt"
	"strings"
	"testing"

	"murano.dev/playground/engine/dsl/decl"
)

type entry struct {
	name string
	data string
	size uint64 // the uncompressed size the header claims, when not 0
}

// archive builds a zip; entries with a size are stored raw, with that
// size in their header.
func archive(t *testing.T, entries ...entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, e := range entries {
		if e.size > 0 {
			f, err := w.CreateRaw(&zip.FileHeader{Name: e.name, Method: zip.Store, UncompressedSize64: e.size, CompressedSize64: uint64(len(e.data))})
			if err != nil {
				t.Fatal(err)
			}
			f.Write([]byte(e.data))
			continue
		}
		f, err := w.Create(e.name)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte(e.data))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

const zipManifest = "Format: 1.3\nFullName: com.ex.App\nType: Application\nVersion: 1.2\nClasses: {com.ex.App: App.yaml}\n"

func TestOpenZip(t *testing.T) {
	p, err := OpenZip(archive(t, entry{name: "manifest.yaml", data: zipManifest}, entry{name: "Classes/App.yaml", data: appClass}))
	if err != nil {
		t.Fatal(err)
	}
	if p.Name() != "com.ex.App" || p.Version() != "1.2.0" || p.Runtime() != decl.V1_3 {
		t.Errorf("package %s/%s runtime %s", p.Name(), p.Version(), p.Runtime())
	}
	f, err := p.ClassFile("com.ex.App")
	if err != nil || f == nil || f.Name != "Classes/App.yaml" {
		t.Errorf("ClassFile = %v, %v", f, err)
	}
}

func TestOpenZipErrors(t *testing.T) {
	many := make([]entry, MaxZipEntries+1)
	for i := range many {
		many[i] = entry{name: fmt.Sprintf("Resources/%d", i)}
	}
	big := make([]entry, 6)
	for i := range big {
		big[i] = entry{name: fmt.Sprintf("Resources/%d", i), size: MaxZipFileSize}
	}
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"not a zip", []byte("manifest.yaml"), "PackageFormatError: Incorrect package format: not a zip archive (zip: not a valid zip file)"},
		{"dot dot", archive(t, entry{name: "manifest.yaml", data: zipManifest}, entry{name: "Classes/../../evil.yaml"}),
			`PackageLoadError: the archive entry "Classes/../../evil.yaml" is outside the package`},
		{"backslash dot dot", archive(t, entry{name: `..\evil.yaml`}), `PackageLoadError: the archive entry "..\\evil.yaml" is outside the package`},
		{"absolute", archive(t, entry{name: "/etc/evil.yaml"}), `PackageLoadError: the archive entry "/etc/evil.yaml" is outside the package`},
		{"drive", archive(t, entry{name: "C:/evil.yaml"}), `PackageLoadError: the archive entry "C:/evil.yaml" is outside the package`},
		{"too many entries", archive(t, many...), "PackageLoadError: the archive has 10001 entries, more than 10000"},
		{"large file", archive(t, entry{name: "Resources/big", size: MaxZipFileSize + 1}),
			`PackageLoadError: the archive entry "Resources/big" is larger than 20971520 bytes`},
		{"large total", archive(t, big...), "PackageLoadError: the archive's files are larger than 104857600 bytes"},
		// The manifest must be at the root, as in the reference.
		{"nested", archive(t, entry{name: "app/manifest.yaml", data: zipManifest}), "PackageLoadError: Unable to find package manifest"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := OpenZip(tt.data)
			if err == nil {
				t.Fatal("no error")
			}
			if got := messages(t, err); len(got) != 1 || got[0] != tt.want {
				t.Errorf("errors = %q, want %q", got, tt.want)
			}
		})
	}
}

// A header that understates the size does not let more data through.
func TestOpenZipLyingHeader(t *testing.T) {
	data := archive(t,
		entry{name: "manifest.yaml", data: zipManifest},
		entry{name: "Classes/App.yaml", data: appClass + strings.Repeat("#", 1000), size: 10})
	p, err := OpenZip(data)
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.ClassFile("com.ex.App")
	if want := `manifest.yaml:5:23: PackageClassLoadError: Unable to load class "com.ex.App" from package: zip: not a valid zip file`; err == nil || err.Error() != want {
		t.Errorf("reading an entry longer than its header says: error = %v, want %s", err, want)
	}
}
