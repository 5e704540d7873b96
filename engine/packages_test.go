package engine

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"murano.dev/playground/engine/enginetest"
)

// writePackage writes files (path → content) under a new folder.
func writePackage(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// describe describes the package opened, as `muranopl inspect` does.
func describe(p *Package, err error) (*PackageInfo, error) {
	if err != nil {
		return nil, err
	}
	return DescribePackage(p)
}

func readZip(data []byte) (*Package, error) {
	p, _, err := OpenPackageZip(data)
	return p, err
}

// The expected values are facts from the reference: murano 14.0.0's
// load_utils.load_from_dir on the same folders (full_name, display_name,
// package_type, format_name/runtime_version, version, description,
// author, tags, the Classes map, requirements, ui is not None). The
// reference keeps Description and Author raw (12, None) where these are
// strings ("12", ""), and keeps the manifest's order of Require where
// these are sorted.
func TestInspectPackage(t *testing.T) {
	for _, c := range []struct {
		name  string
		files map[string]string
		want  string
	}{{
		name: "application",
		files: map[string]string{
			"manifest.yaml": "Format: 1.3\nFullName: com.ex.App\nName: My App\nVersion: 1.2\nType: Application\n" +
				"Description: >\n  multi\n  line\nAuthor: Me\nTags: [a, b]\nClasses:\n  com.ex.App: App.yaml\n" +
				"Require:\n  io.murano: \">=0.0.0\"\n  com.ex.Lib:\nSupplier:\n  Name: ACME\n",
			"Classes/App.yaml": "Name: App\nNamespaces: {=: com.ex}\n",
			"UI/ui.yaml":       "Version: 2.1\nForms: []\n",
		},
		want: `{"fullName": "com.ex.App", "name": "My App", "type": "Application", "format": "MuranoPL/1.3.0", "version": "1.2.0", "description": "multi line\n", "author": "Me", "tags": ["a", "b"], "classes": {"com.ex.App": "App.yaml"}, "require": {"com.ex.Lib": null, "io.murano": ">=0.0.0"}, "ui": true, "uiVersion": "2.1"}`,
	}, {
		name: "library with defaults",
		files: map[string]string{
			"manifest.yaml": "FullName: org.lib\nType: Library\nTags: xy\nDescription: 12\nClasses:\n  org.lib.A: sub/a.yaml\nUI: forms.yaml\n",
			"UI/forms.yaml": "Forms: []\n",
		},
		want: `{"fullName": "org.lib", "name": "org.lib", "type": "Library", "format": "MuranoPL/1.0.0", "version": "0.0.0", "description": "12", "author": "", "tags": ["x", "y"], "classes": {"org.lib.A": "sub/a.yaml"}, "require": {}, "ui": true, "uiVersion": null}`,
	}, {
		name: "no ui",
		files: map[string]string{
			"manifest.yaml": "Format: MuranoPL/1.4\nFullName: a.b\nType: Library\nUI: missing.yaml\n",
			"UI/ui.yaml":    "Version: 2\n",
		},
		want: `{"fullName": "a.b", "name": "a.b", "type": "Library", "format": "MuranoPL/1.4.0", "version": "0.0.0", "description": "", "author": "", "tags": [], "classes": {}, "require": {}, "ui": false, "uiVersion": null}`,
	}, {
		// The dashboard (and PyYAML's safe_load) takes the last of two
		// "?" keys and reads Version 2.2 from this file, which go-yaml's
		// Unmarshal rejects.
		name: "ui with a repeated key",
		files: map[string]string{
			"manifest.yaml": "FullName: a.b\nType: Application\n",
			"UI/ui.yaml": "Version: 2.2\nApplication:\n  ?:\n    type: a.Other\n  ?:\n    type: a.b\n" +
				"  name: $.f.name\nForms:\n  - f:\n      fields:\n        - name: name\n          type: string\n",
		},
		want: `{"fullName": "a.b", "name": "a.b", "type": "Application", "format": "MuranoPL/1.0.0", "version": "0.0.0", "description": "", "author": "", "tags": [], "classes": {}, "require": {}, "ui": true, "uiVersion": "2.2"}`,
	}, {
		// load_from_dir does not parse the UI definition: the package
		// loads, and its ui is the file's bytes.
		name: "ui that does not parse",
		files: map[string]string{
			"manifest.yaml": "FullName: a.b\nType: Application\n",
			"UI/ui.yaml":    "Version: 2.2\nForms: [\n",
		},
		want: `{"fullName": "a.b", "name": "a.b", "type": "Application", "format": "MuranoPL/1.0.0", "version": "0.0.0", "description": "", "author": "", "tags": [], "classes": {}, "require": {}, "ui": true, "uiVersion": null}`,
	}} {
		t.Run(c.name, func(t *testing.T) {
			dir := writePackage(t, c.files)
			fsys, err := DirFS(dir)
			if err != nil {
				t.Fatal(err)
			}
			info, err := describe(OpenPackage(fsys))
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSuffix(string(info.JSON()), "\n"); got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
			// The same package as a .zip.
			var buf bytes.Buffer
			zw := zip.NewWriter(&buf)
			for name, content := range c.files {
				w, _ := zw.Create(name)
				w.Write([]byte(content))
			}
			zw.Close()
			info, err = describe(readZip(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSuffix(string(info.JSON()), "\n"); got != c.want {
				t.Errorf("zip: got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

func TestInspectPackageErrors(t *testing.T) {
	for _, c := range []struct{ manifest, want string }{
		// Reference: PackageFormatError: Incorrect package format: Invalid package Type None
		{"FullName: x.y\nVersion: 1\n", "manifest.yaml:1:1: PackageFormatError: Incorrect package format: Invalid package Type None"},
		{"FullName: x.y\nType: Library\nFormat: Foo/1.0\n", "manifest.yaml:3:9: PackageFormatError: Incorrect package format: Unsupported format Foo/1.0 (formats available: Heat.HOT/1.0, MuranoPL/1.0"},
		{"FullName: x.y\nType: Library\nUI: ../manifest.yaml\n", "manifest.yaml:3:5: ValueError: path ../manifest.yaml is not allowed"},
	} {
		dir := writePackage(t, map[string]string{"manifest.yaml": c.manifest})
		fsys, _ := DirFS(dir)
		_, err := describe(OpenPackage(fsys))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %s", c.manifest, err, c.want)
		}
	}
}

// The real core library opens through the package-format registry
// (MuranoPL/1.4) and is described as the reference describes it
// (load_from_dir on the extracted io.murano.zip: 59 classes, no UI).
func TestInspectCoreLibrary(t *testing.T) {
	core, where, err := LocateCoreLibrary()
	enginetest.Need(t, "the io.murano core library", err)
	info, err := describe(OpenPackage(core))
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	got := string(info.JSON())
	want := `{"fullName": "io.murano", "name": "Core library", "type": "Library", "format": "MuranoPL/1.4.0", "version": "0.0.0", "description": "Core MuranoPL library\n", "author": "murano.io", "tags": ["MuranoPL"], "classes": {"io.murano.Application": "Application.yaml", `
	if !strings.HasPrefix(got, want) || !strings.HasSuffix(got, `"require": {}, "ui": false, "uiVersion": null}`+"\n") {
		t.Errorf("got %s", got)
	}
	if len(info.Classes) != 59 {
		t.Errorf("%d classes, want 59", len(info.Classes))
	}
}
