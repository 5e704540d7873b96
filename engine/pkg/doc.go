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
// reusing the versions already in use (the reference's fixations), and
// the package of a class by its name (the highest version declaring it);
// [Resolve] computes the Require closure of packages and names both
// requirement chains of a conflict; a [Repository] (apps/, bundles/,
// images.lst) imports packages and bundles with their closure.
// [ExportZip] and [ExportFiles] write packages the reference's tools
// accept.
//
// A [Package] gives the engine what the reference's packages give it:
// requirements in manifest order, the manifest's Meta
// ([Package.Meta]) and resource files ([Package.Resource]: Resources/,
// and a Heat.HOT package's template as Resources/<FullName>). Classes
// whose ancestors come from several versions of one package are checked
// by the engine (engine/dsl) as the reference checks them.
//
// Errors are [diag.List]s whose entries carry the reference's exception
// class and message (a [decl.PyError] cause, e.g. "PackageFormatError:
// Incorrect package format: FullName is not specified") at a position of
// the file at fault, when there is one.
//
// Not yet done: images are listed, not fetched; no native class reads
// the resources yet (io.murano.system.Resources belongs to the simulated
// cloud); class configuration files (the reference's class_configs
// folder) are not read.
//
// manifest.yaml and a Heat.HOT package's template.yaml are read as
// yaml.safe_load reads them (engine/internal/pyyaml: YAML 1.1 scalars,
// merge keys), with the limits of every YAML file of the playground.
//
// Known differences from the reference: Tags are strings; invalid
// Classes and Require sections and version specs are reported when the
// package is opened rather than when the engine first uses them; a
// Require spec that Python takes as false (false, 0.0, an empty string) is "" (the
// reference's engine takes it as "0", which "" stands for); an invalid
// Namespaces section of a document without Name fails its file (and a
// class folder) even when the reference never needs that document.
package pkg
