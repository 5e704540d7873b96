package main

import (
	"bytes"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"murano.dev/playground/engine/pkg"
)

// copyDir copies the files of src into dst.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The repository has the layout of python-muranoclient (packages.md §6):
// apps/<FQN>.zip and bundles/<name>.bundle, a JSON mapping whose Packages
// list {Name} entries.
func TestBuildRepository(t *testing.T) {
	dir := t.TempDir()
	copyDir(t, "../web/tests/fixtures/hello", filepath.Join(dir, "hello"))
	copyDir(t, "../web/tests/fixtures/broken", filepath.Join(dir, "broken"))
	os.MkdirAll(filepath.Join(dir, "notes"), 0o755)
	os.WriteFile(filepath.Join(dir, "notes", "README"), []byte("not a package"), 0o644)
	os.MkdirAll(filepath.Join(dir, "bad"), 0o755)
	os.WriteFile(filepath.Join(dir, "bad", "manifest.yaml"), []byte("FullName: [oops\n"), 0o644)

	var log bytes.Buffer
	files, err := buildRepository(dir, &log)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	want := []string{"repo/apps/com.example.Broken.zip", "repo/apps/com.example.Hello.zip", "repo/bundles/examples.bundle"}
	if !slices.Equal(names, want) {
		t.Errorf("files %v, want %v", names, want)
	}
	if !strings.Contains(log.String(), filepath.Join(dir, "bad")+" left out") {
		t.Errorf("no warning for the broken manifest: %q", log.String())
	}
	entries, err := pkg.ParseBundle(files["repo/bundles/examples.bundle"])
	if err != nil || len(entries) != 2 || entries[0].Name != "com.example.Broken" || entries[1].Name != "com.example.Hello" {
		t.Errorf("bundle %+v %v", entries, err)
	}
	p, err := pkg.OpenZip(files["repo/apps/com.example.Hello.zip"])
	if err != nil || p.Name() != "com.example.Hello" || !p.HasFile("logo.png") {
		t.Errorf("the exported zip: %v", err)
	}
	again, _ := buildRepository(dir, &log)
	if !bytes.Equal(again["repo/apps/com.example.Hello.zip"], files["repo/apps/com.example.Hello.zip"]) {
		t.Error("two builds give different zips")
	}
}

func TestSiteServesRepository(t *testing.T) {
	dir := t.TempDir()
	s := &site{dir: dir}
	contents := map[string][]byte{
		"index.html":                   []byte("<!doctype html>"),
		"repo/bundles/examples.bundle": []byte(`{"Packages": []}`),
		"repo/apps/a.B.zip":            []byte("PK"),
	}
	os.MkdirAll(filepath.Join(dir, "old", "deeper"), 0o755)
	os.WriteFile(filepath.Join(dir, "old", "deeper", "stale.js"), nil, 0o644)
	if err := s.write(contents); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "old")); !os.IsNotExist(err) {
		t.Errorf("the stale folder is still there (%v)", err)
	}
	h, err := newSiteHandler(dir)
	if err != nil {
		t.Fatal(err)
	}
	for path, typ := range map[string]string{
		"/repo/bundles/examples.bundle": "application/json; charset=utf-8",
		"/repo/apps/a.B.zip":            "application/zip",
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != 200 || rec.Header().Get("Content-Type") != typ || rec.Header().Get("Cache-Control") != "no-cache" {
			t.Errorf("%s: %d %q %q", path, rec.Code, rec.Header().Get("Content-Type"), rec.Header().Get("Cache-Control"))
		}
	}
}
