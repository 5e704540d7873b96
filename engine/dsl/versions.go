// This file defines version specs as the reference writes them
// (pip-like, partial versions), normalised the way it normalises them.

package dsl

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/Masterminds/semver/v3"
)

// VersionSpec is a normalised version spec: every constraint must hold.
type VersionSpec []versionConstraint

type versionConstraint struct {
	op string // >=, <, ==, !=, >, <=
	v  *semver.Version
}

var (
	specSpaces  = regexp.MustCompile(`\s+`)
	specEqDigit = regexp.MustCompile(`^=(\d)`)
	specItem    = regexp.MustCompile(`^(==|!=|<=|>=|<|>|\*)?(.*)$`)
)

// ParseVersionSpec parses a spec such as "", "1", "==1.2", ">=1,<2".
func ParseVersionSpec(s string) (VersionSpec, error) {
	s = specSpaces.ReplaceAllString(s, "")
	if s == "" {
		s = "0"
	}
	s = specEqDigit.ReplaceAllString(s, "==$1")
	if s[0] >= '0' && s[0] <= '9' {
		s = "==" + s
	}
	var out VersionSpec
	for _, part := range strings.Split(s, ",") {
		m := specItem.FindStringSubmatch(part)
		op, ver := m[1], m[2]
		if op == "*" || ver == "*" {
			continue
		}
		if op == "" {
			return nil, builtinError("ValueError", "Invalid simple block '%s'", part)
		}
		nums := strings.SplitN(strings.SplitN(strings.SplitN(ver, "-", 2)[0], "+", 2)[0], ".", 3)
		full := len(nums) == 3
		major, err := strconv.Atoi(nums[0])
		if err != nil {
			return nil, builtinError("ValueError", "Invalid requirement specification: '%s'", part)
		}
		minor := -1
		if len(nums) > 1 {
			if minor, err = strconv.Atoi(nums[1]); err != nil {
				return nil, builtinError("ValueError", "Invalid requirement specification: '%s'", part)
			}
		}
		if full {
			v, err := semver.StrictNewVersion(ver)
			if err != nil {
				return nil, builtinError("ValueError", "Invalid requirement specification: '%s'", part)
			}
			out = append(out, versionConstraint{op, v})
			continue
		}
		coerced := mkVersion(major, max(minor, 0), 0, "")
		var inc *semver.Version
		if minor < 0 {
			inc = mkVersion(major+1, 0, 0, "")
		} else {
			inc = mkVersion(major, minor+1, 0, "")
		}
		extend := func(v *semver.Version) *semver.Version {
			return mkVersion(int(v.Major()), int(v.Minor()), int(v.Patch()), "0")
		}
		switch op {
		case ">":
			out = append(out, versionConstraint{">=", extend(inc)})
		case ">=":
			out = append(out, versionConstraint{">=", coerced})
		case "<":
			out = append(out, versionConstraint{"<", extend(coerced)})
		case "<=":
			out = append(out, versionConstraint{"<", extend(inc)})
		case "!=":
			out = append(out, versionConstraint{">=", extend(inc)})
		case "==":
			out = append(out, versionConstraint{">=", coerced}, versionConstraint{"<", extend(inc)})
		}
	}
	return out, nil
}

func mkVersion(major, minor, patch int, pre string) *semver.Version {
	return semver.New(uint64(major), uint64(minor), uint64(patch), pre, "")
}

// Match reports whether the version (SemVer text) satisfies the spec.
func (s VersionSpec) Match(version string) bool {
	v, err := semver.NewVersion(version)
	if err != nil {
		return false
	}
	for _, c := range s {
		r := v.Compare(c.v)
		ok := false
		switch c.op {
		case "==":
			ok = r == 0
		case "!=":
			ok = r != 0
		case ">=":
			ok = r >= 0
		case ">":
			ok = r > 0
		case "<=":
			ok = r <= 0
		case "<":
			ok = r < 0
		}
		if !ok {
			return false
		}
	}
	return true
}
