package pkg

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"io/fs"
	"maps"
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
		{"no manifest", archive(t, entry{name: "Classes/App.yaml", data: appClass}), "PackageLoadError: Unable to find package manifest"},
		// A manifest in a folder is found only when that folder is all there is.
		{"two folders", archive(t, entry{name: "app/manifest.yaml", data: zipManifest}, entry{name: "other/x"}),
			"PackageLoadError: Unable to find package manifest"},
		{"folder and file", archive(t, entry{name: "app/manifest.yaml", data: zipManifest}, entry{name: "README"}),
			"PackageLoadError: Unable to find package manifest"},
		{"deeper folder", archive(t, entry{name: "a/b/manifest.yaml", data: zipManifest}), "PackageLoadError: Unable to find package manifest"},
		{"duplicate", archive(t, entry{name: "manifest.yaml", data: zipManifest}, entry{name: "manifest.yaml", data: "FullName: evil"}),
			`PackageLoadError: the archive has two entries named "manifest.yaml"`},
		{"duplicate after cleaning", archive(t, entry{name: "manifest.yaml", data: zipManifest}, entry{name: "./manifest.yaml", data: "FullName: evil"}),
			`PackageLoadError: the archive has two entries named "./manifest.yaml"`},
		{"file and folder", archive(t, entry{name: "Classes", data: "x"}, entry{name: "Classes/"}),
			`PackageLoadError: the archive has two entries named "Classes/"`},
		{"symlink", symlinkArchive(t, "Classes/App.yaml", "/etc/passwd"), `PackageLoadError: the archive entry "Classes/App.yaml" is a symbolic link`},
		{"truncated", archive(t, entry{name: "manifest.yaml", data: zipManifest})[:40], "PackageFormatError: Incorrect package format: not a zip archive (zip: not a valid zip file)"},
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

// symlinkArchive builds a zip with a package and a symbolic link entry.
func symlinkArchive(t *testing.T, name, target string) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	f, _ := w.Create("manifest.yaml")
	f.Write([]byte(zipManifest))
	h := &zip.FileHeader{Name: name}
	h.SetMode(fs.ModeSymlink | 0o777)
	f, err := w.CreateHeader(h)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte(target))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A zipped folder opens, with a warning that Murano would reject it.
func TestOpenZipFolder(t *testing.T) {
	for _, extra := range [][]entry{nil, {{name: "__MACOSX/app/._manifest.yaml", data: "junk"}, {name: ".DS_Store", data: "junk"}}} {
		entries := append([]entry{{name: "app/"}, {name: "app/manifest.yaml", data: zipManifest}, {name: "app/Classes/App.yaml", data: appClass}}, extra...)
		p, warnings, err := OpenZipWithWarnings(archive(t, entries...))
		if err != nil {
			t.Fatal(err)
		}
		if len(warnings) != 1 || !strings.Contains(warnings[0].Msg, `manifest.yaml is in the folder "app"`) || !strings.Contains(warnings[0].Msg, "Murano would reject") {
			t.Errorf("warnings = %q", warnings)
		}
		if f, err := p.ClassFile("com.ex.App"); err != nil || f == nil || f.Name != "Classes/App.yaml" {
			t.Errorf("ClassFile = %v, %v", f, err)
		}
	}
	_, warnings, err := OpenZipWithWarnings(archive(t, entry{name: "manifest.yaml", data: zipManifest}))
	if err != nil || warnings != nil {
		t.Errorf("a package at the root: warnings %q, error %v", warnings, err)
	}
}

// Backslashes separate folders, with a warning.
func TestOpenZipBackslashes(t *testing.T) {
	p, warnings, err := OpenZipWithWarnings(archive(t, entry{name: "manifest.yaml", data: zipManifest}, entry{name: `Classes\App.yaml`, data: appClass}))
	if err != nil {
		t.Fatal(err)
	}
	if want := `the archive entry "Classes\\App.yaml" separates folders with backslashes: Murano would take them as part of the file name`; len(warnings) != 1 || warnings[0].Msg != want {
		t.Errorf("warnings = %q, want %q", warnings, want)
	}
	if f, err := p.ClassFile("com.ex.App"); err != nil || f == nil {
		t.Errorf("ClassFile = %v, %v", f, err)
	}
}

// ZipFiles reads what OpenZip opens: folders made of backslashes, names
// cleaned, folders themselves left out; an archive it refuses fails alike.
func TestZipFiles(t *testing.T) {
	files, err := ZipFiles(archive(t, entry{name: "app/manifest.yaml", data: zipManifest}, entry{name: `app\Classes\App.yaml`, data: appClass},
		entry{name: "app/./logo.png", data: "png"}, entry{name: "app/Resources/"}))
	want := map[string][]byte{"app/manifest.yaml": []byte(zipManifest), "app/Classes/App.yaml": []byte(appClass), "app/logo.png": []byte("png")}
	if err != nil || !maps.EqualFunc(files, want, bytes.Equal) {
		t.Errorf("ZipFiles = %q, %v; want %q", files, err, want)
	}
	bad := archive(t, entry{name: "manifest.yaml", data: zipManifest}, entry{name: "Classes/../../evil.yaml"})
	_, openErr := OpenZip(bad)
	if _, err := ZipFiles(bad); err == nil || openErr == nil || err.Error() != openErr.Error() {
		t.Errorf("ZipFiles: %v, want OpenZip's %v", err, openErr)
	}
}

// A real zip bomb: highly compressible data whose honest header is over
// the limit, and the same data behind a header claiming a few bytes.
func TestOpenZipBomb(t *testing.T) {
	zeros := bytes.Repeat([]byte{0}, MaxZipFileSize+1)
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	f, _ := w.Create("manifest.yaml")
	f.Write([]byte(zipManifest))
	f, _ = w.Create("Classes/App.yaml")
	f.Write(zeros)
	w.Close()
	honest := buf.Bytes()
	if len(honest) > 100_000 {
		t.Fatalf("the bomb is %d bytes, not a bomb", len(honest))
	}
	_, err := OpenZip(honest)
	if want := `PackageLoadError: the archive entry "Classes/App.yaml" is larger than 20971520 bytes`; err == nil || messages(t, err)[0] != want {
		t.Errorf("honest header: error %v, want %s", err, want)
	}

	// Rewrite the sizes in the local and central headers to 10 bytes.
	lying := bytes.Clone(honest)
	for _, sig := range []struct {
		magic  string
		offset int
	}{{"PK\x03\x04", 22}, {"PK\x01\x02", 24}} {
		for i := 0; ; {
			j := bytes.Index(lying[i:], []byte(sig.magic))
			if j < 0 {
				break
			}
			i += j
			size := lying[i+sig.offset : i+sig.offset+4]
			if binary.LittleEndian.Uint32(size) == uint32(len(zeros)) {
				binary.LittleEndian.PutUint32(size, 10)
			}
			i += 4
		}
	}
	p, err := OpenZip(lying)
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.ClassFile("com.ex.App")
	if err == nil || !strings.Contains(err.Error(), "zip: not a valid zip file") {
		t.Errorf("lying header: error %v", err)
	}
}
