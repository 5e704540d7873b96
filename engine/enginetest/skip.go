// This file reads the skip lists of the corpora and judges cases by them.

package enginetest

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"sync/atomic"
	"testing"
)

// SkipList is the skip.txt of a corpus: the cases the project does not
// agree with yet, one a line, "<case>  <reason>"; lines starting with #
// are comments.
type SkipList struct {
	Path    string
	reasons map[string]string
}

// LoadSkips reads the skip list at path; a missing file is an empty list,
// a line without a reason fails t.
func LoadSkips(t testing.TB, path string) *SkipList {
	t.Helper()
	s, err := ReadSkips(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// ReadSkips reads the skip list at path; a missing file is an empty list.
func ReadSkips(path string) (*SkipList, error) {
	s := &SkipList{Path: path, reasons: map[string]string{}}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, err
	}
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, reason, _ := strings.Cut(line, " ")
		if reason = strings.TrimSpace(reason); reason == "" {
			return nil, fmt.Errorf("%s:%d: want \"<case>  <reason>\", got %q", path, n+1, line)
		}
		if _, dup := s.reasons[key]; dup {
			return nil, fmt.Errorf("%s:%d: %s is listed twice", path, n+1, key)
		}
		s.reasons[key] = reason
	}
	return s, nil
}

// Reason returns why the case is listed.
func (s *SkipList) Reason(key string) (string, bool) {
	reason, ok := s.reasons[key]
	return reason, ok
}

// CheckKeys fails t for every listed case that known does not know.
func (s *SkipList) CheckKeys(t testing.TB, known func(key string) bool) {
	t.Helper()
	for key := range s.reasons {
		if !known(key) {
			t.Errorf("%s: %s is not a case", s.Path, key)
		}
	}
}

// Outcome is what became of a case.
type Outcome int

const (
	Passed Outcome = iota
	Skipped
	Failed
)

// Judge reports the case key with the differences diffs from its golden
// expectation: a listed case that differs is skipped (its reason is
// logged), one that does not differs fails t (its line must go), and an
// unlisted case that differs fails t with its differences.
func (s *SkipList) Judge(t testing.TB, key string, diffs []string) Outcome {
	t.Helper()
	reason, listed := s.reasons[key]
	switch {
	case listed && len(diffs) > 0:
		t.Logf("%s: skipped by %s: %s", key, s.Path, reason)
		return Skipped
	case listed:
		t.Errorf("%s passes but %s lists it (%s): remove the line", key, s.Path, reason)
		return Failed
	case len(diffs) > 0:
		t.Errorf("%s:\n  %s", key, strings.Join(diffs, "\n  "))
		return Failed
	}
	return Passed
}

// Tally counts outcomes; cases running in parallel may add to it.
type Tally struct{ n [3]atomic.Int64 }

// Add counts an outcome.
func (c *Tally) Add(o Outcome) { c.n[o].Add(1) }

// Count returns how many cases had the outcome.
func (c *Tally) Count(o Outcome) int { return int(c.n[o].Load()) }

func (c *Tally) String() string {
	return fmt.Sprintf("%d passed, %d skipped, %d failed", c.Count(Passed), c.Count(Skipped), c.Count(Failed))
}
