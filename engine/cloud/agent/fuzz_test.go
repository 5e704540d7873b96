package agent

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/tools/txtar"
)

// FuzzHandle: any plan gets a result or none, never a panic or a hang,
// and a result is JSON. body, when not empty, replaces the plan's Body.
func FuzzHandle(f *testing.F) {
	paths, _ := filepath.Glob("testdata/handle/*.txtar")
	for _, path := range paths {
		archive, err := txtar.ParseFile(path)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range archive.Files {
			if file.Name != "plans.json" {
				continue
			}
			for _, plan := range decodeJSON(f, file.Data).([]any) {
				data, _ := json.Marshal(plan)
				f.Add(data, "", "")
			}
		}
	}
	f.Add([]byte(`{"FormatVersion":"2.0.0","Scripts":{"s":{"Type":"Application","EntryPoint":"f"}},"Files":{"f":{"Name":"a.sh","BodyType":"Text","Body":"echo $1; exit 4"}},"Body":"return s('x').stdout"}`), "if args.a:\n  return s(args.a)\nelse: return '{0!r:>4}'.format(1) % ()", "x")
	f.Fuzz(func(t *testing.T, data []byte, body, shellScript string) {
		var plan map[string]any
		if json.Unmarshal(data, &plan) != nil {
			return
		}
		plan = numbers(plan).(map[string]any)
		if body != "" {
			plan["Body"] = body
		}
		if files, ok := plan["Files"].(map[string]any); ok && shellScript != "" {
			for _, file := range files {
				if f, ok := file.(map[string]any); ok {
					f["Body"] = shellScript
				}
			}
		}
		for _, scripts := range []Scripts{nil, FakeShell{}} {
			result := New(Config{FormatVersion: 2}).Handle(plan, scripts, time.Unix(0, 0))
			if result == nil {
				continue
			}
			if _, err := json.Marshal(result); err != nil {
				t.Fatalf("result %v is not JSON: %v", result, err)
			}
		}
	})
}

// FuzzParseUserData: any user data gives a configuration, none or an
// error, never a panic.
func FuzzParseUserData(f *testing.F) {
	paths, _ := filepath.Glob("testdata/userdata/*.txtar")
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		archive := txtar.Parse(data)
		for _, file := range archive.Files {
			if file.Name == "user_data" {
				f.Add(string(file.Data), "")
			}
		}
	}
	f.Fuzz(func(t *testing.T, userData, ref string) {
		cfg, ok, err := ParseUserData(userData, map[string]string{ref: userData, "x": ref})
		if ok && (err != nil || cfg.FormatVersion == 0) {
			t.Fatalf("ok with %+v, %v", cfg, err)
		}
	})
}
