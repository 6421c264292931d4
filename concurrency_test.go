package chess

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"
)

// Concurrency: Positions are values, and Games and PGN games are only read here, so many
// goroutines may share them; PGN readers, sequential or with Workers, share nothing but the
// input they read. Every goroutine finds what one goroutine found alone, and the race
// detector (go test -race, run by .ci/run) watches the memory they share.
//
// The goroutines that share values collect plain facts and compare them with ==, without fmt:
// fmt's sync.Pool hands its buffers from one goroutine to the next, and the race detector
// takes that for synchronisation, which would hide a race on the shared values.

// moveFacts is what the read-only methods of Position say about a legal move.
type moveFacts struct {
	san, lan, uci       string
	parsed, uciParsed   Move
	sanOK, uciOK, legal bool
	child               string
	childHash           uint64
}

// positionFacts is what the read-only methods of Position say about it and its moves.
type positionFacts struct {
	position positionHead
	moves    []moveFacts
}

type positionHead struct {
	fen, null                                 string // null: the FEN after a null move
	hash                                      uint64
	check, mate, stalemate, material, dead    bool
	whiteMaterial, blackMaterial, valid, c960 bool
}

func (a positionFacts) equal(b positionFacts) bool {
	return a.position == b.position && slices.Equal(a.moves, b.moves)
}

func factsOf(p Position) positionFacts {
	f := positionFacts{position: positionHead{fen: p.FEN(), hash: p.Hash(), check: p.InCheck(), mate: p.IsCheckmate(),
		stalemate: p.IsStalemate(), material: p.IsInsufficientMaterial(), dead: p.IsDeadPosition(),
		whiteMaterial: p.HasInsufficientMaterial(White), blackMaterial: p.HasInsufficientMaterial(Black),
		valid: p.IsValid(), c960: p.Chess960()}}
	for _, m := range p.LegalMoves() {
		mf := moveFacts{san: p.SAN(m), lan: p.LAN(m), uci: p.UCI(m), legal: p.IsLegal(m)}
		var err error
		mf.parsed, err = p.ParseSAN(mf.san)
		mf.sanOK = err == nil
		mf.uciParsed, err = p.ParseUCI(mf.uci)
		mf.uciOK = err == nil
		if child, err := p.Play(m); err == nil {
			mf.child, mf.childHash = child.FEN(), child.Hash()
		}
		f.moves = append(f.moves, mf)
	}
	if null, err := p.PlayNull(); err == nil {
		f.position.null = null.FEN()
	}
	return f
}

// gameFacts is what the read-only methods of Game say.
type gameFacts struct {
	outcome          Outcome
	repetitions      int
	threefold, fifty bool
	moves            []Move
	positions        []string
	current          string
}

func (a gameFacts) equal(b gameFacts) bool {
	return a.outcome == b.outcome && a.repetitions == b.repetitions && a.threefold == b.threefold &&
		a.fifty == b.fifty && slices.Equal(a.moves, b.moves) && slices.Equal(a.positions, b.positions) && a.current == b.current
}

func gameFactsOf(g *Game) gameFacts {
	f := gameFacts{outcome: g.Outcome(), repetitions: g.RepetitionCount(), threefold: g.CanClaimThreefold(),
		fifty: g.CanClaimFiftyMoves(), moves: g.Moves(), current: g.Position().FEN()}
	for p := range g.Positions() {
		f.positions = append(f.positions, p.FEN())
	}
	return f
}

// pgnFacts is what a game read from PGN holds, its problems, and its tree written back.
type pgnFacts struct {
	index, line, plies int
	offset             int64
	final              string
	result             string
	end                Termination
	tags               []Tag
	problems           []string // each problem's place, kind and message
	mainLine           []string // each move's SAN, ply and clock
	text               string   // the tree written back as PGN
}

func (a pgnFacts) equal(b pgnFacts) bool {
	return a.index == b.index && a.line == b.line && a.plies == b.plies && a.offset == b.offset && a.final == b.final &&
		a.result == b.result && a.end == b.end && slices.Equal(a.tags, b.tags) && slices.Equal(a.problems, b.problems) &&
		slices.Equal(a.mainLine, b.mainLine) && a.text == b.text
}

func pgnFactsOf(g *PGNGame, err error) pgnFacts {
	f := pgnFacts{index: g.Index, line: g.Line, plies: g.Plies, offset: g.Offset, final: g.Final.FEN(), result: g.Result,
		end: g.BoardEnd, tags: g.Tags}
	list, _ := err.(ErrorList)
	for _, e := range append(list, g.Warnings...) {
		f.problems = append(f.problems, strconv.Itoa(e.Game)+":"+strconv.Itoa(e.Line)+":"+strconv.Itoa(e.Column)+" "+
			e.Kind()+" "+e.Move+" "+e.Token+" "+e.Message)
	}
	if g.Root != nil {
		for n := range g.Root.MainLine() {
			clock, _ := n.Clock()
			f.mainLine = append(f.mainLine, n.SAN()+" "+strconv.Itoa(n.Ply())+" "+clock.String())
		}
		f.text = g.String()
	}
	return f
}

// readPGN reads every game of text.
func readPGN(text []byte, workers int, noTree bool) []pgnFacts {
	r := NewPGNReader(bytes.NewReader(text))
	r.Workers, r.NoTree = workers, noTree
	r.chunkTarget = 4 << 10 // many chunks
	var out []pgnFacts
	for g, err := range r.All() {
		out = append(out, pgnFactsOf(g, err))
	}
	return out
}

func TestConcurrentSharing(t *testing.T) {
	sample, err := os.ReadFile("testdata/sample.pgn")
	if err != nil {
		t.Fatal(err)
	}
	// games with errors, warnings, comments, a clock and a variation, in many chunks for
	// Workers
	unit := append(sample, "\n\n1. e4 {[%clk 0:03:00]} e5 (1... c5 2. Nf3) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"...)
	text := bytes.Repeat(unit, 20)
	var positions []Position
	for _, tc := range perftTable {
		positions = append(positions, MustParseFEN(tc.fen))
	}
	var games []*Game
	var pgnGames []*PGNGame
	var pgnErrs []error
	for g, err := range Games(bytes.NewReader(unit)) {
		pgnGames, pgnErrs = append(pgnGames, g), append(pgnErrs, err)
		game := NewGame(g.Root.Position)
		for n := range g.Root.MainLine() {
			positions = append(positions, n.Position)
			if game.Play(n.Move) != nil {
				break // the game ended on the board: the moves after it are not played
			}
		}
		games = append(games, game)
	}

	// what one goroutine finds
	wantPositions := make([]positionFacts, len(positions))
	for i, p := range positions {
		wantPositions[i] = factsOf(p)
	}
	wantGames := make([]gameFacts, len(games))
	for i, g := range games {
		wantGames[i] = gameFactsOf(g)
	}
	wantPGNGames := make([]pgnFacts, len(pgnGames))
	for i, g := range pgnGames {
		wantPGNGames[i] = pgnFactsOf(g, pgnErrs[i])
	}
	wantRead := map[bool][]pgnFacts{false: readPGN(text, 1, false), true: readPGN(text, 1, true)}
	if n := len(wantRead[false]); n != 20*len(pgnGames) {
		t.Fatalf("%d games, want %d", n, 20*len(pgnGames))
	}

	// what many find at once
	start := time.Now()
	var wg sync.WaitGroup
	errc := make(chan string, 64)
	// The goroutines read the shared values in the same order, yielding after each, so that
	// their reads of one value come close together: the race detector forgets accesses that
	// are long past.
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k, g := range games {
				if got := gameFactsOf(g); !got.equal(wantGames[k]) {
					errc <- fmt.Sprintf("game %d: %+v\nwant %+v", k, got, wantGames[k])
					return
				}
				runtime.Gosched()
			}
			for k, g := range pgnGames {
				if got := pgnFactsOf(g, pgnErrs[k]); !got.equal(wantPGNGames[k]) {
					errc <- fmt.Sprintf("PGN game %d: %+v\nwant %+v", k, got, wantPGNGames[k])
					return
				}
				runtime.Gosched()
			}
			for k, p := range positions {
				if got := factsOf(p); !got.equal(wantPositions[k]) {
					errc <- fmt.Sprintf("position %d: %+v\nwant %+v", k, got, wantPositions[k])
					return
				}
				runtime.Gosched()
			}
		}()
	}
	for _, workers := range []int{1, 1, 2, 2} {
		for _, noTree := range []bool{false, true} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got := readPGN(text, workers, noTree)
				want := wantRead[noTree]
				if !slices.EqualFunc(got, want, pgnFacts.equal) {
					i := 0
					for i < min(len(got), len(want)) && got[i].equal(want[i]) {
						i++
					}
					errc <- fmt.Sprintf("a reader with Workers %d, NoTree %v: %d games, want %d; game %d differs",
						workers, noTree, len(got), len(want), i+1)
				}
			}()
		}
	}
	wg.Wait()
	close(errc)
	for msg := range errc {
		t.Error(msg)
	}
	t.Logf("%d goroutines over %d positions, %d games, %d PGN games and %d readers in %v",
		8, len(positions), len(games), len(pgnGames), 8, time.Since(start).Round(time.Millisecond))
}
