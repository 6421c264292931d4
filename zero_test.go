package chess

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"math/rand"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// exportedValues holds one value of every exported type of the package: the reflection test
// calls every exported method of each on its zero value and on random values.
// TestZeroValuesListComplete keeps the list complete.
var exportedValues = []any{
	Color(0), PieceType(0), Piece(0), Square(0), Move(0), SquareSet(0), CastlingSide(0),
	CastlingRights(0), Termination(0), Winner(0), Outcome{}, Rules(0), NAG(0), SANDeviation(0),
	Position{}, Game{}, GameError{}, MoveError{}, SANError{}, FENError{}, PGNError{}, ErrorList(nil),
	PGNNode{}, PGNGame{}, PGNReader{}, PGNWriteOptions{}, Tag{}, Eval{}, MoveCount{},
	DiagramOptions{}, PositionKey{}, TagError{}, Result(0), PGNTreeError{}, MarkColor(0), Highlight{}, Arrow{},
	IllegalReason(0), PGNClass{}, EvalKind(0), EPD{}, EPDOperation{}, EPDError{},
}

// TestZeroValuesListComplete: every exported type declared in the package's non-test files is
// in exportedValues, so a type added later is covered by TestMethodsNeverPanic.
func TestZeroValuesListComplete(t *testing.T) {
	listed := map[string]bool{}
	for _, v := range exportedValues {
		listed[reflect.TypeOf(v).Name()] = true
	}
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, s := range gd.Specs {
				name := s.(*ast.TypeSpec).Name.Name
				if ast.IsExported(name) && !listed[name] {
					t.Errorf("exported type %s (%s) is not in exportedValues", name, f)
				}
			}
		}
	}
}

// garbageStrings are the string arguments the reflection test passes.
var garbageStrings = []string{"", "e4", "e2e4", "Nf3", "O-O", "0000", "\x00\xff", "[%eval #0]", "Event",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "zzzz", "e7e8k", "白"}

// samplePositions are the Position values the reflection test uses: the zero value and real
// positions.
var samplePositions = []Position{
	{}, StartingPosition(), StartingPosition().WithChess960(true), Position{}.WithChess960(true),
	MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
	MustParseFEN("8/2P5/8/8/8/8/5k2/K7 w - - 0 1"),
	MustParseFEN("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"),
}

// randomValue returns a value of type t: the zero value or random bits for numbers, a garbage
// string, a sample position, working readers and writers, structs with random exported fields.
func randomValue(t reflect.Type, r *rand.Rand, depth int) reflect.Value {
	v := reflect.New(t).Elem()
	if r.Intn(4) == 0 || depth > 3 {
		if t.Kind() == reflect.Interface {
			return interfaceValue(t, r)
		}
		return v
	}
	switch t {
	case reflect.TypeOf(Position{}):
		return reflect.ValueOf(samplePositions[r.Intn(len(samplePositions))])
	}
	switch t.Kind() {
	case reflect.Bool:
		v.SetBool(r.Intn(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if t.Kind() == reflect.Int && r.Intn(2) == 0 {
			v.SetInt(int64(r.Intn(8) - 2)) // a plausible depth, count or index
		} else {
			v.SetInt(int64(r.Uint64()))
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(r.Uint64())
	case reflect.Float32, reflect.Float64:
		v.SetFloat(r.NormFloat64() * 1e3)
	case reflect.String:
		v.SetString(garbageStrings[r.Intn(len(garbageStrings))])
	case reflect.Slice:
		n := r.Intn(3)
		s := reflect.MakeSlice(t, n, n)
		for i := 0; i < n; i++ {
			s.Index(i).Set(randomValue(t.Elem(), r, depth+1))
		}
		return s
	case reflect.Pointer:
		p := reflect.New(t.Elem())
		p.Elem().Set(randomValue(t.Elem(), r, depth+1))
		return p
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if f := t.Field(i); f.IsExported() && f.Type != reflect.TypeOf(&PGNNode{}) {
				v.Field(i).Set(randomValue(f.Type, r, depth+1))
			}
		}
	case reflect.Interface:
		return interfaceValue(t, r)
	case reflect.Array:
		for i := 0; i < t.Len(); i++ {
			v.Index(i).Set(randomValue(t.Elem(), r, depth+1))
		}
	}
	return v
}

// interfaceValue returns a working implementation of the interfaces methods take.
func interfaceValue(t reflect.Type, r *rand.Rand) reflect.Value {
	v := reflect.New(t).Elem()
	for _, c := range []any{io.Discard, strings.NewReader(garbageStrings[r.Intn(len(garbageStrings))]),
		errors.New("an error"), fmt.Stringer(Move(0))} {
		if reflect.TypeOf(c).Implements(t) {
			v.Set(reflect.ValueOf(c))
			return v
		}
	}
	return v
}

// callAll calls every exported method of recv with random arguments, ranging over any iterator
// it returns, and reports a panic with the method's name.
func callAll(t *testing.T, recv reflect.Value, r *rand.Rand) {
	t.Helper()
	typ := recv.Type()
	for i := 0; i < typ.NumMethod(); i++ {
		m := typ.Method(i)
		args := []reflect.Value{recv}
		for j := 1; j < m.Type.NumIn(); j++ {
			args = append(args, randomValue(m.Type.In(j), r, 0))
		}
		func() {
			defer func() {
				if e := recover(); e != nil {
					t.Errorf("%s.%s(%v) panicked: %v", typ, m.Name, describe(args), e)
				}
			}()
			for _, out := range m.Func.Call(args) {
				rangeOver(out)
			}
		}()
	}
}

func describe(args []reflect.Value) string {
	var parts []string
	for _, a := range args {
		if a.Kind() == reflect.Pointer && !a.IsNil() {
			a = a.Elem()
		}
		if pos, ok := a.Interface().(Position); ok {
			parts = append(parts, "Position("+pos.String()+")")
			continue
		}
		if a.Kind() == reflect.Struct {
			parts = append(parts, a.Type().String()+"{…}")
			continue
		}
		parts = append(parts, fmt.Sprintf("%#v", a.Interface()))
	}
	return strings.Join(parts, ", ")
}

// rangeOver drains a returned iterator (iter.Seq or iter.Seq2), stopping after a few values.
func rangeOver(v reflect.Value) {
	if v.Kind() != reflect.Func || v.IsNil() || v.Type().NumIn() != 1 || v.Type().In(0).Kind() != reflect.Func {
		return
	}
	n := 0
	yield := reflect.MakeFunc(v.Type().In(0), func([]reflect.Value) []reflect.Value {
		n++
		return []reflect.Value{reflect.ValueOf(n < 50)}
	})
	v.Call([]reflect.Value{yield})
}

// TestMethodsNeverPanic calls every exported method of every exported type, by reflection, on
// the zero value and on random values (random bit patterns for the integer types, random
// exported fields for the structs), with random arguments: none may panic (the developers'
// guide: every value is safe to hold).
func TestMethodsNeverPanic(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	rounds := 300
	if testing.Short() {
		rounds = 60
	}
	names := make([]string, 0, len(exportedValues))
	for _, v := range exportedValues {
		names = append(names, reflect.TypeOf(v).Name())
	}
	sort.Strings(names)
	for _, v := range exportedValues {
		typ := reflect.TypeOf(v)
		// the zero value, as a value and through a pointer
		callAll(t, reflect.Zero(typ), r)
		callAll(t, reflect.New(typ), r)
		for i := 0; i < rounds; i++ {
			rv := randomValue(typ, r, 0)
			callAll(t, rv, r)
			p := reflect.New(typ)
			p.Elem().Set(rv)
			callAll(t, p, r)
		}
	}
}
