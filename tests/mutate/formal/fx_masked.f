// The small unit of fx_masked.sv (test_formal.py, a change no output sees).
fx_masked.sv
