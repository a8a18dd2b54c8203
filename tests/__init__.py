"""FretaDoc's tests: a package, so each test module is imported by its qualified name
(tests.intake.test_classify) and shared code as tests.<area>.helpers, with no path edits."""
