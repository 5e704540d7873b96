// This file defines the facade's entry points.

package formgen

import (
	"errors"

	"murano.dev/playground/engine/pkg"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/formgen/dynui"
	"murano.dev/playground/formgen/yamlfmt"
)

// Definition is a loaded UI definition; Options configure a run of it
// (the package's names, the environment, the seed …); Input holds the
// recorded answers of a one-shot run and Result its outcome; Wizard is a
// step-by-step run; Error is a failure of the dashboard's own code, with
// the place in the UI definition that caused it.
type (
	Definition = dynui.Definition
	Options    = dynui.Options
	Input      = dynui.Input
	Result     = dynui.Result
	Wizard     = dynui.Wizard
	Error      = dynui.Error
)

// UIFile is where a package keeps its UI definition, as positions name it.
const UIFile = "UI/ui.yaml"

// ErrNoUI is the error for a package without a UI definition.
var ErrNoUI = errors.New("the package has no UI definition")

// PackageUI returns the text of the UI definition of a package opened by
// the engine (an engine.Package, which is pkg's) and fills the
// package's names into opts where they are empty (FQN, PackageName,
// PackageVersion), as the dashboard takes them from the package; a
// package without one gives [ErrNoUI].
func PackageUI(p *pkg.Package, opts *Options) ([]byte, error) {
	src, err := p.UI()
	if err != nil {
		return nil, err
	}
	if src == nil {
		return nil, ErrNoUI
	}
	if m := p.Manifest; m != nil {
		if opts.FQN == "" {
			opts.FQN = m.FullName
		}
		if opts.PackageName == "" {
			opts.PackageName = m.Name
		}
		if opts.PackageVersion == "" {
			opts.PackageVersion = m.Version
		}
	}
	return src, nil
}

// Load reads a UI definition; name is the file's name in positions. YAML
// errors have file:line:col; a definition the dashboard refuses (a bad
// Version, no Application …) is an *[Error].
func Load(name string, src []byte) (*Definition, error) { return dynui.Load(name, src) }

// ParseInput reads recorded answers: a JSON object of forms, each an
// object of field values, and the special keys __environment__,
// __catalog__ and __parametersSource__.
func ParseInput(data []byte) (*Input, error) { return dynui.ParseInput(data) }

// Run runs the wizard over the answers in one go, as the dashboard's
// requests would; describe adds the rendered steps to the result.
func Run(def *Definition, in *Input, opts Options, describe bool) *Result {
	return dynui.Run(def, in, opts, describe)
}

// NewWizard starts a step-by-step run of the definition.
func NewWizard(def *Definition, opts Options) *Wizard { return dynui.NewWizard(def, opts) }

// AsError converts any failure of a run into an *[Error].
func AsError(err error) *Error { return dynui.AsError(err) }

// JSONable converts an object model (an engine.Value, which is value's)
// into data that encoding/json prints as the dashboard's json.dumps
// would.
func JSONable(v value.Value) any { return dynui.JSONable(v) }

// FormatYAML formats a YAML file — a manifest, a class, a UI definition
// — as the playground's Format command does: two spaces a level, its
// comments, blank lines, key order and scalars as they were written. A
// file that does not parse, or whose layout the formatter does not
// handle, is a *[yamlfmt.Error] with its line and column.
func FormatYAML(src []byte) ([]byte, error) { return yamlfmt.Format(src) }
