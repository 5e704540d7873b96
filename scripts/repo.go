// This file builds the package repository the site serves on its own
// origin: each example package of web/packages as repo/apps/<FullName>.zip
// and repo/bundles/examples.bundle naming them all, the layout
// python-muranoclient reads (packages.md §6); and repo/examples.json, the
// index of the page's examples gallery: each example's names, description,
// tags, type, logo, categories and the tab it opens on.

package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"murano.dev/playground/engine/pkg"
)

const (
	packagesDir    = "web/packages"
	repoDir        = "repo"
	examplesBundle = "examples"
	// galleryIndex is the gallery's index, in the repository.
	galleryIndex = "examples.json"
)

// The gallery's categories, in the order it shows them.
const (
	categoryForms  = "Forms (Dynamic UI)"
	categorySchema = "Schema forms"
	categoryDeploy = "Deploy"
	categoryHeat   = "Heat (HOT)"
	categoryTests  = "Tests"
	categoryOther  = "Libraries"
)

var galleryCategories = []string{categoryForms, categorySchema, categoryDeploy, categoryHeat, categoryTests, categoryOther}

// galleryPlace is where the gallery puts an example: its categories (the
// first the one it is listed under) and the tab of the Packages view it
// opens on.
type galleryPlace struct {
	Categories []string
	Tab        string
}

// galleryPlaces places the examples the gallery shows for more than what
// they hold: those the Deploy view's example environments deploy are in
// Deploy too, and the flaky service is there for its failure. Another
// example is placed by galleryPlaceOf.
var galleryPlaces = map[string]galleryPlace{
	"org.playground.examples.WebServer": {[]string{categoryForms, categoryDeploy}, "forms"},
	"org.playground.examples.Database":  {[]string{categoryForms, categoryDeploy}, "forms"},
	"org.playground.examples.HotStack":  {[]string{categoryHeat, categoryDeploy}, "forms"},
	"org.playground.examples.Flaky":     {[]string{categoryDeploy}, "overview"},
}

// galleryPlaceOf places an example by what it holds: tests (a class that
// extends a TestFixture) on the Tests tab, a Heat template or a package
// with a UI definition on the Forms tab, another application on the
// Schema forms tab, a library on the Overview.
func galleryPlaceOf(p *pkg.Package, fsys fs.FS) galleryPlace {
	m := p.Manifest
	for _, file := range m.Classes {
		if src, err := fs.ReadFile(fsys, path.Join("Classes", file)); err == nil && bytes.Contains(src, []byte("TestFixture")) {
			return galleryPlace{[]string{categoryTests}, "tests"}
		}
	}
	ui, _ := p.UI()
	switch {
	case strings.HasPrefix(m.Format, "Heat.HOT"):
		return galleryPlace{[]string{categoryHeat}, "forms"}
	case ui != nil:
		return galleryPlace{[]string{categoryForms}, "forms"}
	case m.Type == "Application":
		return galleryPlace{[]string{categorySchema}, "schema"}
	}
	return galleryPlace{[]string{categoryOther}, "overview"}
}

// galleryEntry is an example in the gallery's index.
type galleryEntry struct {
	Name        string   `json:"name"`
	Title       string   `json:"title"`
	Description string   `json:"description"`
	Tags        []string `json:"tags"`
	Type        string   `json:"type"`
	Format      string   `json:"format"`
	Categories  []string `json:"categories"`
	Tab         string   `json:"tab"`
	// Logo is the package's logo as a data: URL, "" when it has none.
	Logo string `json:"logo"`
}

// galleryEntryOf describes the package in folder for the gallery.
func galleryEntryOf(folder string) (galleryEntry, error) {
	fsys, err := pkg.DirFS(folder)
	if err != nil {
		return galleryEntry{}, err
	}
	p, err := pkg.Open(fsys)
	if err != nil {
		return galleryEntry{}, err
	}
	m := p.Manifest
	place, ok := galleryPlaces[m.FullName]
	if !ok {
		place = galleryPlaceOf(p, fsys)
	}
	e := galleryEntry{
		Name: m.FullName, Title: m.Name, Description: m.Description, Tags: m.Tags,
		Type: m.Type, Format: m.Format, Categories: place.Categories, Tab: place.Tab,
	}
	if e.Tags == nil {
		e.Tags = []string{}
	}
	if logo, err := p.Logo(); err == nil && logo != nil {
		e.Logo = "data:" + http.DetectContentType(logo) + ";base64," + base64.StdEncoding.EncodeToString(logo)
	}
	return e, nil
}

// galleryIndexOf is the gallery's index of the examples: the categories
// that have examples, in order, and the examples by title.
func galleryIndexOf(entries []galleryEntry) ([]byte, error) {
	slices.SortFunc(entries, func(a, b galleryEntry) int { return strings.Compare(a.Title, b.Title) })
	var categories []string
	for _, c := range galleryCategories {
		if slices.ContainsFunc(entries, func(e galleryEntry) bool { return slices.Contains(e.Categories, c) }) {
			categories = append(categories, c)
		}
	}
	data, err := json.MarshalIndent(map[string]any{"categories": categories, "examples": entries}, "", "  ")
	return append(data, '\n'), err
}

// buildRepository returns the repository's files by site path. A folder
// of dir without manifest.yaml is not a package; a package that does not
// open or export is left out with a warning on out.
func buildRepository(dir string, out io.Writer) (map[string][]byte, error) {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		entries, err = nil, nil
	}
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	type bundleEntry struct {
		Name string
	}
	bundle := struct{ Packages []bundleEntry }{Packages: []bundleEntry{}}
	gallery := []galleryEntry{}
	for _, e := range entries {
		folder := filepath.Join(dir, e.Name())
		if !e.IsDir() || !fileExists(filepath.Join(folder, "manifest.yaml")) {
			continue
		}
		name, zip, err := exportPackage(folder)
		if err != nil {
			fmt.Fprintf(out, "warning: %s left out of the repository: %v\n", folder, err)
			continue
		}
		file, err := pkg.PackagePath(name, "")
		if err != nil {
			fmt.Fprintf(out, "warning: %s left out of the repository: %v\n", folder, err)
			continue
		}
		if _, dup := files[path.Join(repoDir, file)]; dup {
			return nil, fmt.Errorf("%s: a second package named %s", folder, name)
		}
		files[path.Join(repoDir, file)] = zip
		bundle.Packages = append(bundle.Packages, bundleEntry{Name: name})
		entry, err := galleryEntryOf(folder)
		if err != nil {
			fmt.Fprintf(out, "warning: %s left out of the gallery: %v\n", folder, err)
			continue
		}
		gallery = append(gallery, entry)
	}
	data, err := json.MarshalIndent(bundle, "", "  ")
	if err != nil {
		return nil, err
	}
	bundlePath, _ := pkg.BundlePath(examplesBundle)
	files[path.Join(repoDir, bundlePath)] = append(data, '\n')
	index, err := galleryIndexOf(gallery)
	if err != nil {
		return nil, err
	}
	files[path.Join(repoDir, galleryIndex)] = index
	return files, nil
}

// exportPackage opens the package in folder and writes it as a .zip.
func exportPackage(folder string) (string, []byte, error) {
	fsys, err := pkg.DirFS(folder)
	if err != nil {
		return "", nil, err
	}
	p, err := pkg.Open(fsys)
	if err != nil {
		return "", nil, err
	}
	var buf bytes.Buffer
	if err := pkg.ExportZip(&buf, fsys); err != nil {
		return "", nil, err
	}
	return p.Name(), buf.Bytes(), nil
}

// isHashedAsset reports whether a site file has a content-hashed name
// (and so may be cached for ever): everything but index.html, the
// repository, the docs' pages and the service worker.
func isHashedAsset(name string) bool {
	return name != "index.html" && !isUnder(name, repoDir) && !isDocsFile(name)
}

func isUnder(name, dir string) bool {
	return len(name) > len(dir) && name[:len(dir)] == dir && name[len(dir)] == '/'
}
