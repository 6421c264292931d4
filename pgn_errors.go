package chess

// The errors of the PGN reader: the sentinels, PGNError and ErrorList.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Sentinel errors of the PGN reader, wrapped by *PGNError; test with errors.Is. A move error
// also wraps the *SANError (ErrIllegalMove, ErrAmbiguousMove, ErrSyntax) that explains it.
var (
	ErrUnterminatedComment = errors.New("unterminated comment")
	ErrBadTag              = errors.New("bad tag pair")
	ErrBadFEN              = errors.New("bad FEN tag")
	ErrBudget              = errors.New("budget exceeded")
	ErrUnsupportedVariant  = errors.New("unsupported variant")
	ErrWrongResult         = errors.New("result contradicts the final position")
	ErrUnbalancedRAV       = errors.New("unbalanced variation")
	ErrPGNWarning          = errors.New("warning")
)

// PGNError is one problem of a PGN game, located in the input, in the shape of
// encoding/csv.ParseError and go/scanner.Error. It wraps a sentinel (ErrSyntax,
// ErrIllegalMove, ErrAmbiguousMove, ErrUnterminatedComment, ErrBadTag, ErrBadFEN, ErrBudget,
// ErrUnsupportedVariant, ErrWrongResult, ErrUnbalancedRAV, ErrPGNWarning, or an I/O error)
// and, for a move, the *SANError that explains it. It prints as
//
//	LINE:COL: game N (White - Black, Round R), 12...Nf6: illegal move: the knight on g8 is pinned
type PGNError struct {
	Game     int    // the game's index, from 1
	GameLine int    // the line where the game starts
	Players  string // "White - Black, Round R" from the tags, for the message
	Line     int    // line of the token, from 1
	Column   int    // byte column of the token, from 1
	Offset   int64  // byte offset of the token
	Ply      int    // the move's ply by its move number (1 for "1.e4", 24 for "12...Nf6"), 0 when not at a move
	Move     string // the move as in a book: "12...Nf6", "3.e4"; or "" when not at a move
	Token    string // the token text (cut to 40 bytes)
	Warning  bool   // a finding that does not make the game wrong (a lenient spelling, ...)
	Message  string // what is wrong, in words
	Err      error  // the sentinel, or the *SANError
}

// Error prints the problem as LINE:COL: game N (White - Black, Round R), MOVE: message.
func (e *PGNError) Error() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d:%d: game %d", e.Line, e.Column, e.Game)
	if e.Players != "" {
		sb.WriteString(" (")
		sb.WriteString(e.Players)
		sb.WriteString(")")
	}
	switch {
	case e.Move != "":
		sb.WriteString(", ")
		sb.WriteString(e.Move)
	case e.Token != "":
		sb.WriteString(", ")
		sb.WriteString(strconv.Quote(e.Token))
	}
	sb.WriteString(": ")
	if e.Warning {
		sb.WriteString("warning: ")
	}
	sb.WriteString(e.Message)
	return sb.String()
}

// Unwrap returns the sentinel or the *SANError the problem wraps.
func (e *PGNError) Unwrap() error { return e.Err }

// Kind names the sentinel the error wraps, for machine-readable output: "illegal move",
// "ambiguous move", "syntax error", "unterminated comment", "bad tag pair", "bad FEN tag",
// "budget exceeded", "unsupported variant", "result contradicts the final position",
// "unbalanced variation", "warning", or "I/O error".
func (e *PGNError) Kind() string {
	for _, s := range []error{ErrIllegalMove, ErrAmbiguousMove, ErrSyntax, ErrUnterminatedComment, ErrBadTag,
		ErrBadFEN, ErrBudget, ErrUnsupportedVariant, ErrWrongResult, ErrUnbalancedRAV, ErrPGNWarning} {
		if errors.Is(e.Err, s) {
			return s.Error()
		}
	}
	return "I/O error"
}

// ErrorList is every problem found in one game, in input order (like go/scanner.ErrorList).
type ErrorList []*PGNError

// Error prints the first problem and how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Unwrap returns the errors of the list, so errors.Is and errors.As look at each.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}
