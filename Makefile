# Convenience targets; each calls ./dev, which sets up .venv by itself.
.PHONY: bench-site lab test bench check diagrams faq coverage notebooks fuzz site
lab:
	./dev lab
test:
	./dev test
bench:
	./dev bench
check:
	./dev rulings check rulings_lib/scenarios
# Redraw diagrams/ (SVG + DOT) from the engines' tables; commit the result.
diagrams:
	./dev rulings diagrams
# The ruling FAQ as one self-contained HTML page.
faq:
	./dev rulings faq --html build/faq.html
coverage:
	./dev rulings coverage
# Re-execute every notebook to refresh its stored outputs (the expected rulings), on purpose.
notebooks:
	.venv/bin/python -m tools.refresh_notebooks
# Long fuzzing run of every input kind (issue 11) and random exploration of every property (issue 20):
# many more cases than the test suite's, fresh randomness each run. A counterexample found here becomes
# an @example on its property, so that ./dev test (derandomized) checks it from then on.
fuzz:
	RULINGS_FUZZ=long .venv/bin/python -m pytest tests/test_fuzz.py tests/test_wrgp_properties.py \
		tests/test_tag_properties.py tests/test_wrgp_decks_props.py -q -s -p no:cacheprovider
# The browser edition (static site on Pyodide) in build/site/; serve it with: python3 -m http.server -d build/site
site:
	./dev site
# The browser edition's size and first-ruling times (phone viewport, first and second visit), each step's share.
bench-site:
	.venv/bin/python benchmarks/bench_site.py
