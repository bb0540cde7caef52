# Convenience targets; each calls ./dev, which sets up .venv by itself.
.PHONY: lab test bench check
lab:
	./dev lab
test:
	./dev test
bench:
	./dev bench
check:
	./dev rulings check rulings_lib/scenarios
