// This file reads the corpus of package tests (engine/testdata/tests) and
// compares the reports of test runs.

package enginetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// TestRunCase is one txtar of the corpus of package tests: package
// folders under packages/ and runs of the test runner on them.
type TestRunCase struct {
	*Archive
	// Applications tells that the runs need io.murano.applications as
	// murano has it, with its tests (a --package-dir of its own).
	Applications bool
	Runs         []*TestRun
}

// TestRun is one run of the test runner.
type TestRun struct {
	// Package is NAME or NAME/VERSION; Tests select the tests.
	Package string   `json:"package"`
	Tests   []string `json:"tests,omitempty"`
	// Want is the report the reference printed (--json), compacted; nil
	// before it is recorded.
	Want json.RawMessage `json:"-"`
}

// TestRunsMember is the member of a case that holds its runs.
const TestRunsMember = "runs"

// LoadTestRunCases reads and parses the cases of dir; one that does not
// parse fails t.
func LoadTestRunCases(t testing.TB, dir string) []*TestRunCase {
	t.Helper()
	return LoadArchives(t, dir, ParseTestRunCase)
}

// ParseTestRunCase reads the runs member of ar: optional
// "applications: true" and "note:" lines, then for every run a "run:
// {...}" line followed by its "want:". A missing want is not an error
// here (recording fills it in); [TestRunCase.Check] reports it.
func ParseTestRunCase(ar *Archive) (*TestRunCase, error) {
	c := &TestRunCase{Archive: ar}
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%s: %s", ar.Path, fmt.Sprintf(format, args...))
	}
	data, ok := ar.File(TestRunsMember)
	if !ok {
		return nil, fail("no %q member", TestRunsMember)
	}
	fields, err := ParseFields(data)
	if err != nil {
		return nil, fail("%s: %v", TestRunsMember, err)
	}
	for _, f := range fields {
		switch f.Key {
		case "note":
		case "applications":
			if err := json.Unmarshal(f.Value, &c.Applications); err != nil {
				return nil, fail("applications: %v", err)
			}
		case "run":
			run := new(TestRun)
			dec := json.NewDecoder(bytes.NewReader(f.Value))
			dec.DisallowUnknownFields()
			if err := dec.Decode(run); err != nil || run.Package == "" {
				return nil, fail("run %d: want {\"package\", \"tests\"}: %v", len(c.Runs)+1, err)
			}
			c.Runs = append(c.Runs, run)
		case "want":
			if len(c.Runs) == 0 || c.Runs[len(c.Runs)-1].Want != nil {
				return nil, fail("want: without its run")
			}
			c.Runs[len(c.Runs)-1].Want = f.Value
		default:
			return nil, fail("unknown key %q", f.Key)
		}
	}
	if len(c.Runs) == 0 {
		return nil, fail("no runs")
	}
	if !c.Applications && !slices.ContainsFunc(c.Files, func(f txtar.File) bool { return strings.HasPrefix(f.Name, "packages/") }) {
		return nil, fail("no members under packages/")
	}
	return c, nil
}

// Check reports a run without its recorded want, or a want that is not
// a report.
func (c *TestRunCase) Check() error {
	for i, run := range c.Runs {
		var rep testReport
		if run.Want == nil {
			return fmt.Errorf("%s: run %d has no want", c.Path, i+1)
		}
		if err := json.Unmarshal(run.Want, &rep); err != nil || rep.Tests == nil || rep.Passed == nil || rep.Failed == nil {
			return fmt.Errorf("%s: run %d: want is not a report (tests, passed, failed)", c.Path, i+1)
		}
	}
	return nil
}

// Extract writes the members of the case, but its runs, under dir.
func (c *TestRunCase) Extract(dir string) error {
	for _, f := range c.Files {
		if f.Name == TestRunsMember {
			continue
		}
		name := path.Clean(f.Name)
		if path.IsAbs(name) || strings.HasPrefix(name, "../") {
			return fmt.Errorf("%s: member %q is outside the case", c.Path, f.Name)
		}
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// CommandArgs returns the arguments of the run, the same for the
// reference harness and `muranopl test`, with the package folders given.
func (r *TestRun) CommandArgs(packageDirs []string) []string {
	var args []string
	for _, d := range packageDirs {
		args = append(args, "--package-dir", d)
	}
	return append(append(append(args, "--package", r.Package), r.Tests...), "--json")
}

// SetWants replaces the want of every run by wants[i] (nil: keep it),
// compacted, adding the line after the run where it has none.
func (c *TestRunCase) SetWants(wants [][]byte) error {
	for i, w := range wants {
		if w == nil {
			continue
		}
		var b bytes.Buffer
		if err := json.Compact(&b, w); err != nil {
			return fmt.Errorf("%s: run %d: %v", c.Path, i+1, err)
		}
		c.Runs[i].Want = b.Bytes()
	}
	for i, f := range c.Files {
		if f.Name != TestRunsMember {
			continue
		}
		var b bytes.Buffer
		run := -1
		flush := func() {
			if run >= 0 && c.Runs[run].Want != nil {
				fmt.Fprintf(&b, "want: %s\n", c.Runs[run].Want)
			}
		}
		for line := range strings.SplitAfterSeq(string(f.Data), "\n") {
			key, _, _ := strings.Cut(strings.TrimSpace(line), ":")
			switch key {
			case "want":
				continue
			case "run":
				flush()
				run++
			}
			b.WriteString(line)
			if line != "" && !strings.HasSuffix(line, "\n") {
				b.WriteByte('\n')
			}
		}
		flush()
		c.Files[i].Data = b.Bytes()
	}
	return nil
}

// testReport is a report of the test runner.
type testReport struct {
	Tests []struct {
		Class  string          `json:"class"`
		Method string          `json:"method"`
		OK     bool            `json:"ok"`
		Error  json.RawMessage `json:"error"`
	} `json:"tests"`
	Passed *int            `json:"passed"`
	Failed *int            `json:"failed"`
	Error  json.RawMessage `json:"error"`
}

// searchedRE is the list of folders in the message of a package that is
// not found, which names the machine's paths.
var searchedRE = regexp.MustCompile(`(Specified package is not found: ).*?( were scanned)`)

// CompareTestRuns compares two reports of a run and returns their
// differences. The order of the tests is free. A run that a setUp
// stopped ran the classes before it, which depends on the order of the
// classes (Python's set order in murano): there, only the tests of the
// classes both ran are compared, and not the counts. The folders the
// message of a package not found lists are not compared.
func CompareTestRuns(want, got []byte) ([]string, error) {
	var w, g testReport
	if err := json.Unmarshal(want, &w); err != nil {
		return nil, fmt.Errorf("want: %w", err)
	}
	if err := json.Unmarshal(got, &g); err != nil {
		return nil, fmt.Errorf("got: %w", err)
	}
	var diffs []string
	same := func(what string, a, b json.RawMessage) {
		if ok, err := SameJSON(mask(a), mask(b)); err != nil || !ok {
			diffs = append(diffs, fmt.Sprintf("%s: want %s, got %s", what, orNull(a), orNull(b)))
		}
	}
	same("error", w.Error, g.Error)
	var runnerError struct{ Type string }
	json.Unmarshal(w.Error, &runnerError)
	stopped := len(w.Error) > 0 && string(w.Error) != "null" && runnerError.Type != "TestRunnerError"
	if !stopped && (*w.Passed != *g.Passed || *w.Failed != *g.Failed) {
		diffs = append(diffs, fmt.Sprintf("counts: want %d passed, %d failed, got %d passed, %d failed", *w.Passed, *w.Failed, *g.Passed, *g.Failed))
	}
	type result struct {
		ok    bool
		error json.RawMessage
	}
	index := func(r testReport) (map[string]result, map[string]bool) {
		tests, classes := map[string]result{}, map[string]bool{}
		for _, t := range r.Tests {
			tests[t.Class+"."+t.Method] = result{t.OK, t.Error}
			classes[t.Class] = true
		}
		return tests, classes
	}
	wt, wc := index(w)
	gt, gc := index(g)
	all := map[string]bool{}
	for name := range wt {
		all[name] = true
	}
	for name := range gt {
		all[name] = true
	}
	names := slices.Sorted(maps.Keys(all))
	for _, name := range names {
		a, inW := wt[name]
		b, inG := gt[name]
		class := name[:strings.LastIndex(name, ".")]
		switch {
		case inW && inG:
			if a.ok != b.ok {
				diffs = append(diffs, fmt.Sprintf("%s: want ok %t, got %t", name, a.ok, b.ok))
			}
			same(name+": error", a.error, b.error)
		case stopped && !(wc[class] && gc[class]):
		case inW:
			diffs = append(diffs, name+": not run")
		default:
			diffs = append(diffs, name+": run, the reference did not")
		}
	}
	return diffs, nil
}

func mask(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return json.RawMessage("null")
	}
	return searchedRE.ReplaceAll(raw, []byte("${1}…${2}"))
}

func orNull(raw json.RawMessage) string {
	if len(raw) == 0 {
		return "null"
	}
	return string(raw)
}
