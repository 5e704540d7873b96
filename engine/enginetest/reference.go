// This file finds the reference harness and the dependencies of a test.

package enginetest

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// ReferenceEnv names the folder of the reference harness: the scripts
// that run the reference implementation (Debian's python3-yaql,
// python3-murano, python3-murano-dashboard) and print what it does as
// JSON — oracle.py for YAQL and MuranoPL, dynui/oracle.py for the
// Dynamic UI.
const ReferenceEnv = "MURANO_REFERENCE"

// Python is the interpreter of the reference: Debian's, the one its
// packages are installed for.
const Python = "/usr/bin/python3"

// Reference returns the absolute folder of the reference harness named
// by MURANO_REFERENCE. Without the variable, or in -short mode (the
// reference is slow), t is skipped: the live re-checks against the
// reference are an extra, the recorded goldens carry the suite. With it,
// a folder that is not there, no Python interpreter, or a missing file of
// the installed reference that the test runs (files, e.g.
// /usr/bin/murano-pkg-check) fails t.
func Reference(t testing.TB, files ...string) string {
	t.Helper()
	dir := os.Getenv(ReferenceEnv)
	if dir == "" {
		t.Skipf("a live re-check against the reference: set %s to the folder of the reference harness to run it", ReferenceEnv)
	}
	if testing.Short() {
		t.Skip("a live re-check against the reference: slow, not run with -short")
	}
	abs, err := filepath.Abs(dir)
	if err == nil {
		_, err = os.Stat(abs)
	}
	if err != nil {
		t.Fatalf("%s=%s: %v", ReferenceEnv, dir, err)
	}
	for _, file := range append([]string{Python}, files...) {
		if _, err := os.Stat(file); err != nil {
			t.Fatalf("the reference is not installed (see scripts/deps.go): %v", err)
		}
	}
	return abs
}

// ReferenceScript returns the absolute path of script (e.g. "oracle.py",
// "dynui/oracle.py") in the reference harness (see [Reference]); a
// missing script fails t.
func ReferenceScript(t testing.TB, script string) string {
	t.Helper()
	path := filepath.Join(Reference(t), filepath.FromSlash(script))
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("%s: %v", ReferenceEnv, err)
	}
	return path
}

// Sample reports whether a live re-check against the reference runs the
// i-th case of a corpus: every tenth case, or every case with
// MURANO_UPDATE=1 (which rewrites what is stale) or MURANO_REFERENCE_ALL=1.
func Sample(i int) bool {
	return i%10 == 0 || Update() || os.Getenv("MURANO_REFERENCE_ALL") == "1"
}

// Need reports a missing dependency of t (err is why it is missing): with
// CI=true, where everything the tests need is installed, it fails t;
// otherwise it skips t. A nil err does nothing.
func Need(t testing.TB, what string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	msg := fmt.Sprintf("needs %s: %v", what, err)
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}
