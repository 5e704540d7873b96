// This file checks that the public interface of the project's
// io.murano.applications is that of murano's: every class, its parents,
// properties, methods, arguments, contracts, usages, defaults and meta.

package apps_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"murano.dev/playground/engine/corelib/apps"
	"murano.dev/playground/engine/corelib/interfacetest"
	"murano.dev/playground/engine/enginetest"
)

// realLibrary is murano's io.murano.applications, the sibling
// "reference/io.murano.applications" of the reference harness's folder
// (MURANO_REFERENCE); without the harness it is not looked for.
func realLibrary() interfacetest.Real {
	harness := os.Getenv(enginetest.ReferenceEnv)
	if harness == "" {
		return interfacetest.Real{}
	}
	dir := filepath.Join(harness, "..", "reference", "io.murano.applications")
	if _, err := os.Stat(filepath.Join(dir, "manifest.yaml")); err != nil {
		return interfacetest.Real{Missing: fmt.Errorf("%s=%s: %w", enginetest.ReferenceEnv, harness, err)}
	}
	return interfacetest.Real{FS: os.DirFS(dir), Where: dir}
}

// libraryClass leaves out the TestFixture classes of murano's library
// (io.murano.applications.tests.*): they test it, packages do not see
// them.
func libraryClass(name string) bool {
	return !strings.HasPrefix(name, "io.murano.applications.tests.")
}

// TestInterface compares the interface of every class of the embedded
// library with testdata/interface.golden, the interface of murano's
// (recorded from it with MURANO_UPDATE=1), class by class;
// testdata/remaining.txt lists the classes that do not agree yet, each
// with the reason.
func TestInterface(t *testing.T) {
	skips := enginetest.LoadSkips(t, filepath.Join("testdata", "remaining.txt"))
	var tally enginetest.Tally
	defer func() { t.Logf("classes: %s", tally.String()) }()
	interfacetest.CheckInterface(t, interfacetest.InterfaceCheck{
		Golden: filepath.Join("testdata", "interface.golden"),
		Header: "# The public interface of murano's io.murano.applications (meta/io.murano.applications,\n" +
			"# its test classes left out), recorded by engine/corelib/apps's TestInterface with\n" +
			"# MURANO_UPDATE=1: do not edit.\n",
		CheckKeys: skips.CheckKeys,
		Judge:     func(class string, diffs []string) { tally.Add(skips.Judge(t, class, diffs)) },
		Update:    enginetest.Update(),
		Own:       apps.FS(),
		Real:      realLibrary(),
		Keep:      libraryClass,
	})
}
