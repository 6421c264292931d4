//go:build ignore

// The peerbench peer of this library: bench/peerbench.sh copies it into a copy of
// ../shared/peerbench (as go/cmd/ox88) so that this library is timed side by side with the
// other peers, with the same command line (see ../shared/peerbench/README.md).
package main

import (
	"os"
	"time"

	"github.com/ox88/chess"

	"peerbench/harness"
)

// perft makes every move, the leaves included, as the harness's full perft asks.
func perft(p chess.Position, depth int, buf [][]chess.Move) uint64 {
	if depth == 0 {
		return 1
	}
	moves := p.AppendLegalMoves(buf[0][:0])
	var n uint64
	for _, m := range moves {
		next, _ := p.Play(m)
		n += perft(next, depth-1, buf[1:])
	}
	return n
}

// eachGame reads the file's games without keeping a tree and calls fn with each.
func eachGame(path string, onErr func(int, error), fn func(*chess.PGNGame)) (games, moves int, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	r := chess.NewPGNReader(f)
	r.NoTree = fn == nil
	for g, gerr := range r.All() {
		if g == nil {
			return games, moves, gerr
		}
		games++
		moves += g.Plies
		if gerr != nil {
			onErr(g.Index, gerr)
		}
		if fn != nil {
			fn(g)
		}
	}
	return games, moves, nil
}

func main() {
	harness.Main(harness.Peer{
		Name:    "ox88/chess",
		Version: harness.ModuleVersion("github.com/ox88/chess"),
		Perft: func(fen string, depth int) (uint64, error) {
			p, err := chess.ParseFEN(fen)
			if err != nil {
				return 0, err
			}
			buf := make([][]chess.Move, depth+1)
			for i := range buf {
				buf[i] = make([]chess.Move, 0, 256)
			}
			return perft(p, depth, buf), nil
		},
		PerftBulk: func(fen string, depth int) (uint64, error) {
			p, err := chess.ParseFEN(fen)
			if err != nil {
				return 0, err
			}
			return chess.Perft(p, depth), nil
		},
		PGN: func(path string, onErr func(int, error)) (int, int, error) {
			return eachGame(path, onErr, nil)
		},
		SAN: func(path string, onErr func(int, error)) (positions, sans int, sanSeconds float64, err error) {
			var spent time.Duration
			buf := make([]chess.Move, 0, 256)
			var text []byte
			_, _, err = eachGame(path, onErr, func(g *chess.PGNGame) {
				visit := func(p chess.Position) {
					positions++
					start := time.Now()
					buf = p.AppendLegalMoves(buf[:0])
					for _, m := range buf {
						text = p.AppendSAN(text[:0], m)
						sans++
					}
					spent += time.Since(start)
				}
				visit(g.Root.Position)
				for n := range g.Root.MainLine() {
					visit(n.Position)
				}
			})
			return positions, sans, spent.Seconds(), err
		},
	})
}
