package main

import (
	"bytes"
	"encoding/json"
	"io"
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
	want := []string{"repo/apps/com.example.Broken.zip", "repo/apps/com.example.Hello.zip", "repo/bundles/examples.bundle", "repo/examples.json"}
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

// The gallery's index describes every example of web/packages with its
// categories, listed in their order, and the tab it opens on.
func TestGalleryIndex(t *testing.T) {
	files, err := buildRepository("../web/packages", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var index struct {
		Categories []string
		Examples   []galleryEntry
	}
	if err := json.Unmarshal(files["repo/examples.json"], &index); err != nil {
		t.Fatal(err)
	}
	want := map[string]galleryPlace{
		"org.playground.examples.WebServer":     {[]string{categoryForms, categoryDeploy}, "forms"},
		"org.playground.examples.Database":      {[]string{categoryForms, categoryDeploy}, "forms"},
		"org.playground.examples.CacheCluster":  {[]string{categoryForms}, "forms"},
		"org.playground.examples.Blog":          {[]string{categorySchema}, "schema"},
		"org.playground.examples.HotStack":      {[]string{categoryHeat, categoryDeploy}, "forms"},
		"org.playground.examples.Flaky":         {[]string{categoryDeploy}, "overview"},
		"org.playground.examples.DatabaseTests": {[]string{categoryTests}, "tests"},
	}
	bundle, _ := pkg.ParseBundle(files["repo/bundles/examples.bundle"])
	if len(index.Examples) != len(bundle) {
		t.Errorf("%d examples in the gallery, %d in the bundle", len(index.Examples), len(bundle))
	}
	for _, e := range index.Examples {
		if w, ok := want[e.Name]; ok && (!slices.Equal(e.Categories, w.Categories) || e.Tab != w.Tab) {
			t.Errorf("%s: %v on %s, want %v on %s", e.Name, e.Categories, e.Tab, w.Categories, w.Tab)
		}
		if e.Title == "" || e.Description == "" || len(e.Tags) == 0 || e.Type == "" || e.Logo != "" && !strings.HasPrefix(e.Logo, "data:image/png;base64,") {
			t.Errorf("%s: %+v", e.Name, e)
		}
		for _, c := range e.Categories {
			if !slices.Contains(index.Categories, c) {
				t.Errorf("%s: category %q not listed", e.Name, c)
			}
		}
	}
	if !slices.Equal(index.Categories, []string{categoryForms, categorySchema, categoryDeploy, categoryHeat, categoryTests}) {
		t.Errorf("categories %v", index.Categories)
	}
}

// An example no place names is placed by what it holds.
func TestGalleryPlaceOf(t *testing.T) {
	library := t.TempDir()
	os.MkdirAll(filepath.Join(library, "Classes"), 0o755)
	os.WriteFile(filepath.Join(library, "manifest.yaml"), []byte("Format: MuranoPL/1.4\nType: Library\nFullName: com.example.Lib\nClasses:\n  com.example.Lib: Lib.yaml\n"), 0o644)
	os.WriteFile(filepath.Join(library, "Classes", "Lib.yaml"), []byte("Name: com.example.Lib\n"), 0o644)
	for folder, want := range map[string]galleryPlace{
		library:                         {[]string{categoryOther}, "overview"},
		"../web/tests/fixtures/tested":  {[]string{categoryTests}, "tests"},
		"../web/packages/databasetests": {[]string{categoryTests}, "tests"},
		"../web/packages/blog":          {[]string{categorySchema}, "schema"},
		"../web/packages/cachecluster":  {[]string{categoryForms}, "forms"},
		"../web/packages/hotstack":      {[]string{categoryHeat}, "forms"},
		"../web/tests/fixtures/hello":   {[]string{categoryForms}, "forms"},
	} {
		fsys, _ := pkg.DirFS(folder)
		p, err := pkg.Open(fsys)
		if err != nil {
			t.Fatal(err)
		}
		if got := galleryPlaceOf(p, fsys); !slices.Equal(got.Categories, want.Categories) || got.Tab != want.Tab {
			t.Errorf("%s: %+v, want %+v", folder, got, want)
		}
	}
}
