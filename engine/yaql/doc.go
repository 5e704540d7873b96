// Package yaql evaluates YAQL expressions with the semantics of yaql 2.0.
//
// An [Engine] holds a parser for one syntax [syntax.Dialect] and the engine
// options of the reference (iterator limit, memory quota, output
// conversion). A [Context] holds variables and functions; contexts form a
// chain, each function call runs in a fresh child of its caller's context,
// and the functions found nearest in the chain shadow those further up.
//
// Functions are declared as [Func] values with typed [Param]s; a call
// chooses among the overloads registered under its name the way the
// reference does: by arity, keyword names and parameter types, evaluating
// lazy parameters (lambdas) per use with $ bound to the current element.
// Operators, indexers and literals are calls of functions such as
// #operator_+ and #indexer, so libraries can overload them.
//
// The standard library lives in package std; MuranoPL adds its own
// functions on top. Every evaluation runs under a [Runtime] that counts
// steps, enforces size limits and honours cancellation, so a runaway
// expression ends with a clear error instead of a hang.
package yaql
