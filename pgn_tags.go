package chess

import (
	"slices"
	"strings"
)

// TagError is the error of a tag that cannot be written as PGN (PGN Standard §8.1.1: a name
// of letters, digits and "_" that starts with a letter; a value on one line; a Result of
// "1-0", "0-1", "1/2-1/2" or "*"). It wraps ErrBadTag.
type TagError struct {
	Name   string // the tag's name, as given
	Value  string // the tag's value, as given
	Reason string // what is wrong, like "a tag name is letters, digits and _"
}

// Error returns "chess: tag NAME: REASON", the name quoted and cut to a readable length.
func (e *TagError) Error() string {
	return "chess: tag " + quoteCut(e.Name, maxQuoted) + ": " + e.Reason
}

// Unwrap returns ErrBadTag, for errors.Is.
func (e *TagError) Unwrap() error { return ErrBadTag }

// CheckTag returns a *TagError when the tag pair name, value cannot be written as PGN and read
// back the same: a name that is not letters, digits and "_" starting with a letter (§8.1.1), or a
// value with a line break (CR or LF: a string token ends at its line, §7), a Result that is
// not "1-0", "0-1", "1/2-1/2" or "*" (§8.1.1.7; an empty one, which a reader reads back with
// a warning, passes). It returns nil for a tag that can be written.
func CheckTag(name, value string) error {
	switch {
	case name == "":
		return &TagError{name, value, "empty tag name"}
	case !validTagName([]byte(name)):
		return &TagError{name, value, "a tag name is letters, digits and _ and starts with a letter"}
	case strings.ContainsAny(value, "\r\n"):
		return &TagError{name, value, "a tag value cannot hold a line break"}
	}
	if _, ok := ParseResult(value); name == "Result" && !ok && value != "" {
		return &TagError{name, value, badResult}
	}
	return nil
}

const badResult = "Result must be 1-0, 0-1, 1/2-1/2 or *"

// checkTags returns the *TagError of the first tag that CheckTag refuses or whose name comes
// twice (a reader keeps the first value only), or nil.
func checkTags(tags []Tag) error {
	for i, t := range tags {
		if err := CheckTag(t.Name, t.Value); err != nil {
			return err
		}
		if slices.ContainsFunc(tags[:i], func(u Tag) bool { return u.Name == t.Name }) {
			return &TagError{t.Name, t.Value, "the tag appears twice (a reader keeps the first value)"}
		}
	}
	return nil
}

// rosterIndex returns the place of name in the Seven Tag Roster (§8.1.1), or -1.
func rosterIndex(name string) int {
	return slices.Index(sevenTagRoster[:], name)
}

// SetTag gives the tag name the value value: it replaces the value of the first tag of that
// name (and removes any later tag of the same name, which a reader would drop), or adds the
// tag. A tag of the Seven Tag Roster is added at its place among the roster tags the game has
// (Event, Site, Date, Round, White, Black, Result, §8.1.1), before any other tag; another tag
// is added at the end. Setting FEN, SetUp or Variant does not change the tree: WritePGN
// refuses a tree whose start is not the one the tags give (see PGNGame.Check). A tag that
// cannot be written (see CheckTag), or a Result that is not
// "1-0", "0-1", "1/2-1/2" or "*" (§8.1.1.7, not even ""), is refused with a *TagError and the game is
// unchanged.
func (g *PGNGame) SetTag(name, value string) error {
	if err := CheckTag(name, value); err != nil {
		return err
	}
	if name == "Result" && value == "" {
		return &TagError{name, value, badResult}
	}
	if i := slices.IndexFunc(g.Tags, func(t Tag) bool { return t.Name == name }); i >= 0 {
		g.Tags[i].Value = value
		g.Tags = append(g.Tags[:i+1], slices.DeleteFunc(g.Tags[i+1:], func(t Tag) bool { return t.Name == name })...)
		return nil
	}
	at := len(g.Tags)
	if r := rosterIndex(name); r >= 0 {
		// before the first tag that is not a roster tag or comes later in the roster
		at = slices.IndexFunc(g.Tags, func(t Tag) bool {
			tr := rosterIndex(t.Name)
			return tr < 0 || tr > r
		})
		if at < 0 {
			at = len(g.Tags)
		}
	}
	g.Tags = slices.Insert(g.Tags, at, Tag{name, value})
	return nil
}

// RemoveTag removes every tag named name and reports whether there was one.
func (g *PGNGame) RemoveTag(name string) bool {
	n := len(g.Tags)
	g.Tags = slices.DeleteFunc(g.Tags, func(t Tag) bool { return t.Name == name })
	return len(g.Tags) != n
}

// Result is the result of a game as PGN writes it in the Result tag and the termination marker
// (§8.1.1.7, §8.2.6). The zero value, ResultUnknown, is "*": the game goes on, or its result is
// not known.
type Result uint8

// The results.
const (
	ResultUnknown   Result = iota // "*"
	ResultWhiteWins               // "1-0"
	ResultBlackWins               // "0-1"
	ResultDraw                    // "1/2-1/2"
)

var resultTexts = [...]string{"*", "1-0", "0-1", "1/2-1/2"}

// ParseResult reads "1-0", "0-1", "1/2-1/2" or "*", and returns false for any other text.
func ParseResult(s string) (Result, bool) {
	i := slices.Index(resultTexts[:], s)
	if i < 0 {
		return ResultUnknown, false
	}
	return Result(i), true
}

// String returns the result as PGN writes it: "1-0", "0-1", "1/2-1/2" or "*" (also for an
// invalid Result).
func (r Result) String() string {
	if int(r) < len(resultTexts) {
		return resultTexts[r]
	}
	return "*"
}

// Winner returns who won: WhiteWins, BlackWins, or NoWinner for a draw or an unknown result.
func (r Result) Winner() Winner {
	switch r {
	case ResultWhiteWins:
		return WhiteWins
	case ResultBlackWins:
		return BlackWins
	}
	return NoWinner
}

// Outcome returns the result as a Game records it when only the result is known: Unknown
// termination with the winner (NoWinner for a draw), or the zero Outcome for ResultUnknown;
// Game.SetOutcome accepts it.
func (r Result) Outcome() Outcome {
	if !r.IsDecided() {
		return Outcome{}
	}
	return Outcome{Winner: r.Winner(), Termination: Unknown}
}

// IsDecided reports whether the result is a win or a draw (not "*").
func (r Result) IsDecided() bool { return r >= ResultWhiteWins && r <= ResultDraw }

// ResultOf returns the Result that an Outcome writes (Outcome.Result): ResultUnknown while the
// game goes on.
func ResultOf(o Outcome) Result {
	r, _ := ParseResult(o.Result())
	return r
}

// TagResult returns the value of the Result tag, and false when the game has no Result tag or
// its value is not a result.
func (g *PGNGame) TagResult() (Result, bool) {
	for _, t := range g.Tags {
		if t.Name == "Result" {
			return ParseResult(t.Value)
		}
	}
	return ResultUnknown, false
}

// MarkerResult returns the game termination marker after the movetext (§8.2.6), and false when
// the game had none (g.Result is "").
func (g *PGNGame) MarkerResult() (Result, bool) {
	return ParseResult(g.Result)
}

// SetResult sets the Result tag (added at its place in the Seven Tag Roster when missing) and
// the termination marker to r.
func (g *PGNGame) SetResult(r Result) {
	g.SetTag("Result", r.String()) // cannot fail: the name and every result are valid
	g.Result = r.String()
}
