// This file checks the versions of one package that a class reaches
// through its ancestors, as the reference's MuranoClass does when it is
// built (_build_parent_remappings and _remap_package).

package dsl

import (
	"slices"
	"sort"
	"strings"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/versions"
)

// packageUse is a package reached through the ancestors of a class, with
// the version spec of the requirement it was reached by.
type packageUse struct {
	pkg  *LoadedPackage
	spec VersionSpec
}

// checkParentVersions collects, per package name, the packages the
// class's ancestors come from, each with the spec of the requirement that
// led to it (the class's own package with "==" its version), and asks
// remapPackages which of them could be replaced by another version.
//
// The reference means to rebuild the ancestors with the replacements,
// but looks each replacement class up in a set, so that any replacement
// fails the class with a TypeError; so does this engine. In practice: a
// class whose ancestors come from two versions of a package, where the
// requirement that led to one accepts the other, does not load — nor does
// one that reaches the same version of a package through requirements
// with different specs ("1" and ">=1"). Ancestors of one package in
// versions that no requirement crosses load side by side.
func (c *Class) checkParentVersions() error {
	byName := map[string][]packageUse{}
	var names []string
	add := func(p *LoadedPackage, spec VersionSpec) {
		uses, seen := byName[p.Name]
		if !seen {
			names = append(names, p.Name)
		}
		for _, u := range uses {
			if u.pkg == p && u.spec.spec.Equal(spec.spec) {
				return
			}
		}
		byName[p.Name] = append(uses, packageUse{p, spec})
	}
	own, err := ParseVersionSpec("==" + c.Package.Version)
	if err != nil {
		return err
	}
	add(c.Package, own)
	type edge struct{ child, parent *Class }
	var queue []edge
	for _, p := range c.Parents {
		queue = append(queue, edge{c, p})
	}
	seen := map[edge]bool{}
	for len(queue) > 0 {
		e := queue[0]
		queue = queue[1:]
		if seen[e] {
			continue
		}
		seen[e] = true
		if e.child.Package != e.parent.Package {
			spec, ok := e.child.Package.requirement(e.parent.Package.Name)
			if !ok {
				return builtinError("KeyError", "%s", value.Repr(value.String(e.parent.Package.Name)))
			}
			add(e.parent.Package, spec)
		}
		for _, a := range e.parent.Parents {
			queue = append(queue, edge{e.parent, a})
		}
	}
	for _, name := range names {
		if len(remapPackages(byName[name])) > 0 {
			return builtinError("TypeError", "'set' object is not subscriptable")
		}
	}
	return nil
}

// remapPackages is the reference's _remap_package: taking the uses of one
// package by ascending version, a use whose spec accepts the version of
// another use is replaced by the highest such version (and so is whatever
// was replaced by it), and leaves the list; a use no other version
// satisfies stays. The same version reached with two specs is replaced by
// itself. The result maps each replaced package to its replacement.
func remapPackages(uses []packageUse) map[*LoadedPackage]*LoadedPackage {
	list := slices.Clone(uses)
	sort.SliceStable(list, func(i, j int) bool { return compareVersions(list[i].pkg.Version, list[j].pkg.Version) < 0 })
	result := map[*LoadedPackage]*LoadedPackage{}
	reverse := map[*LoadedPackage][]*LoadedPackage{}
	for i := 0; i < len(list); {
		var dst *LoadedPackage
		for j, other := range list {
			if i != j && list[i].spec.Match(other.pkg.Version) &&
				(dst == nil || compareVersions(dst.Version, other.pkg.Version) < 0) {
				dst = other.pkg
			}
		}
		if dst == nil {
			i++
			continue
		}
		src := list[i].pkg
		result[src] = dst
		reverse[dst] = append(reverse[dst], src)
		for _, p := range reverse[src] {
			result[p] = dst
		}
		list = slices.Delete(list, i, i+1)
	}
	return result
}

// compareVersions orders package versions by SemVer precedence (as
// text when one does not parse, which package versions always do).
func compareVersions(a, b string) int {
	va, erra := versions.Parse(a)
	vb, errb := versions.Parse(b)
	if erra != nil || errb != nil {
		return strings.Compare(a, b)
	}
	return va.Compare(vb)
}
