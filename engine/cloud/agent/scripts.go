// This file defines how scripts run: the Scripts strategy a plan's calls
// go to, the success stub and the fixture table.

package agent

import (
	"fmt"
	"regexp"
)

// ScriptCall is one call of a plan script from the plan's Body.
type ScriptCall struct {
	// Name is the script's key in the plan's Scripts.
	Name string
	// Type is the script's executor: Application, Chef or Puppet.
	Type string
	// Function is the method a Chef or Puppet script is called by
	// (deploy.install() calls "install"); "" for a plain call.
	Function string
	// EntryFile is the Name of the script's entry-point file; Body is that
	// file's Body as the plan carries it (base64 for BodyType Base64).
	EntryFile string
	Body      string
	// CommandLine is the call's first argument as Python's str() writes
	// it ("" when absent).
	CommandLine string
	// Options are the script's Options.
	Options map[string]any
	// Files are the texts of the plan's files by Name (base64 bodies
	// decoded), as the agent lays them out in the plan's folder.
	Files map[string]string
}

// ScriptOutput is what a script did: its exit code and the text it wrote.
type ScriptOutput struct {
	ExitCode       int
	Stdout, Stderr string
}

// Scripts runs the scripts of plans. An error is the agent's own failure
// to run it; the plan fails with error code 1 and the error's text.
type Scripts interface {
	Run(call ScriptCall) (ScriptOutput, error)
}

// SuccessStub is the default strategy: every script exits 0 and prints
// nothing, as the reference's fake cloud has it.
func SuccessStub() Scripts { return stub{} }

type stub struct{}

func (stub) Run(ScriptCall) (ScriptOutput, error) { return ScriptOutput{}, nil }

// Fixture is one row of a fixture table: the output of the scripts it
// matches.
type Fixture struct {
	// Script is the script's name or its entry file's Name, or a regular
	// expression searched in either; "" matches every script.
	Script string `json:"script,omitempty"`
	// Body, when set, is a regular expression searched in the entry
	// file's body.
	Body     string `json:"body,omitempty"`
	ExitCode int    `json:"code"`
	Stdout   string `json:"stdout,omitempty"`
	Stderr   string `json:"stderr,omitempty"`
}

// Fixtures is a fixture table: a call gets the output of the first row
// that matches it, or runs on Otherwise (the success stub when nil). A
// pattern that is not a valid regular expression matches by equality
// only.
type Fixtures struct {
	Rows      []Fixture
	Otherwise Scripts
}

// Run implements Scripts.
func (f Fixtures) Run(call ScriptCall) (ScriptOutput, error) {
	for _, row := range f.Rows {
		if row.matches(call) {
			return ScriptOutput{ExitCode: row.ExitCode, Stdout: row.Stdout, Stderr: row.Stderr}, nil
		}
	}
	if f.Otherwise == nil {
		return SuccessStub().Run(call)
	}
	return f.Otherwise.Run(call)
}

func (row Fixture) matches(call ScriptCall) bool {
	if row.Script != "" {
		found := false
		for _, name := range []string{call.Name, call.EntryFile} {
			if name != "" && (name == row.Script || search(row.Script, name)) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return row.Body == "" || search(row.Body, call.Body)
}

func search(pattern, text string) bool {
	re, err := regexp.Compile(pattern)
	return err == nil && re.MatchString(text)
}

// Strategy names a script strategy, as settings and requests carry it:
// "stub" (or ""), "shell" (the [FakeShell]), or "fixtures" with its rows
// (the calls no row matches run on the success stub).
type Strategy struct {
	Kind     string    `json:"kind"`
	Fixtures []Fixture `json:"fixtures,omitempty"`
}

// Scripts returns the strategy's Scripts.
func (s Strategy) Scripts() (Scripts, error) {
	switch s.Kind {
	case "", "stub":
		return SuccessStub(), nil
	case "shell":
		return FakeShell{}, nil
	case "fixtures":
		return Fixtures{Rows: s.Fixtures}, nil
	}
	return nil, fmt.Errorf("unknown script strategy %q (stub, shell or fixtures)", s.Kind)
}
