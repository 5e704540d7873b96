// This file serves a built site: precompressed variants chosen by
// Accept-Encoding, immutable caching for content-hashed assets, and a
// content security policy that keeps the page on its own origin.

package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// contentSecurityPolicy allows nothing but this origin. WebAssembly
// compilation needs 'wasm-unsafe-eval'; CodeMirror injects <style> elements.
const contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'"

func serveCommand(ctx context.Context, addr string) error {
	s, err := buildSite(ctx, os.Stdout)
	if err != nil {
		return err
	}
	return serveSite(ctx, s.dir, addr, func(url string) {
		fmt.Printf("Murano playground: %s  (Ctrl+C to stop)\n", url)
	})
}

// serveSite serves dir on addr until ctx ends; ready gets the URL once the
// listener is open (addr may use port 0).
func serveSite(ctx context.Context, dir, addr string, ready func(url string)) error {
	handler, err := newSiteHandler(dir)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	ready("http://" + ln.Addr().String() + "/")
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// siteHandler serves the files of a site from memory.
type siteHandler struct {
	files map[string]*servedFile
}

type servedFile struct {
	name     string
	variants map[string][]byte // by content encoding; "" is the raw file
	etag     string
	hashed   bool
}

func newSiteHandler(dir string) (*siteHandler, error) {
	if _, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("%w (run `go run ./scripts build` first)", err)
	}
	var names []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		names = append(names, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return nil, err
	}
	h := &siteHandler{files: map[string]*servedFile{}}
	for _, name := range names {
		if isCompressedVariant(name) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(data)
		f := &servedFile{
			name:     name,
			variants: map[string][]byte{"": data},
			etag:     hex.EncodeToString(sum[:8]),
			hashed:   isHashedAsset(name),
		}
		for _, enc := range precompressed {
			if data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name+enc.suffix))); err == nil {
				f.variants[enc.encoding] = data
			}
		}
		h.files[name] = f
	}
	if h.files["index.html"] == nil {
		return nil, errors.New("index.html missing in " + dir)
	}
	return h, nil
}

func isCompressedVariant(name string) bool {
	for _, enc := range precompressed {
		if strings.HasSuffix(name, enc.suffix) {
			return true
		}
	}
	return false
}

func (h *siteHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if name == "" {
		name = "index.html"
	} else if h.files[name] == nil && h.files[name+"/index.html"] != nil {
		// A folder with an index (the docs): /docs/ serves it, /docs goes there.
		if !strings.HasSuffix(r.URL.Path, "/") {
			http.Redirect(w, r, "/"+name+"/", http.StatusMovedPermanently)
			return
		}
		name += "/index.html"
	}
	f := h.files[name]
	if f == nil {
		http.NotFound(w, r)
		return
	}
	encoding := chooseEncoding(r.Header.Get("Accept-Encoding"), f.variants)
	header := w.Header()
	header.Set("Content-Type", contentType(name))
	header.Set("Vary", "Accept-Encoding")
	header.Set("X-Content-Type-Options", "nosniff")
	header.Set("Content-Security-Policy", contentSecurityPolicy)
	etag := `"` + f.etag + encoding + `"`
	header.Set("ETag", etag)
	if encoding != "" {
		header.Set("Content-Encoding", encoding)
	}
	if f.hashed {
		header.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		header.Set("Cache-Control", "no-cache")
	}
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := f.variants[encoding]
	header.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	w.Write(body)
}

// chooseEncoding picks brotli, then gzip, among the variants the client
// accepts; "" means the uncompressed file.
func chooseEncoding(acceptEncoding string, variants map[string][]byte) string {
	accepted := map[string]bool{}
	for _, part := range strings.Split(acceptEncoding, ",") {
		token, params, _ := strings.Cut(part, ";")
		if q, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if v, err := strconv.ParseFloat(q, 64); err == nil && v == 0 {
				continue
			}
		}
		accepted[strings.ToLower(strings.TrimSpace(token))] = true
	}
	for _, enc := range precompressed {
		if _, ok := variants[enc.encoding]; ok && accepted[enc.encoding] {
			return enc.encoding
		}
	}
	return ""
}

func contentType(name string) string {
	switch path.Ext(name) {
	case ".wasm":
		return "application/wasm"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".html":
		return "text/html; charset=utf-8"
	case ".bundle":
		return "application/json; charset=utf-8"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}
