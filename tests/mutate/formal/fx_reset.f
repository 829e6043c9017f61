// The reset protocol of the formal step's miter (test_formal.py).
fx_reset.sv
