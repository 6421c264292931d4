package chess

import (
	"errors"
	"strings"
	"testing"
)

func tagNames(tags []Tag) string {
	var names []string
	for _, t := range tags {
		names = append(names, t.Name+"="+t.Value)
	}
	return strings.Join(names, " ")
}

// §8.1.1: SetTag adds a Seven Tag Roster tag at its place among the roster tags, others at
// the end; it replaces a value in place and drops later duplicates.
func TestPGNSetTagSevenTagRosterOrder(t *testing.T) {
	tests := []struct {
		name       string
		tags       []Tag
		set, value string
		want       string
	}{
		{"roster tag into an empty game", nil, "White", "Anna", "White=Anna"},
		{"roster tag between roster tags", []Tag{{"Event", "E"}, {"Black", "B"}}, "White", "W", "Event=E White=W Black=B"},
		{"roster tag before the other tags", []Tag{{"Event", "E"}, {"ECO", "C20"}}, "Result", "*", "Event=E Result=* ECO=C20"},
		{"roster tag first", []Tag{{"Site", "S"}}, "Event", "E", "Event=E Site=S"},
		{"roster tag after the last roster tag", []Tag{{"Event", "E"}, {"Site", "S"}}, "Round", "1", "Event=E Site=S Round=1"},
		{"other tag at the end", []Tag{{"ECO", "C20"}, {"Event", "E"}}, "Annotator", "Z", "ECO=C20 Event=E Annotator=Z"},
		{"replace in place", []Tag{{"Event", "E"}, {"White", "W"}, {"Black", "B"}}, "White", "Anna", "Event=E White=Anna Black=B"},
		{"replace drops later duplicates", []Tag{{"ECO", "A"}, {"Event", "E"}, {"ECO", "B"}}, "ECO", "C", "ECO=C Event=E"},
		{"empty value", []Tag{{"Event", "E"}}, "Event", "", "Event="},
	}
	for _, tt := range tests {
		g := &PGNGame{Tags: append([]Tag(nil), tt.tags...)}
		if err := g.SetTag(tt.set, tt.value); err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got := tagNames(g.Tags); got != tt.want {
			t.Errorf("%s: tags %q, want %q", tt.name, got, tt.want)
		}
	}
}

// §8.1.1: tag names are letters, digits and "_", starting with a letter; a value holds no
// line break; a Result is one of the four. A refused SetTag leaves the tags as they were.
func TestPGNSetTagRefused(t *testing.T) {
	tests := []struct{ name, value, reason string }{
		{"", "x", "empty tag name"},
		{"White Elo", "x", "a tag name is letters, digits and _ and starts with a letter"},
		{"1st", "x", "a tag name is letters, digits and _ and starts with a letter"},
		{"_x", "x", "a tag name is letters, digits and _ and starts with a letter"},
		{"Ev]ent", "x", "a tag name is letters, digits and _ and starts with a letter"},
		{"Event", "a\nb", "a tag value cannot hold a line break"},
		{"Event", "a\rb", "a tag value cannot hold a line break"},
		{"Result", "1-0 ", "Result must be 1-0, 0-1, 1/2-1/2 or *"},
		{"Result", "", "Result must be 1-0, 0-1, 1/2-1/2 or *"},
	}
	for _, tt := range tests {
		g := &PGNGame{Tags: []Tag{{"Event", "E"}}}
		err := g.SetTag(tt.name, tt.value)
		var te *TagError
		if !errors.As(err, &te) || !errors.Is(err, ErrBadTag) || te.Reason != tt.reason || te.Name != tt.name {
			t.Errorf("SetTag(%q, %q) = %v, want a *TagError %q", tt.name, tt.value, err, tt.reason)
		}
		if got := tagNames(g.Tags); got != "Event=E" {
			t.Errorf("SetTag(%q, %q) changed the tags: %q", tt.name, tt.value, got)
		}
	}
	for _, name := range []string{"A", "Z9_", "WhiteElo", "a_b_1"} {
		if err := CheckTag(name, `va"l\ue`); err != nil {
			t.Errorf("CheckTag(%q) = %v, want nil", name, err)
		}
	}
}

// §8.1.1: a tag that cannot be written is an error and nothing of the game is written (a tag
// name could otherwise inject movetext).
func TestPGNWriteRefusesBadTags(t *testing.T) {
	for _, tag := range []Tag{{"Event\"] 1. e4", "x"}, {"Event", "x\"]\n\n1. h4 *\n\n[Event \"y"}, {"", ""}} {
		g := &PGNGame{Tags: []Tag{{"Site", "S"}, tag}, Root: &PGNNode{Position: StartingPosition()}}
		var sb strings.Builder
		n, err := g.WritePGN(&sb, PGNWriteOptions{})
		if !errors.Is(err, ErrBadTag) || n != 0 || sb.Len() != 0 {
			t.Errorf("tag %q: WritePGN = %d, %v, wrote %q; want 0, ErrBadTag, nothing", tag, n, err, sb.String())
		}
	}
}

func TestPGNRemoveTag(t *testing.T) {
	g := &PGNGame{Tags: []Tag{{"Event", "E"}, {"ECO", "A"}, {"White", "W"}, {"ECO", "B"}}}
	if !g.RemoveTag("ECO") {
		t.Error("RemoveTag(ECO) = false")
	}
	if got := tagNames(g.Tags); got != "Event=E White=W" {
		t.Errorf("tags %q", got)
	}
	if g.RemoveTag("ECO") {
		t.Error("RemoveTag of a missing tag = true")
	}
}

// §8.1.1.7, §8.2.6: the Result tag and the termination marker read as typed results.
func TestPGNResultTyped(t *testing.T) {
	tests := []struct {
		in          string
		tag, marker Result
		tagOK, mOK  bool
		winner      Winner
	}{
		{"[Result \"1-0\"]\n\n1. e4 1-0", ResultWhiteWins, ResultWhiteWins, true, true, WhiteWins},
		{"[Result \"0-1\"]\n\n1. e4 0-1", ResultBlackWins, ResultBlackWins, true, true, BlackWins},
		{"[Result \"1/2-1/2\"]\n\n1. e4 1/2-1/2", ResultDraw, ResultDraw, true, true, NoWinner},
		{"[Result \"*\"]\n\n1. e4 *", ResultUnknown, ResultUnknown, true, true, NoWinner},
		{"[Event \"E\"]\n\n1. e4", ResultUnknown, ResultUnknown, false, false, NoWinner},
	}
	for _, tt := range tests {
		g, _ := NewPGNReader(strings.NewReader(tt.in)).Read()
		tag, tagOK := g.TagResult()
		marker, mOK := g.MarkerResult()
		if tag != tt.tag || tagOK != tt.tagOK || marker != tt.marker || mOK != tt.mOK || tag.Winner() != tt.winner {
			t.Errorf("%q: TagResult %v %v, MarkerResult %v %v, winner %v", tt.in, tag, tagOK, marker, mOK, tag.Winner())
		}
	}
	for r, s := range map[Result]string{ResultUnknown: "*", ResultWhiteWins: "1-0", ResultBlackWins: "0-1", ResultDraw: "1/2-1/2", Result(9): "*"} {
		if r.String() != s {
			t.Errorf("Result(%d).String() = %q, want %q", r, r.String(), s)
		}
	}
	if ResultOf(Outcome{Winner: BlackWins, Termination: Checkmate}) != ResultBlackWins || ResultOf(Outcome{}) != ResultUnknown ||
		!ResultDraw.IsDecided() || ResultUnknown.IsDecided() {
		t.Error("ResultOf or IsDecided wrong")
	}
	if ResultBlackWins.Outcome() != (Outcome{BlackWins, Unknown}) || ResultDraw.Outcome() != (Outcome{NoWinner, Unknown}) || ResultUnknown.Outcome() != (Outcome{}) {
		t.Error("Result.Outcome wrong")
	}
	game := readOnePGN(t, "[Result \"1-0\"]\n\n1. e4 e5 1-0").Game()
	if r, _ := ParseResult("1-0"); game.SetOutcome(r.Outcome()) != nil || game.Outcome() != (Outcome{WhiteWins, Unknown}) {
		t.Errorf("SetOutcome(Result.Outcome()): %v", game.Outcome())
	}
	g := &PGNGame{Tags: []Tag{{"Event", "E"}, {"Annotator", "A"}}}
	g.SetResult(ResultDraw)
	if got := tagNames(g.Tags); got != "Event=E Result=1/2-1/2 Annotator=A" || g.Result != "1/2-1/2" {
		t.Errorf("SetResult: tags %q, marker %q", got, g.Result)
	}
}

// TestPGNKnownTagIndex checks that knownTagIndex finds each of knownTagNames at its index, and
// no other name (a prefix, another case, a name of the Seven Tag Roster's neighbours), and
// that the known names fit in the bits of pgnParser.knownTags: the duplicate-tag check of the
// reader relies on both.
func TestPGNKnownTagIndex(t *testing.T) {
	if len(knownTagNames) > 32 {
		t.Fatalf("%d known tag names, more than the 32 bits of knownTags", len(knownTagNames))
	}
	for i, name := range knownTagNames {
		if got := knownTagIndex([]byte(name)); got != i {
			t.Errorf("knownTagIndex(%q) = %d, want %d", name, got, i)
		}
		if got := tagName([]byte(name), i); got != name {
			t.Errorf("tagName(%q, %d) = %q", name, i, got)
		}
	}
	for _, name := range []string{"", "event", "EVENT", "Even", "Events", "WhiteElo2", "Whiteelo", "FENs", "X"} {
		if got := knownTagIndex([]byte(name)); got != -1 {
			t.Errorf("knownTagIndex(%q) = %d, want -1", name, got)
		}
	}
}
