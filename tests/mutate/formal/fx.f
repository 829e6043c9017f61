// A small unit for the formal step's tests (test_formal.py).
fx_unit.sv
