package dynui

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"murano.dev/playground/engine/enginetest"
)

// TestCorpusMatchesOracle re-runs a sample of the corpus cases
// (enginetest.Sample; the describe cases aside) through the dashboard and
// compares its output with the recorded want, as TestCorpus compares
// ours: the goldens follow the reference. With MURANO_UPDATE=1 it
// rewrites the stale wants. It runs when MURANO_REFERENCE names the
// reference harness (its dynui/oracle.py runs murano-dashboard's own code).
func TestCorpusMatchesOracle(t *testing.T) {
	oracle := enginetest.ReferenceScript(t, "dynui/oracle.py")
	if err := exec.Command(enginetest.Python, "-c", "import muranodashboard").Run(); err != nil {
		t.Fatalf("the Dynamic UI reference needs Debian's python3-murano-dashboard: %v", err)
	}
	var mu sync.Mutex
	updates := map[string]string{}
	t.Run("cases", func(t *testing.T) {
		for i, c := range corpusCases(t) {
			if !enginetest.Sample(i) || c.name == "describe" {
				continue
			}
			t.Run(c.file+"/"+c.name, func(t *testing.T) {
				t.Parallel()
				out := runOracle(t, oracle, c)
				want, err := decodeJSON(out)
				if err != nil {
					t.Fatalf("the reference's output is not JSON: %v\n%s", err, out)
				}
				recorded, err := decodeJSON([]byte(c.want))
				if err != nil {
					t.Fatalf("bad want file: %v", err)
				}
				diffs := compare(c, recorded, exitOf(recorded), want)
				switch {
				case len(diffs) == 0:
				case enginetest.Update():
					mu.Lock()
					updates[c.key()] = string(out)
					mu.Unlock()
				default:
					t.Errorf("the golden want is stale (MURANO_UPDATE=1 rewrites it); got is the golden, want the reference:\n%s", strings.Join(diffs, "\n"))
				}
			})
		}
	})
	if len(updates) > 0 {
		rewriteWants(t, updates)
	}
}

// runOracle runs the dashboard's code on the case and returns what it
// printed.
func runOracle(t *testing.T, oracle string, c corpusCase) []byte {
	dir := t.TempDir()
	ui := filepath.Join(dir, "ui.yaml")
	input := filepath.Join(dir, "input.json")
	if err := os.WriteFile(ui, []byte(c.yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(input, []byte(c.input), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, enginetest.Python, append([]string{oracle, ui, input}, c.args...)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() <= 2) {
		t.Fatalf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, stderr.String())
	}
	return out
}

// rewriteWants replaces the want of the given cases (by key).
func rewriteWants(t *testing.T, updates map[string]string) {
	for _, ar := range enginetest.Archives(t, corpusDir) {
		changed := false
		for _, c := range corpusCases(t) {
			want, ok := updates[c.key()]
			if !ok || c.file != ar.Name {
				continue
			}
			for i, f := range ar.Files {
				if f.Name == c.wantMember() {
					ar.Files[i].Data = []byte(want)
					changed = true
				}
			}
		}
		if changed {
			if err := ar.Write(); err != nil {
				t.Fatal(err)
			}
			t.Logf("rewrote wants in %s", ar.Path)
		}
	}
}
