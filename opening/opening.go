// Package opening names the opening of a game: the ECO code and name of the deepest
// position of the game that the lichess chess-openings tables know (embedded; CC0, see
// data/SOURCE.md), matched by position, so that a transposition gets the same name as the
// table's own move order.
//
// Positions are the same when FIDE Laws 9.2.3 says so: the same pieces on the same squares,
// the same side to move, the same castling rights and the same possible moves, so an
// en-passant right counts only when an en-passant capture is legal: chess.Position.Key, exact
// (no hash collisions). This is also the identity of the tables' EPD form ("en passant field
// only if legal"), which lichess uses to classify its games; the Polyglot hash would keep an
// en-passant term that no legal capture can use, and the placement alone would mix the sides
// to move and the castling rights. The clocks do not count.
package opening

import (
	"bufio"
	"bytes"
	"embed"
	"fmt"
	"strings"
	"sync"

	"github.com/ox88/chess"
)

//go:embed data/*.tsv
var tables embed.FS

// Opening is a line of the tables: its ECO code ("B90"), its name ("Sicilian Defense:
// Najdorf Variation"), the line in PGN movetext as the table writes it, and the table's
// file and line ("b.tsv", 2-based after the header) for reference.
type Opening struct {
	ECO  string
	Name string
	PGN  string
	File string
	Line int
}

// Match is the result of a classification: the opening and the ply (halfmoves from the
// start of the line, 1 after White's first move) where its position was reached.
type Match struct {
	Opening
	Ply int
}

// The rules of lichess's classifier (scalachess OpeningDb.search), which the tables are
// made for.
const (
	// MaxPly is the last ply whose position is looked up.
	MaxPly = 40
	// MinPieces: the search stops at the first position with fewer pieces on the board.
	MinPieces = 20
)

type table struct {
	openings []Opening
	byKey    map[chess.PositionKey]int32 // position -> index in openings
	err      error
}

var (
	loadOnce sync.Once
	loaded   table
)

func theTable() *table {
	loadOnce.Do(func() { loaded = load() })
	return &loaded
}

// load reads the embedded tables in file order (a.tsv to e.tsv). When two lines reach the
// same position, the later one names it, as lichess's index of the tables does.
func load() table {
	t := table{byKey: make(map[chess.PositionKey]int32, 4096)}
	for _, name := range []string{"a.tsv", "b.tsv", "c.tsv", "d.tsv", "e.tsv"} {
		data, err := tables.ReadFile("data/" + name)
		if err != nil {
			t.err = err
			return t
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		for line := 1; sc.Scan(); line++ {
			if line == 1 {
				continue // the header: eco, name, pgn
			}
			fields := strings.Split(sc.Text(), "\t")
			if len(fields) != 3 {
				t.err = fmt.Errorf("opening: %s:%d: %d fields, want 3", name, line, len(fields))
				return t
			}
			o := Opening{ECO: fields[0], Name: fields[1], PGN: fields[2], File: name, Line: line}
			p, _, err := replay(o.PGN)
			if err != nil {
				t.err = fmt.Errorf("opening: %s:%d: %w", name, line, err)
				return t
			}
			t.byKey[p.Key()] = int32(len(t.openings))
			t.openings = append(t.openings, o)
		}
	}
	return t
}

// replay plays a table's movetext ("1. e4 e5 2. Nf3") from the starting position and
// returns the final position and the number of plies.
func replay(movetext string) (chess.Position, int, error) {
	p := chess.StartingPosition()
	plies := 0
	for _, tok := range strings.Fields(movetext) {
		if strings.HasSuffix(tok, ".") {
			continue // a move number
		}
		m, err := p.ParseSAN(tok)
		if err != nil {
			return p, plies, err
		}
		p, _ = p.Play(m)
		plies++
	}
	return p, plies, nil
}

func pieceCount(p chess.Position) int {
	n := 0
	for _, c := range []chess.Color{chess.White, chess.Black} {
		for t := chess.Pawn; t <= chess.King; t++ {
			n += p.Pieces(c, t).Len()
		}
	}
	return n
}

// Lookup returns the opening whose position is p (see the package comment for when two
// positions are the same), and false when the tables do not have it.
func Lookup(p chess.Position) (Opening, bool) {
	t := theTable()
	if i, ok := t.byKey[p.Key()]; ok {
		return t.openings[i], true
	}
	return Opening{}, false
}

// Openings returns every line of the tables in file order (a.tsv to e.tsv), 3,807 of them.
func Openings() []Opening {
	return append([]Opening(nil), theTable().openings...)
}

// ClassifyMoves returns the opening of the deepest known position reached by playing moves
// from start, with its ply, by lichess's rules: the positions after plies 1 to MaxPly, up
// to the first with fewer than MinPieces pieces, are looked up and the last one known
// wins. It returns false when none is known. A move that is not legal ends the line: the
// positions before it count. start need not be the starting position: positions are matched
// whatever the moves that led to them. It does not allocate.
func ClassifyMoves(start chess.Position, moves []chess.Move) (Match, bool) {
	t := theTable()
	var found Match
	ok := false
	p := start
	pieces := pieceCount(p)
	for ply, m := range moves {
		if ply >= MaxPly || pieces < MinPieces {
			break
		}
		if m.IsEnPassant() || !m.IsCastle() && p.PieceAt(m.To()) != chess.NoPiece {
			pieces-- // a capture: the only move that changes the count
		}
		next, err := p.Play(m)
		if err != nil || pieces < MinPieces {
			break
		}
		p = next
		if i, in := t.byKey[p.Key()]; in {
			found, ok = Match{t.openings[i], ply + 1}, true
		}
	}
	return found, ok
}

// ClassifyPositions is ClassifyMoves for a line given as its positions, the first one the
// line's start (ply 0, never looked up), each next one the position after one more move.
func ClassifyPositions(positions []chess.Position) (Match, bool) {
	t := theTable()
	var found Match
	ok := false
	for ply, p := range positions {
		if ply > MaxPly || pieceCount(p) < MinPieces {
			break
		}
		if ply == 0 {
			continue
		}
		if i, in := t.byKey[p.Key()]; in {
			found, ok = Match{t.openings[i], ply}, true
		}
	}
	return found, ok
}

// Classify returns the opening of a game's main line (see ClassifyMoves).
func Classify(g *chess.PGNGame) (Match, bool) {
	if g == nil || g.Root == nil {
		return Match{}, false
	}
	return ClassifyMoves(g.Root.Position, g.Moves())
}

// SetTags gives a game the ECO and Opening tags of its classification, as pgn-extract -e
// adds them: both are added or corrected, and left alone when the game's opening is not
// known. It returns the match and whether there was one.
func SetTags(g *chess.PGNGame) (Match, bool, error) {
	m, ok := Classify(g)
	if !ok {
		return m, false, nil
	}
	if err := g.SetTag("ECO", m.ECO); err != nil {
		return m, true, err
	}
	return m, true, g.SetTag("Opening", m.Name)
}
