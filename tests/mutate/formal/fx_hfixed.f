// A unit whose submodules take inputs it fixes with no defect selected
// (test_formal.py, ModuleFixedInputs).
fx_hfixed.sv
