// A unit with submodules for the module step of the formal check
// (test_formal.py, ModuleStep).
fx_hier.sv
