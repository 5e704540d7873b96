// This file defines frames: what the reference keeps in the variables of
// its yaql contexts ($?type, $?this, $?callerContext, …), and the
// contexts types, objects and methods run in.

package dsl

import (
	"murano.dev/playground/engine/source"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// frame is the state of a context the executor created: a type, object
// or method scope. It is stored in its yaql context as "?frame" and
// found by functions through the context chain.
type frame struct {
	ex          *Executor
	ctx         *yaql.Context
	typ         *Class      // $?type: the declaring type of the running code
	namesScope  *Class      // $?namesScope: resolves type names
	this        value.Value // *Object (real) or *TypeRef
	method      *Method     // $?currentMethod
	caller      *frame      // $?callerContext
	writes      bool        // $?allowPropertyWrites
	actionsOnly bool
	skip        bool
	instr       *instruction  // $?currentInstruction
	exc         *Exception    // $?currentException
	argOwner    *Object       // $?argumentOwner
	vars        *yaql.Context // the context variables are assigned in ($?variableScope)
}

func (*frame) Type() string { return "Context" }

// instruction is the statement being executed, for stack traces.
type instruction struct {
	text string
	pos  source.Pos
	ok   bool // pos is known
}

func (f *frame) allowWrites() bool { return f != nil && f.writes }

// frameOf returns the frame of a context (nil outside the executor).
func frameOf(c *yaql.Context) *frame {
	if c == nil {
		return nil
	}
	v, ok := c.Get("?frame")
	if !ok {
		return nil
	}
	f, _ := v.(*frame)
	return f
}

// executorOf returns the executor of a context.
func executorOf(c *yaql.Context) *Executor {
	if f := frameOf(c); f != nil {
		return f.ex
	}
	if v, ok := c.Get("?executor"); ok {
		ex, _ := v.(*Executor)
		return ex
	}
	return nil
}

// child returns a frame for a new context under f's, sharing its state.
func (f *frame) child() *frame {
	n := *f
	n.ctx = f.ctx.Child()
	n.ctx.Set("?frame", &n)
	return &n
}

// typeContext returns the context of class c's code: the package's root
// context, the class's method stubs and imports; caller gives the names
// scope when the context is for a caller.
func (ex *Executor) typeFrame(c *Class, caller *frame) *frame {
	ctx := yaql.NewLinkedContext(ex.packageRoot(c.Package), ex.classContext(c)).Child()
	f := &frame{ex: ex, ctx: ctx, typ: c, namesScope: c}
	if caller != nil {
		f.namesScope = caller.namesScope
	}
	ctx.Set("?frame", f)
	return f
}

// objectFrame returns the context of an object (or, for a *Class, of the
// class's static code): $this, $ and this are the object. caller, when
// not nil, is the calling context.
func (ex *Executor) objectFrame(this any, caller *frame) *frame {
	var c *Class
	var thisVal value.Value
	switch x := this.(type) {
	case *Object:
		c = x.class
		thisVal = x.Real()
	case *Class:
		c = x
		thisVal = x.Ref()
	}
	tf := ex.typeFrame(c, nil)
	ctx := tf.ctx.Child()
	f := &frame{ex: ex, ctx: ctx, typ: c, namesScope: c, this: thisVal}
	ctx.Set("$this", thisVal)
	ctx.Set("this", thisVal)
	ctx.Set("$", thisVal)
	if caller != nil {
		cf := caller
		for cf != nil && cf.skip {
			cf = cf.caller
		}
		f.namesScope = caller.namesScope
		f.caller = cf
		f.writes = caller.writes
	}
	ctx.Set("?frame", f)
	return f
}

// methodFrame returns the context of a method call in an object context.
func (f *frame) methodFrame(m *Method) *frame {
	n := f.child()
	n.method = m
	n.instr = nil
	n.exc = nil
	return n
}

// stack returns the MuranoPL stack trace at f, outermost call first.
func (f *frame) stack() []Frame {
	var frames []Frame
	for c := f; c != nil; c = c.caller {
		frames = append(frames, c.frameRecord())
	}
	for i, j := 0, len(frames)-1; i < j; i, j = i+1, j-1 {
		frames[i], frames[j] = frames[j], frames[i]
	}
	return frames
}

func (f *frame) frameRecord() Frame {
	r := Frame{Col: -1}
	if f.instr != nil {
		r.Instruction = f.instr.text
		if f.instr.ok {
			r.File, r.Line, r.Col = f.instr.pos.File, f.instr.pos.Line, f.instr.pos.Col
		}
	} else {
		r.Instruction = "None"
	}
	if f.method != nil {
		r.Method, r.Type = f.method.Name, f.method.Class.Name
		if p := f.method.Class.Package; p != nil {
			r.Package = p.Name
		}
	} else {
		r.Method = "None"
	}
	return r
}
