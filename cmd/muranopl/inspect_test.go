package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"murano.dev/playground/engine"
	"murano.dev/playground/engine/enginetest"
)

func TestInspect(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "UI"), 0o755)
	os.WriteFile(filepath.Join(dir, "manifest.yaml"), []byte("Format: 1.3\nFullName: com.ex.App\nType: Application\nVersion: 1.2\nTags: [a]\nClasses:\n  com.ex.App: App.yaml\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "UI", "ui.yaml"), []byte("Version: 2.2\n"), 0o644)
	var out, errb bytes.Buffer
	if code := run([]string{"inspect", dir}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want := `{"fullName": "com.ex.App", "name": "com.ex.App", "type": "Application", "format": "MuranoPL/1.3.0", "version": "1.2.0", "description": "", "author": "", "tags": ["a"], "classes": {"com.ex.App": "App.yaml"}, "require": {}, "ui": true, "uiVersion": "2.2"}` + "\n"
	if out.String() != want {
		t.Errorf("got %s", out.String())
	}

	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, "manifest.yaml"), []byte("FullName: x..y\nType: Library\n"), 0o644)
	out.Reset()
	errb.Reset()
	if code := run([]string{"inspect", bad}, nil, &out, &errb); code != 1 || out.Len() != 0 ||
		!strings.Contains(errb.String(), "manifest.yaml:1:11: PackageFormatError: Incorrect package format: Invalid FullName x..y") {
		t.Errorf("bad package: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}

	for _, args := range [][]string{{"inspect"}, {"inspect", "a", "b"}, {"inspect", filepath.Join(dir, "nope")}} {
		errb.Reset()
		if code := run(args, nil, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestInspectCoreLibrary(t *testing.T) {
	// The core library (a .zip or a folder) as `muranopl run` finds it.
	var out, errb bytes.Buffer
	_, core, err := engine.LocateCoreLibrary()
	enginetest.Need(t, "the io.murano core library", err)
	if code := run([]string{"inspect", core}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.HasPrefix(out.String(), `{"fullName": "io.murano", "name": "Core library", "type": "Library", "format": "MuranoPL/1.4.0"`) {
		t.Errorf("got %s", out.String())
	}
}

// TestInspectReadsUIAsTheForms checks a ui.yaml that PyYAML reads but
// go-yaml's Unmarshal rejects (a repeated "?" key): murano-dashboard
// (oracle/dynui, input {"f": {"name": "x"}}) takes the last "?" and
// creates an a.b object named x; `muranopl ui` does the same and
// `muranopl inspect` reports its Version.
func TestInspectReadsUIAsTheForms(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "UI"), 0o755)
	os.WriteFile(filepath.Join(dir, "manifest.yaml"), []byte("FullName: a.b\nType: Application\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "UI", "ui.yaml"), []byte("Version: 2.2\nApplication:\n  ?:\n    type: a.Other\n  ?:\n    type: a.b\n"+
		"  name: $.f.name\nForms:\n  - f:\n      fields:\n        - name: name\n          type: string\n"), 0o644)
	answers := filepath.Join(t.TempDir(), "answers.json")
	os.WriteFile(answers, []byte(`{"f": {"name": "x"}}`), 0o644)
	var out, errb bytes.Buffer
	if code := run([]string{"ui", dir, "--input", answers}, nil, &out, &errb); code != 0 {
		t.Fatalf("ui: exit %d: %s%s", code, out.String(), errb.String())
	}
	var res struct {
		ObjectModel struct {
			Header struct{ Type string } `json:"?"`
			Name   string                `json:"name"`
		} `json:"objectModel"`
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil || res.ObjectModel.Header.Type != "a.b" || res.ObjectModel.Name != "x" {
		t.Errorf("ui: %v %s", err, out.String())
	}
	out.Reset()
	if code := run([]string{"inspect", dir}, nil, &out, &errb); code != 0 || !strings.Contains(out.String(), `"uiVersion": "2.2"`) {
		t.Errorf("inspect: exit %d, %s%s", code, out.String(), errb.String())
	}
}
