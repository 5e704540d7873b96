// This file applies property contracts and keeps static properties.

package dsl

import (
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

func (p *Property) defaultNode() *decl.Node {
	if p.Decl == nil {
		return nil
	}
	return p.Decl.Default
}

func callingType(fr *frame) *Class {
	if fr == nil {
		return nil
	}
	return fr.typ
}

// transform converts a value written to the property of this (the real
// object; nil for a static property) with the property's contract.
func (p *Property) transform(v value.Value, this, owner *Object, fr *frame, finalize bool) (value.Value, error) {
	ex := p.Class.Package.ex
	var root *frame
	if this != nil && p.Usage != decl.PropertyStatic {
		root = ex.specFrame(this, p.Class)
	} else {
		root = ex.objectFrame(p.Class, nil)
		this, owner = nil, nil
	}
	out, err := p.Contract.transform(ex, v, root, this, owner, p.defaultNode(), callingType(fr), finalize)
	if err != nil {
		return nil, prefixViolation(err, p.Class.Name+"."+p.Name, "")
	}
	return out, nil
}

func (p *Property) validate(v value.Value, this *Object, fr *frame) error {
	ex := p.Class.Package.ex
	root := ex.specFrame(this, p.Class)
	_, err := p.Contract.execute(ex, modeValidate, v, root, nil, nil, p.defaultNode(), callingType(fr))
	return err
}

func (p *Property) finalize(v value.Value, this *Object, fr *frame) (value.Value, error) {
	ex := p.Class.Package.ex
	root := ex.specFrame(this, p.Class)
	return p.Contract.execute(ex, modeFinalize, v, root, nil, nil, nil, callingType(fr))
}

// getStatic reads a static property through class c.
func (ex *Executor) getStatic(c *Class, name string, fr *frame) (value.Value, error) {
	p, err := c.FindStaticProperty(name)
	if err != nil {
		return nil, err
	}
	v, ok := ex.statics[p]
	if !ok {
		v = yaql.NoValue
		if p.Decl == nil || !p.Decl.HasDefault {
			v = value.Null
		}
	}
	return p.transform(v, nil, nil, fr, true)
}

// setStatic writes a static property through class c.
func (ex *Executor) setStatic(c *Class, name string, v value.Value, fr *frame, dryRun bool) error {
	p, err := c.FindStaticProperty(name)
	if err != nil {
		return err
	}
	v, err = p.transform(v, nil, nil, fr, true)
	if err != nil {
		return err
	}
	if !dryRun {
		ex.statics[p] = v
	}
	return nil
}
