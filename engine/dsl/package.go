package dsl

import (
	"io/fs"

	"murano.dev/playground/engine/dsl/decl"
)

// Package is where the engine finds classes: a MuranoPL package, the
// core library io.murano, or a folder of class files. Implementations
// live outside the engine (package loading is not the engine's job).
type Package interface {
	// Name is the package's full name ("io.murano", "tests").
	Name() string
	// Version is the package's SemVer version ("0.0.0" when absent).
	Version() string
	// Runtime is the MuranoPL format the package's classes are written in.
	Runtime() decl.Version
	// Requirements maps the full names of the packages this one requires
	// to version specs, as the manifest's Require section does.
	Requirements() map[string]string
	// ClassNames lists the full names of the package's classes.
	ClassNames() []string
	// ClassFile returns the decoded file that defines the class; the
	// errors are those of decoding it (each with file:line:col). A class
	// the package does not have is (nil, nil).
	ClassFile(name string) (*decl.File, error)
}

// RequirementOrder is implemented by packages that know the order their
// requirements are written in (a manifest's Require), the order in which
// the reference searches them for classes. The requirements of other
// packages are searched by name.
type RequirementOrder interface {
	// RequirementNames lists the keys of Requirements in their order.
	RequirementNames() []string
}

// Loader finds packages by full name and version spec (pip-like, "" for
// any), as the reference's package loader does.
type Loader interface {
	// Load returns the package, or an error naming what was asked for.
	Load(name, versionSpec string) (Package, error)
}

// ResourcePackage is implemented by packages with resource files, which
// native classes such as io.murano.system.Resources read (the reference's
// get_resource).
type ResourcePackage interface {
	// Resource returns the content of Resources/<name>.
	Resource(name string) ([]byte, error)
}

// Resource returns the content of a resource file of the package; a
// package that has no resource files has none (an error wrapping
// fs.ErrNotExist).
func (p *LoadedPackage) Resource(name string) ([]byte, error) {
	if rp, ok := p.src.(ResourcePackage); ok {
		return rp.Resource(name)
	}
	return nil, &fs.PathError{Op: "open", Path: "Resources/" + name, Err: fs.ErrNotExist}
}
