// Package schemaform turns the JSON schema that Murano generates from a
// class's property contracts (or a model builder's arguments) into a form,
// and a filled form into the object model of that class.
//
// [Describe] gives the form to draw: its sections in their order, and in
// each the fields ordered by their position, with what a widget needs —
// the label, help, default, bounds, pattern and choices of a scalar; the
// item of a list; the fixed properties and the value of any other key of
// a map; the class of a muranoObject field and whether the object is owned
// (made inline) or referenced (picked by id). The field descriptions share
// their vocabulary with Dynamic UI's (formgen/dynui), so that one renderer
// draws both kinds of form.
//
// A [Validator] checks a form's values against the schema with
// santhosh-tekuri/jsonschema (draft 4), Murano's own "muranoObject" type
// read as an object made inline or the id of another; its messages are
// placed at the fields they concern ([Errors]).
//
// [Build] makes the object model of a class from a form's values, and
// [Edit] goes back: the values of an object model's fields, keeping what
// the form cannot show (properties the class does not declare, and the
// runtime's fields of the header) to put back when the model is built
// again. [Diff] lists what an edit changed.
//
// The package knows nothing of MuranoPL: its input is the schema as JSON.
package schemaform
