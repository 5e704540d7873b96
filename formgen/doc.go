// Package formgen groups what turns an application package's forms into
// what the playground renders. Package dynui implements Dynamic UI
// definitions (UI/ui.yaml) as murano-dashboard does: the multi-step
// wizard, its validation and the object model it produces; package
// pyrand reproduces Python's seeded random numbers the dashboard's ids
// come from.
package formgen
