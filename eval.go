package chess

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Eval is an engine's evaluation of a position as the PGN comment command [%eval] writes it
// (lichess, ChessBase): always from White's point of view, positive when White stands
// better, negative when Black does, whoever is to move. (UCI engines report "score cp" and
// "score mate" from the side to move's point of view: negate them when Black is to move.)
//
// An Eval is one of three kinds, told apart by Kind:
//   - a score in centipawns (hundredths of a pawn): Centipawns, Mate == 0, Checkmate NoWinner;
//     [%eval 0.35], [%eval -1.25];
//   - mate in |Mate| moves (full moves of the mating side, the mating move included): Mate > 0
//     when White mates, Mate < 0 when Black mates; [%eval #3], [%eval #-3];
//   - mate delivered: the position is checkmate, won by Checkmate (WhiteWins: Black is mated);
//     [%eval #0] after White's mating move, [%eval #-0] after Black's.
//
// The zero Eval is a level score, 0.00.
type Eval struct {
	Centipawns int    // the score in hundredths of a pawn, for a score that is not a mate
	Mate       int    // mate in |Mate| moves: > 0 White mates, < 0 Black mates; 0 for none
	Checkmate  Winner // mate delivered (#0): the side that has mated; NoWinner for none
}

// EvalKind tells the three kinds of Eval apart.
type EvalKind uint8

// The kinds of Eval.
const (
	EvalCentipawns    EvalKind = iota // a score in centipawns
	EvalMateIn                        // mate in |Mate| moves
	EvalMateDelivered                 // the position is checkmate
)

// String returns "centipawns", "mate in", "mate delivered", or "EvalKind(N)".
func (k EvalKind) String() string {
	switch k {
	case EvalCentipawns:
		return "centipawns"
	case EvalMateIn:
		return "mate in"
	case EvalMateDelivered:
		return "mate delivered"
	}
	return fmt.Sprintf("EvalKind(%d)", uint8(k))
}

// Kind returns the kind of e: mate delivered when Checkmate names a side, mate in N when Mate
// is not 0, else centipawns.
func (e Eval) Kind() EvalKind {
	switch {
	case e.Checkmate == WhiteWins || e.Checkmate == BlackWins:
		return EvalMateDelivered
	case e.Mate != 0:
		return EvalMateIn
	}
	return EvalCentipawns
}

// IsMate reports whether e is a mate score: mate in N or mate delivered.
func (e Eval) IsMate() bool { return e.Kind() != EvalCentipawns }

// Winner returns the side a mate score says wins (the side that mates or has mated), and
// NoWinner for a score in centipawns: so "White is mated" (BlackWins) and "White mates"
// (WhiteWins) are told apart.
func (e Eval) Winner() Winner {
	switch e.Kind() {
	case EvalMateDelivered:
		return e.Checkmate
	case EvalMateIn:
		if e.Mate > 0 {
			return WhiteWins
		}
		return BlackWins
	}
	return NoWinner
}

// Compare orders evaluations from White's point of view: -1 when e is worse for White than
// f, +1 when better, 0 when equal. A mate White delivers or will deliver is better than any
// centipawn score, a sooner mate better than a later one, and the other way for Black.
func (e Eval) Compare(f Eval) int {
	a, b := e.rank(), f.rank()
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// rank maps e onto one line: centipawns in the middle, mates beyond, mate delivered outermost.
func (e Eval) rank() int64 {
	const mates = 1 << 40
	switch e.Kind() {
	case EvalMateDelivered:
		if e.Checkmate == WhiteWins {
			return 2 * mates
		}
		return -2 * mates
	case EvalMateIn:
		if e.Mate > 0 {
			return mates + (1<<30 - int64(min(e.Mate, 1<<30)))
		}
		return -mates - (1<<30 - int64(min(-int64(e.Mate), 1<<30)))
	}
	return max(min(int64(e.Centipawns), 1<<38), -(1 << 38))
}

// String returns e as the argument of [%eval]: "0.35", "-1.25" (pawns with two decimals),
// "#3", "#-3" (mate in N), "#0" (White has mated) or "#-0" (Black has mated). ParseEval reads
// it back.
func (e Eval) String() string { return string(e.appendText(nil)) }

// maxEvalCentipawns is the largest score ParseEval reads: a million pawns.
const maxEvalCentipawns = 100_000_000

// AppendText appends the form String returns to b (encoding.TextAppender). A score ParseEval
// would not read back (beyond a million pawns, or mate in more than 2^31-1 moves) is an error
// wrapping ErrInvalidValue.
func (e Eval) AppendText(b []byte) ([]byte, error) {
	switch e.Kind() {
	case EvalMateIn:
		if e.Mate < math.MinInt32 || e.Mate > math.MaxInt32 {
			return b, fmt.Errorf("chess: Eval mate in %d has no text form: %w", e.Mate, ErrInvalidValue)
		}
	case EvalCentipawns:
		if e.Centipawns < -maxEvalCentipawns || e.Centipawns > maxEvalCentipawns {
			return b, fmt.Errorf("chess: Eval of %d centipawns has no text form: %w", e.Centipawns, ErrInvalidValue)
		}
	}
	return e.appendText(b), nil
}

// appendText writes e in any range.
func (e Eval) appendText(b []byte) []byte {
	switch e.Kind() {
	case EvalMateDelivered:
		if e.Checkmate == BlackWins {
			return append(b, "#-0"...)
		}
		return append(b, "#0"...)
	case EvalMateIn:
		return strconv.AppendInt(append(b, '#'), int64(e.Mate), 10)
	}
	cp := uint64(e.Centipawns) // the magnitude as unsigned, so that the most negative int has one
	if e.Centipawns < 0 {
		b = append(b, '-')
		cp = -cp
	}
	b = strconv.AppendUint(b, cp/100, 10)
	return append(b, '.', byte('0'+cp%100/10), byte('0'+cp%10))
}

// MarshalText returns the form String returns (encoding.TextMarshaler).
func (e Eval) MarshalText() ([]byte, error) { return e.AppendText(nil) }

// UnmarshalText reads the form ParseEval reads (encoding.TextUnmarshaler).
func (e *Eval) UnmarshalText(text []byte) error {
	v, err := ParseEval(string(text))
	if err != nil {
		return err
	}
	*e = v
	return nil
}

// ParseEval reads the argument of a PGN [%eval] command without its depth: pawns from White's
// point of view ("0.35", "-1.25", "+2", rounded to the centipawn, at most a million pawns
// either way), mate in N ("#3", "#-3", "#+3"), or mate delivered ("#0" or "#+0": White has
// mated; "#-0": Black has). Without a position an unsigned "#0" follows the sign convention
// (White); PGNNode.Eval asks the node's position instead. The error wraps ErrSyntax.
func ParseEval(s string) (Eval, error) {
	bad := func(why string) (Eval, error) {
		return Eval{}, fmt.Errorf("chess: invalid eval %s: %s: %w", quoteCut(s, maxQuoted), why, ErrSyntax)
	}
	if rest, ok := strings.CutPrefix(s, "#"); ok {
		n, err := strconv.ParseInt(rest, 10, 32)
		if err != nil || rest == "" || rest[0] != '+' && rest[0] != '-' && (rest[0] < '0' || rest[0] > '9') {
			return bad("want a number of moves after #, like #3 or #-3")
		}
		if n == 0 {
			if rest[0] == '-' {
				return Eval{Checkmate: BlackWins}, nil
			}
			return Eval{Checkmate: WhiteWins}, nil
		}
		return Eval{Mate: int(n)}, nil
	}
	if s == "" || strings.ContainsAny(s, "xXpPeEiInN_") { // no hex, exponents, infinities, NaN
		return bad("want pawns like 0.35 or -1.25, or a mate like #3")
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f > 1e6 || f < -1e6 {
		return bad("want pawns like 0.35 or -1.25 (at most a million), or a mate like #3")
	}
	cp := f * 100
	if cp < 0 {
		cp -= 0.5
	} else {
		cp += 0.5
	}
	return Eval{Centipawns: int(cp)}, nil
}

// MustParseEval is ParseEval for arguments known to be valid, like those of tests; it panics
// on an error.
func MustParseEval(s string) Eval {
	e, err := ParseEval(s)
	if err != nil {
		panic(err)
	}
	return e
}

// Eval returns the evaluation of the node's [%eval] command: [%eval 0.35], [%eval -1.25],
// [%eval #-3], [%eval #0] (a depth after a comma, "[%eval 0.35,22]", is ignored; EvalDepth
// reads it), and false when there is none or it does not parse (ParseEval). An unsigned
// "#0", which tools write after either side's mating move, is credited to the side that
// made the node's move (the side not to move in its Position).
func (n *PGNNode) Eval() (Eval, bool) {
	s, ok := n.Command("eval")
	if !ok {
		return Eval{}, false
	}
	if i := strings.IndexByte(s, ','); i >= 0 {
		s = s[:i]
	}
	e, err := ParseEval(s)
	if err != nil {
		return Eval{}, false
	}
	if e.Checkmate != NoWinner && s == "#0" && n.Position.IsValid() {
		e.Checkmate = WinnerOf(n.Position.Turn().Other())
	}
	return e, true
}
