package chess

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func summarize(fn string, workers int, noTree bool) string {
	f, _ := os.Open(fn)
	defer f.Close()
	r := NewPGNReader(f)
	r.Workers = workers
	r.NoTree = noTree
	var sb strings.Builder
	for g, err := range r.All() {
		fmt.Fprintf(&sb, "%d %d %d %s %s %v\n", g.Index, g.Line, g.Plies, g.Final.FEN(), g.Result, err)
		for _, w := range g.Warnings {
			fmt.Fprintln(&sb, w)
		}
		if g.Root != nil {
			sb.WriteString(g.String())
		}
	}
	return sb.String()
}

func TestParallelTmp(t *testing.T) {
	defer func(old int) { pgnChunkTarget = old }(pgnChunkTarget)
	pgnChunkTarget = 1
	files, _ := filepath.Glob("../shared/testdata/pgn/*/*.pgn")
	for _, fn := range files {
		if strings.Contains(fn, "corpus") && testing.Short() {
			continue
		}
		a := summarize(fn, 1, false)
		b := summarize(fn, 3, false)
		if a != b {
			t.Errorf("%s differs", fn)
			os.WriteFile("/tmp/a.txt", []byte(a), 0644)
			os.WriteFile("/tmp/b.txt", []byte(b), 0644)
		}
	}
}
