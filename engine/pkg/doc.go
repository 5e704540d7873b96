// Package pkg reads MuranoPL packages for the engine: the classes a
// package has, the decoded class files, and the package's name, version,
// runtime and requirements, as the reference (murano 14.0.0) reads them.
//
// There are three sources of packages:
//
//   - [ClassFolder]: a folder of class files without a manifest, loaded
//     as murano's DSL test foundation loads one (the oracle's --classes);
//   - [Open] and [OpenZip]: a package with manifest.yaml, as a folder
//     ([fs.FS], [DirFS] for one on disk) or as the bytes of a .zip (the
//     oracle's --package-dir); [OpenZipWithWarnings] also opens a zipped
//     folder, with a warning that Murano would reject it;
//   - [LocateCoreLibrary]: where to find the io.murano core library.
//
// Package formats are plug-ins in a registry ([Register], [Formats]):
// MuranoPL/1.0–1.4 and Heat.HOT/1.0, whose class and forms are generated
// from the template as the reference generates them.
//
// A [Loader] finds packages by name and version spec for the engine,
// reusing the versions already in use (the reference's fixations);
// [Resolve] computes the Require closure of packages and names both
// requirement chains of a conflict; a [Repository] (apps/, bundles/,
// images.lst) imports packages and bundles with their closure.
// [ExportZip] and [ExportFiles] write packages the reference's tools
// accept.
//
// Errors are [diag.List]s whose entries carry the reference's exception
// class and message (a [decl.PyError] cause, e.g. "PackageFormatError:
// Incorrect package format: FullName is not specified") at a position of
// the file at fault, when there is one.
//
// Not yet done: the engine does not merge parents that come in several
// versions of one package ([RemapVersions] is ready for it), nor load a
// package by class name through the loader; images are listed, not
// fetched.
//
// Known differences from the reference: manifest.yaml is read with the
// YAML library's scalar rules (yes/no/on/off and 1:30 are strings) and
// without merge keys; Tags are strings; invalid Classes and Require
// sections and version specs are reported when the package is opened
// rather than when the engine first uses them; an invalid Namespaces
// section of a document without Name fails its file (and a class folder)
// even when the reference never needs that document.
package pkg
