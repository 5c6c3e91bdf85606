package diagnostics

import "testing"

func TestReadingRules(t *testing.T) {
	codes := []string{CodeBinaryFile, CodeInvalidUTF8, CodeUnreadableFile, CodeFileTooLarge, CodeBOM, CodeCRLF}
	runRuleCases(t, codes, []ruleCase{
		{name: "clean", src: skill("skill")},
		{name: "NUL byte", src: "---\nname: skill\ndescription: d\n---\nnul\x00\n", want: []string{"error binary-file 5:4"}},
		{name: "Latin-1", src: "---\nname: skill\ndescription: caf\xe9\n---\n", want: []string{"error invalid-utf8 3:17"}},
		{name: "BOM", src: "\ufeff" + skill("skill"), want: []string{"info bom 1:1"}},
		{name: "CRLF", src: "---\r\nname: skill\r\ndescription: d\r\n---\r\n", want: []string{"hint crlf 1:4"}},
		{name: "CRLF with é and 𐐀", src: "---\nname: skill\ndescription: é 𐐀\r\n---\n", want: []string{"hint crlf 3:21"}},
	})
}
