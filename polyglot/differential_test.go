package polyglot_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ox88/chess"
	"github.com/ox88/chess/polyglot"
)

// polyglotTool returns Debian's polyglot (in /usr/games, often not on PATH; .ci/run
// installs it), or skips the test when it cannot be had.
func polyglotTool(t *testing.T) string {
	t.Helper()
	if path, err := exec.LookPath("polyglot"); err == nil {
		return path
	}
	if _, err := os.Stat("/usr/games/polyglot"); err != nil {
		t.Skipf("polyglot is not installed (apt-get install polyglot): %v", err)
	}
	return "/usr/games/polyglot"
}

// randomGames writes n games of random legal moves as PGN: each move one of the first
// three legal moves (castling when it is legal, one time in two), so that lines share
// positions, and a Result tag of each kind or none.
func randomGames(r *rand.Rand, n int) []byte {
	var b strings.Builder
	results := []string{"1-0", "0-1", "1/2-1/2", "*", ""}
	for range n {
		result := results[r.IntN(len(results))]
		if result != "" {
			fmt.Fprintf(&b, "[Result %q]\n", result)
		}
		b.WriteString("[Event \"random\"]\n\n")
		p := chess.StartingPosition()
		for ply := range 4 + r.IntN(20) {
			legal := p.LegalMoves()
			if len(legal) == 0 {
				break
			}
			m := legal[r.IntN(min(3, len(legal)))]
			for _, c := range legal {
				if c.IsCastle() && r.IntN(2) == 0 {
					m = c
				}
			}
			if ply%2 == 0 {
				fmt.Fprintf(&b, "%d. ", ply/2+1)
			}
			b.WriteString(p.SAN(m) + " ")
			p, _ = p.Play(m)
		}
		if result == "" {
			result = "*"
		}
		b.WriteString(result + "\n\n")
	}
	return []byte(b.String())
}

// TestMakeBookAgainstPolyGlot: on random games, Maker writes the bytes PolyGlot 2.0.4's
// make-book writes for each of its options, and Merge the bytes of its merge-book, both
// ways round.
func TestMakeBookAgainstPolyGlot(t *testing.T) {
	tool := polyglotTool(t)
	dir := t.TempDir()
	pgn := randomGames(rand.New(rand.NewPCG(16, 2026)), 300)
	pgnFile := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(pgnFile, pgn, 0o644); err != nil {
		t.Fatal(err)
	}
	books := map[string][]byte{}
	for _, tc := range []struct {
		name  string
		opts  polyglot.MakeOptions
		flags []string
	}{
		{"defaults", polyglot.MakeOptions{}, nil},
		{"min-game 1", polyglot.MakeOptions{MinGame: 1}, []string{"-min-game", "1"}},
		{"max-ply 5", polyglot.MakeOptions{MaxPly: 5, MinGame: 2}, []string{"-max-ply", "5", "-min-game", "2"}},
		{"min-score 50", polyglot.MakeOptions{MinGame: 1, MinScore: 50}, []string{"-min-game", "1", "-min-score", "50"}},
		{"min-score 33.4 only-black", polyglot.MakeOptions{MinGame: 1, MinScore: 33.4, OnlyBlack: true}, []string{"-min-game", "1", "-min-score", "33.4", "-only-black"}},
		{"uniform only-white", polyglot.MakeOptions{Uniform: true, OnlyWhite: true}, []string{"-uniform", "-only-white"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".bin")
			cmd := exec.Command(tool, append([]string{"make-book", "-pgn", pgnFile, "-bin", out}, tc.flags...)...)
			if msg, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%v: %v\n%s", cmd, err, msg)
			}
			want, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			mk := pgnMaker(t, pgn, tc.opts)
			var got bytes.Buffer
			if _, err := mk.WriteTo(&got); err != nil {
				t.Fatal(err)
			}
			if len(want) < 10*polyglot.EntrySize {
				t.Fatalf("make-book wrote %d bytes: too few entries to compare", len(want))
			}
			compareBooks(t, got.Bytes(), want)
			books[tc.name] = want
		})
	}
	for _, pair := range [][2]string{{"min-game 1", "min-score 33.4 only-black"}, {"min-score 33.4 only-black", "min-game 1"}, {"max-ply 5", "uniform only-white"}} {
		a, b := books[pair[0]], books[pair[1]]
		if a == nil || b == nil {
			continue
		}
		out := filepath.Join(dir, "merged.bin")
		cmd := exec.Command(tool, "merge-book", "-in1", filepath.Join(dir, strings.ReplaceAll(pair[0], " ", "-")+".bin"),
			"-in2", filepath.Join(dir, strings.ReplaceAll(pair[1], " ", "-")+".bin"), "-out", out)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", cmd, err, msg)
		}
		want, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		bookA, _ := polyglot.Open(bytes.NewReader(a), int64(len(a)))
		bookB, _ := polyglot.Open(bytes.NewReader(b), int64(len(b)))
		merged, err := polyglot.Merge(bookA, bookB)
		if err != nil {
			t.Fatal(err)
		}
		t.Run("merge "+pair[0]+" with "+pair[1], func(t *testing.T) { compareBooks(t, rawBook(merged...), want) })
	}
}
