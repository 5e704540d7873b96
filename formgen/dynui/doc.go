// Package dynui implements Murano's Dynamic UI 2.x as murano-dashboard
// behaves: it reads an application's UI/ui.yaml (YAML 1.1 with the
// dashboard's implicit YAQL rule), checks its Version, builds the wizard's
// steps (the Forms plus the workflowManagement step) with every field type
// and attribute the dashboard accepts, validates what the user enters with
// Django 3.2's cleaning order and English messages, and turns the cleaned
// data into the object model the dashboard would send to the engine
// (Application and Templates evaluated, "?" headers with seeded ids).
//
// A [Definition] is a loaded ui.yaml; a [Wizard] is one user's pass
// through its steps: [Wizard.Describe] renders a step, [Wizard.Submit]
// validates and keeps it, [Wizard.ValidateField] checks one field as the
// user types, [Wizard.Finish] re-validates every step and returns the
// object model. [Run] drives a wizard the way the Dynamic UI oracle does
// from a JSON file of answers.
//
// Cloud-backed fields take their choices from a [cloud.Catalog]. Failures
// the dashboard raises (a bad Version, an unknown field attribute, a YAQL
// runtime error) are [*Error] values carrying the Python exception class,
// its message and the position in ui.yaml.
//
// Known differences from the dashboard: regular expressions run on the
// YAQL library's RE2 translation, so a regexpValidator using lookaround or
// backreferences fails with NotImplementedError (the default password
// rule, which uses lookahead, is checked natively); a network answer that
// is not a tuple fails with a shorter ast.literal_eval message; infinite
// and NaN floats print as strings in JSON; the HTML, the browser-side
// checks and the quota bars are not rendered (Describe gives the data
// behind them).
package dynui
