package dsl_test

// Meta objects and reflection values beyond what the golden corpora
// show: package meta, when meta objects are made and that they are not
// stored, versions, and the reprs of reflection values. Expected values
// are those the reference oracle (oracle.py dsl) prints for the same
// classes.

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"testing"
	"testing/fstest"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/pkg"
	"murano.dev/playground/engine/value"
)

const metaClasses = `
Namespaces:
  =: t
Name: M
Usage: Meta
Cardinality: Many
Inherited: true
Properties:
  v:
    Contract: $.int()
---
Name: PM
Usage: Meta
Applies: Package
Properties:
  v:
    Contract: $
---
Name: TypeOnly
Usage: Meta
Applies: Type
---
Name: Base
Methods:
  foo:
    Meta:
      - M: {v: 1}
    Body:
      - Return: foo
---
Name: A
Extends: Base
Properties:
  p:
    Contract: $
    Default: 3
Methods:
  foo:
    Meta:
      - M: {v: 10}
    Arguments:
      - x:
          Contract: $
          Default: null
    Body:
      - Return: new(A).id()
  testLazy:
    Body:
      - $x: new(A)
      - $y: $.foo()
      - $z: new(A)
      - Return: [id($x), $y, id($z)]
  testMethodMetaIds:
    Body:
      - Return: typeinfo($).methods.where($.name = foo).single().meta.select(id($)).orderBy($)
  testReprs:
    Body:
      - $foo: typeinfo($).methods.where($.name = foo).single()
      - Return: [str(typeinfo($)), str(typeinfo($).properties.first()), str($foo), str($foo.arguments.first()),
          str(typeinfo($).package), str(typeinfo($).version), str(typeinfo($).type), str(typeinfo(:M)), str(:M)]
  testValues:
    Body:
      - Return: [typeinfo($), typeinfo($).package, typeinfo($).version, typeinfo($).methods.where($.name = getAttr).single().arguments]
  testVersion:
    Body:
      - $v: typeinfo($).package.version
      - Return: [str($v), $v, $v.major, $v.minor, $v.patch, $v.prerelease, $v.build]
  testKeys:
    Body:
      - Return:
          - list(typeinfo($).version, typeinfo($).package.version).distinct().len()
          - dict(typeinfo($) => 1).get(typeinfo(:A))
  testVersionAttribute:
    Body:
      - Return: typeinfo($).version.foo
  testPackageMeta:
    Body:
      - Return: [typeinfo($).package.meta.v, typeinfo($).package.meta.select(typeinfo($).name)]
`

// metaCarriers only hold the Meta sections the tests give packages.
const metaCarriers = `
Namespaces:
  =: t
Name: PackageMeta
Meta:
  - PM: {v: 5}
---
Name: WrongPackageMeta
Meta: TypeOnly
`

// metaPackage is a class folder with a version and a manifest's Meta.
type metaPackage struct {
	decl.Package
	version string
	meta    decl.Meta
}

func (p metaPackage) Version() string          { return p.version }
func (p metaPackage) Meta() (decl.Meta, error) { return p.meta, nil }

type metaLoader struct {
	core decl.Loader
	pkg  metaPackage
}

func (l metaLoader) Load(name, spec string) (decl.Package, error) {
	if name == l.pkg.Name() {
		return l.pkg, nil
	}
	return l.core.Load(name, spec)
}

// newMetaExecutor runs the classes above as package "tests" of the given
// version, its Meta taken from the carrier class named (none when "").
func newMetaExecutor(t *testing.T, version, carrier string, testFoundation bool) (*dsl.Executor, *dsl.Object) {
	t.Helper()
	classes, err := fs.Sub(coreLibrary(t), "Classes")
	if err != nil {
		t.Fatal(err)
	}
	core, err := pkg.ClassFolder(dsl.CoreLibrary, classes, decl.V1_0)
	if err != nil {
		t.Fatal(err)
	}
	tests, err := pkg.ClassFolder("tests", fstest.MapFS{
		"A.yaml":       {Data: []byte(metaClasses)},
		"Carrier.yaml": {Data: []byte(metaCarriers)},
	}, decl.V1_0)
	if err != nil {
		t.Fatal(err)
	}
	mp := metaPackage{Package: tests, version: version}
	if carrier != "" {
		f, err := tests.ClassFile(carrier)
		if err != nil || f == nil {
			t.Fatalf("class file of %s: %v", carrier, err)
		}
		c, derr := f.Lookup(carrier)
		if derr != nil || c == nil {
			t.Fatalf("class %s: %v", carrier, derr)
		}
		mp.meta = c.Meta
	}
	ids := 0
	ex := dsl.NewExecutor(context.Background(), metaLoader{core: pkg.NewLoader(core), pkg: mp}, dsl.Options{
		NewID:          func() string { ids++; return fmt.Sprintf("%032x", ids) },
		TestPackage:    "tests",
		TestFoundation: testFoundation,
	})
	ex.AddPackage(core)
	ex.AddPackage(mp)
	model := value.NewDict(1)
	model.SetString("Objects", jsonValue(t, `{"?": {"type": "t.A", "id": "root"}}`))
	root, err := ex.LoadModel(model)
	if err != nil {
		t.Fatal(err)
	}
	return ex, root
}

func callJSON(t *testing.T, ex *dsl.Executor, root *dsl.Object, method string) string {
	t.Helper()
	v, err := ex.Call(root, method, nil, nil)
	if err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	j, _, err := value.ToJSON(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(j)
}

// original returns the error a MuranoPL exception wraps.
func original(err error) error {
	var me *dsl.Exception
	if errors.As(err, &me) && me.Original != nil {
		return me.Original
	}
	return err
}

func metaID(n int) string { return fmt.Sprintf("%032x", n) }

func TestMetaMadeOnFirstCallAndNotStored(t *testing.T) {
	ex, root := newMetaExecutor(t, "0.0.0", "", true)
	// The first call of foo makes its two meta objects (its own and the
	// inherited one) between the ids of $x and of the object foo creates.
	want := fmt.Sprintf(`["%s", "%s", "%s"]`, metaID(1), metaID(4), metaID(5))
	if got := callJSON(t, ex, root, "testLazy"); got != want {
		t.Errorf("testLazy = %s, want %s", got, want)
	}
	want = fmt.Sprintf(`["%s", "%s"]`, metaID(2), metaID(3))
	if got := callJSON(t, ex, root, "testMethodMetaIds"); got != want {
		t.Errorf("testMethodMetaIds = %s, want %s", got, want)
	}
	for _, n := range []int{2, 3} {
		if o := ex.Object(metaID(n)); o != nil {
			t.Errorf("meta object %s is in the object store", metaID(n))
		}
	}
}

func TestReflectionReprs(t *testing.T) {
	ex, root := newMetaExecutor(t, "0.0.0", "", true)
	want := `["MuranoClass(t.A/0.0.0)", "MuranoProperty(t.A::p)", "MuranoMethod(t.A::foo)", "MuranoMethodArgument(foo::x)", ` +
		`"MuranoPackage(tests)", "0.0.0", "*MuranoClass(t.A/0.0.0)", "MuranoMetaClass(t.M/0.0.0)", "*MuranoMetaClass(t.M/0.0.0)"]`
	if got := callJSON(t, ex, root, "testReprs"); got != want {
		t.Errorf("testReprs = %s\nwant %s", got, want)
	}
	for _, tc := range []struct {
		testFoundation bool
		pytype         string
	}{{true, "TestPackage"}, {false, "MuranoPackage"}} {
		ex, root := newMetaExecutor(t, "0.0.0", "", tc.testFoundation)
		want := `[{"$type": "t.A/0.0.0"}, {"$repr": "MuranoPackage(tests)", "$pytype": "` + tc.pytype + `"}, [0, 0, 0, [], []], null]`
		if got := callJSON(t, ex, root, "testValues"); got != want {
			t.Errorf("testValues = %s\nwant %s", got, want)
		}
	}
}

func TestReflectionVersion(t *testing.T) {
	ex, root := newMetaExecutor(t, "0.2.3-beta.1+b7", "", true)
	want := `["0.2.3-beta.1+b7", [0, 2, 3, ["beta", "1"], ["b7"]], 0, 2, 3, ["beta", "1"], ["b7"]]`
	if got := callJSON(t, ex, root, "testVersion"); got != want {
		t.Errorf("testVersion = %s\nwant %s", got, want)
	}
	if got, want := callJSON(t, ex, root, "testKeys"), `[1, 1]`; got != want {
		t.Errorf("testKeys = %s, want %s", got, want)
	}
	_, err := ex.Call(root, "testVersionAttribute", nil, nil)
	if class, _, msg := dsl.PythonName(original(err)); class != "AttributeError" || msg != "Cannot access foo" {
		t.Errorf("testVersionAttribute: error %v, want AttributeError: Cannot access foo", err)
	}
}

func TestPackageMeta(t *testing.T) {
	ex, root := newMetaExecutor(t, "0.0.0", "t.PackageMeta", true)
	if got, want := callJSON(t, ex, root, "testPackageMeta"), `[[5], ["t.PM"]]`; got != want {
		t.Errorf("testPackageMeta = %s, want %s", got, want)
	}
	ex, root = newMetaExecutor(t, "0.0.0", "", true)
	if got, want := callJSON(t, ex, root, "testPackageMeta"), `[[], []]`; got != want {
		t.Errorf("testPackageMeta without Meta = %s, want %s", got, want)
	}
	ex, root = newMetaExecutor(t, "0.0.0", "t.WrongPackageMeta", true)
	_, err := ex.Call(root, "testPackageMeta", nil, nil)
	if class, _, msg := dsl.PythonName(original(err)); class != "ValueError" || msg != "Meta class t.TypeOnly is not applicable here" {
		t.Errorf("testPackageMeta with a Type meta: error %v, want ValueError: Meta class t.TypeOnly is not applicable here", err)
	}
}
