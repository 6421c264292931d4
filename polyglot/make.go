package polyglot

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/ox88/chess"
)

// MakeOptions are the options of PolyGlot's make-book, under the names of its flags.
// The zero value gives make-book's defaults.
type MakeOptions struct {
	// MaxPly is how many halfmoves of each game count (-max-ply); 0 means 1024.
	MaxPly int
	// MinGame is how many games must have played a move in a position for it to be kept
	// (-min-game); 0 means 3.
	MinGame int
	// MinScore is the smallest score, in percent, of a kept move for the side that played
	// it (-min-score): a win counts 1, a draw or an unknown result 1/2, a loss 0.
	MinScore float64
	// OnlyWhite keeps only the moves of White (-only-white), OnlyBlack only those of Black
	// (-only-black); not both.
	OnlyWhite, OnlyBlack bool
	// Uniform gives every kept move the weight 1 (-uniform) instead of its score.
	Uniform bool
}

// DefaultMaxPly and DefaultMinGame are make-book's defaults for -max-ply and -min-game.
const (
	DefaultMaxPly  = 1024
	DefaultMinGame = 3
)

// countMax is where make-book halves the counts of a position, so they fit in 16 bits.
const countMax = 16384

// Maker builds a book from games the way PolyGlot 2.0.4's make-book does, so that the same
// games and options give the same bytes:
//
//   - every move of the first MaxPly halfmoves of a game is counted for its position
//     (the Polyglot hash) and its side: n, the games that played it, and sum, 2 for each
//     win of the side that played it, 1 for each draw and each game whose Result tag is
//     not "1-0" or "0-1" (a missing tag, "*"), 0 for each loss;
//   - when a move's n reaches 16384 the n and sum of every move of its position are halved,
//     rounding up;
//   - a move is kept when n >= MinGame, sum > 0, sum/(2n) >= MinScore/100 and its side
//     passes OnlyWhite and OnlyBlack; its weight is sum, or 1 with Uniform;
//   - the entries are sorted by key, then by weight from the highest, then in the order in
//     which the moves were first seen (PolyGlot's sort, glibc's stable merge sort).
//
// make-book replays every game from the standard starting position, FEN tag or not, and
// gives up at the first move it cannot play there ("book_insert(): illegal move"), writing
// no book; Maker replays a game from its own starting position (a FEN tag) and rejects a
// game with an illegal move whole, keeping the others. Create one with NewMaker; the zero Maker has the
// default options; a nil *Maker has no entries and adds no games.
type Maker struct {
	opts    MakeOptions
	entries []makeEntry
	// slots is an open-addressing table of indexes into entries (-1 empty), probed
	// linearly from key&mask, so all the moves of a position are found from one probe.
	slots []int32
	games int
	line  []lineMove // scratch for AddMoves
}

type makeEntry struct {
	key    uint64
	move   uint16
	n, sum uint16
	white  bool
}

type lineMove struct {
	key   uint64
	move  uint16
	white bool
}

// NewMaker returns a Maker with the options opts, or an error when they are out of range
// (negative MaxPly or MinGame, MinScore outside 0..100, OnlyWhite with OnlyBlack).
func NewMaker(opts MakeOptions) (*Maker, error) {
	switch {
	case opts.MaxPly < 0:
		return nil, fmt.Errorf("polyglot: MaxPly %d is negative", opts.MaxPly)
	case opts.MinGame < 0:
		return nil, fmt.Errorf("polyglot: MinGame %d is negative", opts.MinGame)
	case !(opts.MinScore >= 0 && opts.MinScore <= 100):
		return nil, fmt.Errorf("polyglot: MinScore %v is not a percentage from 0 to 100", opts.MinScore)
	case opts.OnlyWhite && opts.OnlyBlack:
		return nil, errors.New("polyglot: OnlyWhite and OnlyBlack together keep nothing")
	}
	return &Maker{opts: opts}, nil
}

// Games returns how many games were added.
func (mk *Maker) Games() int {
	if mk == nil {
		return 0
	}
	return mk.games
}

// AddGame adds the main line of a game read from PGN, scored by its Result tag (see Maker).
// A game with an illegal move is rejected whole (the reader's trees hold legal moves only).
func (mk *Maker) AddGame(g *chess.PGNGame) error {
	if g == nil || g.Root == nil {
		return errors.New("polyglot: AddGame: no game tree")
	}
	return mk.AddMoves(g.Root.Position, g.Moves(), g.Tag("Result"))
}

// AddMoves adds a game: its starting position, its moves and its result ("1-0", "0-1";
// anything else counts as a draw). The moves after MaxPly, and from a null move on, are not
// looked at. When a move
// is not legal in its position nothing of the game is added and the error says which.
func (mk *Maker) AddMoves(start chess.Position, moves []chess.Move, result string) error {
	if mk == nil {
		return errors.New("polyglot: AddMoves on a nil *Maker")
	}
	if maxPly := mk.options().MaxPly; len(moves) > maxPly {
		moves = moves[:maxPly]
	}
	if i := slices.Index(moves, chess.NullMove); i >= 0 {
		moves = moves[:i] // a book has no entry for a pass: the line ends there
	}
	line := mk.line[:0]
	p := start
	for i, m := range moves {
		next, err := p.Play(m)
		if err != nil {
			return fmt.Errorf("polyglot: move %d: %w", i+1, err)
		}
		if !m.IsCastle() && m.From() == p.KingSquare(p.Turn()) {
			m = legalForm(p, m) // a plain king move may be castling, which encodes apart
		}
		line = append(line, lineMove{p.Hash(), EncodeMove(m), p.Turn() == chess.White})
		p = next
	}
	mk.line = line
	score := uint16(1) // a draw, an unknown result: 1 for both sides
	switch result {
	case "1-0":
		score = 2
	case "0-1":
		score = 0
	}
	if start.Turn() == chess.Black {
		score = 2 - score
	}
	for _, lm := range line {
		mk.count(lm, score)
		score = 2 - score
	}
	mk.games++
	return nil
}

// legalForm returns the move of p's legal moves that m names: m itself, or for a plain move
// from chess.NewMove the legal move with its squares and promotion (castling flagged).
func legalForm(p chess.Position, m chess.Move) chess.Move {
	var buf [256]chess.Move
	for _, lm := range p.AppendLegalMoves(buf[:0]) {
		if lm == m {
			return lm
		}
	}
	for _, lm := range p.AppendLegalMoves(buf[:0]) {
		if lm.From() == m.From() && lm.Promotion() == m.Promotion() &&
			(lm.To() == m.To() || lm.IsCastle() && lm.CastlingRook() == m.To()) {
			return lm
		}
	}
	return m
}

func (mk *Maker) count(lm lineMove, score uint16) {
	if 2*len(mk.entries) >= len(mk.slots) {
		mk.grow()
	}
	mask := uint64(len(mk.slots) - 1)
	slot := lm.key & mask
	for ; mk.slots[slot] >= 0; slot = (slot + 1) & mask {
		if e := &mk.entries[mk.slots[slot]]; e.key == lm.key && e.move == lm.move {
			break
		}
	}
	if mk.slots[slot] < 0 {
		mk.slots[slot] = int32(len(mk.entries))
		mk.entries = append(mk.entries, makeEntry{key: lm.key, move: lm.move, white: lm.white})
	}
	e := &mk.entries[mk.slots[slot]]
	e.n++
	e.sum += score
	if e.n >= countMax {
		for slot := lm.key & mask; mk.slots[slot] >= 0; slot = (slot + 1) & mask {
			if e := &mk.entries[mk.slots[slot]]; e.key == lm.key {
				e.n = (e.n + 1) / 2
				e.sum = (e.sum + 1) / 2
			}
		}
	}
}

// grow doubles the table (at least 1024 slots) and inserts every entry again.
func (mk *Maker) grow() {
	mk.slots = make([]int32, max(1024, 2*len(mk.slots)))
	for i := range mk.slots {
		mk.slots[i] = -1
	}
	mask := uint64(len(mk.slots) - 1)
	for i, e := range mk.entries {
		slot := e.key & mask
		for mk.slots[slot] >= 0 {
			slot = (slot + 1) & mask
		}
		mk.slots[slot] = int32(i)
	}
}

// options returns the options with the defaults in place of zeros (for the zero Maker).
func (mk *Maker) options() MakeOptions {
	opts := mk.opts
	if opts.MaxPly == 0 {
		opts.MaxPly = DefaultMaxPly
	}
	if opts.MinGame == 0 {
		opts.MinGame = DefaultMinGame
	}
	return opts
}

func (mk *Maker) weight(e *makeEntry) uint16 {
	if mk.opts.Uniform {
		return 1
	}
	return e.sum
}

// Entries returns the book's entries: the moves kept by the options, sorted as PolyGlot
// sorts them (see Maker), Learn 0 and Index -1.
func (mk *Maker) Entries() []Entry {
	if mk == nil {
		return nil
	}
	opts := mk.options()
	minScore := opts.MinScore / 100
	var kept []Entry
	for i := range mk.entries {
		e := &mk.entries[i]
		if int(e.n) < opts.MinGame || e.sum == 0 ||
			float64(e.sum)/float64(e.n)/2 < minScore ||
			(opts.OnlyWhite && !e.white) || (opts.OnlyBlack && e.white) {
			continue
		}
		kept = append(kept, Entry{Key: e.key, Raw: e.move, Weight: mk.weight(e), Index: -1})
	}
	slices.SortStableFunc(kept, func(a, b Entry) int {
		if c := cmp.Compare(a.Key, b.Key); c != 0 {
			return c
		}
		return cmp.Compare(b.Weight, a.Weight)
	})
	return kept
}

// WriteTo writes the book (Entries) to w and returns the number of bytes written.
func (mk *Maker) WriteTo(w io.Writer) (int64, error) {
	return WriteEntries(w, mk.Entries())
}

// WriteEntries writes entries to w in the book format, in the order given, and returns the
// number of bytes written. A book is searchable when the keys are in ascending order.
func WriteEntries(w io.Writer, entries []Entry) (int64, error) {
	if w == nil {
		return 0, errors.New("polyglot: WriteEntries: nil io.Writer")
	}
	bw := bufio.NewWriter(w)
	var buf [EntrySize]byte
	var written int64
	for _, e := range entries {
		binary.BigEndian.PutUint64(buf[:], e.Key)
		binary.BigEndian.PutUint16(buf[8:], e.Raw)
		binary.BigEndian.PutUint16(buf[10:], e.Weight)
		binary.BigEndian.PutUint32(buf[12:], e.Learn)
		n, err := bw.Write(buf[:])
		written += int64(n)
		if err != nil {
			return written, err
		}
	}
	err := bw.Flush()
	return written - int64(bw.Buffered()), err
}
