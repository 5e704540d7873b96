// This file defines the error raised by operations on values.

package value

// Exception is a runtime error named after the exception class the
// reference implementation raises in the same situation ("KeyError",
// "TypeError", "StopIteration", …), so that results can be compared with
// it and MuranoPL code can catch it by name.
type Exception struct {
	Class   string
	Message string
}

func (e *Exception) Error() string {
	if e.Message == "" {
		return e.Class
	}
	return e.Class + ": " + e.Message
}

// Errorf-style constructors for the classes the value model raises.

// NewTypeError returns a TypeError with the given message.
func NewTypeError(msg string) *Exception { return &Exception{Class: "TypeError", Message: msg} }

// NewKeyError returns the KeyError for a missing key.
func NewKeyError(key Value) *Exception { return &Exception{Class: "KeyError", Message: Repr(key)} }
