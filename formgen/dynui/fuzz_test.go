package dynui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// FuzzRun checks that any ui.yaml and answers end in a result or a
// positioned error, never a panic or a hang.
func FuzzRun(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "corpus", "*.txtar"))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		parts := strings.SplitN(string(data), "-- ui.yaml --\n", 2)
		if len(parts) == 2 {
			f.Add(strings.SplitN(parts[1], "\n-- ", 2)[0], `{}`)
		}
	}
	f.Add("Application: {}\nForms: [{a: {fields: [{name: x, type: string}]}}]\n", `{"a": {"x": [1, {"b": null}]}}`)
	f.Fuzz(func(t *testing.T, src, input string) {
		def, err := Load("ui.yaml", []byte(src))
		if err != nil {
			if AsError(err) == nil {
				t.Fatalf("no error value for %v", err)
			}
			return
		}
		in, err := ParseInput([]byte(input))
		if err != nil {
			return
		}
		done := make(chan *Result, 1)
		go func() { done <- Run(def, in, Options{}, true) }()
		select {
		case res := <-done:
			if res.Error != nil && res.Error.Type == "" {
				t.Fatalf("error without a type: %+v", res.Error)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("Run did not finish in 10 s")
		}
	})
}

// Broken definitions fail with the dashboard's exception and where it
// is written.
func TestBrokenDefinitionsArePositioned(t *testing.T) {
	tests := []struct {
		src, typ, pos string
	}{
		{"Version: 2.4\nForms: []\n", "ValueError", "ui.yaml:1:1"},
		{"Version: 1.0\nApplication: {}\n", "ValueError", "ui.yaml:1:10"},
		{"Application: {}\nForms:\n  - f:\n      validators: []\n", "KeyError", "ui.yaml:3:5"},
		{"Application: {}\nForms:\n  - f:\n      fields:\n        - name: x\n          type: string\n          fooBar: 1\n", "TypeError", "ui.yaml:7:11"},
		{"Application: {}\nForms:\n  - f:\n      fields:\n        - name: x\n          type: password\n", "TypeError", "ui.yaml:5:11"},
		{"Application: {\n", "YAMLError", "ui.yaml:2"},
	}
	for _, tt := range tests {
		def, err := Load("ui.yaml", []byte(tt.src))
		if err == nil {
			res := Run(def, &Input{}, Options{}, false)
			if res.Error == nil {
				t.Errorf("%q: no error", tt.src)
				continue
			}
			err = res.Error
		}
		e := AsError(err)
		var de *Error
		if !errors.As(error(e), &de) || !strings.HasPrefix(e.Type, strings.TrimSuffix(tt.typ, "Error")) && e.Type != tt.typ {
			t.Errorf("%q: %v, want a %s", tt.src, e, tt.typ)
		}
		if !strings.HasPrefix(e.Pos.Start.String(), tt.pos) {
			t.Errorf("%q: at %s, want %s", tt.src, e.Pos.Start, tt.pos)
		}
	}
}
