// The small unit with an instance of a module no file defines: Yosys
// cannot elaborate it (test_formal.py, "undecided: front end").
fx_unknown.sv
