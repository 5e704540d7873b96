// This file finds the libraries every task loads beside its packages:
// the core library and io.murano.applications.

package engine

import (
	"fmt"
	"io/fs"
	"slices"

	"murano.dev/playground/engine/corelib"
	"murano.dev/playground/engine/corelib/apps"
	"murano.dev/playground/engine/pkg"
)

// withLibraries returns the packages of a task: the core library (core;
// nil: the project's own), then packages, then the project's
// io.murano.applications unless packages hold a package of that name.
func withLibraries(core fs.FS, packages []*pkg.Package) ([]*pkg.Package, error) {
	corePkg, err := openCoreLibrary(core)
	if err != nil {
		return nil, fmt.Errorf("core library: %w", err)
	}
	return withApplications(append([]*pkg.Package{corePkg}, packages...))
}

// openCoreLibrary opens the core library core, or the project's own (nil),
// which stays open with its decoded classes for the next task.
func openCoreLibrary(core fs.FS) (*pkg.Package, error) {
	if core == nil {
		return corelib.Package()
	}
	return pkg.Open(core)
}

// withApplications appends the project's io.murano.applications to pkgs
// unless they hold a package of that name.
func withApplications(pkgs []*pkg.Package) ([]*pkg.Package, error) {
	if slices.ContainsFunc(pkgs, func(p *pkg.Package) bool { return p.Name() == apps.Name }) {
		return pkgs, nil
	}
	framework, err := apps.Package()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", apps.Name, err)
	}
	return append(pkgs, framework), nil
}
