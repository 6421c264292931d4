package chess

// The errors of the PGN reader: the sentinels, PGNError and ErrorList.

import (
	"errors"
	"fmt"
	"sort"
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

// The warning classes: each wraps ErrPGNWarning (errors.Is(err, ErrPGNWarning) holds for every
// warning) and names one finding that leaves the game readable. PGNClasses lists them with
// their short names and the PGN Standard's sections.
var (
	ErrLenientSAN         = pgnWarning("lenient SAN")
	ErrMissingMoveNumber  = pgnWarning("missing move number")
	ErrMoveNumberMismatch = pgnWarning("move number mismatch")
	ErrMovesAfterEnd      = pgnWarning("move after the game ended")
	ErrMissingResult      = pgnWarning("missing termination marker")
	ErrResultMismatch     = pgnWarning("Result tag mismatch")
	ErrEmptyResultTag     = pgnWarning("empty Result tag")
	ErrMissingTag         = pgnWarning("missing tag")
	ErrAnnotationSymbol   = pgnWarning("annotation symbol")
	ErrTextAfterResult    = pgnWarning("text after the termination marker")
	ErrBadEscape          = pgnWarning("stray backslash")
	ErrOverlongLine       = pgnWarning("line too long")
)

// pgnWarningError is the type of the warning classes: each is its own value and wraps
// ErrPGNWarning.
type pgnWarningError struct{ text string }

func pgnWarning(text string) error { return &pgnWarningError{text} }

func (w *pgnWarningError) Error() string { return w.text }
func (w *pgnWarningError) Unwrap() error { return ErrPGNWarning }

// PGNClass is a class of the problems a PGN reader reports: its sentinel, a stable short name
// for programs and command lines ("lenient-san", "illegal-move"), the section of the PGN
// Standard (1994) whose rule it is about ("" for the reader's own limits and I/O), and whether
// it is a warning.
type PGNClass struct {
	Name    string
	Err     error // nil for "io", an error of the input rather than a sentinel
	Section string
	Warning bool
}

// pgnClasses is the one table of the classes, errors first, in the order Class tests them:
// a move's *SANError wraps one of the first three.
var pgnClasses = [...]PGNClass{
	{"illegal-move", ErrIllegalMove, "8.2.3", false},
	{"ambiguous-move", ErrAmbiguousMove, "8.2.3.4", false},
	{"syntax", ErrSyntax, "8.2", false},
	{"unterminated-comment", ErrUnterminatedComment, "5", false},
	{"bad-tag", ErrBadTag, "8.1", false},
	{"bad-fen", ErrBadFEN, "9.7.2", false},
	{"budget", ErrBudget, "", false},
	{"unsupported-variant", ErrUnsupportedVariant, "9.7", false},
	{"wrong-result", ErrWrongResult, "8.2.6", false},
	{"unbalanced-rav", ErrUnbalancedRAV, "8.2.5", false},
	{"lenient-san", ErrLenientSAN, "8.2.3", true},
	{"missing-move-number", ErrMissingMoveNumber, "8.2.2", true},
	{"move-number-mismatch", ErrMoveNumberMismatch, "8.2.2", true},
	{"moves-after-end", ErrMovesAfterEnd, "8.2.6", true},
	{"missing-result", ErrMissingResult, "8.2.6", true},
	{"result-mismatch", ErrResultMismatch, "8.2.6", true},
	{"empty-result-tag", ErrEmptyResultTag, "8.1.1.7", true},
	{"missing-tag", ErrMissingTag, "8.1.1", true},
	{"annotation-symbol", ErrAnnotationSymbol, "8.2.3.8", true},
	{"text-after-result", ErrTextAfterResult, "8.2.6", true},
	{"bad-escape", ErrBadEscape, "7", true},
	{"overlong-line", ErrOverlongLine, "4.3", true},
	{"warning", ErrPGNWarning, "", true}, // a warning of no finer class
	{"io", nil, "", false},
}

// PGNClasses returns the classes of PGN problems, errors first, each with its short name,
// sentinel and PGN Standard section; PGNError.Class names the class of one problem.
func PGNClasses() []PGNClass { return append([]PGNClass(nil), pgnClasses[:]...) }

// PGNError is one problem of a PGN game, located in the input, in the shape of
// encoding/csv.ParseError and go/scanner.Error. It wraps a sentinel (ErrSyntax,
// ErrIllegalMove, ErrAmbiguousMove, ErrUnterminatedComment, ErrBadTag, ErrBadFEN, ErrBudget,
// ErrUnsupportedVariant, ErrWrongResult, ErrUnbalancedRAV, a warning class such as
// ErrLenientSAN, which wraps ErrPGNWarning, or an I/O error) and, for a move, the *SANError
// that explains it; Class names its class (PGNClasses). It prints as
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
	Warning  bool   // the severity: a finding that does not make the game wrong (a lenient spelling, ...)
	Message  string // what is wrong, in words
	Err      error  // the sentinel, or the *SANError
	// Deviation holds, for a lenient-san warning (and a StrictSAN error), the lenient spellings
	// the move was written with (Position.ParseSANDeviation); 0 otherwise.
	Deviation SANDeviation
}

// Error prints the problem as LINE:COL: game N (White - Black, Round R), MOVE: message.
func (e *PGNError) Error() string {
	if e == nil {
		return "<nil>" // a nil entry of an ErrorList
	}
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
	// ErrBadFEN first: a bad FEN tag wraps the FEN's own error, which may be ErrSyntax
	for _, s := range []error{ErrBadFEN, ErrIllegalMove, ErrAmbiguousMove, ErrSyntax, ErrUnterminatedComment, ErrBadTag,
		ErrBudget, ErrUnsupportedVariant, ErrWrongResult, ErrUnbalancedRAV, ErrPGNWarning} {
		if errors.Is(e.Err, s) {
			return s.Error()
		}
	}
	return "I/O error"
}

// Class returns the short name of the problem's class (see PGNClasses): "illegal-move",
// "lenient-san", "missing-tag", …; "io" for an I/O error of the input.
func (e *PGNError) Class() string {
	for i := range pgnClasses {
		if c := &pgnClasses[i]; c.Err != nil && e.Err == c.Err {
			return c.Name
		}
	}
	if errors.Is(e.Err, ErrBadFEN) {
		return "bad-fen" // it wraps the FEN's own error, which may be ErrSyntax
	}
	for i := range pgnClasses {
		if c := &pgnClasses[i]; c.Err != nil && errors.Is(e.Err, c.Err) {
			return c.Name
		}
	}
	return "io"
}

// Severity returns "warning" or "error".
func (e *PGNError) Severity() string {
	if e.Warning {
		return "warning"
	}
	return "error"
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

// mergeProblems returns the errors and the warnings of a game, each in input order, as one
// list in input order; it allocates only when both have entries.
func mergeProblems(errs, warns ErrorList) ErrorList {
	switch {
	case len(errs) == 0:
		return warns
	case len(warns) == 0:
		return errs
	}
	all := make(ErrorList, 0, len(errs)+len(warns))
	all = append(append(all, errs...), warns...)
	sort.SliceStable(all, func(i, j int) bool { return all[i].Offset < all[j].Offset })
	return all
}

// cutShort returns the errors of a game that the input's failure cut short, with the I/O error
// ioErr last, and without the errors that the cut itself causes: a token that reaches the
// offset where reading failed (read in part), a comment or a variation never closed (its end
// may be in the input that was not read). The I/O error is then the problem reported, not a
// syntax error of the half-read token.
func cutShort(list ErrorList, ioErr *PGNError) ErrorList {
	kept := list[:0:0]
	for _, e := range list {
		end := e.Offset + int64(max(len(e.Token), 1)) // a token of one byte ("$") may be quoted as ""
		if errors.Is(e, ErrBadTag) {
			end++ // a tag value's token is its text, without the opening quote
		}
		if end >= ioErr.Offset || errors.Is(e, ErrUnterminatedComment) ||
			errors.Is(e, ErrUnbalancedRAV) && e.Token == "(" {
			continue
		}
		kept = append(kept, e)
	}
	return append(kept, ioErr)
}
