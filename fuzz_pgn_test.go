package chess

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Budgets of the fuzzed reader: small, so that the fuzzer reaches them.
const (
	fuzzMaxGameBytes = 16 << 10
	fuzzMaxTokens    = 500
	fuzzMaxDepth     = 12
	fuzzMaxErrors    = 20
)

// FuzzPGNReader reads arbitrary input with small budgets: it never panics, never exceeds
// a budget, locates every problem inside the input, and every game read without errors
// reads back the same from what the writer makes of it, and two workers read the same as
// one, with the input cut at every line that starts with "[", and the consumers of the
// events agree with one another (compareConsumers). Seeds: the project's fixtures in
// testdata/pgn, the inputs of the table tests, and the start (8 KB: small inputs fuzz
// faster) of every PGN file of the shared test data when it is there.
func FuzzPGNReader(f *testing.F) {
	fixtures, _ := filepath.Glob(filepath.Join("testdata", "pgn", "*.pgn"))
	if dir := filepath.Join("..", "shared", "testdata", "pgn"); dirExists(dir) {
		shared, _ := filepath.Glob(filepath.Join(dir, "*", "*.pgn"))
		fixtures = append(fixtures, shared...)
	}
	for _, path := range fixtures {
		data, err := readPrefix(path, 8<<10)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, cases := range [][]pgnReadCase{pgnStandardCases, pgnQuirkCases, pgnErrorCases} {
		for _, tc := range cases {
			f.Add([]byte(tc.in))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewPGNReader(bytes.NewReader(data))
		r.MaxGameBytes, r.MaxTokens, r.MaxDepth, r.MaxErrors = fuzzMaxGameBytes, fuzzMaxTokens, fuzzMaxDepth, fuzzMaxErrors
		games := 0
		for {
			g, err := r.Read()
			if g == nil {
				if err != io.EOF {
					t.Fatalf("Read = nil, %v", err)
				}
				break
			}
			games++
			if g.Index != games {
				t.Fatalf("game %d has index %d", games, g.Index)
			}
			if games > len(data)+1 {
				t.Fatalf("%d games from %d bytes", games, len(data))
			}
			checkFuzzGame(t, r, g, err, len(data))
			if err == nil && g.Root != nil {
				text := g.String()
				checkLineWidths(t, text)
				checkRoundTrip(t, g, text)
			}
		}
		if c := cap(r.s.buf); c > 2*(fuzzMaxGameBytes+pgnChunk) {
			t.Fatalf("buffer of %d bytes", c)
		}

		// Workers read the same, with the input cut before every line that starts with "["
		// and every wrong cut caught
		describe := func(workers int) string {
			r := NewPGNReader(bytes.NewReader(data))
			r.MaxGameBytes, r.MaxTokens, r.MaxDepth, r.MaxErrors = fuzzMaxGameBytes, fuzzMaxTokens, fuzzMaxDepth, fuzzMaxErrors
			r.Workers, r.chunkTarget, r.cutAnywhere = workers, 1, true
			desc, _ := describeGames(r)
			return desc
		}
		if seq, par := describe(1), describe(2); par != seq {
			t.Fatalf("2 workers read\n%s\none reads\n%s", par, seq)
		}

		// the consumers of the events agree: validator, skip-variations and tags-only
		// readers against the tree builder
		compareConsumers(t, "the input", string(data))
	})
}

// checkFuzzGame checks that a game stays within the reader's budgets and that its problems
// are located inside the input.
func checkFuzzGame(t *testing.T, r *PGNReader, g *PGNGame, err error, size int) {
	t.Helper()
	var el ErrorList
	if err != nil && !errors.As(err, &el) {
		t.Fatalf("error %v is not an ErrorList", err)
	}
	if err != nil && len(el) == 0 {
		t.Fatal("an empty ErrorList as error")
	}
	budget := 0
	for _, e := range el {
		if errors.Is(e, ErrBudget) {
			budget++
		}
	}
	if len(el) > fuzzMaxErrors+budget || budget > 1 || len(g.Warnings) > fuzzMaxErrors {
		t.Fatalf("%d errors (%d budget), %d warnings", len(el), budget, len(g.Warnings))
	}
	for _, e := range append(el, g.Warnings...) {
		if e.Line < 1 || e.Column < 1 || e.Offset < 0 || e.Offset > int64(size) || e.Game != g.Index {
			t.Fatalf("problem outside the input: %+v", *e)
		}
		_ = e.Error()
		if e.Kind() == "I/O error" {
			t.Fatalf("%v: no sentinel", e)
		}
	}
	if g.Root == nil {
		return
	}
	nodes, depth := treeSize(g.Root, 0)
	if nodes > fuzzMaxTokens || depth > fuzzMaxDepth {
		t.Fatalf("a tree of %d nodes, variations %d deep", nodes, depth)
	}
	if g.Plies != len(g.Moves()) || g.Final != lastPosition(g.Root) {
		t.Fatalf("Plies %d, Final %s do not match the main line", g.Plies, g.Final.FEN())
	}
}

// treeSize counts the nodes below n and the deepest nesting of variations.
func treeSize(n *PGNNode, depth int) (nodes, maxDepth int) {
	maxDepth = depth
	for ; len(n.Children) > 0; n = n.Children[0] {
		nodes++
		for _, v := range n.Children[1:] {
			k, d := treeSize(v, depth+1)
			nodes += k + 1
			maxDepth = max(maxDepth, d)
		}
	}
	return nodes, maxDepth
}

func lastPosition(n *PGNNode) Position {
	for len(n.Children) > 0 {
		n = n.Children[0]
	}
	return n.Position
}

func dirExists(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// readPrefix reads at most n bytes of a file.
func readPrefix(path string, n int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var sb strings.Builder
	_, err = io.Copy(&sb, io.LimitReader(f, n))
	return []byte(sb.String()), err
}
