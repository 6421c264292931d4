package chess

import (
	"errors"
	"fmt"
	"strings"
)

// Extended Position Description (PGN Standard §16.2): the four data fields of FEN (placement,
// side to move, castling, en passant) followed by operations, each an opcode, its operands and
// a semicolon: `r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7#; id "mate in 1";`.

// ErrInvalidEPD is wrapped by every *EPDError.
var ErrInvalidEPD = errors.New("invalid EPD")

// EPDError is the error of ParseEPD: the line, the opcode of the operation at fault ("" for the
// four data fields, and after them where no opcode could be read), the byte offset in Line where the problem is, why, and the cause. It
// matches ErrInvalidEPD and its Err under errors.Is: ErrSyntax for a malformed line, the
// *FENError of a bad data field, the *SANError of a move operand that names no legal move or
// several (wrapping ErrIllegalMove or ErrAmbiguousMove).
type EPDError struct {
	Line   string // the input
	Opcode string // the operation at fault, "" for the data fields
	Offset int    // byte offset in Line
	Reason string // what is wrong, in words
	Err    error  // ErrSyntax, a *FENError or a *SANError

	inOperations bool // past the data fields, where no opcode could be read
}

// Error quotes the line (its first 100 bytes when longer) and says where and why it is wrong.
func (e *EPDError) Error() string {
	where := "the data fields"
	switch {
	case e.Opcode != "":
		where = "operation " + e.Opcode
	case e.inOperations:
		where = "an operation"
	}
	return fmt.Sprintf("chess: invalid EPD %s: %s, offset %d: %s", quoteCut(e.Line, maxFENQuoted), where, e.Offset, e.Reason)
}

// Unwrap returns ErrInvalidEPD and the cause.
func (e *EPDError) Unwrap() []error { return []error{ErrInvalidEPD, e.Err} }

// EPD is one EPD record: the position and the operations in the order of the line.
type EPD struct {
	// Position is the position of the data fields, with the halfmove clock and fullmove
	// number of the hmvc and fmvn operations when present (0 and 1 otherwise).
	Position   Position
	Operations []EPDOperation
}

// EPDOperation is one operation of an EPD record (§16.2.4): an opcode and its operands, with
// string operands unquoted. For the move opcodes (bm best move, am avoid move, pm predicted
// move, sm supplied move: each operand a move of the position; pv predicted variation, sv
// supplied variation: a line of moves played in turn) Moves holds the operands resolved as
// ParseSAN reads them.
type EPDOperation struct {
	Opcode   string
	Operands []string
	Moves    []Move
}

// Operation returns the operation with the opcode, and false when the record has none.
func (e EPD) Operation(opcode string) (EPDOperation, bool) {
	for _, op := range e.Operations {
		if op.Opcode == opcode {
			return op, true
		}
	}
	return EPDOperation{}, false
}

// EPD returns the four data fields of the position's EPD (PGN Standard §16.2.3): its FEN
// without the clocks, which an EPD record carries as the hmvc and fmvn operations when at all.
// A Chess960 position has Shredder-FEN castling, so that it reads back as Chess960. An invalid
// position gives "".
func (p Position) EPD() string { return string(p.appendFEN(make([]byte, 0, 80), p.chess960, false)) }

// String writes the record as one line: Position.EPD(), then each operation as the opcode, its
// operands separated by spaces and a semicolon. Move operands are written in SAN; id, the
// comments c0 to c9 and any operand that holds a space, a semicolon or a quote, or is empty,
// are written as strings in quotes (with \" and \\ escaped).
func (e EPD) String() string {
	var sb strings.Builder
	sb.WriteString(e.Position.EPD())
	for _, op := range e.Operations {
		sb.WriteByte(' ')
		sb.WriteString(op.Opcode)
		for i, s := range op.Operands {
			if i < len(op.Moves) {
				s = op.moveSAN(e.Position, i)
			}
			sb.WriteByte(' ')
			if isEPDStringOpcode(op.Opcode) || s == "" || strings.ContainsAny(s, " \t;\"\\") {
				sb.WriteString(`"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`)
			} else {
				sb.WriteString(s)
			}
		}
		sb.WriteByte(';')
	}
	return sb.String()
}

// moveSAN is the SAN of the i-th move operand: from the record's position, or for a variation
// from the position after the moves before it.
func (op EPDOperation) moveSAN(p Position, i int) string {
	if isEPDLineOpcode(op.Opcode) {
		for _, m := range op.Moves[:i] {
			p, _ = p.Play(m)
		}
	}
	return p.SAN(op.Moves[i])
}

func isEPDMoveOpcode(op string) bool { return op == "bm" || op == "am" || op == "pm" || op == "sm" }
func isEPDLineOpcode(op string) bool { return op == "pv" || op == "sv" }
func isEPDStringOpcode(op string) bool {
	return op == "id" || len(op) == 2 && op[0] == 'c' && op[1] >= '0' && op[1] <= '9'
}

// maxOpcode is the longest opcode of §16.2.4: up to 15 identifier characters.
const maxOpcode = 15

// ParseEPD parses one EPD record (PGN Standard §16.2): four data fields as ParseFEN reads them
// (X-FEN and Shredder-FEN castling included), then operations, each an opcode (a letter, then
// letters, digits or underscores, at most 15) with its operands (tokens, or strings in double
// quotes with \" and \\ escapes) and a semicolon. Each opcode appears at most once. These
// opcodes are checked: bm, am, pm, sm (at least one move of the position, in SAN as ParseSAN
// reads it, the null move "--" refused), pv, sv (moves played in turn), id and c0..c9 (one operand), hmvc (a halfmove clock,
// which the Position takes), fmvn (a fullmove number from 1, likewise), dm (a number of moves to
// mate from 1). Other opcodes are kept as written. The error is an *EPDError.
func ParseEPD(line string) (EPD, error) {
	var e EPD
	i := 0
	skip := func() {
		for i < len(line) && isFENSpace(line[i]) {
			i++
		}
	}
	skip()
	start := i
	for f := 0; f < 4; f++ {
		skip()
		if i == len(line) {
			return e, &EPDError{Line: line, Offset: i, Reason: fmt.Sprintf("%d data fields, want 4", f), Err: ErrSyntax}
		}
		for i < len(line) && !isFENSpace(line[i]) {
			i++
		}
	}
	p, err := ParseFEN(line[start:i])
	if err != nil {
		var fe *FENError
		off := start
		if errors.As(err, &fe) {
			off += fe.Offset
		}
		return e, &EPDError{Line: line, Offset: off, Reason: err.Error(), Err: err}
	}
	e.Position = p
	seen := map[string]bool{}
	for {
		skip()
		if i == len(line) {
			return e, nil
		}
		opStart := i
		for i < len(line) && (isLetter(line[i]) || i > opStart && (line[i] >= '0' && line[i] <= '9' || line[i] == '_')) {
			i++
		}
		opcode := line[opStart:i]
		switch {
		case opcode == "":
			return e, &EPDError{Line: line, Offset: i, Reason: fmt.Sprintf("an opcode must start with a letter, not %q", line[i]), Err: ErrSyntax, inOperations: true}
		case len(opcode) > maxOpcode:
			return e, &EPDError{Line: line, Opcode: cutText(opcode, maxQuoted), Offset: opStart, Reason: "opcode longer than 15 characters", Err: ErrSyntax}
		case i < len(line) && !isFENSpace(line[i]) && line[i] != ';':
			return e, &EPDError{Line: line, Opcode: opcode, Offset: i, Reason: fmt.Sprintf("%q in an opcode", line[i]), Err: ErrSyntax}
		case seen[opcode]:
			return e, &EPDError{Line: line, Opcode: opcode, Offset: opStart, Reason: "the opcode appears twice", Err: ErrSyntax}
		}
		seen[opcode] = true
		op := EPDOperation{Opcode: opcode}
		var offsets []int
		for {
			skip()
			if i == len(line) {
				return e, &EPDError{Line: line, Opcode: opcode, Offset: i, Reason: "operation not ended by a semicolon", Err: ErrSyntax}
			}
			if line[i] == ';' {
				i++
				break
			}
			offsets = append(offsets, i)
			if line[i] == '"' {
				s, n, ok := epdString(line[i:])
				if !ok {
					return e, &EPDError{Line: line, Opcode: opcode, Offset: i, Reason: "string not closed by a quote", Err: ErrSyntax}
				}
				op.Operands = append(op.Operands, s)
				i += n
				continue
			}
			j := i
			for i < len(line) && !isFENSpace(line[i]) && line[i] != ';' && line[i] != '"' {
				i++
			}
			op.Operands = append(op.Operands, line[j:i])
		}
		if err := e.check(&op, line, opStart, offsets); err != nil {
			return EPD{}, err
		}
		e.Operations = append(e.Operations, op)
	}
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// epdString reads a quoted string at the start of s: its text unescaped, the bytes it took, and
// whether it was closed.
func epdString(s string) (string, int, bool) {
	var sb strings.Builder
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			return sb.String(), i + 1, true
		case c == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\'):
			sb.WriteByte(s[i+1])
			i++
		default:
			sb.WriteByte(c)
		}
	}
	return "", len(s), false
}

// check validates the operands of the opcodes ParseEPD knows and resolves their moves.
func (e *EPD) check(op *EPDOperation, line string, opStart int, offsets []int) error {
	fail := func(k int, reason string, err error) error {
		off := opStart
		if k >= 0 && k < len(offsets) {
			off = offsets[k]
		}
		return &EPDError{Line: line, Opcode: op.Opcode, Offset: off, Reason: reason, Err: err}
	}
	number := func(min int) (int, error) {
		if len(op.Operands) != 1 {
			return 0, fail(-1, fmt.Sprintf("%d operands, want one number", len(op.Operands)), ErrSyntax)
		}
		v, err := parseClock(op.Operands[0])
		if err != nil || int(v) < min {
			return 0, fail(0, fmt.Sprintf("%s is not a number from %d", quoteCut(op.Operands[0], maxQuoted), min), ErrSyntax)
		}
		return int(v), nil
	}
	switch {
	case isEPDMoveOpcode(op.Opcode) || isEPDLineOpcode(op.Opcode):
		if len(op.Operands) == 0 {
			return fail(-1, "no move", ErrSyntax)
		}
		p := e.Position
		for k, s := range op.Operands {
			m, err := p.ParseSAN(s)
			if err != nil {
				return fail(k, err.Error(), err)
			}
			if m == NullMove { // "--" is no move of the position (§8.2.3 has no null move)
				return fail(k, "a null move is not a move of the position", ErrSyntax)
			}
			op.Moves = append(op.Moves, m)
			if isEPDLineOpcode(op.Opcode) {
				if p, err = p.Play(m); err != nil {
					return fail(k, err.Error(), err)
				}
			}
		}
	case isEPDStringOpcode(op.Opcode):
		if len(op.Operands) != 1 {
			return fail(-1, fmt.Sprintf("%d operands, want one string", len(op.Operands)), ErrSyntax)
		}
	case op.Opcode == "hmvc":
		v, err := number(0)
		if err != nil {
			return err
		}
		e.Position.halfmove = uint32(v)
	case op.Opcode == "fmvn":
		v, err := number(1)
		if err != nil {
			return err
		}
		e.Position.fullmove = uint32(v)
	case op.Opcode == "dm":
		if _, err := number(1); err != nil {
			return err
		}
	}
	return nil
}

// MustParseEPD is ParseEPD for records known to be valid, like those of tests; it panics on an
// error.
func MustParseEPD(line string) EPD {
	e, err := ParseEPD(line)
	if err != nil {
		panic(err)
	}
	return e
}
