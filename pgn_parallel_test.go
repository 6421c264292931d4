package chess

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readAllDescribed reads every game of text with the given number of workers and describes what came
// back: each game's index, line, plies, final position, result, errors, warnings and, with a
// tree, its export text.
func readAllDescribed(text string, workers int, noTree bool) string {
	r := NewPGNReader(strings.NewReader(text))
	r.Workers = workers
	r.NoTree = noTree
	var sb strings.Builder
	for g, err := range r.All() {
		if g == nil {
			fmt.Fprintf(&sb, "input error %v\n", err)
			break
		}
		fmt.Fprintf(&sb, "%d %d %d %s %s %d %v\n", g.Index, g.Line, g.Plies, g.Final.FEN(), g.Result, g.BoardEnd, err)
		for _, w := range g.Warnings {
			fmt.Fprintln(&sb, w)
		}
		if g.Root != nil {
			sb.WriteString(g.String())
		}
	}
	return sb.String()
}

// TestPGNParallelSameAsSequential: with Workers > 1 the reader returns exactly what one
// goroutine returns (games, positions, errors with their places, warnings, trees), on every
// shared PGN file, the malformed ones included, with chunks cut at every place the splitter
// allows (a target of one byte) and at the normal size.
func TestPGNParallelSameAsSequential(t *testing.T) {
	defer func(old int) { pgnChunkTarget = old }(pgnChunkTarget)
	files, _ := filepath.Glob(filepath.Join(sharedTestdata(t, "pgn"), "*", "*.pgn"))
	own, _ := filepath.Glob(filepath.Join("testdata", "pgn", "*.pgn"))
	files = append(files, own...)
	if len(files) < 100 {
		t.Fatalf("%d PGN files, want the shared ones", len(files))
	}
	for _, target := range []int{1, 256 << 10} {
		pgnChunkTarget = target
		for _, fn := range files {
			if strings.Contains(fn, "corpus") && (testing.Short() || target == 1) {
				continue
			}
			data, err := os.ReadFile(fn)
			if err != nil {
				t.Fatal(err)
			}
			want := readAllDescribed(string(data), 1, false)
			for _, workers := range []int{2, 3} {
				if got := readAllDescribed(string(data), workers, false); got != want {
					t.Errorf("%s, chunk target %d, %d workers: differs from one worker", fn, target, workers)
				}
			}
		}
	}
}

// An I/O error reaches the caller in the last game the same way with workers.
func TestPGNParallelReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	text := strings.Repeat("[Event \"a\"]\n\n1. e4 e5 *\n\n", 3) + "[Event \"b\"]\n\n1. d4 d5 2. c4"
	for _, workers := range []int{1, 2} {
		r := NewPGNReader(&failingReader{text, boom})
		r.Workers = workers
		var got []string
		for g, err := range r.All() {
			got = append(got, fmt.Sprintf("%v %v", g != nil, errors.Is(err, boom)))
		}
		if want := "[true false true false true false true true]"; fmt.Sprint(got) != want {
			t.Errorf("%d workers: %v, want %s", workers, got, want)
		}
		if _, err := r.Read(); !errors.Is(err, boom) {
			t.Errorf("%d workers: Read after the error = %v", workers, err)
		}
	}
}
