// Package lint checks a MuranoPL package without running it and reports
// every problem it finds with its position.
//
// It reports what murano-pkg-check reports, under the same codes (E…
// errors, W… warnings), with positions and without its crashes: the
// manifest's fields (E005, E020, E030, E040, E070–E074, W010, W030), the
// files it names or lacks (E050, W020, W073, W074, W120, W121), class
// declarations (E011, E021, E025–E028, E042–E048, E052–E054, E060, W011,
// W045, W048, W060), method bodies (E200–E204, W202) and UI definitions
// (E081–E084, E100, W082, W100; E082 where murano-pkg-check crashes).
// It reads the YAML files as murano-pkg-check does (yaml.safe_load:
// YAML 1.1 scalars, values quoted as Python's str() prints them), except
// that class files and UI definitions may use the !yaql tag, which
// murano reads and murano-pkg-check fails on (E002).
//
// It adds what only a MuranoPL engine can see (L codes):
//
//   - L001 the package does not load (the engine's manifest checks);
//   - L002 YAML, YAQL or contract syntax: contracts and body strings that
//     start like YAQL ($…) but do not parse;
//   - L003 declarations the engine rejects when it loads a class;
//   - L004 a class the manifest names that its file does not define;
//   - L010 a class (Extends, Import, meta-classes, class() and new() with
//     a literal name) that neither the package nor the core library
//     defines, when no other package is required; L011 (warning) when it
//     cannot be checked: the core library or a required package is not
//     available;
//   - L020 a requirement whose version spec does not parse, L021 one that
//     the available versions (the package itself, the core library) do
//     not satisfy;
//   - L030 (warning) a UI field that no expression refers to as
//     $.form.field (nor its form as $.form): its value is lost;
//   - L031 a Forms section of the wrong shape.
package lint
