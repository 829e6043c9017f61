// A unit whose submodule with state reads a part-select past its vector
// (test_formal.py, ModuleStep).
fx_hshift.sv
