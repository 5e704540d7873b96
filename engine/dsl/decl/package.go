// This file defines what a package of classes is to the engine: the
// interfaces that package loading (engine/pkg) implements and the
// executor (engine/dsl) uses, so that neither imports the other.

package decl

// Package is where the engine finds classes: a MuranoPL package, the
// core library io.murano, or a folder of class files.
type Package interface {
	// Name is the package's full name ("io.murano", "tests").
	Name() string
	// Version is the package's SemVer version ("0.0.0" when absent).
	Version() string
	// Runtime is the MuranoPL format the package's classes are written in.
	Runtime() Version
	// Requirements maps the full names of the packages this one requires
	// to version specs, as the manifest's Require section does.
	Requirements() map[string]string
	// ClassNames lists the full names of the package's classes.
	ClassNames() []string
	// ClassFile returns the decoded file that defines the class; the
	// errors are those of decoding it (each with file:line:col). A class
	// the package does not have is (nil, nil).
	ClassFile(name string) (*File, error)
}

// RequirementOrder is implemented by packages that know the order their
// requirements are written in (a manifest's Require), the order in which
// the reference searches them for classes. The requirements of other
// packages are searched by name.
type RequirementOrder interface {
	// RequirementNames lists the keys of Requirements in their order.
	RequirementNames() []string
}

// ResourcePackage is implemented by packages with resource files, which
// native classes such as io.murano.system.Resources read (the reference's
// get_resource).
type ResourcePackage interface {
	// Resource returns the content of Resources/<name>.
	Resource(name string) ([]byte, error)
}

// MetaPackage is implemented by packages whose manifest attaches meta
// objects to the package (its Meta section, names resolved without
// namespaces, see [DecodeMeta]). An error is one the reference raises
// when the package's meta is first used.
type MetaPackage interface {
	Meta() (Meta, error)
}

// Loader finds packages by full name and version spec (pip-like, "" for
// any), as the reference's package loader does.
type Loader interface {
	// Load returns the package, or an error naming what was asked for.
	Load(name, versionSpec string) (Package, error)
}

// ClassPackageLoader is implemented by loaders that can find the package
// defining a class.
type ClassPackageLoader interface {
	LoadClassPackage(className, versionSpec string) (Package, error)
}
