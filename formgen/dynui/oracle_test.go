package dynui

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const (
	oraclePython = "/usr/bin/python3"
	oracleScript = "/work/shared/oracle/dynui/oracle.py"
)

// oracleAvailable reports whether the dashboard oracle can run; in CI
// its absence fails the test.
func oracleAvailable(t *testing.T) {
	t.Helper()
	_, errPy := os.Stat(oraclePython)
	_, errScript := os.Stat(oracleScript)
	errDash := exec.Command(oraclePython, "-c", "import muranodashboard").Run()
	if errPy == nil && errScript == nil && errDash == nil {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("the Dynamic UI oracle is not available (%v %v %v)", errPy, errScript, errDash)
	}
	t.Skip("the Dynamic UI oracle (python3-murano-dashboard) is not installed")
}

// TestCorpusSampleAgainstOracle re-runs every tenth corpus case through
// the dashboard and compares its output with ours, so that goldens and
// the implementation both follow the reference.
func TestCorpusSampleAgainstOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the Python oracle")
	}
	oracleAvailable(t)
	skips := readSkips(t)
	for i, c := range corpusCases(t) {
		id := c.file + "/" + c.name
		if i%10 != 0 || c.name == "describe" {
			continue
		}
		if _, skipped := skips[id]; skipped {
			continue
		}
		t.Run(id, func(t *testing.T) {
			dir := t.TempDir()
			ui := filepath.Join(dir, "ui.yaml")
			input := filepath.Join(dir, "input.json")
			os.WriteFile(ui, []byte(c.yaml), 0o644)
			os.WriteFile(input, []byte(c.input), 0o644)
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, oraclePython, append([]string{oracleScript, ui, input}, c.args...)...)
			out, _ := cmd.Output()
			if ctx.Err() != nil {
				t.Skip("the oracle did not answer within a minute")
			}
			var want map[string]any
			if err := json.Unmarshal(out, &want); err != nil {
				t.Fatalf("oracle output is not JSON: %v\n%s", err, out)
			}
			got, code := runCase(c)
			if diffs := compare(c, got, code, want); len(diffs) > 0 {
				t.Error(strings.Join(diffs, "\n"))
			}
		})
	}
}
