// The small unit of fx_mem.sv (test_formal.py, memories cut out of the miter).
fx_mem.sv
