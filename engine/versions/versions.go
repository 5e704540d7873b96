// Package versions reads package versions and version specs the way the
// reference (murano 14.0.0 with semantic_version 2.9) does, on top of
// github.com/Masterminds/semver/v3.
//
// A package Version is coerced ("1" is 1.0.0, "1.2.3.4" is 1.2.3+4, see
// [Parse]). A version spec is a comma-separated list of clauses that must
// all hold, each an operator (<, <=, ==, =, >=, >, !=, ~, ~=, ^ or none)
// and a full or partial version; an empty spec means major version 0, a
// bare version "1.2" means "==1.2", and a partial version stands for the
// range it names ("==1" is >=1.0.0,<2.0.0). See [ParseSpec].
package versions

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/Masterminds/semver/v3"

	"murano.dev/playground/engine/value"
)

var (
	numericPrefix = regexp.MustCompile(`^[0-9]+(?:\.[0-9]+(?:\.[0-9]+)?)?`)
	notIdentChar  = regexp.MustCompile(`[^a-zA-Z0-9+.-]`)
)

// Parse reads a package version as the reference's Version.coerce does:
// missing minor and patch numbers are zero, leading zeros are dropped, a
// fourth number and anything after "+" are build metadata, and other
// characters after the numbers become a prerelease ("1.2-beta" is
// 1.2.0-beta). Errors carry the reference's message.
func Parse(s string) (*semver.Version, error) {
	end := numericPrefix.FindStringIndex(s)
	if end == nil {
		return nil, fmt.Errorf("Version string lacks a numerical component: %s", value.QuoteString(s))
	}
	nums := strings.Split(s[:end[1]], ".")
	for len(nums) < 3 {
		nums = append(nums, "0")
	}
	for i, n := range nums {
		nums[i] = strings.TrimLeft(n, "0")
		if nums[i] == "" {
			nums[i] = "0"
		}
	}
	v := strings.Join(nums, ".")
	if rest := notIdentChar.ReplaceAllString(s[end[1]:], "-"); rest != "" {
		var pre, build string
		switch rest[0] {
		case '+', '.':
			build = rest[1:]
		case '-':
			pre, build, _ = strings.Cut(rest[1:], "+")
		default:
			pre, build, _ = strings.Cut(rest, "+")
		}
		if pre != "" {
			v += "-" + pre
		}
		if build = strings.ReplaceAll(build, "+", "."); build != "" {
			v += "+" + build
		}
	}
	return strict(v)
}

// strict parses a full SemVer version, refusing numbers that cannot be
// incremented.
func strict(s string) (*semver.Version, error) {
	v, err := semver.StrictNewVersion(s)
	if err != nil {
		return nil, fmt.Errorf("Invalid version string: %s (%w)", value.QuoteString(s), err)
	}
	if v.Major() == math.MaxUint64 || v.Minor() == math.MaxUint64 || v.Patch() == math.MaxUint64 {
		return nil, fmt.Errorf("Invalid version string: %s (number too large)", value.QuoteString(s))
	}
	return v, nil
}

// Spec is a parsed version spec: clauses that must all match.
type Spec struct{ clauses []clause }

type clause struct {
	op     string // <, <=, ==, >=, >, !=
	target *semver.Version
}

var (
	specBlock = regexp.MustCompile(`^(~=|<=|>=|==|!=|<|>|=|\^|~)?` +
		`(\*|0|[1-9][0-9]*)(?:\.(\*|0|[1-9][0-9]*)(?:\.(\*|0|[1-9][0-9]*))?)?` +
		`(?:-([a-z0-9A-Z.-]*))?(?:\+([a-z0-9A-Z.-]*))?$`)
	whitespace = regexp.MustCompile(`\s+`)
	leadingEq  = regexp.MustCompile(`^=([0-9])`)
)

// ParseSpec parses a version spec as the reference's parse_version_spec
// does: white space is removed, "" means "0" (major version 0, not any
// version), "=1" and "1" mean "==1", "*" means any version. "!=" with a
// partial version ("!=1.2") matches nothing, as in the reference.
func ParseSpec(s string) (Spec, error) {
	s = whitespace.ReplaceAllString(s, "")
	if s == "" {
		s = "0"
	}
	s = leadingEq.ReplaceAllString(s, "==$1")
	if s[0] >= '0' && s[0] <= '9' {
		s = "==" + s
	}
	var spec Spec
	for block := range strings.SplitSeq(s, ",") {
		cs, err := parseBlock(block)
		if err != nil {
			return Spec{}, err
		}
		spec.clauses = append(spec.clauses, cs...)
	}
	return spec, nil
}

// parseBlock turns one clause as written into the clauses it stands for.
func parseBlock(block string) ([]clause, error) {
	m := specBlock.FindStringSubmatchIndex(block)
	if m == nil {
		return nil, fmt.Errorf("Invalid simple block %s", value.QuoteString(block))
	}
	group := func(i int) (string, bool) {
		if m[2*i] < 0 {
			return "", false
		}
		return block[m[2*i]:m[2*i+1]], true
	}
	op, _ := group(1)
	switch op {
	case "", "=":
		op = "=="
	}
	var nums []string // the numbers given, up to the first * or missing one
	for i := 2; i <= 4; i++ {
		n, ok := group(i)
		if !ok || n == "*" {
			break
		}
		nums = append(nums, n)
	}
	pre, _ := group(5)
	build, hasBuild := group(6)
	invalid := fmt.Errorf("Invalid simple spec: %s", value.QuoteString(block))
	if len(nums) < 3 && (pre != "" || build != "") || hasBuild && op != "==" && op != "!=" {
		return nil, invalid
	}
	text := strings.Join(append(nums, "0", "0", "0")[:3], ".")
	if len(nums) == 3 {
		if pre != "" {
			text += "-" + pre
		}
		if build != "" {
			text += "+" + build
		}
	}
	target, err := strict(text)
	if err != nil {
		return nil, err
	}
	// next is the first version after the range a partial version names.
	next := func() *semver.Version {
		if len(nums) == 1 {
			v := target.IncMajor()
			return &v
		}
		v := target.IncMinor()
		return &v
	}
	ge := clause{op: ">=", target: target}
	switch {
	case len(nums) == 0:
		if op != "==" && op != ">=" {
			return nil, invalid
		}
		return []clause{ge}, nil
	case op == "^":
		var high semver.Version
		switch {
		case target.Major() > 0:
			high = target.IncMajor()
		case target.Minor() > 0:
			high = target.IncMinor()
		default:
			high = target.IncPatch()
		}
		return []clause{ge, {op: "<", target: &high}}, nil
	case op == "~" && len(nums) == 1, op == "~=" && len(nums) < 3:
		high := target.IncMajor()
		return []clause{ge, {op: "<", target: &high}}, nil
	case op == "~", op == "~=":
		high := target.IncMinor()
		return []clause{ge, {op: "<", target: &high}}, nil
	case len(nums) < 3:
		switch op {
		case "==":
			return []clause{ge, {op: "<", target: next()}}, nil
		case "!=":
			// The reference means "<t or >=next" but joins the two with
			// "and", so nothing matches.
			return []clause{{op: "<", target: target}, {op: ">=", target: next()}}, nil
		case ">":
			return []clause{{op: ">=", target: next()}}, nil
		case "<=":
			return []clause{{op: "<", target: next()}}, nil
		}
		return []clause{{op: op, target: target}}, nil
	}
	// The reference renders the clauses and parses them again, which
	// drops the meaning of an empty prerelease or build ("<1.2.3-").
	return []clause{{op: op, target: target}}, nil
}

// Match reports whether v satisfies every clause of the spec.
func (s Spec) Match(v *semver.Version) bool {
	for _, c := range s.clauses {
		if !c.match(v) {
			return false
		}
	}
	return true
}

func (c clause) match(v *semver.Version) bool {
	cmp := v.Compare(c.target) // build metadata does not count
	// A prerelease of the target's own release is below it, but < and !=
	// do not accept it.
	prereleaseOfTarget := v.Prerelease() != "" && c.target.Prerelease() == "" &&
		v.Major() == c.target.Major() && v.Minor() == c.target.Minor() && v.Patch() == c.target.Patch()
	// Build metadata counts for equality only when the target has some.
	equal := cmp == 0 && (c.target.Metadata() == "" || v.Metadata() == c.target.Metadata())
	switch c.op {
	case "==":
		return equal
	case "!=":
		return !equal && !prereleaseOfTarget
	case "<":
		return cmp < 0 && !prereleaseOfTarget
	case "<=":
		return cmp <= 0
	case ">":
		return cmp > 0
	}
	return cmp >= 0
}

// Select returns the index of the highest of versions that satisfies the
// spec (the last of equal ones), or -1 when none does.
func (s Spec) Select(versions []*semver.Version) int {
	best := -1
	for i, v := range versions {
		if s.Match(v) && (best < 0 || v.Compare(versions[best]) >= 0) {
			best = i
		}
	}
	return best
}

// Equal reports whether two specs have the same clauses, in any order, as
// the reference's specs compare (they are equal when their sets of
// normalised clauses are): "0" equals ">=0.0.0,<1.0.0", but "1.0.0"
// does not equal ">=1.0.0,<=1.0.0".
func (s Spec) Equal(o Spec) bool {
	key := func(c clause) string { return c.op + c.target.String() }
	set := func(cs []clause) map[string]bool {
		m := map[string]bool{}
		for _, c := range cs {
			m[key(c)] = true
		}
		return m
	}
	a, b := set(s.clauses), set(o.clauses)
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}
