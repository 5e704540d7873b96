package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func TestChooseEncoding(t *testing.T) {
	both := map[string][]byte{"": nil, "br": nil, "gzip": nil}
	gzipOnly := map[string][]byte{"": nil, "gzip": nil}
	tests := []struct {
		accept   string
		variants map[string][]byte
		want     string
	}{
		{"", both, ""},
		{"gzip, deflate, br", both, "br"},
		{"gzip", both, "gzip"},
		{"GZIP", both, "gzip"},
		{"br;q=0, gzip;q=0.5", both, "gzip"},
		{"br;q=0.0", both, ""},
		{"br", gzipOnly, ""},
		{"br, gzip", gzipOnly, "gzip"},
		{"identity", both, ""},
	}
	for _, tt := range tests {
		if got := chooseEncoding(tt.accept, tt.variants); got != tt.want {
			t.Errorf("chooseEncoding(%q) = %q, want %q", tt.accept, got, tt.want)
		}
	}
}

func TestSiteHandler(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"index.html":                "<!doctype html>",
		"engine.0123456789.wasm":    "raw wasm",
		"engine.0123456789.wasm.br": "brotli wasm",
		"engine.0123456789.wasm.gz": "gzip wasm",
		"main.0123456789.js":        "js",
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h, err := newSiteHandler(dir)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		method, path, accept         string
		status                       int
		body, typ, encoding, caching string
	}{
		{"GET", "/", "br", 200, "<!doctype html>", "text/html; charset=utf-8", "", "no-cache"},
		{"GET", "/engine.0123456789.wasm", "gzip, br", 200, "brotli wasm", "application/wasm", "br", "public, max-age=31536000, immutable"},
		{"GET", "/engine.0123456789.wasm", "gzip", 200, "gzip wasm", "application/wasm", "gzip", "public, max-age=31536000, immutable"},
		{"GET", "/engine.0123456789.wasm", "", 200, "raw wasm", "application/wasm", "", "public, max-age=31536000, immutable"},
		{"HEAD", "/engine.0123456789.wasm", "br", 200, "", "application/wasm", "br", "public, max-age=31536000, immutable"},
		{"GET", "/main.0123456789.js", "br", 200, "js", "text/javascript; charset=utf-8", "", "public, max-age=31536000, immutable"},
		{"GET", "/engine.0123456789.wasm.br", "", 404, "", "", "", ""},
		{"GET", "/missing.js", "", 404, "", "", "", ""},
		{"POST", "/", "", 405, "", "", "", ""},
	}
	for _, tt := range tests {
		req := httptest.NewRequest(tt.method, tt.path, nil)
		if tt.accept != "" {
			req.Header.Set("Accept-Encoding", tt.accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		name := tt.method + " " + tt.path + " (" + tt.accept + ")"
		if rec.Code != tt.status {
			t.Errorf("%s: status %d, want %d", name, rec.Code, tt.status)
			continue
		}
		if tt.status != 200 {
			continue
		}
		res := rec.Result()
		if got := rec.Body.String(); got != tt.body {
			t.Errorf("%s: body %q, want %q", name, got, tt.body)
		}
		for header, want := range map[string]string{"Content-Type": tt.typ, "Content-Encoding": tt.encoding, "Cache-Control": tt.caching, "Vary": "Accept-Encoding"} {
			if got := res.Header.Get(header); got != want {
				t.Errorf("%s: %s %q, want %q", name, header, got, want)
			}
		}
	}

	first := httptest.NewRecorder()
	h.ServeHTTP(first, httptest.NewRequest("GET", "/engine.0123456789.wasm", nil))
	again := httptest.NewRequest("GET", "/engine.0123456789.wasm", nil)
	again.Header.Set("If-None-Match", first.Header().Get("ETag"))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, again)
	if rec.Code != http.StatusNotModified {
		t.Errorf("If-None-Match with the ETag: status %d, want 304", rec.Code)
	}
}

func TestHashedName(t *testing.T) {
	a, b := hashedName("main.js", []byte("a")), hashedName("main.js", []byte("b"))
	if a == b || filepath.Ext(a) != ".js" || len(a) != len("main.0123456789.js") {
		t.Errorf("hashedName gave %q and %q", a, b)
	}
}
