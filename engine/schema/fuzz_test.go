package schema_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"murano.dev/playground/engine"
)

// fuzzSeeds are the rest of class files that start with "Name: F\n".
var fuzzSeeds = []string{
	`Properties:
  p:
    Contract: $.int().notNull().check($ > 0 and $ <= 10)
    Default: 3
    Meta:
      - io.murano.metadata.Title: {text: P}
      - io.murano.metadata.forms.Position: {index: 1, section: s}
Meta:
  - io.murano.metadata.forms.Section: {name: s, index: 0}
`,
	`Properties:
  m:
    Contract:
      a: [$.string(), 1, 2]
      $.string(): $.class(F).check($.m != null)
  t:
    Contract: $.template(F, excludeProperties => [m]).check($ in $this.f())
Methods:
  f:
    Usage: Static
    Body:
      - Return: [a, b]
  build:
    Usage: Static
    Scope: Public
    Meta:
      io.murano.metadata.ModelBuilder: {}
    Arguments:
      - model: {Contract: {}}
      - n: {Contract: $.int().check(len($) > 2 and 5 < $)}
    Body:
      - Return: $model
`,
	`Extends: io.murano.Application
Properties:
  x:
    Contract: '$.string()'
`,
}

// FuzzGenerate generates the schemas of a class file (Classes/F.yaml of
// a package f, class f.F), in both modes, with a small step budget:
// whatever the file holds, the generation must end with schemas or the
// reference's error, never a panic, a hang or a failed request.
func FuzzGenerate(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	const manifest = "Format: MuranoPL/1.4\nType: Application\nFullName: f\nName: f\nClasses:\n  f.F: F.yaml\n"
	f.Fuzz(func(t *testing.T, rest []byte, extensions bool) {
		src := append([]byte("Namespaces: {=: f}\nName: F\n"), rest...)
		p, err := engine.OpenPackage(fstest.MapFS{
			"manifest.yaml":  &fstest.MapFile{Data: []byte(manifest)},
			"Classes/F.yaml": &fstest.MapFile{Data: src},
		})
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		done := make(chan struct{})
		var res *engine.SchemaResult
		go func() {
			defer close(done)
			res, err = engine.GenerateSchema(ctx, engine.SchemaRequest{Packages: []*engine.Package{p}, Class: "f.F",
				Extensions: extensions, MaxSteps: 20_000})
		}()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Fatal("the generation did not end 28 s after its deadline")
		}
		if err != nil {
			t.Fatalf("GenerateSchema: %v", err)
		}
		if res.Error != nil && (res.Error.Type == "" || strings.Contains(res.Error.Message, "internal error")) {
			t.Fatalf("the generator broke: %v", res.Error)
		}
		if _, err := res.JSON(-1); err != nil {
			t.Fatalf("the schemas cannot be printed: %v", err)
		}
	})
}

// A class of 10,000 properties (about as many as a class file of 1 MB
// holds), each with a contract and a meta, half with a Default, takes a
// second or so.
func TestManyProperties(t *testing.T) {
	var b strings.Builder
	b.WriteString("Namespaces: {=: f, forms: io.murano.metadata.forms}\nName: F\nProperties:\n")
	for i := range 10_000 {
		fmt.Fprintf(&b, "  p%d:\n    Contract: $.int().check($>%d)\n    Meta: {forms:Position: {index: %d}}\n", i, i, i)
		if i%2 == 0 {
			fmt.Fprintf(&b, "    Default: %d\n", i+1)
		}
	}
	p, err := engine.OpenPackage(fstest.MapFS{
		"manifest.yaml":  &fstest.MapFile{Data: []byte("Format: MuranoPL/1.4\nType: Application\nFullName: f\nName: f\nClasses:\n  f.F: F.yaml\n")},
		"Classes/F.yaml": &fstest.MapFile{Data: []byte(b.String())},
	})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	res, err := engine.GenerateSchema(context.Background(), engine.SchemaRequest{Packages: []*engine.Package{p}, Class: "f.F", Extensions: true})
	if err != nil || res.Error != nil {
		t.Fatalf("%v %v", err, res.Error)
	}
	took := time.Since(start)
	props, _ := res.Schemas.Values()[0].(*engine.Dict).GetString("properties")
	if n := props.(*engine.Dict).Len(); n != 10_000 {
		t.Errorf("%d properties, want 10000", n)
	}
	t.Logf("10,000 properties in %v", took)
	if took > 10*time.Second {
		t.Errorf("10,000 properties took %v", took)
	}
}
