package lint

import (
	"errors"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"murano.dev/playground/engine/enginetest"
)

// pkgCheck is murano-pkg-check, the reference's package checker.
const pkgCheck = "/usr/bin/murano-pkg-check"

// pkgCheckClean are the test packages in which murano-pkg-check finds
// nothing wrong: their problems only the engine sees.
var pkgCheckClean = map[string]bool{"good": true, "unresolved": true}

// pkgCheckLine is one problem murano-pkg-check prints: its code, and the
// file its message names, if any.
var pkgCheckLine = regexp.MustCompile(`^(?:\S+:\d+:\d+: )?([EW]\d{3}) (.*)$`)

// quotedValue is the file or value a murano-pkg-check message quotes.
var quotedValue = regexp.MustCompile(`"([^"]*)"`)

// TestPkgCheckDifferential runs murano-pkg-check over every test package
// (as a zip: it cannot read folders on Python 3) and checks that each
// problem it reports is reported by lint too, with the same code and the
// same quoted file or value. A live re-check against the reference, it
// runs when MURANO_REFERENCE is set (enginetest.Reference).
func TestPkgCheckDifferential(t *testing.T) {
	enginetest.Reference(t, pkgCheck)
	for _, name := range testPackages(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			out, err := exec.Command(pkgCheck, writeZip(t, name)).Output()
			var exit *exec.ExitError
			if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
				t.Fatalf("murano-pkg-check: %v\n%s", err, out)
			}
			ours, err := Check(packageFS(t, name), nil)
			if err != nil {
				t.Fatal(err)
			}
			reported := 0
			for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
				m := pkgCheckLine.FindStringSubmatch(line)
				if m == nil || m[1] == "E000" {
					continue
				}
				reported++
				code, msg := m[1], m[2]
				if !found(ours, code, msg) {
					t.Errorf("murano-pkg-check reports %q; lint does not report %s for it\nlint:\n%s", line, code, render(ours))
				}
			}
			if clean := pkgCheckClean[name]; clean != (reported == 0) {
				t.Errorf("murano-pkg-check reports %d problems in %s, want clean=%v\n%s", reported, name, clean, out)
			}
		})
	}
}

// found reports whether ours has the problem murano-pkg-check reports:
// the same code and the same quoted file or value, unless murano-pkg-check
// quotes it as a Python list or, for E060, quotes the namespace's value
// where the namespace is wrong.
func found(ours []Problem, code, msg string) bool {
	var quoted string
	if m := quotedValue.FindStringSubmatch(msg); m != nil && !strings.Contains(m[1], "[") && code != "E060" {
		quoted = m[1]
	}
	for _, p := range ours {
		if p.Code == code && (quoted == "" || strings.Contains(p.Msg, `"`+quoted+`"`)) {
			return true
		}
	}
	return false
}
