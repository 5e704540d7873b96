// This file builds the package repository the site serves on its own
// origin: each example package of web/packages as repo/apps/<FullName>.zip
// and repo/bundles/examples.bundle naming them all, the layout
// python-muranoclient reads (packages.md §6).

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"

	"murano.dev/playground/engine/pkg"
)

const (
	packagesDir    = "web/packages"
	repoDir        = "repo"
	examplesBundle = "examples"
)

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
	}
	data, err := json.MarshalIndent(bundle, "", "  ")
	if err != nil {
		return nil, err
	}
	bundlePath, _ := pkg.BundlePath(examplesBundle)
	files[path.Join(repoDir, bundlePath)] = append(data, '\n')
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
