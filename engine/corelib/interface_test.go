// This file checks that the public interface of the project's core
// library is that of the real io.murano: every class, its parents,
// properties, methods, arguments, contracts, usages, defaults and meta.

package corelib_test

import (
	"path/filepath"
	"testing"

	"murano.dev/playground/engine/corelib"
	"murano.dev/playground/engine/corelib/interfacetest"
	"murano.dev/playground/engine/enginetest"
	"murano.dev/playground/engine/pkg"
)

// realCoreLibrary is where the real io.murano is, when it is found.
func realCoreLibrary() interfacetest.Real {
	fsys, where, err := pkg.LocateCoreLibrary()
	return interfacetest.Real{FS: fsys, Where: where, Missing: err}
}

// TestInterface compares the interface of every class of the embedded
// core library with testdata/interface.golden, the interface of the real
// one (recorded from it with MURANO_UPDATE=1), class by class;
// testdata/remaining.txt lists the classes that do not agree yet, each
// with the reason.
func TestInterface(t *testing.T) {
	skips := enginetest.LoadSkips(t, filepath.Join("testdata", "remaining.txt"))
	var tally enginetest.Tally
	defer func() { t.Logf("classes: %s", tally.String()) }()
	interfacetest.CheckInterface(t, interfacetest.InterfaceCheck{
		Golden: filepath.Join("testdata", "interface.golden"),
		Header: "# The public interface of io.murano 14.0.0 (Debian's murano-common), recorded by\n" +
			"# engine/corelib's TestInterface with MURANO_UPDATE=1: do not edit.\n",
		CheckKeys: skips.CheckKeys,
		Judge:     func(class string, diffs []string) { tally.Add(skips.Judge(t, class, diffs)) },
		Update:    enginetest.Update(),
		Own:       corelib.FS(),
		Real:      realCoreLibrary(),
	})
}
