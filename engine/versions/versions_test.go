package versions

import (
	"slices"
	"testing"

	"github.com/Masterminds/semver/v3"
)

// The expected values were produced by the reference: semantic_version
// 2.9's Version.coerce and murano's helpers.parse_version_spec.

func TestParse(t *testing.T) {
	tests := []struct{ in, want, err string }{
		{in: "1", want: "1.0.0"},
		{in: "1.2", want: "1.2.0"},
		{in: "01.2", want: "1.2.0"},
		{in: "1.2-beta", want: "1.2.0-beta"},
		{in: "1.2.3-beta.1", want: "1.2.3-beta.1"},
		{in: "1.2.3+build", want: "1.2.3+build"},
		{in: "1.2.3.4", want: "1.2.3+4"},
		{in: "0.1+2-3+4_5", want: "0.1.0+2-3.4-5"},
		{in: "1.2.3-beta_1", want: "1.2.3-beta-1"},
		{in: "1.2.3-", want: "1.2.3"},
		{in: "1.2.3 ", want: "1.2.3"},
		{in: "", err: "Version string lacks a numerical component: ''"},
		{in: "abc", err: "Version string lacks a numerical component: 'abc'"},
		{in: "v1", err: "Version string lacks a numerical component: 'v1'"},
		{in: " 1", err: "Version string lacks a numerical component: ' 1'"},
		{in: "1.2.3-01", err: "Invalid version string: '1.2.3-01' (version segment starts with 0)"},
		{in: "1.2.3-a..b", err: "Invalid version string: '1.2.3-a..b' (invalid prerelease string)"},
	}
	for _, tt := range tests {
		v, err := Parse(tt.in)
		switch {
		case tt.err != "":
			if err == nil || err.Error() != tt.err {
				t.Errorf("Parse(%q) error = %v, want %q", tt.in, err, tt.err)
			}
		case err != nil:
			t.Errorf("Parse(%q): %v", tt.in, err)
		case v.String() != tt.want:
			t.Errorf("Parse(%q) = %s, want %s", tt.in, v, tt.want)
		}
	}
}

var candidates = []string{"0.0.3", "0.1.0", "0.2.5", "0.3.0", "0.9.0-rc1", "1.0.0-rc1", "1.0.0", "1.2.0",
	"1.2.3-beta", "1.2.3", "1.2.3+build", "1.2.4-rc1", "1.3.0", "2.0.0-rc1", "2.0.0", "10.1.0"}

var all = candidates

func TestSpecMatch(t *testing.T) {
	tests := map[string][]string{
		"":              {"0.0.3", "0.1.0", "0.2.5", "0.3.0", "0.9.0-rc1"},
		"0":             {"0.0.3", "0.1.0", "0.2.5", "0.3.0", "0.9.0-rc1"},
		"*":             all,
		">=*":           all,
		">=0.0.3":       all,
		"1":             {"1.0.0", "1.2.0", "1.2.3-beta", "1.2.3", "1.2.3+build", "1.2.4-rc1", "1.3.0"},
		"=1":            {"1.0.0", "1.2.0", "1.2.3-beta", "1.2.3", "1.2.3+build", "1.2.4-rc1", "1.3.0"},
		"==1":           {"1.0.0", "1.2.0", "1.2.3-beta", "1.2.3", "1.2.3+build", "1.2.4-rc1", "1.3.0"},
		"1.2":           {"1.2.0", "1.2.3-beta", "1.2.3", "1.2.3+build", "1.2.4-rc1"},
		"=1.2":          {"1.2.0", "1.2.3-beta", "1.2.3", "1.2.3+build", "1.2.4-rc1"},
		"==1.2":         {"1.2.0", "1.2.3-beta", "1.2.3", "1.2.3+build", "1.2.4-rc1"},
		"1.2.3":         {"1.2.3", "1.2.3+build"},
		"==1.2.3":       {"1.2.3", "1.2.3+build"},
		">= 1.2 , < 2":  {"1.2.0", "1.2.3-beta", "1.2.3", "1.2.3+build", "1.2.4-rc1", "1.3.0"},
		"<0.3":          {"0.0.3", "0.1.0", "0.2.5"},
		"<1":            {"0.0.3", "0.1.0", "0.2.5", "0.3.0", "0.9.0-rc1"},
		"<1.2.3":        {"0.0.3", "0.1.0", "0.2.5", "0.3.0", "0.9.0-rc1", "1.0.0-rc1", "1.0.0", "1.2.0"},
		"<1.2.3-":       {"0.0.3", "0.1.0", "0.2.5", "0.3.0", "0.9.0-rc1", "1.0.0-rc1", "1.0.0", "1.2.0"},
		"<=1":           {"0.0.3", "0.1.0", "0.2.5", "0.3.0", "0.9.0-rc1", "1.0.0-rc1", "1.0.0", "1.2.0", "1.2.3-beta", "1.2.3", "1.2.3+build", "1.2.4-rc1", "1.3.0"},
		"<=1.2":         {"0.0.3", "0.1.0", "0.2.5", "0.3.0", "0.9.0-rc1", "1.0.0-rc1", "1.0.0", "1.2.0", "1.2.3-beta", "1.2.3", "1.2.3+build", "1.2.4-rc1"},
		"<=1.2.3":       {"0.0.3", "0.1.0", "0.2.5", "0.3.0", "0.9.0-rc1", "1.0.0-rc1", "1.0.0", "1.2.0", "1.2.3-beta", "1.2.3", "1.2.3+build"},
		">1":            {"2.0.0", "10.1.0"},
		">1.2":          {"1.3.0", "2.0.0-rc1", "2.0.0", "10.1.0"},
		">1.2.3":        {"1.2.4-rc1", "1.3.0", "2.0.0-rc1", "2.0.0", "10.1.0"},
		">=1.2.3-beta":  {"1.2.3-beta", "1.2.3", "1.2.3+build", "1.2.4-rc1", "1.3.0", "2.0.0-rc1", "2.0.0", "10.1.0"},
		"!=1.2":         nil,
		"!=1":           nil,
		"!=1.2.3":       {"0.0.3", "0.1.0", "0.2.5", "0.3.0", "0.9.0-rc1", "1.0.0-rc1", "1.0.0", "1.2.0", "1.2.4-rc1", "1.3.0", "2.0.0-rc1", "2.0.0", "10.1.0"},
		"!=1.2.3-":      {"0.0.3", "0.1.0", "0.2.5", "0.3.0", "0.9.0-rc1", "1.0.0-rc1", "1.0.0", "1.2.0", "1.2.4-rc1", "1.3.0", "2.0.0-rc1", "2.0.0", "10.1.0"},
		"~1":            {"1.0.0", "1.2.0", "1.2.3-beta", "1.2.3", "1.2.3+build", "1.2.4-rc1", "1.3.0"},
		"~1.2":          {"1.2.0", "1.2.3-beta", "1.2.3", "1.2.3+build", "1.2.4-rc1"},
		"~1.2.3":        {"1.2.3", "1.2.3+build", "1.2.4-rc1"},
		"~=1":           {"1.0.0", "1.2.0", "1.2.3-beta", "1.2.3", "1.2.3+build", "1.2.4-rc1", "1.3.0"},
		"~=1.2":         {"1.2.0", "1.2.3-beta", "1.2.3", "1.2.3+build", "1.2.4-rc1", "1.3.0"},
		"~=1.2.3":       {"1.2.3", "1.2.3+build", "1.2.4-rc1"},
		"^1.2":          {"1.2.0", "1.2.3-beta", "1.2.3", "1.2.3+build", "1.2.4-rc1", "1.3.0"},
		"^0.2":          {"0.2.5"},
		"^0.0.3":        {"0.0.3"},
		"==1.2.3-beta":  {"1.2.3-beta"},
		"==1.2.3+build": {"1.2.3+build"},
		"==1.2.3+":      {"1.2.3", "1.2.3+build"},
		"10":            {"10.1.0"},
		">=1,<=1.2.3":   {"1.0.0", "1.2.0", "1.2.3-beta", "1.2.3", "1.2.3+build"},
	}
	for text, want := range tests {
		spec, err := ParseSpec(text)
		if err != nil {
			t.Errorf("ParseSpec(%q): %v", text, err)
			continue
		}
		var got []string
		for _, c := range candidates {
			if spec.Match(semver.MustParse(c)) {
				got = append(got, c)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("ParseSpec(%q) matches %v, want %v", text, got, want)
		}
	}
}

func TestSpecErrors(t *testing.T) {
	tests := map[string]string{
		">=abc":      "Invalid simple block '>=abc'",
		"abc":        "Invalid simple block 'abc'",
		">>1":        "Invalid simple block '>>1'",
		"1.2.3.4":    "Invalid simple block '==1.2.3.4'",
		">=1,":       "Invalid simple block ''",
		"True":       "Invalid simple block 'True'",
		"<*":         "Invalid simple spec: '<*'",
		"==1.2-beta": "Invalid simple spec: '==1.2-beta'",
		">1.2.3+b":   "Invalid simple spec: '>1.2.3+b'",
	}
	for text, want := range tests {
		if _, err := ParseSpec(text); err == nil || err.Error() != want {
			t.Errorf("ParseSpec(%q) error = %v, want %q", text, err, want)
		}
	}
	if _, err := ParseSpec("1.2.3-01"); err == nil {
		t.Error("ParseSpec(1.2.3-01) accepted a leading zero in a prerelease")
	}
}

func TestSelect(t *testing.T) {
	var versions []*semver.Version
	for _, c := range candidates {
		versions = append(versions, semver.MustParse(c))
	}
	// packages.md §3.2: select takes the highest match.
	tests := map[string]string{
		"":        "0.9.0-rc1",
		">=0.0.3": "10.1.0",
		"1":       "1.3.0",
		"1.2":     "1.2.4-rc1",
		"<0.3":    "0.2.5",
		"<=1.2":   "1.2.4-rc1",
		"!=1.2":   "",
	}
	for text, want := range tests {
		spec, err := ParseSpec(text)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if i := spec.Select(versions); i >= 0 {
			got = versions[i].String()
		}
		if got != want {
			t.Errorf("ParseSpec(%q).Select = %q, want %q", text, got, want)
		}
	}
}

// Spec equality as the reference's (semantic_version 2.9 specs after
// parse_version_spec) compares them; recorded with python3-murano.
func TestSpecEqual(t *testing.T) {
	cases := []struct {
		a, b string
		want bool
	}{
		{"0", ">=0.0.0,<1.0.0", true},
		{"1.0.0", ">=1.0.0,<=1.0.0", false},
		{">=1,<2", "<2,>=1", true},
		{"1", ">=1.0.0,<2.0.0,>=1", true},
		{">1", ">=2", true},
		{">1.0.0", ">=1.0.1", false},
		{"==1.2.3+b", "==1.2.3", false},
		{"!=1.2", "<1.2,>=1.3", true},
		{"*", ">=0", true},
		{"~1.2", "1.2", true},
		{"^1.2", ">=1.2,<2", true},
	}
	for _, c := range cases {
		a, err := ParseSpec(c.a)
		if err != nil {
			t.Fatal(err)
		}
		b, err := ParseSpec(c.b)
		if err != nil {
			t.Fatal(err)
		}
		if got := a.Equal(b); got != c.want || b.Equal(a) != c.want {
			t.Errorf("%q == %q: %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
