package chess

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"testing"
)

// TestPGNOnlyTheTokenizerMovesTheCursor checks the first layer of issue 12: the tokenizer
// (pgn_scan.go) alone moves over the bytes. No other file of the package assigns to a field
// of pgnScanner that says where it is (its cursor, buffer, limit, line count, current token),
// increments one or takes its address; they call the tokenizer's methods. The fields that
// are no place in the input are left out: the line limit (the reader's policy), the
// overlong lines found (which the parser reports and clears), and the I/O error.
func TestPGNOnlyTheTokenizerMovesTheCursor(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the package: skipped with -short")
	}
	fset := token.NewFileSet()
	names, _ := filepath.Glob("*.go")
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{Selections: map[*ast.SelectorExpr]*types.Selection{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("github.com/ox88/chess", fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	scanner := pkg.Scope().Lookup("pgnScanner").Type()
	// scannerField reports whether e is a field of a pgnScanner (s.pos, r.s.line, …)
	scannerField := func(e ast.Expr) bool {
		for {
			switch x := e.(type) {
			case *ast.ParenExpr:
				e = x.X
				continue
			case *ast.IndexExpr: // s.buf[i] = …
				e = x.X
				continue
			case *ast.SelectorExpr:
				sel := info.Selections[x]
				if sel == nil || sel.Kind() != types.FieldVal {
					return false
				}
				recv := sel.Recv()
				if p, ok := recv.(*types.Pointer); ok {
					recv = p.Elem()
				}
				switch x.Sel.Name {
				case "lineLimit", "long", "err":
					return false
				}
				return types.Identical(recv, scanner)
			}
			return false
		}
	}
	checked := 0
	for _, f := range files {
		name := fset.Position(f.Pos()).Filename
		if name == "pgn_scan.go" {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var targets []ast.Expr
			switch x := n.(type) {
			case *ast.AssignStmt:
				targets = x.Lhs
			case *ast.IncDecStmt:
				targets = []ast.Expr{x.X}
			case *ast.UnaryExpr:
				if x.Op == token.AND {
					targets = []ast.Expr{x.X}
				}
			}
			for _, e := range targets {
				checked++
				if scannerField(e) {
					t.Errorf("%s: writes a field of the tokenizer (pgnScanner) outside pgn_scan.go", fset.Position(e.Pos()))
				}
			}
			return true
		})
	}
	if checked < 1000 {
		t.Errorf("%d assignments looked at: the test reads the wrong files", checked)
	}
}
