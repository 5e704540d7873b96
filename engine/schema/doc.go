// Package schema generates the JSON schemas of MuranoPL classes and of
// their model builders from their contracts and UI metadata, as murano
// 14.0.0's schema generator (murano/dsl/schema_generator.py) does for
// the /schemas API.
//
// # Model
//
// [Generate] takes a class of a set of packages that a [dsl.Executor]
// loads, and returns the document {"": <class schema>, "<builder>":
// <schema>, …}: one draft-04 object schema for the class (its In and
// InOut properties) and one for each model builder (a Public static
// method with the io.murano.metadata.ModelBuilder meta, whose arguments
// become the properties).
//
// A property's schema is its contract translated: maps become objects,
// lists arrays, and YAQL expressions are evaluated by the executor in a
// context where the contract functions (string(), int(), class(), check()
// …) build schema fragments instead of checking values. check() does not
// run its predicate: it reads comparisons of $ with constants, $ in a
// list and $.matches() off the predicate's syntax tree, evaluating only
// the constants. The Default, the UI hint metas (Title, Description,
// HelpText, forms.Hidden, forms.Position) and, at the root, the sections
// (forms.Section) are added, inherited along the class hierarchy.
//
// The exact mode, the default, keeps the reference's quirks: a chain of
// three "and"s gives only its last term, "5 < $" means a minimum of 5
// inclusive, list counts are dropped, nothing is "required".
//
// # Errors
//
// What makes the reference's generator fail makes Generate fail with the
// same Python exception (see [dsl.PythonName]): an unknown class or
// package (NoClassFound, NoPackageFound, NoPackageForClassFound), a
// contract that is not an expression (AttributeError, TypeError), a
// class that does not load (its load error), an exception of MuranoPL
// code that a constant calls. Bad input gives an error, never a panic.
//
// # Extensions
//
// [Options].Extensions turns on what the MuranoPL forms specification
// promises and 14.0.0 does not do: "required" (the properties whose
// contract calls notNull() and that have no Default, also inside map
// contracts), minLength/maxLength from len($) and $.len() compared with
// an integer, minItems/maxItems from the counts of a list contract (as
// validation reads them), "and" split at any depth and through
// parentheses, mirrored comparisons read correctly and the stricter of
// two bounds kept, a title that defaults to the property's name, the
// "version" of a class() or template() (its versionSpec, or the spec with
// which the declaring package requires the class's), a "context" for the
// checks on a property of the value ($.port > 0: {"context":
// {"properties": {"port": {"minimum": 0, …}}}}), and a model builder's
// schema without its first argument (the object model).
package schema
