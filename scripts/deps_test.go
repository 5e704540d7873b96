package main

import (
	"archive/tar"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExtractFromTar(t *testing.T) {
	var data bytes.Buffer
	tw := tar.NewWriter(&data)
	for name, content := range map[string]string{
		"./usr/share/doc/murano-common/copyright": "text",
		debCoreLibrary: "PK zip bytes",
	} {
		tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(content)), Typeflag: tar.TypeReg})
		tw.Write([]byte(content))
	}
	tw.Close()

	dest := filepath.Join(t.TempDir(), "murano-playground", "io.murano.zip")
	if err := extractFromTar(bytes.NewReader(data.Bytes()), debCoreLibrary, dest); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(dest); err != nil || string(got) != "PK zip bytes" {
		t.Errorf("extracted %q, %v", got, err)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(dest), ".io.murano-*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	err := extractFromTar(bytes.NewReader(data.Bytes()), "./usr/share/none", dest)
	if err == nil || !strings.Contains(err.Error(), "no ./usr/share/none in the package") {
		t.Errorf("a missing file: error %v", err)
	}
}

func TestNeededDebianPackages(t *testing.T) {
	t.Setenv("MURANO_REFERENCE", "")
	if got := strings.Join(neededDebianPackages(), " "); got != "chromium python3-murano" {
		t.Errorf("without the reference: %s", got)
	}
	t.Setenv("MURANO_REFERENCE", "/ref")
	got := neededDebianPackages()
	if strings.Count(strings.Join(got, " "), "python3-murano ") != 1 || len(got) != len(referencePackages)+1 {
		t.Errorf("with the reference: %v", got)
	}
}

func TestPackageTimes(t *testing.T) {
	var out bytes.Buffer
	p := &packageTimes{out: &out}
	text := "ok  \tmurano.dev/playground/engine/dsl\t95.2s\n--- FAIL: TestX\nFAIL\tmurano.dev/playground/formgen/dynui\t12.0s\n" +
		"?   \tmurano.dev/playground/wasm\t[no test files]\nok  \tmurano.dev/playground/engine/value\t(cached)\nok  \tmurano.dev/playground/engine/yaql/std\t40.5s"
	for _, chunk := range []string{text[:30], text[30:77], text[77:]} {
		p.Write([]byte(chunk))
	}
	p.flush()
	if out.String() != text {
		t.Errorf("passed on %q", out.String())
	}
	if got, want := p.slowest(2), "engine/dsl 95.2s, engine/yaql/std 40.5s"; got != want {
		t.Errorf("slowest(2) = %q, want %q", got, want)
	}
	if got := p.slowest(9); !strings.HasSuffix(got, ", formgen/dynui 12.0s") {
		t.Errorf("slowest(9) = %q", got)
	}
}
