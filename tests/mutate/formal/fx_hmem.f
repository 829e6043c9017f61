// fx_mem.sv as a submodule, for the module step with its memory cut out
// (test_formal.py, ModuleMemoryCut).
fx_mem.sv
fx_hmem.sv
