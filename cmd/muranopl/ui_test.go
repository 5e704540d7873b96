package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

const smallUI = `Version: 2.2
Application:
  ?:
    type: com.example.Small
  greeting: $.main.greeting
  count: $.main.count
Forms:
  - main:
      fields:
        - name: greeting
          type: string
          initial: hello
        - name: count
          type: integer
          minValue: 1
`

// smallPackage writes a package folder holding smallUI.
func smallPackage(t *testing.T) string {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "UI"), 0o755)
	os.WriteFile(filepath.Join(dir, "manifest.yaml"), []byte("Format: 1.3\nFullName: com.example.Small\nName: Small App\nType: Application\nClasses:\n  com.example.Small: Small.yaml\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "UI", "ui.yaml"), []byte(smallUI), 0o644)
	return dir
}

func writeFile(t *testing.T, name, text string) string {
	p := filepath.Join(t.TempDir(), name)
	os.WriteFile(p, []byte(text), 0o644)
	return p
}

// Expected outputs recorded with the Dynamic UI oracle (--fqn
// com.example.Small --package-name "Small App").
func TestUICommand(t *testing.T) {
	pkgDir := smallPackage(t)
	bare := writeFile(t, "ui.yaml", smallUI)
	ok := writeFile(t, "ok.json", `{"main": {"count": 3}}`)
	bad := writeFile(t, "bad.json", `{"main": {"count": 0}}`)
	wantModel := `{"?": {"_26411a1861294160833743e45d0eaad9": {"name": "Small App"}, "id": "bdd640fb-0667-4ad1-9c80-317fa3b1799d", "name": "Small", "resourceUsages": {"RegionOne": {"instances": 0, "ram": 0, "vcpus": 0}}, "type": "com.example.Small"}, "count": 3, "greeting": "hello"}`
	tests := []struct {
		name string
		args []string
		code int
		want map[string]string // key → JSON
	}{
		{"folder", []string{"ui", pkgDir, "--input", ok}, 0, map[string]string{"valid": "true", "objectModel": wantModel}},
		{"bare", []string{"ui", bare, "--input", ok, "--fqn", "com.example.Small", "--package-name", "Small App"}, 0, map[string]string{"objectModel": wantModel}},
		{"invalid", []string{"ui", pkgDir, "--input", bad}, 1, map[string]string{"valid": "false", "step": "0", "form": `"main"`,
			"errors": `{"count": ["Ensure this value is greater than or equal to 1."]}`}},
		{"bad version", []string{"ui", writeFile(t, "v.yaml", "Version: 3\nApplication: {}\n"), "--input", ok}, 2, map[string]string{
			"error": `{"type": "ValueError", "message": "Unsupported Dynamic UI format version: requested format version 3.0.0 is not compatible with the supported family 2"}`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := run(tt.args, nil, &out, &errb); code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %s; stdout %s", code, tt.code, errb.String(), out.String())
			}
			var got map[string]any
			if err := json.Unmarshal(out.Bytes(), &got); err != nil {
				t.Fatalf("output is not JSON: %v\n%s", err, out.String())
			}
			if e, ok := got["error"].(map[string]any); ok {
				if pos, _ := e["pos"].(string); !strings.HasSuffix(pos, "v.yaml:1:10") {
					t.Errorf("error position %q, want v.yaml:1:10", pos)
				}
				delete(e, "pos")
			}
			for k, w := range tt.want {
				var want any
				json.Unmarshal([]byte(w), &want)
				if !reflect.DeepEqual(got[k], want) {
					t.Errorf("%s = %v, want %v", k, got[k], want)
				}
			}
		})
	}
}

func TestUIDescribe(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"ui", smallPackage(t), "--describe"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var got struct {
		Forms []struct {
			Form   string
			Fields []struct {
				Name    string
				Initial any
			}
		}
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Forms) != 1 || got.Forms[0].Form != "main" || len(got.Forms[0].Fields) != 2 || got.Forms[0].Fields[0].Initial != "hello" {
		t.Errorf("describe = %+v", got)
	}
}

func TestUIUsage(t *testing.T) {
	for _, args := range [][]string{{"ui"}, {"ui", smallPackage(t)}, {"ui", "/nonexistent", "--input", "x"}} {
		var out, errb bytes.Buffer
		if code := run(args, nil, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
