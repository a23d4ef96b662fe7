package checks

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/config"
)

// The list validates (engine.New checks every declaration), is in ID order, and each check lives
// in a file of its own named after it, as DEVELOPMENT.md's recipe has it.
func TestAllValid(t *testing.T) {
	if _, err := engine.New(config.Default(), All); err != nil {
		t.Fatal(err)
	}
	if !slices.IsSortedFunc(All, func(a, b *engine.Check) int { return strings.Compare(a.ID, b.ID) }) {
		t.Error("All is not in ID order")
	}
	for _, c := range All {
		files, _ := filepath.Glob(strings.ToLower(c.ID) + "_*.go")
		if len(files) != 1 {
			t.Errorf("%s: want one file %s_<name>.go, found %v", c.ID, strings.ToLower(c.ID), files)
			continue
		}
		src, err := os.ReadFile(files[0])
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), `ID: "`+c.ID+`"`) {
			t.Errorf("%s does not declare %s", files[0], c.ID)
		}
	}
}

// judges names the check that judges each API the review lists under calls: a judged API is
// admitted only where a check reads its arguments, so each needs one. A new calls entry needs its
// check here, and a check here must still be listed.
var judges = map[string]string{
	"builtins.getattr": "SBX403", "builtins.setattr": "SBX403", "builtins.delattr": "SBX403",
	"builtins.vars": "SBX402", "builtins.dir": "SBX402",
	"timeit.timeit": "SBX601", "timeit.repeat": "SBX601", "timeit.Timer": "SBX601",
	"operator.attrgetter": "SBX503", "operator.methodcaller": "SBX503", "unittest.main.TestProgram": "SBX503",
	"typing.get_type_hints": "SBX205", "email.utils.make_msgid": "SBX101", "email._policybase._PolicyBase.clone": "SBX403", "copy.deepcopy": "SBX305",
	"string.Formatter.format": "SBX701", "string.Formatter.vformat": "SBX701", "string.Formatter.get_field": "SBX701",
}

// dataJudgesWant names the check that judges each call of the data profile's review.
var dataJudgesWant = map[string]string{
	"pandas.eval": "SBX206", "pandas.core.frame.DataFrame.query": "SBX206", "pandas.core.frame.DataFrame.eval": "SBX206",
	"pandas.set_option": "SBX206", "pandas.option_context": "SBX206",
	"matplotlib.use": "SBX206", "matplotlib.pyplot.switch_backend": "SBX206",
	"numpy.load": "SBX206", "numpy.lib.load": "SBX206",
}

func TestReviewCallsHaveJudges(t *testing.T) {
	api, err := config.DefaultModuleAPI()
	if err != nil {
		t.Fatal(err)
	}
	for key := range api.Review.Calls {
		id, ok := judges[key]
		if !ok {
			t.Errorf("calls.%s: no check judges it (add it to judges with the check that reads its arguments)", key)
			continue
		}
		if !slices.ContainsFunc(All, func(c *engine.Check) bool { return c.ID == id }) {
			t.Errorf("calls.%s: judged by %s, which is not in All", key, id)
		}
	}
	for key := range judges {
		if _, ok := api.Review.Calls[key]; !ok {
			t.Errorf("judges lists %s, which the review's calls do not", key)
		}
	}
}

func TestDataReviewCallsHaveJudges(t *testing.T) {
	api, err := config.ProfileModuleAPI("data")
	if err != nil {
		t.Fatal(err)
	}
	for key := range api.Review.Calls {
		if dataJudgesWant[key] != "SBX206" || dataJudges[key] == nil {
			t.Errorf("calls.%s of the data review: no judge in SBX206 (dataJudges)", key)
		}
	}
	for key := range dataJudges {
		if _, ok := api.Review.Calls[key]; !ok {
			t.Errorf("dataJudges lists %s, which the data review's calls do not", key)
		}
	}
}
