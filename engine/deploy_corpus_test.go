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

	"murano.dev/playground/engine/corelib"
	"murano.dev/playground/engine/enginetest"
	"murano.dev/playground/engine/pkg"
)

// deployCorpus is the differential corpus of deployments (see its
// README.md): scenarios recorded with the reference's deploy harness. The
// engine's runner is TestDeployCorpus (deploy_engine_test.go).
const deployCorpus = "testdata/deploy"

// coreLibraries are the core libraries the corpora of deploys and package
// tests run with: the project's own, and the real io.murano (which
// CI=true requires).
var coreLibraries = []struct {
	name string
	core func(t *testing.T) fs.FS
}{
	{"own", func(*testing.T) fs.FS { return corelib.FS() }},
	{"real", func(t *testing.T) fs.FS {
		core, _, err := LocateCoreLibrary()
		enginetest.Need(t, "the real io.murano core library", err)
		return core
	}},
}

// applicationsLibraryEnv names the io.murano.applications package folder
// the harness needs for the scenarios that require it; by default it is
// ../reference/io.murano.applications beside the harness folder.
const applicationsLibraryEnv = "MURANO_APPLICATIONS_LIBRARY"

func TestDeployCorpusWellFormed(t *testing.T) {
	scenarios := enginetest.LoadDeployScenarios(t, deployCorpus)
	for _, s := range scenarios {
		if err := s.Check(); err != nil {
			t.Error(err)
		}
	}
	if len(scenarios) < 30 {
		t.Errorf("%d scenarios, want at least 30", len(scenarios))
	}
}

// TestDeployCorpusMatchesReference re-runs a sample of the scenarios
// (enginetest.Sample) through the reference's deploy harness (the first
// twice: the two runs must print the same bytes) and checks they print the
// same output as the recorded
// wants up to the generated names (enginetest.CompareDeploy). With
// MURANO_UPDATE=1 it records every scenario and rewrites the wants that
// are missing or stale. It runs when MURANO_REFERENCE names the reference
// harness.
func TestDeployCorpusMatchesReference(t *testing.T) {
	harness := enginetest.ReferenceScript(t, "deploy/deploy.py")
	_, core, err := pkg.LocateCoreLibrary()
	enginetest.Need(t, "the io.murano core library", err)
	apps := os.Getenv(applicationsLibraryEnv)
	if apps == "" {
		apps = filepath.Join(filepath.Dir(filepath.Dir(harness)), "..", "reference", "io.murano.applications")
	}
	scenarios := enginetest.LoadDeployScenarios(t, deployCorpus)
	var mu sync.Mutex
	var stale []*enginetest.DeployScenario
	t.Run("scenarios", func(t *testing.T) {
		for i, s := range scenarios {
			if !enginetest.Sample(i) {
				continue
			}
			t.Run(s.Name, func(t *testing.T) {
				t.Parallel()
				packages := []string{"packages"}
				if s.Applications {
					_, err := os.Stat(filepath.Join(apps, "manifest.yaml"))
					enginetest.Need(t, "io.murano.applications (set "+applicationsLibraryEnv+")", err)
					packages = append(packages, apps)
				}
				first := runDeployScenario(t, harness, core, s, packages)
				if i == 0 || enginetest.Update() {
					// The harness is deterministic: one scenario (every one
					// when recording) runs twice.
					second := runDeployScenario(t, harness, core, s, packages)
					for i := range first {
						if !bytes.Equal(first[i], second[i]) {
							t.Errorf("step %d: two runs of the harness differ:\n  %.300s\n  %.300s", i+1, first[i], second[i])
						}
					}
				}
				err := s.Check()
				if err == nil {
					diffs, err := enginetest.CompareDeploy(s.Wants(), first)
					if err != nil {
						t.Fatal(err)
					}
					if len(diffs) == 0 {
						return
					}
					err = fmt.Errorf("the golden wants are stale (MURANO_UPDATE=1 rewrites them):\n  %s", strings.Join(diffs, "\n  "))
				}
				if !enginetest.Update() {
					t.Error(err)
					return
				}
				s.SetWants(first)
				mu.Lock()
				stale = append(stale, s)
				mu.Unlock()
			})
		}
	})
	for _, s := range stale {
		if err := s.Write(); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote the wants of %s", s.Path)
	}
}

// runDeployScenario runs the steps of s on the harness, in a folder of its
// own where the members are extracted, each step continuing from the state
// the one before saved, with core as the real io.murano; it returns what
// each step printed. A step that prints no JSON document fails t.
func runDeployScenario(t *testing.T, harness, core string, s *enginetest.DeployScenario, packages []string) [][]byte {
	dir := t.TempDir()
	if err := s.Extract(dir); err != nil {
		t.Fatal(err)
	}
	var outs [][]byte
	state := ""
	for i, step := range s.Steps {
		save := fmt.Sprintf("state-%d.json", i+1)
		args := step.CommandArgs(packages, state, save)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		cmd := exec.CommandContext(ctx, enginetest.Python, append([]string{harness}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "MURANO_CORE_LIBRARY="+core)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		cancel()
		out := bytes.TrimSpace(stdout.Bytes())
		if !json.Valid(out) || len(out) == 0 {
			t.Fatalf("step %d: deploy.py %s: %v\n%s", i+1, strings.Join(args, " "), err, stderr.Bytes())
		}
		outs = append(outs, out)
		state = save
	}
	return outs
}
