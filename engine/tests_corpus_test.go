package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"murano.dev/playground/engine/enginetest"
	"murano.dev/playground/engine/pkg"
)

// testsCorpus is the corpus of package tests (see its README.md): runs of
// murano's test runner recorded with the reference harness's
// testrunner.py.
const testsCorpus = "testdata/tests"

// referenceApplications returns the folder of murano's
// io.murano.applications, whose own tests the corpus runs:
// $MURANO_APPLICATIONS_LIBRARY, or reference/io.murano.applications beside
// the reference harness. Without either the cases that need it are
// skipped.
func referenceApplications(t *testing.T) string {
	t.Helper()
	dir := os.Getenv(applicationsLibraryEnv)
	if dir == "" {
		harness := os.Getenv(enginetest.ReferenceEnv)
		if harness == "" {
			t.Skipf("needs murano's io.murano.applications: set %s or %s", applicationsLibraryEnv, enginetest.ReferenceEnv)
		}
		dir = filepath.Join(harness, "..", "reference", "io.murano.applications")
	}
	_, err := os.Stat(filepath.Join(dir, "manifest.yaml"))
	enginetest.Need(t, "murano's io.murano.applications (set "+applicationsLibraryEnv+")", err)
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

func TestTestsCorpusWellFormed(t *testing.T) {
	cases := enginetest.LoadTestRunCases(t, testsCorpus)
	runs := 0
	for _, c := range cases {
		if err := c.Check(); err != nil {
			t.Error(err)
		}
		runs += len(c.Runs)
	}
	if len(cases) < 15 {
		t.Errorf("%d cases, want at least 15", len(cases))
	}
	t.Logf("%d cases, %d runs", len(cases), runs)
}

// TestTestsCorpus runs every run of the corpus through RunTests, once with
// the project's core library and once with the real one (which CI=true
// requires), and compares the reports with the reference's
// (enginetest.CompareTestRuns). Deviations are listed in
// testdata/tests/skip.txt as "<library>:<case>  <reason>".
func TestTestsCorpus(t *testing.T) {
	cases := enginetest.LoadTestRunCases(t, testsCorpus)
	skips := enginetest.LoadSkips(t, filepath.Join(testsCorpus, "skip.txt"))
	known := map[string]bool{}
	for _, lib := range coreLibraries {
		var tally enginetest.Tally
		t.Run(lib.name, func(t *testing.T) {
			core := lib.core(t)
			for _, c := range cases {
				key := lib.name + ":" + c.Name
				known[key] = true
				t.Run(c.Name, func(t *testing.T) {
					t.Parallel()
					dirs := testCaseDirs(t, c)
					var diffs []string
					for i, run := range c.Runs {
						got := runTestsCase(t, run, dirs, core)
						d, err := enginetest.CompareTestRuns(run.Want, got)
						if err != nil {
							t.Fatal(err)
						}
						for _, diff := range d {
							diffs = append(diffs, fmt.Sprintf("run %d: %s", i+1, diff))
						}
					}
					tally.Add(skips.Judge(t, key, diffs))
				})
			}
		})
		t.Logf("%s core library: %s", lib.name, tally.String())
	}
	skips.CheckKeys(t, func(key string) bool { return known[key] })
}

// testCaseDirs extracts the case and returns its package folders.
func testCaseDirs(t *testing.T, c *enginetest.TestRunCase) []string {
	var dirs []string
	if c.Applications {
		dirs = append(dirs, referenceApplications(t))
	}
	if len(c.Files) > 1 {
		dir := t.TempDir()
		if err := c.Extract(dir); err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, filepath.Join(dir, "packages"))
	}
	return dirs
}

// runTestsCase runs one run of a case as `muranopl test` would, and
// returns its report as JSON.
func runTestsCase(t *testing.T, run *enginetest.TestRun, dirs []string, core fs.FS) []byte {
	req := TestRequest{Package: run.Package, Tests: run.Tests, CoreLibrary: core, Searched: dirs}
	for _, dir := range dirs {
		found, _, err := FindPackages(dir)
		if err != nil {
			t.Fatal(err)
		}
		req.Packages = append(req.Packages, found...)
	}
	rep, err := RunTests(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestTestsCorpusMatchesReference re-runs a sample of the cases
// (enginetest.Sample) through the reference harness's testrunner.py and
// checks that they print the recorded reports. With MURANO_UPDATE=1 it
// records every case and rewrites the wants that are missing or stale. It
// runs when MURANO_REFERENCE names the reference harness.
func TestTestsCorpusMatchesReference(t *testing.T) {
	harness := enginetest.ReferenceScript(t, "testrunner.py")
	_, core, err := pkg.LocateCoreLibrary()
	enginetest.Need(t, "the io.murano core library", err)
	cases := enginetest.LoadTestRunCases(t, testsCorpus)
	var mu sync.Mutex
	var stale []*enginetest.TestRunCase
	t.Run("cases", func(t *testing.T) {
		for i, c := range cases {
			if !enginetest.Sample(i) {
				continue
			}
			t.Run(c.Name, func(t *testing.T) {
				t.Parallel()
				dirs := testCaseDirs(t, c)
				wants := make([][]byte, len(c.Runs))
				var diffs []string
				for i, run := range c.Runs {
					wants[i] = runTestRunner(t, harness, core, run, dirs)
					if run.Want == nil {
						diffs = append(diffs, fmt.Sprintf("run %d: no want", i+1))
						continue
					}
					d, err := enginetest.CompareTestRuns(run.Want, wants[i])
					if err != nil {
						t.Fatal(err)
					}
					for _, diff := range d {
						diffs = append(diffs, fmt.Sprintf("run %d: %s", i+1, diff))
					}
				}
				if len(diffs) == 0 {
					return
				}
				if !enginetest.Update() {
					t.Errorf("the golden wants are stale (MURANO_UPDATE=1 rewrites them):\n  %s", strings.Join(diffs, "\n  "))
					return
				}
				if err := c.SetWants(wants); err != nil {
					t.Fatal(err)
				}
				mu.Lock()
				stale = append(stale, c)
				mu.Unlock()
			})
		}
	})
	for _, c := range stale {
		if err := c.Write(); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote the wants of %s", c.Path)
	}
}

// runTestRunner runs one run on the harness with core as the real
// io.murano and returns the report it printed.
func runTestRunner(t *testing.T, harness, core string, run *enginetest.TestRun, dirs []string) []byte {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	args := run.CommandArgs(dirs)
	cmd := exec.CommandContext(ctx, enginetest.Python, append([]string{harness}, args...)...)
	cmd.Env = append(os.Environ(), "MURANO_CORE_LIBRARY="+core)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	out := bytes.TrimSpace(stdout.Bytes())
	if len(out) == 0 || !json.Valid(out) {
		t.Fatalf("testrunner.py %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return out
}
