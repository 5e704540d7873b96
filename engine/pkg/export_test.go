package pkg

import (
	"archive/zip"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"murano.dev/playground/engine/enginetest"
)

const exportManifest = `Format: MuranoPL/1.4
Type: Application
FullName: com.ex.App
Name: Example App
Version: 1.2.0
Description: An application to export.
Author: Example
Tags: [example]
Classes:
  com.ex.App: App.yaml
`

// exportWorkspace is a valid package as an edited workspace.
func exportWorkspace() map[string][]byte {
	return map[string][]byte{
		"manifest.yaml":      []byte(exportManifest),
		"Classes/App.yaml":   []byte(appClass),
		"Resources/setup.sh": []byte("#!/bin/sh\necho ok\n"),
	}
}

func exportBytes(t *testing.T, files map[string][]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := ExportFiles(&buf, files); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestExportFiles(t *testing.T) {
	data := exportBytes(t, exportWorkspace())
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
		if !f.Modified.Equal(zipTime) || f.Mode() != 0o644 || f.Method != zip.Deflate {
			t.Errorf("%s: time %v, mode %v, method %d", f.Name, f.Modified, f.Mode(), f.Method)
		}
	}
	if want := []string{"Classes/App.yaml", "Resources/setup.sh", "manifest.yaml"}; !slices.Equal(names, want) {
		t.Errorf("entries %q, want %q", names, want)
	}
	if again := exportBytes(t, exportWorkspace()); !bytes.Equal(data, again) {
		t.Error("two exports of the same files differ")
	}
	p, warnings, err := OpenZipWithWarnings(data)
	if err != nil || warnings != nil {
		t.Fatalf("reopening: %v, %q", err, warnings)
	}
	if f, err := p.ClassFile("com.ex.App"); err != nil || f == nil {
		t.Errorf("ClassFile = %v, %v", f, err)
	}
}

// A folder on disk exports as the same bytes as the same workspace.
func TestExportZipFolder(t *testing.T) {
	dir := t.TempDir()
	for name, data := range exportWorkspace() {
		path := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(path, time.Now(), time.Now())
	}
	os.Mkdir(filepath.Join(dir, "Empty"), 0o755)
	var buf bytes.Buffer
	if err := ExportZip(&buf, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), exportBytes(t, exportWorkspace())) {
		t.Error("the folder and the workspace export differently")
	}

	if err := os.Symlink("/etc/passwd", filepath.Join(dir, "Resources", "passwd")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	err := ExportZip(&bytes.Buffer{}, os.DirFS(dir))
	if want := "PackageExportError: Resources/passwd is a symbolic link"; err == nil || messages(t, err)[0] != want {
		t.Errorf("symbolic link: error %v, want %s", err, want)
	}
}

func TestExportErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string][]byte
		want  string
	}{
		{"no manifest", map[string][]byte{"Classes/App.yaml": nil}, "PackageExportError: the package has no manifest.yaml at its root"},
		{"nested manifest", map[string][]byte{"app/manifest.yaml": nil}, "PackageExportError: the package has no manifest.yaml at its root"},
		{"dot dot", map[string][]byte{"manifest.yaml": nil, "../evil": nil}, `PackageExportError: the path "../evil" is not a valid package path`},
		{"absolute", map[string][]byte{"manifest.yaml": nil, "/etc/evil": nil}, `PackageExportError: the path "/etc/evil" is not a valid package path`},
		{"backslash", map[string][]byte{"manifest.yaml": nil, `..\evil`: nil}, `PackageExportError: the path "..\\evil" is not a valid package path`},
		{"empty", map[string][]byte{"manifest.yaml": nil, "": nil}, `PackageExportError: the path "" is not a valid package path`},
		{"file and folder", map[string][]byte{"manifest.yaml": nil, "Classes": nil, "Classes.txt": nil, "Classes/A.yaml": nil},
			"PackageExportError: Classes is both a file and a folder"},
		{"large file", map[string][]byte{"manifest.yaml": nil, "big": make([]byte, MaxZipFileSize+1)},
			"PackageExportError: big is larger than 20971520 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ExportFiles(&bytes.Buffer{}, tt.files)
			if err == nil {
				t.Fatal("no error")
			}
			if got := messages(t, err); len(got) != 1 || got[0] != tt.want {
				t.Errorf("errors = %q, want %q", got, tt.want)
			}
		})
	}
}

func writeExport(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "com.ex.App.zip")
	if err := os.WriteFile(path, exportBytes(t, exportWorkspace()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// murano-pkg-check reports no errors on an exported package (only
// warnings about the optional ui.yaml, logo.png and LICENSE).
func TestExportPkgCheck(t *testing.T) {
	const tool = "/usr/bin/murano-pkg-check"
	enginetest.Reference(t, tool)
	out, err := exec.Command(tool, writeExport(t)).CombinedOutput()
	// It exits 1 when it reports anything, warnings included.
	if exit, ok := err.(*exec.ExitError); err != nil && (!ok || exit.ExitCode() != 1) {
		t.Fatalf("%s: %v\n%s", tool, err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if code, _, _ := strings.Cut(line, " "); strings.HasPrefix(code[strings.LastIndex(code, ":")+1:], "E") {
			t.Errorf("murano-pkg-check: %s", line)
		}
	}
}

// referenceLoad runs the reference's load_utils.load_from_file on an
// archive and returns what it prints: the package or the error.
func referenceLoad(t *testing.T, archive string) string {
	t.Helper()
	const python = enginetest.Python
	enginetest.Reference(t, "/usr/lib/python3/dist-packages/murano/packages/load_utils.py")
	const script = `import sys
from murano.packages import load_utils
try:
    with load_utils.load_from_file(sys.argv[1], drop_dir=True) as p:
        print(p.full_name, p.version, sorted(p.classes))
except Exception as e:
    print(type(e).__name__ + ": " + str(e))
`
	out, err := exec.Command(python, "-c", script, archive).CombinedOutput()
	if err != nil {
		t.Fatalf("load_from_file: %v\n%s", err, out)
	}
	return strings.TrimSpace(string(out))
}

// The reference's loader accepts an exported package.
func TestExportReferenceLoader(t *testing.T) {
	if got, want := referenceLoad(t, writeExport(t)), "com.ex.App 1.2.0 ['com.ex.App']"; got != want {
		t.Errorf("load_from_file: %s, want %s", got, want)
	}
}

// The reference rejects a zipped folder, which OpenZipWithWarnings warns
// about.
func TestZipFolderReference(t *testing.T) {
	path := filepath.Join(t.TempDir(), "folder.zip")
	data := archive(t, entry{name: "app/manifest.yaml", data: exportManifest}, entry{name: "app/Classes/App.yaml", data: appClass})
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, want := referenceLoad(t, path), "PackageLoadError: Unable to find package manifest"; got != want {
		t.Errorf("load_from_file: %s, want %s", got, want)
	}
	if _, warnings, err := OpenZipWithWarnings(data); err != nil || len(warnings) != 1 {
		t.Errorf("OpenZipWithWarnings: %q, %v", warnings, err)
	}
}
