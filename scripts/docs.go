// This file builds the documentation into the site: the docs' script and
// style (web/src/embed/docs.ts, bundled as docs.js and docs.css), the
// pages under docs/ (rendered, with every example run, by the tool
// scripts/docs, which links the engine: these scripts may not) and the
// service worker (sw.js) that keeps the whole site for offline visits.

package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/evanw/esbuild/pkg/api"
)

const (
	docsDir      = "docs"
	docsBuildDir = "build/docs"
	swName       = "sw.js"
)

// bundleDocs bundles the docs' script (with its style) and the service
// worker's code into assets: docs.js, docs.css and sw-code.js (which
// addDocs turns into sw.js).
func bundleDocs(assets map[string][]byte) error {
	files, err := bundle(
		api.EntryPoint{InputPath: "web/src/embed/docs.ts", OutputPath: "docs"},
		api.EntryPoint{InputPath: "web/src/embed/sw.ts", OutputPath: "sw-code"},
	)
	if err != nil {
		return err
	}
	maps.Copy(assets, files)
	return nil
}

// addDocs renders the pages (go run ./scripts/docs) into contents under
// docs/ and adds sw.js, whose list holds every file of the site.
func addDocs(ctx context.Context, out io.Writer, contents map[string][]byte, hashed map[string]string, engineAssets []byte) error {
	assets, err := json.Marshal(map[string]any{
		"docs.js":  hashed["docs.js"],
		"docs.css": hashed["docs.css"],
		"engine":   json.RawMessage(engineAssets),
	})
	if err != nil {
		return err
	}
	if err := run(ctx, out, nil, "go", "run", "./scripts/docs", "-out", docsBuildDir, "-assets", string(assets)); err != nil {
		return fmt.Errorf("the docs: %w", err)
	}
	entries, err := os.ReadDir(docsBuildDir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(docsBuildDir, e.Name()))
		if err != nil {
			return err
		}
		contents[docsDir+"/"+e.Name()] = data
	}
	code := contents[hashed["sw-code.js"]]
	delete(contents, hashed["sw-code.js"])
	contents[swName] = serviceWorker(contents, code)
	return nil
}

// serviceWorker writes sw.js: the list of the site's files and a version
// that changes with any of them, then the worker's code.
func serviceWorker(contents map[string][]byte, code []byte) []byte {
	names := slices.Sorted(func(yield func(string) bool) {
		for name := range contents {
			if name != swName && !yield(name) {
				return
			}
		}
	})
	sum := sha256.New()
	for _, name := range names {
		d := sha256.Sum256(contents[name])
		fmt.Fprintf(sum, "%s %x\n", name, d)
	}
	list, _ := json.Marshal(names)
	var b bytes.Buffer
	fmt.Fprintf(&b, "const PRECACHE=%s,VERSION=%q;\n", list, hex.EncodeToString(sum.Sum(nil))[:12])
	b.Write(code)
	return b.Bytes()
}

// isDocsFile reports whether a site file is a page of the docs or the
// service worker: files whose names stay when they change.
func isDocsFile(name string) bool {
	return name == swName || isUnder(name, docsDir)
}
