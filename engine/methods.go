// This file lists the methods of a package's classes with the arguments
// they take, so that a form can call one ([RunMuranoPL]).

package engine

import (
	"context"
	"errors"
	"io/fs"
)

// ClassMethods is a class of a package with the methods it declares, in
// their order; Error says why a class does not load (and has none).
type ClassMethods struct {
	Class   string       `json:"class"`
	Methods []MethodInfo `json:"methods"`
	Error   string       `json:"error"`
}

// MethodInfo is a method as a caller sees it: Static ones are called on
// the class, Public ones (Scope: Public, or actions) from outside; its
// arguments with the input a form offers for each.
type MethodInfo struct {
	Name   string      `json:"name"`
	Static bool        `json:"static"`
	Public bool        `json:"public"`
	Args   []ActionArg `json:"args"`
}

// MethodsOf lists the classes of packages[0] (the others are what it
// requires) and their methods, with the core library core (nil: the
// project's own).
func MethodsOf(ctx context.Context, packages []*Package, core fs.FS) ([]ClassMethods, error) {
	if len(packages) == 0 {
		return nil, errors.New("no package")
	}
	ex, err := formsExecutor(ctx, SchemaRequest{Packages: packages, CoreLibrary: core})
	if err != nil {
		return nil, err
	}
	var out []ClassMethods
	for _, name := range packages[0].ClassNames() {
		cm := ClassMethods{Class: name, Methods: []MethodInfo{}}
		c, err := ex.FindClass(name)
		if err != nil {
			cm.Error = runError(err).Message
		} else {
			for _, m := range c.MethodOrder {
				meth := c.Methods[m]
				cm.Methods = append(cm.Methods, MethodInfo{Name: m, Static: meth.IsStatic(), Public: meth.IsAction(), Args: actionArgs(meth)})
			}
		}
		out = append(out, cm)
	}
	return out, nil
}
