// Package decl decodes MuranoPL class files into declarations, keeping
// the position of everything, as the reference (murano 14.0.0) loads
// them. Nothing is evaluated here: contracts, defaults and method bodies
// stay data for the engine.
//
// # Data
//
// A class file is YAML. [DecodeFile] reads it the way the reference's
// loader does, PyYAML's SafeLoader (engine/internal/pyyaml, whose trees
// of [Node]s this package names) plus MuranoPL's additions:
//
//   - plain scalars resolve by YAML 1.1 rules: yes/no/on/off are
//     booleans, 017 is octal, 1:30 is sexagesimal, 2001-12-14 is a date;
//   - a plain string that is not only word characters, digits, dots and
//     white space and that parses as YAQL is an expression ([Expr]); the
//     tag !yaql forces one; quoted, block and !!str scalars stay strings;
//   - maps keep their keys in order (keys are nodes: $.x is an expression
//     key), a repeated key keeps its first place and its last value, and
//     merge keys (<<) bring in other maps; aliases share nodes.
//
// [DecodeYAML] reads other YAML files of a package with the same rules
// and a [YAQLRule] of their own: the dashboard's for ui.yaml, none for
// manifest.yaml.
//
// Every node has a [source.Span]; an expression also has a
// [source.Embedded], so that an error at a character offset of the
// expression (a YAQL syntax error, a runtime error) can be reported at
// its line and column in the file.
//
// # Declarations
//
// Each document that is a map and has more than Namespaces is a [Class]:
// its [Property], [Method] and [Argument] declarations, [Meta]
// attachments, parents and imports resolved with the document's
// [Namespaces] (carried over from the previous document when it has
// none). Method aliases (Workflow for Methods, initialize and destroy for
// .init and .destroy) are applied. [File.Lookup] picks the class the
// reference creates when a package asks the file for a class name.
//
// # Errors
//
// Errors are [diag.Error]s, collected rather than stopping at the first:
// a YAML or YAQL syntax error, or a declaration the reference rejects.
// They carry the reference's exception class and message (for example
// "DslSyntaxError: Invalid argument order in method foo") in Msg, and as
// a [PyError] in Err. Hostile input (invalid UTF-8, alias bombs, deep
// nesting, huge files) ends in one such error; see [MaxFileSize],
// [MaxNodes] and [MaxDepth].
//
// Known differences from the reference: those of engine/internal/pyyaml
// (timestamps without a time zone are UTC; !!binary, !!set, !!omap and
// !!pairs are not supported; YAML syntax errors have the YAML library's
// messages); the invalid meta targets of Applies are listed in the order
// written (the reference's order is that of a Python set).
package decl
