package chess

import (
	"bytes"
	"io"
	"slices"
	"strconv"
	"strings"
)

// sevenTagRoster is the Seven Tag Roster of PGN Standard §8.1.1, in its export order.
var sevenTagRoster = [...]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// PGNWriteOptions changes how WritePGN writes a game. The zero value is the PGN export
// format.
type PGNWriteOptions struct {
	// KeepTagOrder writes the tags in the game's order instead of the Seven Tag Roster
	// first and the other tags sorted by name (§8.1.1).
	KeepTagOrder bool
	// NoComments leaves out the comments (and the commands in them, like [%clk]).
	NoComments bool
	// NoVariations writes the main line only (no RAV, §8.2.5).
	NoVariations bool
	// NoNAGs leaves out the NAGs.
	NoNAGs bool
	// LineWidth is the longest movetext line in bytes, a token longer than it alone on its
	// line; 0 (or less) is the export format's 79 (§8.2.1: less than 80).
	LineWidth int
}

// String returns the game in PGN export format (see WritePGN), or "<invalid PGN game: …>"
// with the error when WritePGN refuses it.
func (g *PGNGame) String() string {
	var buf bytes.Buffer
	if _, err := g.WritePGN(&buf, PGNWriteOptions{}); err != nil {
		return "<invalid PGN game: " + err.Error() + ">"
	}
	return buf.String()
}

// WriteTo writes the game in PGN export format to w (see WritePGN) and returns the number of
// bytes written.
func (g *PGNGame) WriteTo(w io.Writer) (int64, error) {
	return g.WritePGN(w, PGNWriteOptions{})
}

// WritePGN writes the game to w in the PGN export format of PGN Standard §8 and returns the
// number of bytes written: the tags of the Seven Tag Roster first in their order, then the
// other tags in ASCII order of their names (§8.1.1), one per line with \ and " escaped; a
// blank line; the movetext in lines of at most 79 characters (§8.2.1: less than 80) with no
// token split, moves in exact SAN, a move number before every White move and "N..." before a
// Black move that starts a line of play or follows a comment or a variation (§8.2.2.2),
// comments in braces (one that contains "}" as ";" comments, one per line, §5), NAGs as $N,
// variations in parentheses, and the termination marker: the game's Result (the marker as
// read, kept even where the Result tag disagrees), otherwise the Result tag's value when it is
// one, otherwise "*". Tags the game lacks are not invented.
// Reading the output gives back the same tags, tree and comments (a comment set by hand in
// Comments comes back as SetComment would make it: line breaks folded to spaces, ends trimmed).
// A game beyond a reader's budgets (variations nested deeper than DefaultMaxDepth, more bytes
// or tokens than DefaultMaxGameBytes or DefaultMaxTokens) is written all the same and reads
// back with larger budgets.
//
// A game that cannot be written so is refused and nothing of it is written: a tag that
// CheckTag refuses or a tag name that comes twice (a *TagError wrapping ErrBadTag), or a tree that Check refuses (a
// *PGNTreeError wrapping ErrInvalidTree).
func (g *PGNGame) WritePGN(w io.Writer, opts PGNWriteOptions) (int64, error) {
	if err := checkTags(g.Tags); err != nil {
		return 0, err
	}
	if err := g.Check(); err != nil {
		return 0, err
	}
	pw := pgnWriter{opts: opts, width: opts.LineWidth}
	if pw.width <= 0 {
		pw.width = pgnLineWidth
	}
	tags := g.Tags
	if !opts.KeepTagOrder {
		tags = exportTagOrder(g.Tags)
	}
	for _, t := range tags {
		pw.buf = append(pw.buf, '[')
		pw.buf = append(pw.buf, t.Name...)
		pw.buf = append(pw.buf, " \""...)
		for i := 0; i < len(t.Value); i++ {
			if c := t.Value[i]; c == '"' || c == '\\' {
				pw.buf = append(pw.buf, '\\')
			}
			pw.buf = append(pw.buf, t.Value[i])
		}
		pw.buf = append(pw.buf, "\"]\n"...)
	}
	if len(tags) > 0 {
		pw.buf = append(pw.buf, '\n')
	}
	pw.lineStart = len(pw.buf)
	if g.Root != nil {
		for _, c := range pw.comments(g.Root.Comments) {
			pw.comment(c)
		}
		pw.line(g.Root, true)
	}
	result := g.Result // the marker as read: a Result tag that disagrees is the caller's to report
	if result == "" {
		result = g.Tag("Result")
	}
	switch result {
	case "1-0", "0-1", "1/2-1/2", "*":
	default:
		result = "*"
	}
	pw.token(result)
	pw.buf = append(pw.buf, "\n\n"...)
	n, err := w.Write(pw.buf)
	return int64(n), err
}

// exportTagOrder returns the tags in export order: the Seven Tag Roster, then the others
// sorted by name; the sort is stable, so repeated names keep their order.
func exportTagOrder(tags []Tag) []Tag {
	out := make([]Tag, 0, len(tags))
	for _, name := range sevenTagRoster {
		for _, t := range tags {
			if t.Name == name {
				out = append(out, t)
			}
		}
	}
	rest := make([]Tag, 0, len(tags))
	for _, t := range tags {
		if !slices.Contains(sevenTagRoster[:], t.Name) {
			rest = append(rest, t)
		}
	}
	slices.SortStableFunc(rest, func(a, b Tag) int { return strings.Compare(a.Name, b.Name) })
	return append(out, rest...)
}

// pgnWriter lays out movetext tokens in lines of at most pgnLineWidth bytes.
type pgnWriter struct {
	buf       []byte
	lineStart int
	open      bool // a "(" waits to be glued to the next token
	width     int  // the longest line
	opts      PGNWriteOptions
	scratch   []byte // a move's token, reused
}

// comments returns the comments to write: none with NoComments.
func (pw *pgnWriter) comments(c []string) []string {
	if pw.opts.NoComments {
		return nil
	}
	return c
}

const pgnLineWidth = 79

// token appends a token, on a new line when it would not fit on this one.
func (pw *pgnWriter) token(t string) { appendToken(pw, t) }

// tokenBytes is token for a token in bytes, which it does not keep.
func (pw *pgnWriter) tokenBytes(t []byte) { appendToken(pw, t) }

func appendToken[T string | []byte](pw *pgnWriter, t T) {
	n := len(t)
	if pw.open {
		n++ // the "(" glued to it
	}
	if len(pw.buf) > pw.lineStart {
		if len(pw.buf)-pw.lineStart+1+n > pw.width {
			pw.newline()
		} else {
			pw.buf = append(pw.buf, ' ')
		}
	}
	if pw.open {
		pw.buf, pw.open = append(pw.buf, '('), false
	}
	pw.buf = append(pw.buf, t...)
}

// closeParen ends a variation, glued to its last token when the line has room.
func (pw *pgnWriter) closeParen() {
	if len(pw.buf)-pw.lineStart+1 > pw.width {
		pw.newline()
	}
	pw.buf = append(pw.buf, ')')
}

// breakBeforeWord breaks the line at its last space before a word that does not begin with
// "%", for a word beginning with "%" that does not fit on it: a line beginning with "%" would
// read as an escape line (§6). False when the line has no such space: the word then goes on
// this line, past the width.
func (pw *pgnWriter) breakBeforeWord() bool {
	for i := len(pw.buf) - 2; i > pw.lineStart; i-- {
		if pw.buf[i] == ' ' && pw.buf[i+1] != '%' {
			pw.buf[i] = '\n'
			pw.lineStart = i + 1
			return true
		}
	}
	return false
}

func (pw *pgnWriter) newline() {
	pw.buf = append(pw.buf, '\n')
	pw.lineStart = len(pw.buf)
}

// comment writes a comment in braces, wrapped at its spaces; a comment that holds "}"
// becomes ";" comments, each to the end of its line.
func (pw *pgnWriter) comment(text string) {
	// a line break in the text: a space, as reading folds it (§8.2.1), so that the layout is the
	// writer's (a ";" comment would end early; a line could begin with "%")
	if strings.ContainsAny(text, "\r\n") {
		text = lineBreaks.Replace(text)
	}
	if strings.Contains(text, "}") {
		if pw.open {
			pw.token("")
		}
		if len(pw.buf) > pw.lineStart {
			if len(pw.buf)-pw.lineStart+2+len(text) > pw.width {
				pw.newline() // rather a line of its own than a line past 79 characters (§8.2.1)
			} else {
				pw.buf = append(pw.buf, ' ')
			}
		}
		pw.buf = append(pw.buf, ';')
		pw.buf = append(pw.buf, text...)
		pw.newline()
		return
	}
	pw.token("{")
	word := func(w string) {
		// exactly one space or one line break between words: reading folds it back
		switch {
		case len(pw.buf)-pw.lineStart+1+len(w) <= pw.width:
			pw.buf = append(pw.buf, ' ')
		case strings.HasPrefix(w, "%"):
			pw.breakBeforeWord() // if it cannot, past the width rather than an escape line
			pw.buf = append(pw.buf, ' ')
		default:
			pw.newline()
		}
		pw.buf = append(pw.buf, w...)
	}
	if text != "" {
		for rest := text; ; {
			i := strings.IndexByte(rest, ' ')
			if i < 0 {
				word(rest)
				break
			}
			word(rest[:i])
			rest = rest[i+1:]
		}
	}
	word("}")
}

// line writes the moves that follow node: its main continuation with the variations of each
// move. needNumber says whether a Black move must carry "N..." (after a comment or a
// variation, or at the start).
func (pw *pgnWriter) line(node *PGNNode, needNumber bool) {
	for len(node.Children) > 0 {
		main := node.Children[0]
		pw.move(node, main, needNumber)
		needNumber = len(pw.comments(main.Comments)) > 0
		variations := node.Children[1:]
		if pw.opts.NoVariations {
			variations = nil
		}
		for _, v := range variations {
			pw.open = true
			pw.move(node, v, true)
			// the reply to v follows it directly (§8.2.2.2): a number only after v's comment;
			// the variations of that reply come after the reply, not before it
			pw.line(v, len(pw.comments(v.Comments)) > 0)
			pw.closeParen()
			needNumber = true
		}
		node = main
	}
}

// move writes the move of child, played from parent's position, with its comments and NAGs.
func (pw *pgnWriter) move(parent, child *PGNNode, needNumber bool) {
	for _, c := range pw.comments(child.StartingComments) {
		pw.comment(c)
		needNumber = true
	}
	p := &parent.Position
	tok := pw.scratch[:0]
	if p.turn == White {
		tok = strconv.AppendInt(tok, int64(p.fullmove), 10)
		tok = append(tok, ". "...)
	} else if needNumber {
		tok = strconv.AppendInt(tok, int64(p.fullmove), 10)
		tok = append(tok, "... "...)
	}
	// the move number and the move stay on one line
	if child.Move == NullMove {
		tok = append(tok, "--"...)
	} else {
		tok = p.AppendSAN(tok, child.Move)
	}
	pw.tokenBytes(tok)
	if !pw.opts.NoNAGs {
		for _, n := range child.NAGs {
			pw.tokenBytes(strconv.AppendInt(append(tok[:0], '$'), int64(n), 10))
		}
	}
	pw.scratch = tok
	for _, c := range pw.comments(child.Comments) {
		pw.comment(c)
	}
}

// NewPGNGame returns the PGN form of a game played with Game: the Seven Tag Roster with
// unknown values ("?", "????.??.??") that the caller may fill in, the Result tag and
// termination marker from g.Outcome() ("*" while the game goes on), SetUp and FEN tags when the
// game did not start from the standard position, a Variant "Chess960" tag for Chess960, and
// the moves as the main line of the tree.
func NewPGNGame(g *Game) *PGNGame {
	g.ensure()
	start := g.positions[0]
	result := g.Outcome().Result()
	pg := &PGNGame{
		Index: 1,
		Tags: []Tag{{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"}, {"White", "?"},
			{"Black", "?"}, {"Result", result}},
		Result: result,
		Root:   &PGNNode{Position: start},
	}
	if start.Chess960() {
		pg.Tags = append(pg.Tags, Tag{"Variant", "Chess960"})
	}
	if start.WithChess960(false) != StartingPosition() && start.IsValid() {
		pg.Tags = append(pg.Tags, Tag{"SetUp", "1"}, Tag{"FEN", start.FEN()})
	}
	node := pg.Root
	pos := start
	for _, m := range g.Moves() {
		next, err := pos.Play(m)
		if err != nil {
			break // cannot happen: a Game holds legal moves
		}
		child := &PGNNode{Parent: node, Move: m, Position: next}
		node.Children = append(node.Children, child)
		node, pos = child, next
		pg.Plies++
	}
	pg.Final = pos
	pg.BoardEnd = g.board
	return pg
}
