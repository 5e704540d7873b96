// This file reads the resource files of a loaded package.

package dsl

import (
	"io/fs"

	"murano.dev/playground/engine/dsl/decl"
)

// Resource returns the content of a resource file of the package; a
// package that has no resource files has none (an error wrapping
// fs.ErrNotExist).
func (p *LoadedPackage) Resource(name string) ([]byte, error) {
	if rp, ok := p.src.(decl.ResourcePackage); ok {
		return rp.Resource(name)
	}
	return nil, &fs.PathError{Op: "open", Path: "Resources/" + name, Err: fs.ErrNotExist}
}
