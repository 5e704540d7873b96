// Package formgen will turn an application package's forms into what the
// playground renders: Dynamic UI definitions (UI/ui.yaml) into multi-step
// forms and the object model they produce, and MuranoPL class contracts
// into JSON schemas. It has no code yet; it grows with the Dynamic UI and
// schema-form work, on top of the engine facade.
package formgen
