// Package pkg reads MuranoPL packages for the engine: the classes a
// package has, the decoded class files, and the package's name, version,
// runtime and requirements, as the reference (murano 14.0.0) reads them.
//
// There are three sources of packages:
//
//   - [ClassFolder]: a folder of class files without a manifest, loaded
//     as murano's DSL test foundation loads one (the oracle's --classes);
//   - [Open] and [OpenZip]: a package with manifest.yaml, as a folder
//     ([fs.FS]) or as the bytes of a .zip (the oracle's --package-dir);
//   - [LocateCoreLibrary]: where to find the io.murano core library.
//
// A [Loader] finds packages by name and version spec for the engine.
//
// Errors are [diag.List]s whose entries carry the reference's exception
// class and message (a [decl.PyError] cause, e.g. "PackageFormatError:
// Incorrect package format: FullName is not specified") at a position of
// the file at fault, when there is one.
//
// Not yet read (issue 4): the Heat.HOT format, Supplier, Logo, UI, Meta,
// Resources and images.lst; a zip whose manifest sits in a single
// top-level folder; the engine's rule of keeping the number of versions
// of a package in use minimal (fixations) and the loading of packages by
// class name.
//
// Known differences from the reference: manifest.yaml is read with the
// YAML library's scalar rules (yes/no/on/off and 1:30 are strings) and
// without merge keys; Tags are strings; invalid Classes and Require
// sections and version specs are reported when the package is opened
// rather than when the engine first uses them; an invalid Namespaces
// section of a document without Name fails its file (and a class folder)
// even when the reference never needs that document.
package pkg
