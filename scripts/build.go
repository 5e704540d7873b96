// This file builds the site: the WebAssembly engine, the bundled web app,
// content-hashed asset names, index.html and precompressed copies.

package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"text/template"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/evanw/esbuild/pkg/api"

	"murano.dev/playground/engine/corelib"
	"murano.dev/playground/engine/corelib/apps"
	"murano.dev/playground/engine/pkg"
	"murano.dev/playground/engine/yaql/syntax/unicodenames"
	"murano.dev/playground/scripts/wasmbuild"
)

const (
	buildDir = "build"
	siteDir  = "build/site"
)

// site is the result of a build: the files written to siteDir.
type site struct {
	dir   string
	files []siteFile
}

type siteFile struct {
	name   string
	raw    int
	hashed bool
	// compressed holds the size of each precompressed copy, by encoding.
	compressed map[string]int
}

// precompressed lists the encodings written next to each file, by suffix.
var precompressed = []struct{ encoding, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

func buildSite(ctx context.Context, out io.Writer) (*site, error) {
	start := time.Now()
	if err := ensureNodeModules(ctx, out); err != nil {
		return nil, err
	}
	assets := map[string][]byte{}

	var wasm []byte
	for _, m := range wasmbuild.Modules {
		data, err := buildWasm(ctx, out, m, filepath.Join(buildDir, m.File))
		if err != nil {
			return nil, err
		}
		assets[m.File] = data
	}
	wasm = assets[wasmbuild.Engine.File]
	var names bytes.Buffer
	if err := unicodenames.WriteTable(&names); err != nil {
		return nil, err
	}
	assets["unicode-names.txt"] = names.Bytes()
	var libs bytes.Buffer
	if err := pkg.ExportFolders(&libs, map[string]fs.FS{corelib.Name: corelib.FS(), apps.Name: apps.FS()}); err != nil {
		return nil, err
	}
	assets["corelib.zip"] = libs.Bytes()

	wasmExec, err := readWasmExec(ctx)
	if err != nil {
		return nil, err
	}
	assets["wasm_exec.js"] = wasmExec

	bundle, err := bundleWeb()
	if err != nil {
		return nil, err
	}
	for name, data := range bundle {
		assets[name] = data
	}
	if err := bundleDocs(assets); err != nil {
		return nil, err
	}

	hashed := map[string]string{}
	contents := map[string][]byte{}
	for name, data := range assets {
		hashed[name] = hashedName(name, data)
		contents[hashed[name]] = data
	}
	index, err := renderIndex(hashed, len(wasm))
	if err != nil {
		return nil, err
	}
	contents["index.html"] = index
	repo, err := buildRepository(packagesDir, out)
	if err != nil {
		return nil, err
	}
	for name, data := range repo {
		contents[name] = data
	}
	if err := addDocs(ctx, out, contents, hashed, engineAssets(hashed, len(wasm))); err != nil {
		return nil, err
	}

	s := &site{dir: siteDir}
	if err := s.write(contents); err != nil {
		return nil, err
	}
	s.report(out, time.Since(start))
	errs := []error{checkEngineApart(wasm)}
	for _, m := range wasmbuild.Modules {
		errs = append(errs, checkWasmBudget(m, s.compressedSize(hashed[m.File], "br")))
	}
	return s, errors.Join(errs...)
}

// buildWasm compiles a module as wasmbuild says into target and returns
// it.
func buildWasm(ctx context.Context, out io.Writer, m wasmbuild.Module, target string) ([]byte, error) {
	if err := run(ctx, out, wasmbuild.Env, "go", m.Args(target)...); err != nil {
		return nil, err
	}
	return os.ReadFile(target)
}

// readWasmExec returns the JavaScript support file of the Go toolchain that
// built the engine; the two must come from the same Go version.
func readWasmExec(ctx context.Context) ([]byte, error) {
	goroot, err := exec.CommandContext(ctx, "go", "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %w", err)
	}
	return os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
}

// bundleWeb bundles the page script (web/src/app.ts with its CSS, as
// main.js and main.css) and the worker script with esbuild. Both are
// classic scripts: the worker loads wasm_exec.js with importScripts.
func bundleWeb() (map[string][]byte, error) {
	return bundle(
		api.EntryPoint{InputPath: "web/src/app.ts", OutputPath: "main"},
		api.EntryPoint{InputPath: "web/src/worker.ts", OutputPath: "worker"},
	)
}

// bundle bundles entry points with esbuild as the site serves them:
// minified classic scripts (and their CSS), by output file name.
func bundle(entries ...api.EntryPoint) (map[string][]byte, error) {
	result := api.Build(api.BuildOptions{
		EntryPointsAdvanced: entries,
		Outdir:              siteDir,
		Bundle:              true,
		Format:              api.FormatIIFE,
		Target:              api.ES2020,
		MinifyWhitespace:    true,
		MinifyIdentifiers:   true,
		MinifySyntax:        true,
		Charset:             api.CharsetUTF8,
		LegalComments:       api.LegalCommentsNone,
		Define:              map[string]string{"process.env.NODE_ENV": `"production"`},
		LogLevel:            api.LogLevelSilent,
	})
	if len(result.Errors) > 0 {
		msgs := api.FormatMessages(result.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
		return nil, errors.New("esbuild:\n" + strings.Join(msgs, ""))
	}
	files := map[string][]byte{}
	for _, f := range result.OutputFiles {
		files[filepath.Base(f.Path)] = f.Contents
	}
	return files, nil
}

// hashedName inserts a digest of data before the extension: main.js →
// main.1a2b3c4d5e.js.
func hashedName(name string, data []byte) string {
	sum := sha256.Sum256(data)
	ext := filepath.Ext(name)
	return strings.TrimSuffix(name, ext) + "." + hex.EncodeToString(sum[:5]) + ext
}

// renderIndex fills web/index.html: {{asset "main.js"}} gives a hashed file
// name and {{.Assets}} the JSON that tells the page where the engine is.
func renderIndex(hashed map[string]string, wasmSize int) ([]byte, error) {
	tmpl, err := template.New("index.html").Funcs(template.FuncMap{
		"asset": func(name string) (string, error) {
			if h, ok := hashed[name]; ok {
				return h, nil
			}
			return "", fmt.Errorf("unknown asset %q", name)
		},
	}).ParseFiles("web/index.html")
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, map[string]any{"Assets": string(engineAssets(hashed, wasmSize))}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// engineAssets is the JSON that tells a page where the engine's files
// are (web/src/engine.ts Assets).
func engineAssets(hashed map[string]string, wasmSize int) []byte {
	assets, _ := json.Marshal(map[string]any{
		"engine":     hashed["engine.wasm"],
		"cloud":      hashed["cloud.wasm"],
		"corelib":    hashed["corelib.zip"],
		"forms":      hashed["forms.wasm"],
		"engineSize": wasmSize,
		"runeNames":  hashed["unicode-names.txt"],
		"wasmExec":   hashed["wasm_exec.js"],
		"worker":     hashed["worker.js"],
	})
	return assets
}

// write puts contents (by slash-separated path) and their compressed
// copies into s.dir and removes files left over from earlier builds.
// Compressed copies of hashed files that already exist are kept, since the
// name fixes the content. Files are compressed in parallel.
func (s *site) write(contents map[string][]byte) error {
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return err
	}
	type job struct {
		file     *siteFile
		encoding string
		name     string
		path     string
		data     []byte
		size     int
		err      error
	}
	var jobs []*job
	keep := map[string]bool{}
	s.files = make([]siteFile, 0, len(contents))
	for name, data := range contents {
		if err := writeIfChanged(filepath.Join(s.dir, filepath.FromSlash(name)), data); err != nil {
			return err
		}
		keep[name] = true
		s.files = append(s.files, siteFile{name: name, raw: len(data), hashed: isHashedAsset(name), compressed: map[string]int{}})
		f := &s.files[len(s.files)-1]
		for _, enc := range precompressed {
			jobs = append(jobs, &job{file: f, encoding: enc.encoding, name: name + enc.suffix,
				path: filepath.Join(s.dir, filepath.FromSlash(name+enc.suffix)), data: data})
		}
	}
	var wg sync.WaitGroup
	for _, j := range jobs {
		wg.Go(func() { j.size, j.err = compressTo(j.path, j.data, j.encoding, j.file.hashed) })
	}
	wg.Wait()
	for _, j := range jobs {
		if j.err != nil {
			return j.err
		}
		if j.size >= 0 {
			keep[j.name] = true
			j.file.compressed[j.encoding] = j.size
		}
	}
	sort.Slice(s.files, func(i, j int) bool { return s.files[i].name < s.files[j].name })
	return removeAllBut(s.dir, keep)
}

// removeAllBut removes the files under dir whose slash-separated paths
// are not in keep, and the folders left empty.
func removeAllBut(dir string, keep map[string]bool) error {
	var folders []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case d.IsDir():
			if rel != "." {
				folders = append(folders, p)
			}
		case !keep[filepath.ToSlash(rel)]:
			return os.Remove(p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, f := range slices.Backward(folders) {
		if entries, err := os.ReadDir(f); err == nil && len(entries) == 0 {
			if err := os.Remove(f); err != nil {
				return err
			}
		}
	}
	return nil
}

// compressTo writes data compressed with encoding to path and returns the
// compressed size, or -1 when compressing does not make the file smaller.
func compressTo(path string, data []byte, encoding string, reuse bool) (int, error) {
	if reuse {
		if info, err := os.Stat(path); err == nil {
			return int(info.Size()), nil
		}
	}
	compressed, err := compress(data, encoding)
	if err != nil {
		return 0, err
	}
	if len(compressed) >= len(data) {
		return -1, nil
	}
	return len(compressed), writeIfChanged(path, compressed)
}

// compress returns data compressed with encoding ("br" or "gzip") at the
// best compression level, as the site serves it. Brotli uses the largest
// window that browsers decode (16 MB), which suits the engine's module
// (22 KB smaller than with the default window of 4 MB).
func compress(data []byte, encoding string) ([]byte, error) {
	var buf bytes.Buffer
	var w io.WriteCloser
	switch encoding {
	case "br":
		w = brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24})
	case "gzip":
		w, _ = gzip.NewWriterLevel(&buf, gzip.BestCompression)
	default:
		return nil, fmt.Errorf("unknown encoding %q", encoding)
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// compressedSize is the size of the named file's copy in encoding, or its
// raw size when it has none.
func (s *site) compressedSize(name, encoding string) int {
	for _, f := range s.files {
		if f.name == name {
			if size, ok := f.compressed[encoding]; ok {
				return size
			}
			return f.raw
		}
	}
	return 0
}

// writeIfChanged replaces path atomically, so an interrupted build never
// leaves a truncated file that a later build would reuse.
func writeIfChanged(path string, data []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func (s *site) report(out io.Writer, took time.Duration) {
	fmt.Fprintf(out, "built %s in %.1fs\n", s.dir, took.Seconds())
	for _, f := range s.files {
		line := fmt.Sprintf("  %-28s %10s", f.name, kb(f.raw))
		for _, enc := range precompressed {
			if size, ok := f.compressed[enc.encoding]; ok {
				line += fmt.Sprintf("   %s %9s", enc.encoding, kb(size))
			}
		}
		fmt.Fprintln(out, line)
	}
}

func kb(n int) string {
	return fmt.Sprintf("%.1f KB", float64(n)/1024)
}
