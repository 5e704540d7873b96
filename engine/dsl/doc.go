// Package dsl is the MuranoPL executor: it runs the classes of MuranoPL
// packages with the semantics of murano 14.0.0's engine (murano/dsl).
//
// # Model
//
// An [Executor] holds one run: the packages it may load classes from
// (through a [Loader] that the host wires in; loading packages from
// files is not this package's job), the object store, static properties
// and attributes. Classes are built lazily from the positioned
// declarations of package decl, in the reference's resolution order (not
// C3). An object is one sub-object per class of its hierarchy, sharing an
// id; property access follows the reference's rules (private slots, write
// access, uninitialised properties).
//
// Methods run their bodies statement by statement: expressions are YAQL
// (package yaql with the MuranoPL flavours of package std), and block
// constructs (If, While, For, Match, Try, Parallel, …) are this package's
// macros. Contracts check and convert property and argument values.
// Errors are Python exceptions of the reference (by class) or MuranoPL
// exceptions with a MuranoPL stack trace; the engine's own limits (steps,
// call depth, deadlocks, cancellation) end a run and cannot be caught by
// MuranoPL code.
//
// Green threads (Parallel, psuper, pselect, sleep) run on a deterministic
// scheduler with a virtual clock. Object models are loaded in the
// reference's two passes and serialised back the same way; GC.collect
// destroys what is no longer reachable.
//
// Native (Go) classes plug in through [NativeClass]: io.murano.Object's
// attributes, exceptions, stack traces, GC and logging are built on it.
package dsl
