// Package pyyaml reads YAML as the reference reads it: PyYAML 6's
// SafeLoader (yaml.safe_load), which every YAML file of a Murano package
// goes through — class files, manifest.yaml, HOT templates, ui.yaml —
// and which murano-pkg-check uses too. [Decode] turns a file into trees
// of [Node]s with their positions:
//
//   - plain scalars resolve by YAML 1.1 rules: yes/no/on/off are
//     booleans, 017 is octal, 0b11 binary, 1:30 sexagesimal, 1_000 a
//     thousand, .inf a float, ~ null, 2001-12-14 a date and
//     2001-12-14 21:59:43.10 -5 a timestamp; quoted, block and !!str
//     scalars stay strings; the standard tags construct with
//     SafeConstructor's errors ("invalid literal for int() …");
//   - maps keep their keys in order, a repeated key keeps its first place
//     and its last value (a Python dict), merge keys (<<) bring in other
//     maps, and aliases share nodes;
//   - a dialect may make strings expressions through the [Expressions]
//     hook: the rules for YAQL stay with MuranoPL's and the dashboard's
//     loaders, the decoder records the expressions with their positions.
//
// Every node has a [source.Span]; an expression also has a
// [source.Embedded], so that an error at a character offset of the
// expression can be reported at its line and column in the file.
// [Node.Text], [Node.Repr], [Node.PyType] and [Node.Truthy] are Python's
// str(), repr(), type name and truth of the constructed value, for
// messages that quote it as the reference does.
//
// Errors are [diag.Error]s, collected rather than stopping at the first,
// whose cause is an [Error]: the Python exception class and message
// PyYAML raises (ConstructorError, ScannerError, ReaderError, ValueError
// …). Hostile input (invalid UTF-8, alias bombs, deep nesting, huge
// files) ends in one such error; see [MaxFileSize], [MaxNodes] and
// [MaxDepth].
//
// Known differences from PyYAML: timestamps without a time zone are UTC
// (the value model has no naive datetimes); the tags !!binary, !!set,
// !!omap and !!pairs are not supported; syntax errors have the messages
// of the YAML library underneath (go.yaml.in/yaml/v3) and sometimes no
// column; an alias to a value that contains it is an error rather than
// a recursive structure.
package pyyaml
