// fx_regtab.sv as a submodule, for the module step with its wide register
// cut out (test_formal.py, ModuleRegisterCut).
fx_regtab.sv
fx_hregtab.sv
