package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"murano.dev/playground/engine/enginetest"
)

// TestEnv runs the cases of testdata/env.txtar: the environment must be
// byte for byte what the deploy harness's make_env.py printed. With
// MURANO_REFERENCE set, make_env.py runs again on every case to keep the
// wants honest (MURANO_UPDATE=1 rewrites stale ones).
func TestEnv(t *testing.T) {
	ar := enginetest.Archives(t, "testdata")[0]
	dir := t.TempDir()
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, "apps/") {
			path := filepath.Join(dir, filepath.FromSlash(f.Name))
			os.MkdirAll(filepath.Dir(path), 0o755)
			if err := os.WriteFile(path, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	changed := false
	for i, f := range ar.Files {
		name, ok := strings.CutSuffix(f.Name, ".args")
		if !ok {
			continue
		}
		want, ok := ar.File(name + ".want")
		if !ok {
			t.Fatalf("%s: no %s.want", ar.Path, name)
		}
		args := strings.Fields(string(f.Data))
		for j, a := range args {
			if strings.HasPrefix(a, "apps/") {
				args[j] = filepath.Join(dir, filepath.FromSlash(a))
			}
		}
		t.Run(name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(append([]string{"env"}, args...), nil, &stdout, &stderr); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			if stdout.String() != string(want) {
				t.Errorf("muranopl env %s:\n%s\nwant (make_env.py):\n%s", f.Data, stdout.String(), want)
			}
		})
		t.Run(name+"/reference", func(t *testing.T) {
			script := enginetest.ReferenceScript(t, "deploy/make_env.py")
			out, err := exec.Command(enginetest.Python, append([]string{script}, args...)...).Output()
			if err != nil {
				t.Fatalf("make_env.py: %v", err)
			}
			if string(out) == string(want) {
				return
			}
			if !enginetest.Update() {
				t.Fatalf("%s.want is stale; make_env.py prints:\n%s", name, out)
			}
			ar.Files[i+1].Data = out
			changed = true
		})
	}
	if changed {
		if err := ar.Write(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestEnvErrors(t *testing.T) {
	dir := t.TempDir()
	notModel := filepath.Join(dir, "x.json")
	os.WriteFile(notModel, []byte(`{"a": 1}`), 0o644)
	broken := filepath.Join(dir, "y.json")
	os.WriteFile(broken, []byte(`{"?": `), 0o644)
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{notModel}, `not an application object model (no "?")`},
		{[]string{broken}, "y.json: "},
		{[]string{filepath.Join(dir, "missing.json")}, "no such file"},
		{[]string{"--network", "flat"}, `unknown network "flat"`},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"env"}, tt.args...), nil, &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), tt.msg) || stdout.Len() != 0 {
			t.Errorf("env %v: exit %d, stderr %q, stdout %q; want exit 2 and %q", tt.args, code, stderr.String(), stdout.String(), tt.msg)
		}
	}
}
